// client.mjs drives memweave's MCP server with the official TypeScript SDK
// client and calls every tool the server lists, checking the answers.
//
//   node client.mjs http URL_A URL_B       one client; its requests alternate
//                                           between the two servers, as a
//                                           load balancer would send them
//   node client.mjs stdio BINARY WORKSPACE  one client of "BINARY -w WORKSPACE mcp"
//
// The workspace must be a git repository with a commit (memory_changes and
// memory_search's "at" read its history). It prints one JSON summary on
// standard output and exits 1 if any check failed, 2 on a usage error.
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const sdkVersion = JSON.parse(
  readFileSync(new URL('./node_modules/@modelcontextprotocol/sdk/package.json', import.meta.url), 'utf8'),
).version;

const [mode, argA, argB] = process.argv.slice(2);
if (!['http', 'stdio'].includes(mode) || !argA || !argB) {
  console.error('usage: node client.mjs http URL_A URL_B | node client.mjs stdio BINARY WORKSPACE');
  process.exit(2);
}

const summary = {
  sdk_version: sdkVersion,
  transport: mode,
  protocol_version: null, // the revision initialize agreed on
  protocol_versions_sent: {}, // Mcp-Protocol-Version headers of the HTTP requests
  server: null,
  requests: {}, // HTTP requests per server, by method and status
  session_ids: [], // Mcp-Session-Id headers the servers sent: none when stateless
  tools_listed: [],
  tools_passed: [],
  failures: [],
};

// alternatingFetch sends each request to the next base URL in turn,
// keeping the path: one client, two servers, as behind a round-robin
// load balancer.
function alternatingFetch(bases) {
  let next = 0;
  return async (input, init) => {
    const i = next;
    next = (next + 1) % bases.length;
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const base = new URL(bases[i]);
    url.protocol = base.protocol;
    url.host = base.host;
    const version = new Headers(init?.headers).get('mcp-protocol-version');
    if (version) summary.protocol_versions_sent[version] = (summary.protocol_versions_sent[version] ?? 0) + 1;
    const res = await fetch(url, init);
    const session = res.headers.get('mcp-session-id');
    if (session) summary.session_ids.push(session);
    const key = `${base.host} ${init?.method ?? 'GET'} ${res.status}`;
    summary.requests[key] = (summary.requests[key] ?? 0) + 1;
    return res;
  };
}

function fail(tool, msg) {
  summary.failures.push(`${tool}: ${msg}`);
}

// call calls a tool and returns its structured content (or the text of
// its first content block parsed as JSON); a protocol error or a tool
// error is a failure unless wantError.
async function call(client, name, args, { wantError = false } = {}) {
  let res;
  try {
    res = await client.callTool({ name, arguments: args });
  } catch (err) {
    fail(name, `${JSON.stringify(args)}: ${err}`);
    return null;
  }
  const text = res.content?.find((c) => c.type === 'text')?.text ?? '';
  if (Boolean(res.isError) !== wantError) {
    fail(name, `${JSON.stringify(args)}: isError=${Boolean(res.isError)}, want ${wantError}: ${text}`);
    return null;
  }
  if (wantError) return text;
  if (res.structuredContent) return res.structuredContent;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function check(tool, ok, msg, got) {
  if (!ok) fail(tool, `${msg}; got ${JSON.stringify(got)?.slice(0, 600)}`);
  return ok;
}

const passed = new Set();
function pass(tool) {
  passed.add(tool);
}

// searchPaths returns the paths memory_search finds for query.
async function searchPaths(client, query, extra = {}) {
  const out = await call(client, 'memory_search', { query, min_score: 0, ...extra });
  return { out, paths: (out?.results ?? []).map((r) => r.path) };
}

async function run(client) {
  const tag = `${Date.now().toString(36)}${process.pid}`;
  const okapi = `OKAPI${tag}`;
  const narwhal = `NARWHAL${tag}`;

  const listed = await client.listTools();
  summary.tools_listed = listed.tools.map((t) => t.name).sort();
  if (listed.tools.length === 0) fail('tools/list', 'no tools');

  // memory_write, then read back (get, search) on the other server; a
  // write whose expected hash is the current one succeeds, a stale one is
  // refused and nothing is written.
  const note = 'notes/ts-client.md';
  const w = await call(client, 'memory_write', { path: note, content: `# TS client\n\nThe staging code name is draft.\n` });
  check('memory_write', w && w.path === `memory/${note}`, `want path memory/${note}`, w);
  const g = await call(client, 'memory_get', { path: note });
  if (check('memory_get', g && String(g.text).includes('draft') && typeof g.hash === 'string' && g.hash, 'want the text written and a hash', g)) {
    pass('memory_get');
  }
  const w2 = await call(client, 'memory_write', {
    path: note,
    content: `# TS client\n\nThe staging code name is ${okapi}.\n`,
    expect_hash: g?.hash,
  });
  const stale = await call(
    client,
    'memory_write',
    { path: note, content: '# overwritten\n', expect_hash: g?.hash },
    { wantError: true },
  );
  const g2 = await call(client, 'memory_get', { path: note });
  if (
    check('memory_write', w2 !== null && stale !== null, 'want the write with the current hash done and the stale one refused', { w2, stale }) &&
    check('memory_write', g2 && String(g2.text).includes(okapi) && g2.hash !== g?.hash, 'want the note as the second write left it', g2)
  ) {
    pass('memory_write');
  }
  const s = await searchPaths(client, okapi);
  if (check('memory_search', s.paths.includes(`memory/${note}`), `want memory/${note} for ${okapi}`, s.out)) {
    pass('memory_search');
  }

  // memory_append, found by search on the other server.
  const a = await call(client, 'memory_append', { text: `- The queue broker is ${narwhal}.`, source: 'tsagent' });
  if (check('memory_append', a && typeof a.path === 'string' && a.path.startsWith('memory/tsagent/'), 'want a path under memory/tsagent/', a)) {
    const s2 = await searchPaths(client, narwhal);
    if (check('memory_append', s2.paths.includes(a.path), `want ${a.path} found for ${narwhal}`, s2.out)) {
      pass('memory_append');
    }
  }

  const p = await call(client, 'memory_pack', { query: okapi, budget_tokens: 400 });
  if (check('memory_pack', p && JSON.stringify(p).includes(okapi), `want a passage with ${okapi}`, p)) pass('memory_pack');

  const ix = await call(client, 'memory_index', {});
  if (check('memory_index', ix && typeof ix === 'object', 'want a report', ix)) pass('memory_index');

  const st = await call(client, 'memory_status', {});
  if (check('memory_status', st && typeof st === 'object' && JSON.stringify(st).length > 2, 'want a status', st)) pass('memory_status');

  // memory_changes since the workspace's commit lists the new note.
  const ch = await call(client, 'memory_changes', { from: 'HEAD' });
  if (check('memory_changes', ch && JSON.stringify(ch).includes(`memory/${note}`), `want memory/${note} changed since HEAD`, ch)) {
    pass('memory_changes');
  }

  // memory_feedback on the written note's passage, named by the search
  // result's passage key; a line alone is refused.
  const hit = (s.out?.results ?? []).find((r) => r.path === `memory/${note}`);
  const alone = await call(client, 'memory_feedback', { path: `memory/${note}`, line: 3, useful: true }, { wantError: true });
  const fb = await call(client, 'memory_feedback', { path: `memory/${note}`, line: hit?.start_line ?? 1, passage: hit?.passage, useful: true });
  if (check('memory_feedback', alone !== null && fb !== null && fb.useful === 1, 'want a line alone refused and feedback by passage recorded', { alone, fb })) {
    pass('memory_feedback');
  }

  // memory_resolve: a newer fact supersedes an older one; search marks it.
  const port = `PORT${tag}`;
  await call(client, 'memory_write', { path: 'notes/ts-old.md', content: `# Old\n\nThe ${port} deploy port is 8080.\n` });
  await call(client, 'memory_write', { path: 'notes/ts-new.md', content: `# New\n\nThe ${port} deploy port is 9090 since the move.\n` });
  const rs = await call(client, 'memory_resolve', {
    keep_path: 'memory/notes/ts-new.md',
    keep_line: 3,
    drop_path: 'memory/notes/ts-old.md',
    drop_line: 3,
    keep_text: `The ${port} deploy port is 9090 since the move.`,
    drop_text: `The ${port} deploy port is 8080.`,
    reason: 'moved to 9090',
  });
  if (check('memory_resolve', rs !== null, 'want the resolution recorded', rs)) {
    const s3 = await searchPaths(client, port, { superseded: 'hide' });
    if (
      check(
        'memory_resolve',
        s3.paths.includes('memory/notes/ts-new.md') && !s3.paths.includes('memory/notes/ts-old.md'),
        'want the old passage hidden and the new one found',
        s3.out,
      )
    ) {
      pass('memory_resolve');
    }
  }

  // memory_consolidate: two copies of one passage form a group; apply it.
  // The notes' names differ only in folders that say where a note was
  // put (notes/, inbox/): names naming two subjects (ts-dup1, ts-dup2)
  // hold the copies apart.
  const dup = `The ${`DUP${tag}`} backup runs nightly at 02:00 and keeps thirty days of snapshots.`;
  await call(client, 'memory_write', { path: 'notes/ts-dup.md', content: `# Backups\n\n${dup}\n` });
  await call(client, 'memory_write', { path: 'inbox/ts-dup.md', content: `# Backups\n\n${dup}\n` });
  const cl = await call(client, 'memory_consolidate', {});
  const groups = (cl?.groups ?? []).filter((grp) => JSON.stringify(grp).includes('ts-dup'));
  if (check('memory_consolidate', groups.length > 0 && groups[0].id, 'want a group of the two copies', cl)) {
    const ap = await call(client, 'memory_consolidate', { apply: [groups[0].id] });
    const s4 = await searchPaths(client, `DUP${tag}`);
    const left = s4.paths.filter((x) => x.includes('ts-dup'));
    if (check('memory_consolidate', ap !== null && left.length === 1, 'want one copy left after apply', { apply: ap, search: s4.out })) {
      pass('memory_consolidate');
    }
  }

  const cf = await call(client, 'memory_conflicts', {});
  if (check('memory_conflicts', cf && typeof cf === 'object', 'want a listing', cf)) pass('memory_conflicts');

  // memory_delete, then the other server no longer has the note.
  const d = await call(client, 'memory_delete', { path: note });
  if (check('memory_delete', d !== null, 'want the note deleted', d)) {
    const gone = await call(client, 'memory_get', { path: note }, { wantError: true });
    const s5 = await searchPaths(client, okapi);
    if (check('memory_delete', gone !== null && !s5.paths.includes(`memory/${note}`), 'want the note gone on the other server', s5.out)) {
      pass('memory_delete');
    }
  }

  summary.tools_passed = [...passed].sort();
  for (const name of summary.tools_listed) {
    if (!passed.has(name)) fail(name, 'listed but not passed');
  }
}

let client;
let transport;
try {
  client = new Client({ name: 'memweave-tsclient-test', version: '1.0.0' });
  if (mode === 'http') {
    transport = new StreamableHTTPClientTransport(new URL(argA), { fetch: alternatingFetch([argA, argB]) });
  } else {
    transport = new StdioClientTransport({ command: argA, args: ['-w', argB, 'mcp'], stderr: 'inherit' });
  }
  // The client tells the transport the revision initialize agreed on.
  const setVersion = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (version) => {
    summary.protocol_version = version;
    setVersion?.(version);
  };
  await client.connect(transport);
  summary.server = client.getServerVersion() ?? null;
  await run(client);
} catch (err) {
  summary.failures.push(`client: ${err?.stack ?? err}`);
} finally {
  try {
    await client?.close();
  } catch (err) {
    summary.failures.push(`close: ${err}`);
  }
}
console.log(JSON.stringify(summary, null, 2));
process.exit(summary.failures.length ? 1 : 0);

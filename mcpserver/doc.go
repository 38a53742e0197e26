// Package mcpserver exposes a memweave workspace to AI agents as a Model
// Context Protocol (MCP) server.
//
// [New] returns an *mcp.Server (github.com/modelcontextprotocol/go-sdk)
// with thirteen tools:
//
//	memory_search  hybrid keyword and semantic search       read-only
//	memory_get     exact lines of a memory file             read-only
//	memory_pack    best passages within a token budget      read-only
//	memory_status  the index's state                        read-only
//	memory_write   create or replace a file under memory/   destructive, idempotent
//	memory_append  add a note to today's dated log          additive
//	memory_delete  remove a file under memory/              destructive, idempotent
//	memory_index   bring the index up to date               additive, idempotent
//	memory_conflicts  pairs of passages that contradict     read-only
//	memory_changes    passages changed between git revisions read-only
//	memory_feedback   mark a passage useful or useless       additive (front matter)
//	memory_resolve    mark lines superseded by another line  additive, idempotent
//	memory_consolidate  near-duplicate groups; apply: ids removes copies  destructive with apply
//
// memory_search takes an optional at, a git revision to search the
// memory as of, and marks a passage that a resolution in the files
// supersedes with superseded_by (superseded: hide leaves it out). Its
// hidden counts, and hints, say what the filters left out and which
// argument shows it. memory_feedback and memory_resolve refuse a line
// number alone, which an earlier mark or marker may have moved: they take
// the search result's passage key, or the listing's keep_text and
// drop_text, or an expect_hash.
//
// Every tool's inputs and outputs are typed, with JSON schemas inferred
// from Go structs; every output is also given as text for clients that
// ignore structured content. A failing call, such as a path outside the
// memory folder or a missing file, comes back as a tool result with
// IsError set and a message saying what to do, never as a protocol error;
// a panic in a tool is recovered the same way.
//
// Tool arguments have size limits ([MaxContentBytes], [MaxQueryBytes],
// [MaxPathBytes], [MaxListItems], [MaxBudgetTokens], [MaxSearchResults], [MaxConflicts]); a call over one
// fails with a tool error naming the limit.
//
// Serve it over stdin and stdout with [Serve], as the memweave command's
// mcp subcommand does:
//
//	err := mcpserver.Serve(ctx, w, os.Stdin, os.Stdout, &mcpserver.Options{Logger: logger})
//
// Serve reads with a [Transport], which, unlike the SDK's StdioTransport,
// survives a bad client: an oversized message ([DefaultMaxFrameBytes]) or
// one that is not JSON is answered with a JSON-RPC error and skipped.
// When the client closes its input or ctx is cancelled, the calls already
// read finish and their responses are written before Serve returns, for
// up to [DefaultShutdownGrace]. A Transport also works with the SDK
// directly, srv.Run(ctx, &mcpserver.Transport{}), where the end of input
// drains the same way but cancelling ctx closes the session at once.
//
// On stdio, stdout carries the protocol: diagnostics go to the Logger,
// which should write to stderr.
//
// [ServeHTTP] serves the same tools to many clients at once over
// stateless streamable HTTP (MCP 2026-07-28: no session between requests,
// so any replica answers any request), as "memweave mcp --http" does,
// with a bearer token ([HTTPOptions].Token), Host and Origin checks
// against DNS rebinding, the 4 MiB body limit, one limit on requests in
// flight and their bodies, and a graceful shutdown; [ListenHTTP] refuses a non-loopback address without
// a strong token ([CheckToken], [NewToken]), and [NewHTTPHandler]
// mounts the checked handler in a server of your own.
package mcpserver

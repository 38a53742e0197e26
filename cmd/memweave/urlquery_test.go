package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEmbeddingURLWithAQueryIsRefused: a key in the base URL's query
// string (`?api-key=...`, as some proxies take one) was written by init
// into memweave.json, committed with the notes, printed by status and
// quoted by every failed request (`Post "...?api-key=KEY/embeddings"`:
// the client adds /embeddings after the query, so no request ever
// reached the server). The flag is a usage error naming it, and a
// settings file holding such a URL is refused naming its line; neither
// quotes the key, and no file holds it.
func TestEmbeddingURLWithAQueryIsRefused(t *testing.T) {
	t.Parallel()
	const secret = "sk-query-secret-58"
	ws := testWorkspace(t)
	out := runCLI(t, "", nil, "-w", ws, "init", "--embedder", "openai", "--embedding-model", "m",
		"--embedding-url", "http://127.0.0.1:9/v1?api-key="+secret)
	if out.code != 2 || !strings.Contains(out.stderr, "--embedding-url") || strings.Contains(out.stderr+out.stdout, secret) {
		t.Errorf("init with a key in --embedding-url: exit %d, stdout %q, stderr %q; want exit 2 naming the flag, without the key", out.code, out.stdout, out.stderr)
	}
	if data, err := os.ReadFile(filepath.Join(ws, "memweave.json")); err == nil && strings.Contains(string(data), secret) {
		t.Errorf("memweave.json holds the key:\n%s", data)
	}
	settings := "{\n  \"embedder\": {\n    \"provider\": \"openai\",\n    \"model\": \"m\",\n    \"base_url\": \"http://127.0.0.1:9/v1?key=" + secret + "\"\n  }\n}\n"
	if err := os.WriteFile(filepath.Join(ws, "memweave.json"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	out = runCLI(t, "", []string{"MEMWEAVE_EMBEDDING_KEY=sk-env"}, "-w", ws, "status")
	if out.code == 0 || !strings.Contains(out.stderr, "memweave.json:5") || strings.Contains(out.stderr+out.stdout, secret) {
		t.Errorf("status with a key in base_url: exit %d, stdout %q, stderr %q; want an error naming memweave.json:5, without the key", out.code, out.stdout, out.stderr)
	}
}

// TestShortKeyLeavesWordsWhole: a placeholder key such as "x" (what a
// local server is given) was cut out of every word holding its letter,
// so an error read "get memory/none[redacted]istent.md"; words keep
// their letters, and the key standing alone is still redacted.
func TestShortKeyLeavesWordsWhole(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	out := runCLI(t, "", []string{"MEMWEAVE_EMBEDDING_KEY=x"}, "-w", ws, "get", "memory/nonexistent.md")
	if out.code == 0 || !strings.Contains(out.stderr, "memory/nonexistent.md") || strings.Contains(out.stderr, "[redacted]") {
		t.Errorf("get of a missing note with the key x: exit %d, stderr %q; want an error naming memory/nonexistent.md whole", out.code, out.stderr)
	}
}

// TestEveryCommandChecksTheEmbeddingURL: an --embedding-url a settings
// file may not hold (user information, a host in other scripts or an
// address written another way) was refused by the commands that write
// memweave.json (init, config, index) and taken by the others: status
// printed the openai embedder, search and get ran. Every command now
// refuses it as a usage error naming the flag, without the password.
func TestEveryCommandChecksTheEmbeddingURL(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	for _, u := range []string{"http://u:sk-url-secret-61@127.0.0.1:9/v1", "http://0x7f.1:9/v1"} {
		for _, args := range [][]string{{"status"}, {"search", "x"}, {"get", "memory/a.md"}} {
			args = append([]string{"-w", ws}, args...)
			out := runCLI(t, "", []string{"MEMWEAVE_EMBEDDING_KEY=sk-env"}, append(args, "--embedder", "openai", "--embedding-model", "m", "--embedding-url", u)...)
			if out.code != 2 || !strings.Contains(out.stderr, "invalid --embedding-url") || strings.Contains(out.stderr+out.stdout, "sk-url-secret-61") {
				t.Errorf("%v with --embedding-url %s: exit %d, stdout %q, stderr %q; want exit 2 naming the flag, without the password", args[2:], u, out.code, out.stdout, out.stderr)
			}
		}
	}
}

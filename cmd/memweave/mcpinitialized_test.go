package main

import (
	"strings"
	"testing"
)

// TestMCPRepeatedInitializedIsNoError: a client that sends
// notifications/initialized twice (a retrying or a buggy client) made
// the SDK log `level=ERROR msg="duplicate initialized notification"` on
// the server's stderr, where an operator reads server faults; the
// session went on. The fault is the client's, and it costs nothing: the
// server now keeps it off stderr, as it does a repeated
// initialized sent before initialize. The session still answers.
func TestMCPRepeatedInitializedIsNoError(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	for _, c := range []struct{ name, lines string }{
		{"twice", "INIT\nINITD\nINITD\nPING\n"},             // tune
		{"before initialize", "INITD\nINIT\nINITD\nPING\n"}, // check
		{"thrice", "INIT\nINITD\nINITD\nINITD\nPING\n"},     // check
	} {
		in := strings.NewReplacer(
			"INITD", `{"jsonrpc":"2.0","method":"notifications/initialized"}`,
			"INIT", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"v0"}}}`,
			"PING", `{"jsonrpc":"2.0","id":2,"method":"ping"}`,
		).Replace(c.lines)
		out := runCLIInput(t, in, "-w", ws, "--embedder", "none", "mcp", "--no-watch")
		if out.code != 0 || !strings.Contains(out.stdout, `"id":2,"result":{}`) {
			t.Errorf("%s: exit %d, stdout %q; want the ping answered, exit 0", c.name, out.code, out.stdout)
		}
		if strings.Contains(out.stderr, "ERROR") || strings.Contains(out.stderr, "initialized") {
			t.Errorf("%s: stderr %q; want no word of the repeated initialized notification", c.name, out.stderr)
		}
	}
}

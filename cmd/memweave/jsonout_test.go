package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJSONOutputEscapesC1Controls: --json was taken to escape every
// control character itself, but encoding/json writes the C1 controls
// (U+0080 to U+009F: U+009B is CSI, U+009D OSC to a terminal that reads
// them, as xterm does in UTF-8) and DEL as they are. A note or a cloned
// memweave.json holding "\u009b2J" cleared the screen of whoever ran
// search --json or config --json in a terminal. They are now written as
// JSON escapes (\u009b): the same JSON value, no raw control.
func TestJSONOutputEscapesC1Controls(t *testing.T) {
	ws := testWorkspace(t)
	note := "ZEBRAFISH runs the deploy \u009b2J\u009d0;PWNED\u009c and \x7f ends it.\n"
	if err := os.WriteFile(filepath.Join(ws, "memory", "c1.md"), []byte(note), 0o644); err != nil {
		t.Fatal(err)
	}
	settings := `{"embedder": {"provider": "openai", "base_url": "http://127.0.0.1:9/v1", "model": "m\u009b2Jx", "dims": 8}}`
	if err := os.WriteFile(filepath.Join(ws, "memweave.json"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRunCLI(t, "-w", ws, "index")
	for _, args := range [][]string{{"search", "ZEBRAFISH", "--json"}, {"config", "--json"}} {
		out := runCLI(t, "", nil, append([]string{"-w", ws}, args...)...)
		if out.code != 0 {
			t.Fatalf("%q: exit %d, stderr %q", args, out.code, out.stderr)
		}
		if strings.ContainsAny(out.stdout, "\u009b\u009c\u009d\x7f") {
			t.Errorf("%q wrote a C1 control or DEL raw:\n%q", args, out.stdout)
		}
		var v any
		if err := json.Unmarshal([]byte(out.stdout), &v); err != nil {
			t.Errorf("%q: output is not JSON: %v", args, err)
		}
		want := `\u009b2J`
		if !strings.Contains(out.stdout, want) {
			t.Errorf("%q = %q, want %s among it", args, out.stdout, want)
		}
	}
}

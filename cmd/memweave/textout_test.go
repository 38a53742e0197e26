package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTextOutputEscapesSettingsControls: a cloned memweave.json's model
// name (and an extra path) holding an escape sequence was printed raw by
// config and status, setting the terminal's title or hiding text. Every
// text output now writes control characters as text (\x1b), whatever the
// value came from; --json escapes them as JSON (TestJSONOutputEscapesC1Controls).
func TestTextOutputEscapesSettingsControls(t *testing.T) {
	ws := testWorkspace(t)
	settings := `{"embedder": {"provider": "openai", "base_url": "http://127.0.0.1:9/v1", "model": "m\u001b]0;PWNED\u0007\u009b2Jx", "dims": 8},
	 "extra_paths": ["memory/\u001b[8mgone"]}`
	if err := os.WriteFile(filepath.Join(ws, "memweave.json"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"config"}, {"status"}} {
		out := runCLI(t, "", nil, append([]string{"-w", ws}, args...)...)
		if out.code != 0 {
			t.Fatalf("%q: exit %d, stderr %q", args, out.code, out.stderr)
		}
		if strings.ContainsAny(out.stdout+out.stderr, "\x1b\x07\u009b") {
			t.Errorf("%q wrote a control character of memweave.json raw:\n%q\n%q", args, out.stdout, out.stderr)
		}
		if !strings.Contains(out.stdout, `m\x1b]0;PWNED\a\u009b2Jx`) {
			t.Errorf("%q = %q, want the model shown with its controls escaped", args, out.stdout)
		}
	}
}

// TestDiagnosticsEscapeControls: a diagnostic that quoted a value
// without the error path's cleaning (files --source's "no indexed file
// has source X", sync's warnings about a remote's files) wrote its
// control characters raw to stderr. stderr is now escaped as stdout is.
func TestDiagnosticsEscapeControls(t *testing.T) {
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")
	out := runCLI(t, "", nil, "-w", ws, "files", "--source", "x\x1b]0;PWNED\x07")
	if strings.ContainsAny(out.stderr, "\x1b\x07") || !strings.Contains(out.stderr, `x\x1b]0;PWNED\a`) {
		t.Errorf("files --source with an escape: stderr %q, want the escape shown as text", out.stderr)
	}
}

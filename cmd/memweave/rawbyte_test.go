package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/memweave/memweave-go/internal/ctlesc"
)

// TestErrorEscapesRawBytes: a name argument holding a byte that is not
// UTF-8 (0x9b is CSI to a terminal reading 8-bit controls) is refused,
// and the error quotes the byte as \x9b, never raw: stderr is valid
// UTF-8 holding no control character.
func TestErrorEscapesRawBytes(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	for _, name := range []string{"z\x9b31m.md", "y\xff.md", "x\u009d.md"} {
		out := runCLIInput(t, "hi\n", "-w", ws, "write", name)
		if out.code != 1 {
			t.Errorf("write %q: exit %d, want 1 (stderr %q)", name, out.code, out.stderr)
		}
		if !utf8.ValidString(out.stderr) || strings.ContainsFunc(out.stderr, func(r rune) bool { return r < 0x20 && r != '\n' || r >= 0x7f && r < 0xa0 }) {
			t.Errorf("write %q: stderr %q holds a raw byte or control character", name, out.stderr)
		}
	}
	if got, want := ctlesc.Controls("a\x9bb\xffc\u009dd"), `a\x9bb\xffc\u009dd`; got != want {
		t.Errorf("ctlesc.Controls = %q, want %q", got, want)
	}
}

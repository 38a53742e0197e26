package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBidiControlsShownEscaped: a note's bidirectional overrides,
// embeddings and isolates (U+202A-U+202E, U+2066-U+2069) reached the
// terminal raw in every text output and in --json, so a snippet of
// "invoice \u202eexe.pdf" printed as "invoice fdp.exe" and a line's words
// after an unclosed override printed reversed (Trojan Source,
// CVE-2021-42574). They are now written as \u202e, in text and in JSON
// (where the value read back is the same); get into a pipe keeps the
// note byte for byte. Marks (U+200E, U+200F), which right-to-left text
// is written with, and the zero-width joiner of emoji and Indic words
// are kept.
func TestBidiControlsShownEscaped(t *testing.T) {
	ws := testWorkspace(t)
	note := "ZEBRAFISH 👨\u200d👩 \u200f invoice \u202eexe.pdf\u202c \u2067iso\u2069 \u202aemb\u202c.\n"
	if err := os.WriteFile(filepath.Join(ws, "memory", "bidi.md"), []byte(note), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRunCLI(t, "-w", ws, "index")
	const bidi = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
	for _, args := range [][]string{{"search", "ZEBRAFISH"}, {"search", "ZEBRAFISH", "--json"}, {"pack", "ZEBRAFISH", "--budget", "200", "--json"}, {"get", "x\u202e.md"}} {
		out := runCLI(t, "", nil, append([]string{"-w", ws}, args...)...)
		if strings.ContainsAny(out.stdout+out.stderr, bidi) {
			t.Errorf("%q wrote a bidirectional control raw:\n%q\n%q", args, out.stdout, out.stderr)
		}
		if out.code != 0 && args[0] != "get" {
			t.Fatalf("%q: exit %d, stderr %q", args, out.code, out.stderr)
		}
		if args[0] != "search" {
			continue
		}
		if !strings.Contains(out.stdout, `\u202eexe.pdf\u202c`) || !strings.Contains(out.stdout, "\u200f") || !strings.Contains(out.stdout, "👨\u200d👩") {
			t.Errorf("%q = %q, want the override shown as \\u202e, the mark and the joiner kept", args, out.stdout)
		}
		if args[len(args)-1] == "--json" {
			var v struct {
				Results []struct{ Snippet string }
			}
			if err := json.Unmarshal([]byte(out.stdout), &v); err != nil || len(v.Results) == 0 || !strings.Contains(v.Results[0].Snippet, "\u202eexe.pdf\u202c") {
				t.Errorf("%q: %v, %+v; want the snippet to read back with its override", args, err, v)
			}
		}
	}
	if out := mustRunCLI(t, "-w", ws, "get", "bidi.md").stdout; out != note {
		t.Errorf("get into a pipe = %q, want the note byte for byte %q", out, note)
	}
}

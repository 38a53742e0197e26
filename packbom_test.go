package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
)

// A byte order mark, which an editor may write before a note's first
// line, was packed as part of that line: pasted into a prompt it is an
// invisible character, it was counted in the tokens, and a file
// manager's copy of the note without it ("db (1).md") was no longer a
// near-duplicate, so the pack held the fact twice. Search, its snippets
// and consolidate all read the note without it.
func TestPackReadsANoteWithoutItsByteOrderMark(t *testing.T) {
	t.Parallel()
	const bom = "\ufeff"
	line := "Staging backups run nightly at two.\n"
	cases := []struct {
		name     string
		db, copy string
	}{
		{"mark on the note", bom + line, line},
		{"mark on the copy", line, bom + line},
		{"mark and front matter", bom + "---\ntitle: x\n---\n" + line, line},
		{"mark, CRLF", bom + strings.ReplaceAll(line, "\n", "\r\n"), line}, // check
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, w := openIndexed(t, map[string]string{"memory/db.md": c.db, "memory/db (1).md": c.copy}, memweave.Config{})
			p, err := w.Pack(t.Context(), "staging backups", 100)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, it := range p.Items {
				got = append(got, it.Path)
				if strings.HasPrefix(it.Text, bom) {
					t.Errorf("%s:%d: text %q starts with the byte order mark", it.Path, it.StartLine, it.Text)
				}
			}
			if len(got) != 1 {
				t.Errorf("pack holds %v, want one copy of the line", got)
			}
		})
	}
}

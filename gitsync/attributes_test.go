package gitsync_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncMergeIgnoresTheRemotesAttributes: a .gitattributes the remote
// brings (at the top or inside memory/) may set git's built-in merges or
// line-ending attributes on notes; sync's merge of notes follows its own
// rules whatever they say: a note changed on both sides keeps both
// versions, findable and reported, and a dated log keeps both sides'
// lines.
func TestSyncMergeIgnoresTheRemotesAttributes(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, path, attrs string }{
		{"union on every note", ".gitattributes", "memory/** merge=union\n"},
		{"union inside memory/", "memory/notes/.gitattributes", "* merge=union\n"},
		{"binary merge", ".gitattributes", "*.md merge=binary\n"},
		{"no merge", ".gitattributes", "memory/** -merge\n"},
		{"binary", ".gitattributes", "memory/** binary\n"},
		{"text with CRLF", ".gitattributes", "*.md text eol=crlf\n"},
		{"text merge after memweave's lines", ".gitattributes", "memory/** merge=text\n"},
	}
	// memweave's lines come first
	pulled := template(t, func(ws []string) { sync(t, ws[0], "a"); run(t, ws[2], "pull", "-q", "--ff-only") }, "a", "b", "c")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ws := pulled(t)
			a, b, c3 := ws[0], ws[1], ws[2]
			old := ""
			if c.path == ".gitattributes" {
				old = read(t, c3, ".gitattributes")
			}
			write(t, c3, c.path, old+c.attrs)
			run(t, c3, "add", "-A")
			run(t, c3, "commit", "-qm", "attributes")
			run(t, c3, "push", "-q", "origin", "main")
			sync(t, a, "a")
			sync(t, b, "b")

			write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17, on host a.\n")
			write(t, a, "memory/2026-03-14.md", "- from a\n")
			sync(t, a, "a")
			write(t, b, "memory/notes/db.md", "# DB\n\nMySQL 8, on host b.\n")
			write(t, b, "memory/2026-03-14.md", "- from b\n")
			res := sync(t, b, "b")

			if got := read(t, b, "memory/notes/db.md"); got != "# DB\n\nPostgres 17, on host a.\n" {
				t.Errorf("db.md = %q, want the remote's version", got)
			}
			i := slices.IndexFunc(res.Conflicts, func(cf gitsync.Conflict) bool { return cf.Path == "memory/notes/db.md" })
			if i < 0 {
				t.Fatalf("Sync(b).Conflicts = %v, want memory/notes/db.md reported", res.Conflicts)
			}
			if got := read(t, b, res.Conflicts[i].Copy); got != "# DB\n\nMySQL 8, on host b.\n" {
				t.Errorf("conflict copy %s = %q, want b's version", res.Conflicts[i].Copy, got)
			}
			log := read(t, b, "memory/2026-03-14.md")
			if !strings.Contains(log, "from a") || !strings.Contains(log, "from b") || strings.Contains(log, "<<<<<<<") {
				t.Errorf("log = %q, want both entries", log)
			}
			if len(res.Conflicts) != 1 {
				t.Errorf("Sync(b).Conflicts = %v, want db.md's alone", res.Conflicts)
			}
		})
	}
}

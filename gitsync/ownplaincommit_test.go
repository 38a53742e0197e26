package gitsync_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncPushesNoPlainCommitTheOthersRefuse: what this machine's user
// commits with a plain git commit (a link under memory/ to a file
// outside, a .gitattributes naming a filter, a blob over the size
// limit) gets the checks sync's own commits get before it is pushed:
// pushed, it would stop every other machine's sync at the check of the
// remote's tree. Sync refuses, naming the file, pushes nothing, and
// pushes once it is undone.
func TestSyncPushesNoPlainCommitTheOthersRefuse(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, path, why string
		make            func(t *testing.T, ws string)
	}{
		{"a link out of memory/", "memory/notes/pw.md", "link", func(t *testing.T, ws string) {
			if err := os.Symlink("/etc/passwd", filepath.Join(ws, "memory/notes/pw.md")); err != nil {
				t.Skip("no symbolic links:", err)
			}
		}},
		{"a filter attribute", ".gitattributes", "filter=evil", func(t *testing.T, ws string) {
			write(t, ws, ".gitattributes", "memory/** filter=evil\n")
		}},
		{"a filter attribute inside memory/", "memory/notes/.gitattributes", "filter=evil", func(t *testing.T, ws string) {
			write(t, ws, "memory/notes/.gitattributes", "*.md filter=evil\n")
		}},
		{"a blob over the limit", "memory/notes/big.md", "", func(t *testing.T, ws string) {
			write(t, ws, "memory/notes/big.md", strings.Repeat("x", 5000)+"\n")
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bare := remote(t)
			// a's first sync is its last: it brings b's notes once b's
			// commit is undone (a sync fewer: the test ran 29 s at load 28).
			a, b := clone(t, bare, "a"), clone(t, bare, "b")
			sync(t, b, "b")
			before := run(t, b, "ls-remote", "origin", "refs/heads/main")
			c.make(t, b)
			run(t, b, "add", "-A")
			run(t, b, "commit", "-qm", "plain")
			opts := gitsync.Options{Host: "b", MaxBlobBytes: 4096}
			_, err := gitsync.Sync(context.Background(), b, opts)
			if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(fmtErr(err), c.path) || !strings.Contains(fmtErr(err), c.why) {
				t.Fatalf("Sync(b) after a plain commit of %s = %v, want ErrRefused naming %s", c.name, err, c.path)
			}
			if got := run(t, b, "ls-remote", "origin", "refs/heads/main"); got != before {
				t.Fatalf("the remote moved to %s, want it where it was (%s)", got, before)
			}
			// Undone, it syncs; a syncs after it, refusing nothing.
			run(t, b, "rm", "-q", "--cached", c.path)
			if err := os.Remove(filepath.Join(b, c.path)); err != nil {
				t.Fatal(err)
			}
			write(t, b, "memory/notes/b.md", "# B\n\nfrom b\n")
			if _, err := gitsync.Sync(context.Background(), b, opts); err != nil {
				t.Fatalf("Sync(b) once %s is undone: %v", c.path, err)
			}
			if _, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a", MaxBlobBytes: 4096}); err != nil {
				t.Fatalf("Sync(a) after b's: %v", err)
			}
			if got := read(t, a, "memory/notes/b.md"); got != "# B\n\nfrom b\n" {
				t.Errorf("a: b.md = %q", got)
			}
		})
	}
}

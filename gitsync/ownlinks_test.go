package gitsync_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSyncWritesNoFileThroughALink: sync's own files under .memweave and
// the temporary file beside .gitattributes were written with a plain
// open, which follows a symbolic link a cloned repository can carry at
// that name (a link is not a file .memweave/.gitignore keeps out); the
// file it points to, anywhere, was overwritten with a git index or a
// settings copy. They are written beside the name and renamed over it.
func TestSyncWritesNoFileThroughALink(t *testing.T) {
	bare := remote(t)
	a, b := clone(t, bare, "a"), clone(t, bare, "b")
	out := t.TempDir()
	precious := map[string]string{}
	for _, name := range []string{".memweave/sync-commit.index", ".memweave/sync-merge.index", ".gitattributes.memweave-tmp"} {
		target := filepath.Join(out, filepath.Base(name))
		precious[target] = "precious " + name + "\n"
		if err := os.WriteFile(target, []byte(precious[target]), 0o644); err != nil {
			t.Fatal(err)
		}
		link := filepath.Join(b, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	// Both machines write the same dated log and another note: b's sync
	// merges.
	write(t, a, "memory/2026-03-14.md", "from a\n")
	sync(t, a, "a")
	write(t, b, "memory/2026-03-14.md", "from b\n")
	write(t, b, "memory/notes/b.md", "only on b\n")
	// Staged work outside memory/: sync commits through a copy of the
	// index.
	write(t, b, "src/x.go", "package x\n")
	run(t, b, "add", "src/x.go")
	sync(t, b, "b")
	for target, want := range precious {
		if got, err := os.ReadFile(target); err != nil || string(got) != want {
			t.Errorf("%s = %q, %v; want it untouched: %q", target, got, err, want)
		}
	}
}

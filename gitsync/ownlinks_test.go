package gitsync_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/workspace"
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

// TestSyncRefusesALinkAtItsFolderOrLock: sync takes its lock,
// .memweave/sync.lock, before anything else, and writes its state, its
// running marker and its index copies in .memweave. With the index named
// elsewhere (--db), nothing had checked that folder: a link at
// .memweave, or at sync.lock, had sync create its files in the folder
// the link points to. Sync refuses either link, naming it, as the write
// lock does, and creates nothing there.
func TestSyncRefusesALinkAtItsFolderOrLock(t *testing.T) {
	bare := remote(t)
	for _, name := range []string{".memweave", ".memweave/sync.lock"} {
		t.Run(filepath.Base(name), func(t *testing.T) {
			b := clone(t, bare, "b")
			out := t.TempDir()
			target := out
			if name != ".memweave" {
				target = filepath.Join(out, "missing")
			}
			link := filepath.Join(b, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			write(t, b, "memory/notes/b.md", "only on b\n")
			_, err := gitsync.Sync(context.Background(), b, gitsync.Options{Host: "b"})
			if !errors.Is(err, workspace.ErrLinkedOwnFile) || !strings.Contains(err.Error(), link) {
				t.Errorf("Sync = %v, want ErrLinkedOwnFile naming %s", err, link)
			}
			if entries, _ := os.ReadDir(out); len(entries) != 0 {
				t.Errorf("sync created %v in the folder the link points to", entries)
			}
		})
	}
}

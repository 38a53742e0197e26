package gitsync_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
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
	t.Parallel()
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
	t.Parallel()
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

// TestSyncCommitsNoFileALinkedAttributesPointsTo: a repository can
// carry .gitattributes as a symbolic link, to any path of the machine
// that clones it (git checks it out as a link). Sync read through it to
// add its merge lines and renamed the result over the link: the content
// of the file the link pointed to (a private key, say) was left in the
// work tree as .gitattributes, ready for the next commit, and part of it
// was quoted in sync's error (only the attribute check kept it from the
// push). Sync refuses the link, naming it; nothing of the target is
// committed, pushed, written or quoted.
func TestSyncCommitsNoFileALinkedAttributesPointsTo(t *testing.T) {
	t.Parallel()
	secret := filepath.Join(t.TempDir(), "id_ed25519")
	if err := os.WriteFile(secret, []byte("-----BEGIN OPENSSH PRIVATE KEY----- s3cr3t\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	bare := remote(t)
	seed := clone(t, bare, "seed")
	if err := os.Symlink(secret, filepath.Join(seed, ".gitattributes")); err != nil {
		t.Fatal(err)
	}
	run(t, seed, "add", ".gitattributes")
	run(t, seed, "commit", "-qm", "attributes")
	run(t, seed, "push", "-q", "origin", "main")
	b := clone(t, bare, "b")
	write(t, b, "memory/notes/b.md", "only on b\n")
	_, err := gitsync.Sync(context.Background(), b, gitsync.Options{Host: "b"})
	link := filepath.Join(b, ".gitattributes")
	// The link came with the clone: the first sync's check of the
	// remote's tree refuses it before sync reads the work tree's file.
	if err == nil || !strings.Contains(err.Error(), link) && !strings.Contains(err.Error(), `".gitattributes": a symbolic link`) {
		t.Errorf("Sync = %v, want an error naming %s", err, link)
	}
	if err != nil && strings.Contains(err.Error(), "s3cr3t") {
		t.Errorf("error %q carries the link target's content", err)
	}
	for _, ref := range []string{"HEAD", "origin/main"} {
		out, _ := exec.Command("git", "-C", b, "grep", "-e", "s3cr3t", ref, "--").Output()
		if len(out) > 0 {
			t.Errorf("%s holds the link target's content: %s", ref, out)
		}
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("%s is no longer the link (%v)", link, err)
	}
}

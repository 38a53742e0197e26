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

// TestSyncAcceptedRewriteKeepsThePurge: a teammate purges a note from
// the history (a secret pasted into memory/, removed with git
// filter-repo, then force-pushed). This machine's sync refuses the
// rewrite; its user reviews it and accepts it with the commands the
// error names. The next sync must take the purge: the note leaves this
// work tree and does not go back to the remote, while this machine's own
// note written since its last sync, never pushed, is kept and shared.
// Merged from the old history's merge base, this machine's copy of the
// purged note counted as its own addition and was pushed back.
func TestSyncAcceptedRewriteKeepsThePurge(t *testing.T) {
	t.Parallel()
	bare, a, b := syncedPair(t, "a", "b")
	base := gitIn(t, a, nil, "rev-parse", "HEAD")
	write(t, a, "memory/secret.md", "the token is hunter2\n")
	write(t, a, "memory/notes/kept.md", "kept\n")
	sync(t, a, "a")
	sync(t, b, "b")
	if got := read(t, b, "memory/secret.md"); got != "the token is hunter2\n" {
		t.Fatalf("b's secret.md = %q before the purge", got)
	}

	// a rewrites its last commit without the secret and force-pushes.
	gitIn(t, a, nil, "rm", "-q", "--cached", "memory/secret.md")
	os.Remove(filepath.Join(a, "memory/secret.md"))
	tree := gitIn(t, a, nil, "write-tree")
	purged := gitIn(t, a, []byte("notes, without the secret\n"), "commit-tree", tree, "-p", base)
	gitIn(t, a, nil, "push", "-q", "--force", "origin", purged+":refs/heads/main")

	write(t, b, "memory/notes/b.md", "written on b since its last sync\n")
	_, err := gitsync.Sync(context.Background(), b, gitsync.Options{Host: "b"})
	if !errors.Is(err, gitsync.ErrRewritten) {
		t.Fatalf("Sync(b) = %v, want %v", err, gitsync.ErrRewritten)
	}
	gitIn(t, b, nil, "fetch", "-q", "origin")
	gitIn(t, b, nil, "update-ref", "refs/memweave/remotes/origin/main", "origin/main")
	res := sync(t, b, "b")

	if _, err := os.Stat(filepath.Join(b, "memory/secret.md")); err == nil {
		t.Errorf("b still holds memory/secret.md after syncing the purge (Sync = %+v)", res)
	}
	if got := gitIn(t, bare, nil, "ls-tree", "-r", "--name-only", "main"); strings.Contains(got, "secret.md") {
		t.Errorf("the remote holds the purged note again:\n%s", got)
	}
	if got := gitIn(t, bare, nil, "show", "main:memory/notes/b.md"); got != "written on b since its last sync" {
		t.Errorf("the remote's memory/notes/b.md = %q, want b's note", got)
	}
	if got := read(t, b, "memory/notes/kept.md"); got != "kept\n" {
		t.Errorf("b's kept.md = %q", got)
	}
}

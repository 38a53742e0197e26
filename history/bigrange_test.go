package history_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestChangesCountsWhatTheRangeChanged: changes counted each revision
// in full against the tree limit, so on a team memory over it (70,000
// notes against 256 MiB, at 4 KiB a note) `memweave changes HEAD~1 HEAD`
// was refused whatever the range changed. It counts the notes that
// differ now, both sides, as sync does: here 20 notes, the limit 4
// notes' worth (16 KiB). A range that changed more than the limit is
// still refused, naming both revisions.
func TestChangesCountsWhatTheRangeChanged(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir, run := repo(t)
	for i := range 20 {
		memweavetest.WriteFile(t, dir, fmt.Sprintf("memory/n%02d.md", i), fmt.Sprintf("# Note %d\n\nfact %d.\n", i, i))
	}
	run("add", "-A")
	run("commit", "-q", "-m", "twenty")
	lim := history.Limits{TreeBytes: 16 << 10}
	changes := func(from, to string) (*history.Result, error) {
		return history.Changes(ctx, dir, from, to, chunker.Options{}, lim, history.Page{})
	}
	edit := func(n int, text string) {
		for i := range n {
			memweavetest.WriteFile(t, dir, fmt.Sprintf("memory/n%02d.md", i), fmt.Sprintf("# Note %d\n\nfact %d %s.\n", i, i, text))
		}
	}
	// Tune: one note changed between two revisions.
	edit(1, "edited")
	run("commit", "-q", "-am", "one")
	if res, err := changes("HEAD~1", "HEAD"); err != nil || res.Total != 1 {
		t.Fatalf("Changes(HEAD~1, HEAD), one note of 20 changed, limit 4 notes = %+v, %v; want 1 change", res, err)
	}
	// Check: the working tree, one note changed and one added.
	edit(1, "edited again")
	memweavetest.WriteFile(t, dir, "memory/new.md", "# New\n\nnew fact.\n")
	if res, err := changes("HEAD", ""); err != nil || res.Total != 2 {
		t.Errorf("Changes(HEAD, work tree), one note changed, one added = %+v, %v; want 2 changes", res, err)
	}
	// Check: a range, and a working tree, that changed 5 notes (10 of
	// both sides, 40 KiB) are over it.
	run("reset", "-q", "--hard")
	edit(5, "five")
	for _, c := range [][2]string{{"HEAD", ""}, {"HEAD~1", "HEAD"}} {
		if c[1] == "HEAD" {
			run("commit", "-q", "-am", "five")
		}
		_, err := changes(c[0], c[1])
		if !errors.Is(err, history.ErrTreeTooLarge) || !strings.Contains(err.Error(), "in what differs from "+c[0]) {
			t.Errorf("Changes(%s, %q), 5 notes changed = %v, want ErrTreeTooLarge naming what differs from %s", c[0], c[1], err, c[0])
		}
	}
}

// TestChangesOfAWorkspaceInASubfolder: the workspace is a folder of the
// repository (ws/), beside another memory/ at the top: changes between
// two revisions names the workspace's notes by their path in it and
// nothing of the other folder's, as the listing of each revision did.
func TestChangesOfAWorkspaceInASubfolder(t *testing.T) {
	t.Parallel()
	dir, run := repo(t)
	memweavetest.WriteFile(t, dir, "ws/memory/a.md", "# A\n\none\n")
	memweavetest.WriteFile(t, dir, "memory/top.md", "# Top\n\none\n")
	run("add", "-A")
	run("commit", "-q", "-m", "one")
	memweavetest.WriteFile(t, dir, "ws/memory/a.md", "# A\n\ntwo\n")
	memweavetest.WriteFile(t, dir, "memory/top.md", "# Top\n\ntwo\n")
	run("commit", "-q", "-am", "two")
	res, err := history.Changes(context.Background(), dir+"/ws", "HEAD~1", "HEAD", chunker.Options{}, history.Limits{}, history.Page{})
	if err != nil || res.Total != 1 || res.Changes[0].Path != "memory/a.md" {
		t.Fatalf("Changes(HEAD~1, HEAD) in ws/ = %+v, %v; want one change of memory/a.md", res, err)
	}
}

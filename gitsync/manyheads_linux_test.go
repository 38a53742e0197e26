package gitsync_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// manyHeadsChild names the workspace TestSyncBesideManyHeadsChild syncs,
// in the process TestSyncListsAHostileRemotesHeadsWithinABound starts.
const manyHeadsChild = "GITSYNC_TEST_MANY_HEADS_CHILD"

// TestSyncBesideManyHeadsChild is not a test: it is the process that
// TestSyncListsAHostileRemotesHeadsWithinABound starts, so that the
// memory of the git commands its sync runs is measured apart from the
// other tests'. It prints the error.
func TestSyncBesideManyHeadsChild(t *testing.T) {
	root := os.Getenv(manyHeadsChild)
	if root == "" {
		t.Skip("the child process of TestSyncListsAHostileRemotesHeadsWithinABound")
	}
	_, err := gitsync.Sync(context.Background(), root, gitsync.Options{Host: "a"})
	fmt.Printf("sync error: %v\n", err)
}

// TestSyncListsAHostileRemotesHeadsWithinABound: a remote that lacks the
// branch is asked for its branches (sync starts no second memory beside
// them), and git ls-remote reads them all into its memory before it
// prints one: about 330 bytes a branch, 449 MB at 1,000,000 (note51
// left-open), with no bound. A remote of 400,000 branches must be
// refused as one with branches, naming the bound, with every git of the
// sync under 96 MiB.
func TestSyncListsAHostileRemotesHeadsWithinABound(t *testing.T) {
	bare := remote(t)
	commit := run(t, bare, "rev-parse", "main")
	f, err := os.Create(filepath.Join(bare, "packed-refs"))
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, "# pack-refs with: peeled fully-peeled sorted ")
	for i := range 400_000 {
		fmt.Fprintf(w, "%s refs/heads/b%07d\n", commit, i)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	os.Remove(filepath.Join(bare, "refs", "heads", "main"))
	ws := filepath.Join(t.TempDir(), "ws")
	run(t, filepath.Dir(ws), "init", "-q", "-b", "mine", ws)
	run(t, ws, "remote", "add", "origin", bare)
	write(t, ws, "memory/mine.md", "mine\n")

	cmd := exec.Command(os.Args[0], "-test.run=^TestSyncBesideManyHeadsChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), manyHeadsChild+"="+ws)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "has no branch mine but lists more branches than git ls-remote reads within 64 MiB") {
		t.Fatalf("the sync beside 400,000 heads: %v; want it refused as a remote with branches, got:\n%s", err, out)
	}
	// wait4's usage of the child: its largest descendant's peak too.
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10
	if rss > 96<<20 {
		t.Errorf("the sync beside 400,000 heads peaked at %d MiB in one process, want under 96 MiB", rss>>20)
	}
}

// TestSyncNamesFiveOfARemotesHeads: what git ls-remote lists, read as
// git writes it, names the first five branches and counts the others.
func TestSyncNamesFiveOfARemotesHeads(t *testing.T) {
	bare := remote(t)
	for i := range 7 {
		run(t, bare, "branch", fmt.Sprintf("b%d", i), "main")
	}
	run(t, bare, "branch", "-D", "main")
	ws := filepath.Join(t.TempDir(), "ws")
	run(t, filepath.Dir(ws), "init", "-q", "-b", "mine", ws)
	run(t, ws, "remote", "add", "origin", bare)
	write(t, ws, "memory/mine.md", "mine\n")
	_, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "a"})
	if err == nil || !strings.Contains(err.Error(), "has no branch mine but has b0, b1, b2, b3, b4 and 2 more:") {
		t.Errorf("Sync beside 7 other branches = %v, want them named, five and a count", err)
	}
}

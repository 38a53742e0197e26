package gitsync_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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
	max, _ := strconv.ParseInt(os.Getenv(manyHeadsChild+"_FETCH"), 10, 64)
	_, err := gitsync.Sync(context.Background(), root, gitsync.Options{Host: "a", MaxFetchBytes: max})
	fmt.Printf("sync error: %v\n", err)
	var git syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &git); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("%s%d\n", gitPeakLine, int64(git.Maxrss)<<10)
}

// gitPeakLine opens the line on which TestSyncBesideManyHeadsChild prints
// the peak memory of its largest git process, in bytes.
const gitPeakLine = "largest git process: "

// manyHeadsRemote returns a bare remote whose main holds a note, beside
// n other branches (written into packed-refs, as git would pack them).
func manyHeadsRemote(t *testing.T, n int) string {
	t.Helper()
	bare := remote(t)
	commit := run(t, bare, "rev-parse", "main")
	f, err := os.OpenFile(filepath.Join(bare, "packed-refs"), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, "# pack-refs with: peeled fully-peeled sorted ")
	for i := range n {
		fmt.Fprintf(w, "%s refs/heads/b%07d\n", commit, i)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return bare
}

// syncMeasured runs a sync of ws in a process of its own, with env
// added, and returns what it printed and the peak memory of its largest
// process, git's included (wait4's usage of the child counts its
// descendants). Under the race detector, which multiplies the test
// process's own memory, it is the peak of the sync's git processes only.
func syncMeasured(t *testing.T, ws string, env ...string) (string, int64) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestSyncBesideManyHeadsChild$", "-test.count=1", "-test.v")
	cmd.Env = append(append(os.Environ(), manyHeadsChild+"="+ws), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the sync's process: %v\n%s", err, out)
	}
	if !raceEnabled {
		return string(out), int64(cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss) << 10
	}
	_, after, ok := strings.Cut(string(out), gitPeakLine)
	peak, err := strconv.ParseInt(strings.TrimSpace(strings.SplitN(after, "\n", 2)[0]), 10, 64)
	if !ok || err != nil {
		t.Fatalf("the sync's process printed no %q line:\n%s", gitPeakLine, out)
	}
	return string(out), peak
}

// TestSyncTransfersWithAHostileRemotesRefsWithinABound: git's push reads
// every ref the remote advertises (push speaks protocol v0, which lists
// them all), and so does a fetch from a remote that answers in v0, which
// the remote chooses: 372 MB for the push, 410 MB for the fetch at
// 1,000,000 branches, on every sync, with no bound. With MaxFetchBytes
// 1 MiB, a remote of 600,000 branches must be refused naming the bound,
// with every git of the sync under 96 MiB.
func TestSyncTransfersWithAHostileRemotesRefsWithinABound(t *testing.T) {
	t.Parallel() // each sync measured in a process of its own
	for _, step := range []string{"push", "fetch over protocol v0"} {
		t.Run(step, func(t *testing.T) {
			t.Parallel()
			bare := manyHeadsRemote(t, 600_000)
			// Not a clone, which would copy the 400,000 refs here.
			ws := filepath.Join(t.TempDir(), "ws")
			run(t, filepath.Dir(ws), "init", "-q", "-b", "main", ws)
			run(t, ws, "remote", "add", "origin", bare)
			write(t, ws, "memory/mine.md", "mine\n")
			env := []string{manyHeadsChild + "_FETCH=" + strconv.Itoa(1<<20)}
			if step != "push" {
				env = append(env, "GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=protocol.version", "GIT_CONFIG_VALUE_0=0")
			}
			out, rss := syncMeasured(t, ws, env...)
			if !strings.Contains(out, "more memory than the bound") {
				t.Errorf("the sync beside 600,000 heads printed:\n%s\nwant it refused naming the memory bound", out)
			}
			if rss > 96<<20 {
				t.Errorf("the sync beside 600,000 heads peaked at %d MiB in one process, want under 96 MiB", rss>>20)
			}
		})
	}
}

// TestSyncListsAHostileRemotesHeadsWithinABound: a remote that lacks the
// branch is asked for its branches (sync starts no second memory beside
// them), and git ls-remote reads them all into its memory before it
// prints one: about 330 bytes a branch, 449 MB at 1,000,000 (note51
// left-open), with no bound. A remote of 400,000 branches must be
// refused as one with branches, naming the bound, with every git of the
// sync under 96 MiB.
func TestSyncListsAHostileRemotesHeadsWithinABound(t *testing.T) {
	t.Parallel() // the sync measured in a process of its own
	bare := manyHeadsRemote(t, 400_000)
	os.Remove(filepath.Join(bare, "refs", "heads", "main"))
	ws := filepath.Join(t.TempDir(), "ws")
	run(t, filepath.Dir(ws), "init", "-q", "-b", "mine", ws)
	run(t, ws, "remote", "add", "origin", bare)
	write(t, ws, "memory/mine.md", "mine\n")

	out, rss := syncMeasured(t, ws)
	if !strings.Contains(out, "has no branch mine but lists more branches than git ls-remote reads within 64 MiB") {
		t.Fatalf("the sync beside 400,000 heads printed:\n%s\nwant it refused as a remote with branches", out)
	}
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

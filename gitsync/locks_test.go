package gitsync_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncLeavesARunningGitsLock: a git command the user runs holds the
// index's lock (git add running a slow clean filter): the sync waits for
// it instead of removing the lock as a killed sync's, and both the
// user's git add and the sync succeed.
func TestSyncLeavesARunningGitsLock(t *testing.T) {
	bare := remote(t)
	ws := clone(t, bare, "ws")
	sync(t, ws, "ws")
	add := startSlowAdd(t, ws)
	write(t, ws, "memory/mine.md", "mine\n")
	res, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "ws"})
	if err != nil {
		t.Errorf("Sync beside a running git add = %v", err)
	} else if len(res.Warnings) > 0 {
		t.Errorf("Sync warnings = %q, want none", res.Warnings)
	}
	if out, err := add(); err != nil {
		t.Errorf("the user's git add, run beside the sync: %v\n%s", err, out)
	}
	if got := gitIn(t, ws, nil, "diff", "--cached", "--name-only", "HEAD"); got != "big.txt" {
		t.Errorf("staged = %q, want big.txt", got)
	}
}

// TestSyncClearsAKilledSyncsLock: the lock a killed sync's git left is
// removed, with a warning, and the sync goes on; a lock older than the
// killed sync is no lock its git took, and stays.
func TestSyncClearsAKilledSyncsLock(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("only Linux tells a lock no process holds open; elsewhere sync removes none")
	}
	bare := remote(t)
	ws := clone(t, bare, "ws")
	sync(t, ws, "ws")
	write(t, ws, ".git/memweave-sync-running", "12345\n")
	write(t, ws, ".git/index.lock", "")
	write(t, ws, "memory/mine.md", "mine\n")
	res := sync(t, ws, "ws")
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "index.lock") {
		t.Errorf("Sync warnings = %q, want one naming index.lock", res.Warnings)
	}
	if got := gitIn(t, bare, nil, "show", "main:memory/mine.md"); got != "mine" {
		t.Errorf("the remote's mine.md = %q", got)
	}

	write(t, ws, ".git/index.lock", "")
	write(t, ws, ".git/memweave-sync-running", "12345\n")
	old := time.Now().Add(-time.Minute)
	if err := os.Chtimes(filepath.Join(ws, ".git", "index.lock"), old, old); err != nil {
		t.Fatal(err)
	}
	_, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "ws"})
	if err == nil || !strings.Contains(err.Error(), "index.lock") {
		t.Errorf("Sync with a lock older than the killed sync = %v, want an error naming index.lock", err)
	}
	if _, err := os.Stat(filepath.Join(ws, ".git", "index.lock")); err != nil {
		t.Errorf("the lock older than the killed sync: %v, want it kept", err)
	}
}

// TestSyncLeavesARunningGitsLockDespiteAClonedMark: the mark by which a
// sync learns that the one before it was killed came with the clone (a
// repository can track .memweave/sync-running, with git add -f, or a
// person can copy it in). Sync took it for its own, removed the index's
// lock that the user's running git add held, and that git add failed.
// Only a mark that no clone or remote can bring counts: the lock stays,
// sync waits for it, and the git add succeeds.
func TestSyncLeavesARunningGitsLockDespiteAClonedMark(t *testing.T) {
	bare := remote(t)
	seed := clone(t, bare, "seed")
	write(t, seed, ".memweave/sync-running", "12345\n")
	run(t, seed, "add", "-f", ".memweave/sync-running")
	run(t, seed, "commit", "-qm", "a mark")
	run(t, seed, "push", "-q", "origin", "main")
	ws := clone(t, bare, "ws")
	add := startSlowAdd(t, ws)
	write(t, ws, "memory/mine.md", "mine\n")
	res, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "ws"})
	t.Logf("Sync beside a running git add, with a cloned mark: %v", err)
	if res != nil {
		for _, w := range res.Warnings {
			if strings.Contains(w, "removed a stale") {
				t.Errorf("Sync warning %q: it removed the lock of a git command that runs", w)
			}
		}
	}
	if out, err := add(); err != nil {
		t.Errorf("the user's git add, run beside the sync: %v\n%s", err, out)
	}
}

// TestSyncLeavesARunningGitsLockAfterAKilledSync: a sync was killed (its
// mark is in the git directory), then the user ran git add, which holds
// the index's lock while a slow filter runs, when the next sync starts.
// The lock is newer than the mark, like one the killed sync's git would
// have left, but a running process holds it open: sync waits for it
// instead of removing it, and the git add succeeds.
func TestSyncLeavesARunningGitsLockAfterAKilledSync(t *testing.T) {
	bare := remote(t)
	ws := clone(t, bare, "ws")
	sync(t, ws, "ws")
	write(t, ws, ".git/memweave-sync-running", "12345\n")
	add := startSlowAdd(t, ws)
	write(t, ws, "memory/mine.md", "mine\n")
	res, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "ws"})
	if err != nil {
		t.Errorf("Sync beside a running git add, after a killed sync = %v", err)
	} else if len(res.Warnings) > 0 {
		t.Errorf("Sync warnings = %q, want none", res.Warnings)
	}
	if out, err := add(); err != nil {
		t.Errorf("the user's git add, run beside the sync: %v\n%s", err, out)
	}
}

// startSlowAdd starts, in ws, a git add of a new file whose clean filter
// takes seconds, so that git holds the index's lock meanwhile, and
// returns once the lock is there (or after two seconds). The function it
// returns waits for the add and gives its output.
func startSlowAdd(t *testing.T, ws string) func() (string, error) {
	t.Helper()
	write(t, ws, "big.txt", "the user's file\n")
	write(t, ws, ".git/info/attributes", "big.txt filter=slow\n")
	add := exec.Command("git", "-C", ws, "-c", "filter.slow.clean=sleep 3; cat", "add", "big.txt")
	var out strings.Builder
	add.Stdout, add.Stderr = &out, &out
	if err := add.Start(); err != nil {
		t.Fatal(err)
	}
	lock := filepath.Join(ws, ".git", "index.lock")
	for i := 0; i < 100; i++ {
		if _, err := os.Stat(lock); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	return func() (string, error) {
		err := add.Wait()
		return out.String(), err
	}
}

// TestSyncClearsALockAfterTwoKilledSyncs: a sync killed while its git
// held the index's lock, then the next sync killed too, after writing
// its own running marker and before clearing that lock (it waits up to
// two seconds for such a lock to go). The third sync took the lock for
// a running git's, older than the marker, waited, failed, and removed
// the marker, so that every later sync failed on it for good
// (cmd/memweave's TestSyncThreeMachines, under CI's load). The marker
// keeps the time of the first kill not yet cleared.
func TestSyncClearsALockAfterTwoKilledSyncs(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("only Linux tells a lock no process holds open; elsewhere sync removes none")
	}
	ws := killedHolding(t, ".git/index.lock")
	if err := gitsync.StartKilledSync(context.Background(), ws, gitsync.Options{Host: "ws"}); err != nil {
		t.Fatal(err)
	}
	write(t, ws, "memory/mine.md", "mine\n")
	// No deadline: this sync waits two seconds for the killed one's lock
	// to go before removing it, then runs a sync's gits, which took more
	// than a 5 s deadline under load. Taking the lock for a running git's
	// fails on its own, naming it, after foreignLockWait.
	res, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "ws"})
	if err != nil {
		t.Fatalf("Sync after two killed syncs = %v, want the first one's lock removed", err)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "index.lock") {
		t.Errorf("Sync warnings = %q, want one naming index.lock", res.Warnings)
	}
}

// killedHolding makes a workspace, synced once, as a sync killed while
// its git held the lock file lock (workspace-relative) leaves it: its
// running marker written a minute ago, the lock taken 30 s ago.
func killedHolding(t *testing.T, lock string) (ws string) {
	t.Helper()
	ws = clone(t, remote(t), "ws")
	sync(t, ws, "ws")
	write(t, ws, ".git/memweave-sync-running", "12345\n")
	write(t, ws, lock, "")
	first, took := time.Now().Add(-time.Minute), time.Now().Add(-30*time.Second)
	if err := os.Chtimes(filepath.Join(ws, ".git", "memweave-sync-running"), first, first); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(filepath.Join(ws, filepath.FromSlash(lock)), took, took); err != nil {
		t.Fatal(err)
	}
	return ws
}

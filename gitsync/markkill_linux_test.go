package gitsync_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memweavetest"
)

// markKilledChild names the workspace TestSyncMarkKilledChild syncs.
const markKilledChild = "GITSYNC_TEST_MARK_KILLED_CHILD"

// TestSyncMarkKilledChild is not a test: it is the process
// TestSyncKilledJustAfterItsMark starts, which syncs the workspace
// markKilledChild names and sends itself SIGKILL as soon as its running
// marker is in place.
func TestSyncMarkKilledChild(t *testing.T) {
	root := os.Getenv(markKilledChild)
	if root == "" {
		t.Skip("the child process of TestSyncKilledJustAfterItsMark")
	}
	ctx := edithook.WithStep(context.Background(), func(step string) {
		if step == "marked running" {
			memweavetest.KillSelf()
		}
	})
	_, err := gitsync.Sync(ctx, root, gitsync.Options{Host: "ws"})
	fmt.Printf("sync finished: %v\n", err)
}

// TestSyncKilledJustAfterItsMark: a sync killed while its git held the
// index's lock, then the next sync killed as soon as its running marker
// was written (kill -9 lands anywhere: mcp --sync-every stopped by a
// supervisor, a laptop's shell closed). That marker was written new,
// then set back to the first kill's time: killed in between, it kept its
// own time, newer than the lock, so the third sync took the lock for a
// running git's, waited, failed, and removed the marker, and every later
// sync failed on the lock for good ("index.lock exists: a git command
// running ... holds it"; seen by killing syncs at random). The third sync
// must take the lock for the first kill's and remove it.
func TestSyncKilledJustAfterItsMark(t *testing.T) {
	gitsync.SetForeignLockWait(t, 300*time.Millisecond)
	ws := killedHolding(t, ".git/index.lock")
	memweavetest.RunKilled(t, "TestSyncMarkKilledChild", markKilledChild+"="+ws) // the second sync, killed at its mark
	write(t, ws, "memory/mine.md", "mine\n")
	for i := 1; i <= 2; i++ {
		res, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "ws"})
		if err != nil {
			t.Fatalf("sync %d after a sync killed with the index's lock and one killed at its mark = %v", i, err)
		}
		if i == 1 && (len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "index.lock")) {
			t.Errorf("Sync warnings = %q, want one naming index.lock", res.Warnings)
		}
	}
}

// TestSyncKeepsAKilledMarkWhenItStopsAtALock: a sync killed while its
// git held the branch's lock (refs/heads/main.lock, which git holds
// closed); the next sync runs while the user's own git runs in the
// workspace (git log in a pager, say), so it cannot tell that lock from
// the user's git's, waits, and stops. It removed the killed sync's
// marker as it stopped, so once the user's git was done every later
// sync took the lock for a running git's and stopped too, for good. The
// marker stays until a sync clears the killed one's locks.
func TestSyncKeepsAKilledMarkWhenItStopsAtALock(t *testing.T) {
	gitsync.SetForeignLockWait(t, 300*time.Millisecond)
	ws := killedHolding(t, ".git/refs/heads/main.lock")
	// The user's git, running in the workspace until its input ends.
	user := exec.Command("git", "cat-file", "--batch")
	user.Dir = ws
	stdin, err := user.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := user.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "ws"}); err == nil || !strings.Contains(err.Error(), "main.lock") {
		t.Fatalf("Sync beside the user's git = %v, want it to stop at main.lock", err)
	}
	stdin.Close()
	if err := user.Wait(); err != nil {
		t.Fatal(err)
	}
	write(t, ws, "memory/mine.md", "mine\n")
	res, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "ws"})
	if err != nil {
		t.Fatalf("Sync once the user's git is done = %v, want the killed sync's lock removed", err)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "main.lock") {
		t.Errorf("Sync warnings = %q, want one naming main.lock", res.Warnings)
	}
}

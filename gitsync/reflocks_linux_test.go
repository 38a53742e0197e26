package gitsync_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncLeavesARunningGitsRefLock: git holds a ref's lock
// (packed-refs.lock, refs/heads/x.lock) with the file closed, unlike the
// index's, for as long as a ref update lasts, a reference-transaction
// hook included. After a killed sync, the next one took such a lock,
// newer than the kill and open in no process, for the killed sync's
// and removed it while the user's git update-ref, in this worktree or
// in another worktree of the repository (packed-refs is shared), still
// ran: two writers of packed-refs at once. It must wait for it instead,
// and the user's git must succeed.
func TestSyncLeavesARunningGitsRefLock(t *testing.T) {
	for _, where := range []string{"this worktree", "another worktree"} {
		t.Run(where, func(t *testing.T) {
			gitsync.SetForeignLockWait(t, time.Second)
			bare := remote(t)
			a := clone(t, bare, "a")
			sync(t, a, "a")
			other := a
			if where == "another worktree" {
				other = filepath.Join(filepath.Dir(a), "b")
				run(t, a, "worktree", "add", "-q", "-b", "other", other)
			}
			run(t, a, "update-ref", "refs/user/x", "HEAD")
			run(t, a, "pack-refs", "--all")
			if err := gitsync.StartKilledSync(context.Background(), a, gitsync.Options{Host: "a"}); err != nil {
				t.Fatal(err)
			}
			hooks := t.TempDir()
			ready, release := filepath.Join(hooks, "ready"), filepath.Join(hooks, "go")
			for _, f := range []string{ready, release} {
				if err := syscall.Mkfifo(f, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			// The first ref transaction (packed-refs') waits; the next go on.
			hook := "#!/bin/sh\nif [ \"$1\" = prepared ] && mkdir '" + filepath.Join(hooks, "once") + "' 2>/dev/null; then echo in > '" + ready + "'; read x < '" + release + "'; fi\nexit 0\n"
			if err := os.WriteFile(filepath.Join(hooks, "reference-transaction"), []byte(hook), 0o755); err != nil {
				t.Fatal(err)
			}
			user := exec.Command("git", "-C", other, "-c", "core.hooksPath="+hooks, "update-ref", "-d", "refs/user/x")
			var out strings.Builder
			user.Stdout, user.Stderr = &out, &out
			if err := user.Start(); err != nil {
				t.Fatal(err)
			}
			if _, err := os.ReadFile(ready); err != nil { // the hook runs: the locks are taken
				t.Fatal(err)
			}
			lock := filepath.Join(a, ".git", "packed-refs.lock")
			if _, err := os.Stat(lock); err != nil {
				t.Fatalf("the user's git holds no packed-refs.lock: %v", err)
			}
			write(t, a, "memory/mine.md", "mine\n")
			res, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a"})
			_, statErr := os.Stat(lock)
			os.WriteFile(release, []byte("go\n"), 0o600)
			if werr := user.Wait(); werr != nil {
				t.Errorf("the user's git update-ref beside the sync: %v\n%s", werr, out.String())
			}
			if statErr != nil {
				t.Errorf("Sync removed packed-refs.lock, which the user's running git held (result %+v, %v)", res, err)
			}
			if err == nil || !strings.Contains(err.Error(), "packed-refs.lock") {
				t.Errorf("Sync beside the user's git = %v, want it to wait for packed-refs.lock and stop naming it", err)
			}
			sync(t, a, "a") // once the user's git is done
			if got := gitIn(t, bare, nil, "show", "main:memory/mine.md"); got != "mine" {
				t.Errorf("the remote's mine.md = %q", got)
			}
		})
	}
}

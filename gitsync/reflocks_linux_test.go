package gitsync_test

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/history"
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

// TestSyncAfterAKillTakesNoMemweaveReaderForAUsersGit: after a killed
// sync, the ref's lock it left counted as a user's git's while any git
// ran in the repository, memweave's own reading ones too (a search --at,
// a changes, this very process's cat-file of a checkout), which take no
// ref lock: the next sync waited, then stopped naming the lock. A
// memweave reader must not hold it up; a user's git of the same kind,
// even one given memweave's mark in its environment, still does.
func TestSyncAfterAKillTakesNoMemweaveReaderForAUsersGit(t *testing.T) {
	for _, who := range []string{"memweave's reader", "a user's cat-file", "a user's cat-file with memweave's mark"} {
		t.Run(who, func(t *testing.T) {
			gitsync.SetForeignLockWait(t, time.Second)
			bare := remote(t)
			a := clone(t, bare, "a")
			write(t, a, "memory/first.md", "first\n")
			sync(t, a, "a")
			if err := gitsync.StartKilledSync(context.Background(), a, gitsync.Options{Host: "a"}); err != nil {
				t.Fatal(err)
			}
			lock := filepath.Join(a, ".git", "packed-refs.lock")
			write(t, a, ".git/packed-refs.lock", "") // the killed sync's git's
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			switch who {
			case "memweave's reader":
				r, err := history.NewBlobReader(ctx, a)
				if err != nil {
					t.Fatal(err)
				}
				defer r.Close()
				if _, err := r.Read(gitIn(t, a, nil, "rev-parse", "HEAD:memory/first.md")); err != nil {
					t.Fatal(err) // it runs
				}
			default:
				// sh starts git as its child (the "; true" keeps sh from
				// exec'ing it), as a user's shell would.
				user := exec.CommandContext(ctx, "sh", "-c", "git -C \"$1\" cat-file --batch; true", "sh", a)
				if who != "a user's cat-file" {
					user.Env = append(os.Environ(), history.ReaderVar+"="+strconv.Itoa(os.Getpid()))
				}
				in, err := user.StdinPipe()
				if err != nil {
					t.Fatal(err)
				}
				out, err := user.StdoutPipe()
				if err != nil {
					t.Fatal(err)
				}
				if err := user.Start(); err != nil {
					t.Fatal(err)
				}
				defer user.Wait()
				defer in.Close()
				io.WriteString(in, "HEAD\n")
				if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
					t.Fatal(err) // it runs
				}
			}
			write(t, a, "memory/mine.md", "mine\n")
			_, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a"})
			_, statErr := os.Stat(lock)
			if who == "memweave's reader" {
				if err != nil || statErr == nil {
					t.Errorf("Sync beside memweave's own reading git = %v (lock left: %v), want the killed sync's lock removed and a sync", err, statErr == nil)
				}
				return
			}
			if err == nil || statErr != nil || !strings.Contains(err.Error(), "packed-refs.lock") {
				t.Errorf("Sync beside %s = %v (lock removed: %v), want it to wait and stop naming packed-refs.lock", who, err, statErr != nil)
			}
		})
	}
}

// TestStatusRunsOnlyMarkedReaders: memweave status (ReadStatus, which
// an MCP client may call at any time) runs git in the repository, only
// to read; after a killed sync, the next one took each such git for a
// user's holding the ref lock the killed one left. Every git ReadStatus
// starts must carry memweave's mark; a sync's do not (they write refs).
func TestStatusRunsOnlyMarkedReaders(t *testing.T) {
	bare := remote(t)
	a := clone(t, bare, "a")
	sync(t, a, "a")
	real, err := exec.LookPath("git")
	if err != nil {
		t.Fatal(err)
	}
	bin, log := t.TempDir(), filepath.Join(t.TempDir(), "log")
	script := "#!/bin/sh\necho \"${" + history.ReaderVar + ":-none} $*\" >> '" + log + "'\nexec '" + real + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	if _, err := gitsync.ReadStatus(context.Background(), a, gitsync.Options{Host: "a"}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	mark := strconv.Itoa(os.Getpid()) + " "
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(line, mark) {
			t.Errorf("ReadStatus ran git without memweave's reader mark: %s", line)
		}
	}
}

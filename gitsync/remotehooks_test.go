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

// TestSyncRunsNoProgramOfALocalRemote: a push to a remote on this
// machine's disk (a shared drive, say) runs git receive-pack here, as
// this user, in the remote's folder, with that folder's hooks and its
// core.alternateRefsCommand: whoever can write there could run any
// program on every machine that syncs. Sync pushes with none of them,
// whether the remote is a path or a file:// URL, and the push still
// lands.
func TestSyncRunsNoProgramOfALocalRemote(t *testing.T) {
	t.Parallel()
	for _, form := range []string{"path", "file URL"} {
		t.Run(form, func(t *testing.T) {
			bare := remote(t)
			a := clone(t, bare, "a")
			if form == "file URL" {
				gitIn(t, a, nil, "remote", "set-url", "origin", "file://"+bare)
			}
			ran := filepath.Join(t.TempDir(), "ran")
			for _, h := range []string{"pre-receive", "update", "post-receive", "post-update", "reference-transaction", "proc-receive"} {
				script := "#!/bin/sh\necho " + h + " >> '" + ran + "'\ncat > /dev/null\n"
				if err := os.WriteFile(filepath.Join(bare, "hooks", h), []byte(script), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			other := filepath.Join(t.TempDir(), "other.git")
			run(t, filepath.Dir(other), "init", "-q", "--bare", other)
			write(t, bare, "objects/info/alternates", filepath.Join(other, "objects")+"\n")
			gitIn(t, bare, nil, "config", "core.alternateRefsCommand", "echo alternateRefsCommand >> '"+ran+"'; true")
			gitIn(t, bare, nil, "config", "core.fsmonitor", "echo fsmonitor >> '"+ran+"'; false")
			gitIn(t, bare, nil, "config", "uploadpack.packObjectsHook", "echo packObjectsHook >> '"+ran+"'; false")

			write(t, a, "memory/mine.md", "mine\n")
			res := sync(t, a, "a")
			if !res.Pushed {
				t.Fatalf("Sync = %+v, want a push", res)
			}
			if got := gitIn(t, bare, nil, "rev-parse", "main"); got != res.Head {
				t.Errorf("the remote's main = %s, want the pushed %s", got, res.Head)
			}
			if data, err := os.ReadFile(ran); err == nil {
				t.Errorf("the push ran the remote's programs: %s", strings.Join(strings.Fields(string(data)), ", "))
			}
		})
	}
}

// TestSyncPushesIntoNoWorkTree: a remote on this machine's disk that is
// a work tree, its branch checked out and receive.denyCurrentBranch set
// to updateInstead (someone's workspace on a shared drive), had sync's
// push check the files out there, as this user, with that repository's
// file system monitor (core.fsmonitor ran five times a push) and its
// filters. Sync pushes into no work tree: the push is refused, saying
// why and what to do, once, not retried as a race with another machine.
func TestSyncPushesIntoNoWorkTree(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	src := filepath.Join(filepath.Dir(bare), "seed") // a work tree on main
	gitIn(t, src, nil, "config", "receive.denyCurrentBranch", "updateInstead")
	ran := filepath.Join(t.TempDir(), "ran")
	gitIn(t, src, nil, "config", "core.fsmonitor", "echo fsmonitor >> '"+ran+"'; false")
	a := clone(t, src, "a")
	write(t, a, "memory/mine.md", "mine\n")
	res, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a"})
	if err == nil || errors.Is(err, gitsync.ErrPushRejected) || !strings.Contains(err.Error(), "checked out") || !strings.Contains(err.Error(), "bare") {
		t.Errorf("Sync to a checked-out branch = %v, want an error saying it is checked out and to use a bare repository", err)
	}
	if res != nil && res.Attempts != 1 {
		t.Errorf("Sync made %d attempts, want 1", res.Attempts)
	}
	if data, err := os.ReadFile(ran); err == nil {
		t.Errorf("the push ran the remote's programs: %s", strings.Join(strings.Fields(string(data)), ", "))
	}
	if _, err := os.Stat(filepath.Join(src, "memory/mine.md")); err == nil {
		t.Errorf("the push wrote into the remote's work tree")
	}
}

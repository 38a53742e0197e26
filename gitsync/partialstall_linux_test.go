package gitsync_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/history"
)

// partialStalling makes a remote, a full clone a synced once, and a
// partial clone b of it (git clone --filter=blob:none) reached through an
// ssh command (GIT_SSH_COMMAND) that runs the real git-upload-pack, except
// that, once hang() is called, a fetch given its objects on its standard
// input (--stdin: what git runs for a blob a partial clone lacks) is
// answered by a link that never sends a byte. Linux: the command reads
// its callers' command lines in /proc. Not parallel: it sets the
// environment.
func partialStalling(t *testing.T) (bare, a, b string, hang func(bool)) {
	t.Helper()
	bare = remote(t)
	run(t, bare, "config", "uploadpack.allowFilter", "true")
	a = clone(t, bare, "a")
	sync(t, a, "a")
	dir := t.TempDir()
	flag := filepath.Join(dir, "hang")
	script := "#!/bin/sh\nfor last; do :; done\n" +
		"p=$PPID\nfor i in 1 2 3; do\n" +
		"  if [ -e " + flag + " ] && tr '\\0' ' ' < /proc/$p/cmdline | grep -q -e ' --stdin'; then exec sleep 60; fi\n" +
		"  p=$(cut -d' ' -f4 /proc/$p/stat)\ndone\n" +
		"exec sh -c \"$last\"\n"
	fake := filepath.Join(dir, "ssh")
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_SSH_COMMAND", fake)
	b = filepath.Join(t.TempDir(), "b")
	run(t, filepath.Dir(b), "clone", "-q", "--filter=blob:none", "ssh://remote.invalid"+bare, b)
	if run(t, b, "config", "--get", "remote.origin.promisor") != "true" {
		t.Skip("this git made a full clone: no partial clone to test")
	}
	sync(t, b, "b")
	return bare, a, b, func(on bool) {
		if on {
			if err := os.WriteFile(flag, nil, 0o644); err != nil {
				t.Fatal(err)
			}
		} else if err := os.Remove(flag); err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
	}
}

// TestPartialCloneSyncStopsAStalledBlobFetch: in a partial clone, the
// notes the other machine pushed come without their blobs, and git
// fetched each one on the fly while sync listed the tree (git ls-tree
// -l asks every blob's size), in a fetch of its own that no stall
// timeout watched: a remote that stalled there held the sync until the
// caller's context ended. Each member is a change of the other
// machine's that b must read: notes added, a note both changed (a
// merge), a note changed that b did not touch. The sync stops within
// StallTimeout with history.ErrStalled (on main: after the test's 20 s
// bound, "read the remote's tree: context deadline exceeded"); once the
// link works, the same sync brings the notes in.
func TestPartialCloneSyncStopsAStalledBlobFetch(t *testing.T) {
	cases := []struct {
		name  string
		other map[string]string // a's change
		mine  map[string]string // b's
	}{
		{"added", map[string]string{"memory/notes/new1.md": "# New 1\n\nfirst\n", "memory/notes/new2.md": "# New 2\n\nsecond\n"},
			map[string]string{"memory/notes/b.md": "b's note\n"}},
		{"bothchanged", map[string]string{"memory/notes/db.md": "# DB\n\nPostgres 17, said a.\n"},
			map[string]string{"memory/notes/db.md": "# DB\n\nPostgres 16.4, said b.\n"}},
		{"changed", map[string]string{"memory/notes/db.md": "# DB\n\nPostgres 17.\n"}, nil},
	}
	// One pair for all: each member starts where the last one's sync
	// through the working link left it.
	_, a, b, hang := partialStalling(t)
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			for p, text := range tt.other {
				write(t, a, p, text)
			}
			sync(t, a, "a")
			for p, text := range tt.mine {
				write(t, b, p, text)
			}
			hang(true)
			defer hang(false)
			// The test's own bound: without the stall timeout, the sync
			// waits for this context alone.
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			defer cancel()
			start := time.Now()
			_, err := gitsync.Sync(ctx, b, gitsync.Options{Host: "b", StallTimeout: 2 * time.Second})
			if !errors.Is(err, history.ErrStalled) {
				t.Fatalf("Sync of a partial clone whose remote stalls sending blobs = %v (after %v), want an error wrapping history.ErrStalled", err, time.Since(start).Round(time.Second))
			}
			for p, text := range tt.mine {
				if got := read(t, b, p); got != text {
					t.Errorf("%s after the stalled sync = %q, want b's %q", p, got, text)
				}
			}
			hang(false)
			if _, err := gitsync.Sync(t.Context(), b, gitsync.Options{Host: "b"}); err != nil {
				t.Fatalf("Sync through the working link: %v", err)
			}
			for p, text := range tt.other {
				if tt.mine[p] != "" {
					continue // a conflict: both versions kept, one as a copy
				}
				if got := read(t, b, p); got != text {
					t.Errorf("%s after the sync = %q, want a's %q", p, got, text)
				}
			}
		})
	}
	t.Run("reads", func(t *testing.T) { partialReadsFetchNothing(t, a, b, hang) })
}

// partialReadsFetchNothing: a search --at or changes of a revision whose
// notes the partial clone b lacks fails at once with
// history.ErrNotFetched, whatever the remote does: reads of history
// never fetch (as before: this member passed on main).
func partialReadsFetchNothing(t *testing.T, a, b string, hang func(bool)) {
	write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 18.\n")
	sync(t, a, "a")
	run(t, b, "fetch", "-q", "origin")
	hang(true)
	defer hang(false)
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	co, err := history.CheckOut(ctx, b, "origin/main", history.Limits{})
	if err == nil {
		co.Close()
	}
	if !errors.Is(err, history.ErrNotFetched) {
		t.Errorf("CheckOut(origin/main) of blobs not fetched = %v, want history.ErrNotFetched", err)
	}
	_, err = history.Changes(ctx, b, "HEAD", "origin/main", chunker.Options{}, history.Limits{}, history.Page{})
	if !errors.Is(err, history.ErrNotFetched) {
		t.Errorf("Changes(HEAD, origin/main) of blobs not fetched = %v, want history.ErrNotFetched", err)
	}
}

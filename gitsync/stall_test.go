package gitsync_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/history"
)

// TestSyncStopsAFetchThatStalls: a remote that stops sending mid-fetch
// (its ssh link dropped without a reset, its server wedged) held sync,
// and the CLI's lock, until Ctrl-C: git waits for the pack for good over
// ssh, git:// and file:// (HTTP has git's low-speed limit). The remote
// here is reached through an ssh command (the user's own, GIT_SSH_COMMAND)
// that runs the real git-upload-pack but passes on only its first bytes,
// then holds the connection open. Sync stops the fetch after
// StallTimeout without progress, with an error naming it, and nothing
// of this machine's is lost: the same sync through a working link
// brings the notes in and pushes the edit made meanwhile.
func TestSyncStopsAFetchThatStalls(t *testing.T) {
	bare, a, b := syncedPair(t, "a", "b")
	big := make([]byte, 16<<10) // incompressible: the pack is longer than what passes
	rand.Read(big)
	write(t, a, "memory/notes/big.md", "# Big\n\n"+hex.EncodeToString(big)+"\n")
	sync(t, a, "a")
	write(t, b, "memory/notes/mine.md", "b's own note\n")

	dir := t.TempDir()
	cut := filepath.Join(dir, "cut")
	fake := filepath.Join(dir, "ssh")
	// The last argument is the command to run there.
	script := "#!/bin/sh\nfor last; do :; done\n" +
		"if [ -e " + filepath.Join(dir, "hang") + " ]; then\n" +
		"  sh -c \"$last\" | { dd bs=1 count=1500 2>/dev/null; touch " + cut + "; exec sleep 60; }\n" +
		"else\n  exec sh -c \"$last\"\nfi\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "hang"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_SSH_COMMAND", fake)
	run(t, b, "remote", "set-url", "origin", "ssh://remote.invalid"+bare)
	head := strings.TrimSpace(run(t, b, "rev-parse", "HEAD"))

	// The test's own bound: without the stall timeout, the sync waits
	// for this context alone.
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	start := time.Now()
	_, err := gitsync.Sync(ctx, b, gitsync.Options{Host: "b", StallTimeout: 2 * time.Second})
	if !errors.Is(err, history.ErrStalled) || !strings.Contains(err.Error(), "2s") {
		t.Fatalf("Sync through a link that stops mid-fetch = %v (after %v), want an error wrapping history.ErrStalled naming 2s", err, time.Since(start))
	}
	_, cutErr := os.Stat(cut)
	t.Logf("after %v, cut mid-fetch %v: %v", time.Since(start).Round(time.Second), cutErr == nil, err)
	if got := strings.TrimSpace(run(t, b, "rev-parse", "HEAD^")); got != head {
		// The edit is committed before the fetch; HEAD^ is what it was.
		if now := strings.TrimSpace(run(t, b, "rev-parse", "HEAD")); now != head {
			t.Errorf("HEAD after the stalled sync = %s, want %s or a commit on it", now, head)
		}
	}
	if got := read(t, b, "memory/notes/mine.md"); got != "b's own note\n" {
		t.Errorf("mine.md after the stalled sync = %q", got)
	}
	if err := os.Remove(filepath.Join(dir, "hang")); err != nil {
		t.Fatal(err)
	}
	// The default stall timeout: 2 s is a bound this test's stall needs,
	// and a loaded machine's ls-remote or push may take that long to
	// write its first byte.
	if _, err := gitsync.Sync(t.Context(), b, gitsync.Options{Host: "b"}); err != nil {
		t.Fatalf("Sync through the working link: %v", err)
	}
	if !strings.HasPrefix(read(t, b, "memory/notes/big.md"), "# Big") {
		t.Errorf("big.md did not come in")
	}
	if got := run(t, bare, "show", "main:memory/notes/mine.md"); got != "b's own note" {
		t.Errorf("the remote's mine.md = %q, want b's note", got)
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestSyncStallTimeoutFlag: a remote that stops sending mid-fetch held
// memweave sync until Ctrl-C. It is stopped after --stall-timeout without
// progress, with an error naming the flag; a negative one is a usage
// error. The remote is reached through an ssh command (the user's,
// GIT_SSH_COMMAND) that runs the real git-upload-pack and then holds the
// connection open, sending nothing more.
func TestSyncStallTimeoutFlag(t *testing.T) {
	t.Parallel()
	bare := syncRemote(t)
	b := syncClone(t, bare, "b")
	memweavetest.WriteFile(t, b, "memory/notes/mine.md", "b's own note\n")
	fake := filepath.Join(t.TempDir(), "ssh")
	script := "#!/bin/sh\nfor last; do :; done\nsh -c \"$last\" | { dd bs=1 count=100 2>/dev/null; exec sleep 60; }\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	gitT(t, b, "remote", "set-url", "origin", "ssh://remote.invalid"+bare)
	out := runCLI(t, "", []string{"GIT_SSH_COMMAND=" + fake}, "-w", b, "sync", "--stall-timeout", "2s")
	if out.code != 1 || !strings.Contains(out.stderr, "no progress for 2s") || !strings.Contains(out.stderr, "--stall-timeout") {
		t.Fatalf("sync --stall-timeout 2s through a stalled remote: exit %d, stderr %q; want 1, naming no progress for 2s and --stall-timeout", out.code, out.stderr)
	}
	if got := memweavetest.ReadFile(t, b, "memory/notes/mine.md"); got != "b's own note\n" {
		t.Errorf("mine.md after the stalled sync = %q", got)
	}
	if out := runCLI(t, "", nil, "-w", b, "sync", "--stall-timeout", "-1s"); out.code != 2 || !strings.Contains(out.stderr, "--stall-timeout -1s") {
		t.Errorf("sync --stall-timeout -1s: exit %d, stderr %q; want a usage error naming it", out.code, out.stderr)
	}
}

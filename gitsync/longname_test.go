package gitsync_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncRefusesANameNoFileSystemHolds: a remote commit (made with
// git's plumbing, which takes any name) that adds a note whose name is
// over 255 bytes, which no file system holds, is refused as a bad tree,
// naming the rule, not taken for a file of this machine in the way.
func TestSyncRefusesANameNoFileSystemHolds(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
	sync(t, victim, "victim")
	run(t, attacker, "pull", "-q", "origin", "main")
	blob := run(t, attacker, "hash-object", "-w", "--stdin")
	run(t, attacker, "update-index", "--add", "--cacheinfo", "100644,"+blob+",memory/"+strings.Repeat("n", 300)+".md")
	run(t, attacker, "commit", "-qm", "long name")
	run(t, attacker, "push", "-q", "origin", "main")
	_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
	if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(err.Error(), "255") {
		t.Errorf("Sync = %v, want ErrRefused naming the 255-byte limit", err)
	}
}

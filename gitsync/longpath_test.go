package gitsync_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncRefusesAPathNoFileSystemHolds: a remote's note nested so deep
// that its path is over PATH_MAX (4096 bytes on Linux), each name short,
// cannot be written; sync used to take the tree, fail writing it, and
// fail so on every run after, calling the note "a file git does not
// track" in the way. macOS holds a quarter of that (1,024 bytes, the
// workspace's path included). A path over 900 bytes is refused with the
// tree, naming the limit, and the work tree stays as it was.
func TestSyncRefusesAPathNoFileSystemHolds(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
	sync(t, victim, "victim")
	gitIn(t, attacker, nil, "pull", "-q", "origin", "main")
	blob := gitIn(t, attacker, []byte("deep\n"), "hash-object", "-w", "--stdin")
	deep := "memory/" + strings.Repeat("abcdefgh/", 460) + "x.md" // 4,151 bytes
	gitIn(t, attacker, nil, "update-index", "--add", "--cacheinfo", "100644,"+blob+","+deep)
	gitIn(t, attacker, nil, "commit", "-qm", "deep")
	gitIn(t, attacker, nil, "push", "-q", "origin", "main")
	before := snapshot(t, victim)
	_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
	if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(err.Error(), "over the 900") {
		t.Errorf("Sync of a %d-byte path = %v, want ErrRefused naming the 900-byte limit", len(deep), err)
	}
	if after := snapshot(t, victim); len(after) != len(before) {
		t.Errorf("the work tree changed: %d files, was %d", len(after), len(before))
	}
}

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

// TestSyncRefusesLookalikeTwins: a remote bringing memory/café.md with
// its é as one character and as e plus a combining accent passed the
// tree check, then the work tree's update wrote the first and refused
// the second (memweave writes no name that reads as one that exists:
// workspace.CheckLookalike), leaving the work tree half updated and
// every later sync failing the same way. macOS's file systems would
// keep one file for both, as for names alike in case. Such a tree is
// now refused with the tree check, naming both paths, before anything
// reaches the work tree.
func TestSyncRefusesLookalikeTwins(t *testing.T) {
	t.Parallel()
	const nfc, nfd = "memory/caf\u00e9.md", "memory/cafe\u0301.md"
	bare := remote(t)
	victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
	sync(t, victim, "victim")
	gitIn(t, attacker, nil, "pull", "-q", "origin", "main")
	write(t, attacker, nfc, "the cafe opens at 8\n")
	write(t, attacker, nfd, "the cafe opens at 9\n")
	gitIn(t, attacker, nil, "add", "-A")
	gitIn(t, attacker, nil, "commit", "-qm", "twins")
	gitIn(t, attacker, nil, "push", "-q", "origin", "main")
	for range 2 {
		_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
		if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(err.Error(), `caf\u00e9.md`) || !strings.Contains(err.Error(), `cafe\u0301.md`) {
			t.Fatalf("Sync of a tree with lookalike twins = %v, want ErrRefused naming both (quoted in ASCII)", err)
		}
		for _, p := range []string{nfc, nfd} {
			if _, err := os.Lstat(filepath.Join(victim, p)); err == nil {
				t.Errorf("the refused tree's %+q was written to the work tree", p)
			}
		}
	}
}

// TestSyncRefusesALookalikeMadeByTheMerge: this machine's new
// memory/café.md (é one character) and the remote's (e and an accent)
// each pass alone; their merge is refused, and the refusal's remedy is
// a rename, not the size limit's "move the bytes over out".
func TestSyncRefusesALookalikeMadeByTheMerge(t *testing.T) {
	t.Parallel()
	const nfc, nfd = "memory/caf\u00e9.md", "memory/cafe\u0301.md"
	bare := remote(t)
	victim, other := clone(t, bare, "victim"), clone(t, bare, "other")
	sync(t, victim, "victim")
	gitIn(t, other, nil, "pull", "-q", "origin", "main")
	write(t, other, nfd, "the cafe opens at 9\n")
	gitIn(t, other, nil, "add", "-A")
	gitIn(t, other, nil, "commit", "-qm", "nfd")
	gitIn(t, other, nil, "push", "-q", "origin", "main")
	write(t, victim, nfc, "the cafe opens at 8\n")
	_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
	if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(err.Error(), `cafe\u0301.md`) {
		t.Fatalf("Sync making lookalike twins = %v, want ErrRefused naming both", err)
	}
	if strings.Contains(err.Error(), "bytes over") || !strings.Contains(err.Error(), "rename") {
		t.Errorf("Sync's refusal = %v, want a rename as its remedy, not the size limit's", err)
	}
	if _, err := os.Lstat(filepath.Join(victim, nfd)); err == nil {
		t.Errorf("the refused merge's %+q was written to the work tree", nfd)
	}
}

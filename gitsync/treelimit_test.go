package gitsync_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/history"
)

// TestSyncRefusesRemoteOverTheTreeLimit: a remote's commit of a few
// kilobytes names 320 MiB of notes (one 16 MiB blob, each under the
// per-file limit, under 20 names). Sync refuses it before writing
// anything, naming the remote, the total and the limit: the work tree,
// HEAD and every ref stay as they were.
func TestSyncRefusesRemoteOverTheTreeLimit(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
	write(t, victim, "memory/mine.md", "mine\n")
	sync(t, victim, "victim")
	gitIn(t, attacker, nil, "pull", "-q", "origin", "main")
	big := bytes.Repeat([]byte("line\n"), (16<<20)/5)
	blob := gitIn(t, attacker, big, "hash-object", "-w", "--stdin")
	var entries [][3]string
	for i := range 20 {
		entries = append(entries, [3]string{"100644", fmt.Sprintf("n%02d.md", i), blob})
	}
	pushTree(t, attacker, rawTree(t, attacker, [3]string{"40000", "memory", rawTree(t, attacker, entries...)}))

	before := snapshot(t, filepath.Dir(victim))
	refs := userRefs(t, victim)
	_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
	if !errors.Is(err, gitsync.ErrRefused) || !errors.Is(err, history.ErrTreeTooLarge) {
		t.Fatalf("Sync = %v, want ErrRefused and ErrTreeTooLarge", err)
	}
	for _, s := range []string{"the remote's tree", fmt.Sprint(20 * len(big)), fmt.Sprint(history.DefaultMaxTreeBytes)} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("Sync error %q does not name %q", err, s)
		}
	}
	t.Log(err)
	after := snapshot(t, filepath.Dir(victim))
	for p, v := range after {
		if before[p] != v {
			t.Errorf("Sync wrote %s", p)
		}
	}
	if got := userRefs(t, victim); got != refs {
		t.Errorf("refs changed:\n%s\nwant\n%s", got, refs)
	}
}

// TestSyncRefusesManyEmptyNotes: a remote tree of many empty notes holds
// no bytes, yet sync would write each one; each counts as a block of
// the file system, so 300 are over a 1 MiB limit, and nothing is
// written.
func TestSyncRefusesManyEmptyNotes(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
	sync(t, victim, "victim")
	gitIn(t, attacker, nil, "pull", "-q", "origin", "main")
	empty := gitIn(t, attacker, nil, "hash-object", "-w", "--stdin")
	var entries [][3]string
	for i := range 300 {
		entries = append(entries, [3]string{"100644", fmt.Sprintf("e%03d.md", i), empty})
	}
	pushTree(t, attacker, rawTree(t, attacker, [3]string{"40000", "memory", rawTree(t, attacker, entries...)}))
	before := snapshot(t, filepath.Dir(victim))
	_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim", MaxTreeBytes: 1 << 20})
	if !errors.Is(err, history.ErrTreeTooLarge) || !strings.Contains(err.Error(), "300 files") {
		t.Fatalf("Sync = %v, want ErrTreeTooLarge naming 300 files", err)
	}
	if after := snapshot(t, filepath.Dir(victim)); len(after) != len(before) {
		t.Errorf("Sync wrote %d files", len(after)-len(before))
	}
}

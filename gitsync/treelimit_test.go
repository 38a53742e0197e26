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

// TestSyncTakesABigWorkspaceByWhatItWrites: MaxTreeBytes bounds what a
// sync writes, not what the workspace holds. The remote holds 8 notes
// (each counted at 4 KiB, 32 KiB in all) and the limit is 16 KiB, as a
// team memory of 70,000 small notes is over the default 256 MiB:
// machines that have the notes (a clone) sync an edit each way. A
// machine that has not (an older clone, a remote with none of this
// machine's notes) is still refused, naming what differs.
func TestSyncTakesABigWorkspaceByWhatItWrites(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	old := clone(t, bare, "old") // synced before the notes came
	sync(t, old, "old")
	a := clone(t, bare, "a")
	for i := range 8 {
		write(t, a, fmt.Sprintf("memory/n/%d.md", i), fmt.Sprintf("note %d\n", i))
	}
	sync(t, a, "a") // under the default limit
	b := clone(t, bare, "b")
	limit := gitsync.Options{MaxTreeBytes: 16 << 10}

	// Tune: b, a clone of the big workspace, edits one note and adds one.
	write(t, b, "memory/n/0.md", "note 0, edited on b\n")
	write(t, b, "memory/n/b.md", "from b\n")
	limit.Host = "b"
	if _, err := gitsync.Sync(context.Background(), b, limit); err != nil {
		t.Fatalf("Sync(b), a clone of 8 notes adding 1, limit 4 notes: %v", err)
	}
	// Check: a takes b's two notes while pushing one of its own.
	write(t, a, "memory/n/a.md", "from a\n")
	limit.Host = "a"
	if _, err := gitsync.Sync(context.Background(), a, limit); err != nil {
		t.Fatalf("Sync(a), taking 2 notes, limit 4: %v", err)
	}
	if got := read(t, a, "memory/n/0.md"); got != "note 0, edited on b\n" {
		t.Errorf("a's memory/n/0.md = %q, want b's edit", got)
	}
	// Check: old lacks all 10 notes: refused, nothing written.
	limit.Host = "old"
	before := snapshot(t, filepath.Dir(old))
	_, err := gitsync.Sync(context.Background(), old, limit)
	if !errors.Is(err, history.ErrTreeTooLarge) || !strings.Contains(err.Error(), "10 files") || !strings.Contains(err.Error(), "differs from") {
		t.Errorf("Sync(old), lacking 10 notes, limit 4 = %v, want ErrTreeTooLarge naming 10 files in what differs", err)
	}
	if after := snapshot(t, filepath.Dir(old)); len(after) != len(before) {
		t.Errorf("Sync(old) wrote %d files", len(after)-len(before))
	}
	// Check: a machine of 6 notes of its own, a fresh remote.
	fresh := clone(t, remote(t), "fresh")
	for i := range 6 {
		write(t, fresh, fmt.Sprintf("memory/m/%d.md", i), fmt.Sprintf("mine %d\n", i))
	}
	limit.Host = "fresh"
	if _, err := gitsync.Sync(context.Background(), fresh, limit); !errors.Is(err, history.ErrTreeTooLarge) {
		t.Errorf("Sync(fresh), pushing 7 notes the remote lacks, limit 4 = %v, want ErrTreeTooLarge", err)
	}
}

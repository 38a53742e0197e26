package gitsync_test

import (
	"slices"
	"testing"
)

// TestChangedIsWhatTheRemoteBrought: Result.Changed, which the CLI prints
// as "brought in N changed notes from origin/main", lists the notes the
// remote's commits changed here, never the ones this machine's own sync
// commit carried out: a sync with nothing new on the remote brings in
// nothing. A dated log both machines wrote is brought in (its merge holds
// the other machine's lines), and so is a note only the remote changed.
func TestChangedIsWhatTheRemoteBrought(t *testing.T) {
	t.Parallel()
	_, a, b := syncedPair(t, "a", "b")

	write(t, a, "memory/own.md", "written on a\n")
	write(t, a, "memory/2026-03-14.md", "from a\n")
	if res := sync(t, a, "a"); res.Committed == "" || len(res.Changed) != 0 {
		t.Errorf("Sync(a) of its own notes, nothing new on the remote: Changed = %q, want none (committed %q)", res.Changed, res.Committed)
	}
	write(t, b, "memory/2026-03-14.md", "from b\n")
	write(t, b, "memory/b-only.md", "written on b\n")
	res := sync(t, b, "b")
	slices.Sort(res.Changed)
	if want := []string{"memory/2026-03-14.md", "memory/own.md"}; !slices.Equal(res.Changed, want) {
		t.Errorf("Sync(b) = Changed %q, want %q: what a pushed, not b's own memory/b-only.md", res.Changed, want)
	}
	if res := sync(t, a, "a"); !slices.Contains(res.Changed, "memory/b-only.md") {
		t.Errorf("Sync(a) after b's push: Changed = %q, want memory/b-only.md", res.Changed)
	}
}

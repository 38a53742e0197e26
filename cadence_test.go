package memweave_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
)

// TestCadenceFindsOtherProcessEdits is the agent's cadence on a
// long-lived Weave whose watcher runs (its own syncs never fire): between
// searches another process edits the workspace and exits, and the very
// next search sees the edit, whether the freshness check re-indexes the
// one file the watcher named (an append, a rewrite of the same size, an
// editor's save, a new file) or has to look further (a new folder, a
// removed file, a folder removed or moved away with the files in it).
// Afterwards an index run finds nothing left to do.
func TestCadenceFindsOtherProcessEdits(t *testing.T) {
	files := make(map[string]string)
	for i := range 30 {
		files[fmt.Sprintf("memory/f%02d.md", i)] = fmt.Sprintf("# Note %02d\n\nbaseline words of note %02d\n", i, i)
	}
	for i := range 5 {
		files[fmt.Sprintf("memory/team/g%d.md", i)] = fmt.Sprintf("# Team %d\n\nbaseline words of team note %d\n", i, i)
		files[fmt.Sprintf("memory/ops/o%d.md", i)] = fmt.Sprintf("# Ops %d\n\nbaseline words of ops note %d\n", i, i)
	}
	root, w := openIndexed(t, files, memweave.Config{})
	if err := w.Watch(context.Background(), memweave.Debounce(time.Hour), memweave.PollInterval(time.Hour)); err != nil {
		t.Fatal(err)
	}
	same := strings.Replace(files["memory/f04.md"], "baseline", "qsamesz4", 1) // same size
	steps := []struct {
		op, rel, text string
		find, want    string // want "": no result
	}{
		{"append", "memory/f03.md", "\n- qappendthree\n", "qappendthree", "memory/f03.md"},
		{"", "memory/f04.md", same, "qsamesz4", "memory/f04.md"},
		{"save", "memory/f05.md", "# Note 05\n\nqsavedfive by an editor\n", "qsavedfive", "memory/f05.md"},
		{"", "memory/f30.md", "# Note 30\n\nqnewthirty\n", "qnewthirty", "memory/f30.md"},
		{"", "memory/newdir/deep/h.md", "# H\n\nqnewfolder\n", "qnewfolder", "memory/newdir/deep/h.md"},
		{"append", "memory/team/g1.md", "\n- qteamtoken\n", "qteamtoken", "memory/team/g1.md"},
		{"remove", "memory/f30.md", "", "qnewthirty", ""},
		{"remove", "memory/team", "", "qteamtoken", ""},
		{"append", "memory/ops/o2.md", "\n- qopstoken\n", "qopstoken", "memory/ops/o2.md"},
		// Out of the workspace: one event names the folder, none its files.
		{"move", "memory/ops", filepath.Join(root, "ops-moved-away"), "qopstoken", ""},
		{"append", "memory/f06.md", "\n- qafterremoval\n", "qafterremoval", "memory/f06.md"},
	}
	for _, st := range steps {
		searchPaths(t, w, "baseline") // a search with nothing changed since the last
		editInProcess(t, root, st.op, st.rel, st.text)
		got := searchPaths(t, w, st.find)
		if want := []string{st.want}; st.want == "" && len(got) != 0 || st.want != "" && !slices.Equal(got, want) {
			t.Errorf("%q %s, then a search for %s = %q, want %q", st.op, st.rel, st.find, got, st.want)
		}
	}
	for _, gone := range []string{"team", "ops"} {
		if got := searchPaths(t, w, gone); len(got) != 0 {
			t.Errorf("after memory/%s went, a search for %s = %q, want nothing", gone, gone, got)
		}
	}
	res := mustIndex(t, w)
	if res.FilesIndexed != 0 || res.FilesDeleted != 0 || res.FilesScanned != 31 {
		t.Errorf("Index after the cadence = %+v, want 31 files scanned and nothing to do", res)
	}
	assertFresh(t, w)
}

// TestWatcherLeavesIndexAlone checks that a running watcher with nothing
// to index does not write the index file: its heartbeat, written every
// poll interval, goes to a file of its own, since any write to the index
// empties the page cache of every connection reading it, and a search
// seconds after the last one would read its pages again. Another
// process's status still sees the watcher through that heartbeat.
func TestWatcherLeavesIndexAlone(t *testing.T) {
	ctx := context.Background()
	root, w := openIndexed(t, map[string]string{"memory/a.md": "# A\n\nbaseline notes\n"}, memweave.Config{})
	const poll = 20 * time.Millisecond
	if err := w.Watch(ctx, memweave.PollInterval(poll)); err != nil {
		t.Fatal(err)
	}
	searchPaths(t, w, "baseline")
	time.Sleep(5 * poll) // the watcher's catch-up sync and first beats
	st, err := w.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	wal := func() os.FileInfo {
		fi, err := os.Stat(st.DBPath + "-wal")
		if err != nil {
			t.Fatal(err)
		}
		return fi
	}
	before := wal()
	// Over a second and a bit: a heartbeat records the time in seconds,
	// and SQLite skips rewriting a row with the same bytes.
	time.Sleep(60 * poll)
	if after := wal(); after.Size() != before.Size() || !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("the index's write-ahead log went from %d bytes at %v to %d at %v over 60 poll intervals with nothing edited: the watcher wrote the index",
			before.Size(), before.ModTime(), after.Size(), after.ModTime())
	}
	other := open(t, root, memweave.Config{})
	if st, err := other.Status(ctx); err != nil || st.Watcher != memweave.WatchActive {
		t.Errorf("another Weave's Status watcher = %q (%v), want active", st.Watcher, err)
	}
}

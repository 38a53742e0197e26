//go:build !windows

package memweave_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// TestIndexWarnsOfNamesGetRefuses: a note named with a backslash, or in a
// folder ending in a dot or a space, is indexed, but get, delete and
// write refuse its name and sync will not share a backslash: an index
// run warns of each, naming the file and why, once per file.
func TestIndexWarnsOfNamesGetRefuses(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/a.md":           "# A\n\nalpha\n",
		`memory/back\slash.md`:  "# B\n\nbeta\n",
		"memory/dir./c.md":      "# C\n\ngamma\n",
		"memory/sp /d.md":       "# D\n\ndelta\n",
		"memory/fine.name/e.md": "# E\n\nepsilon\n",
	})
	w := open(t, root, memweave.Config{})
	defer w.Close()
	res := mustIndex(t, w)
	want := map[string]string{`memory/back\slash.md`: "backslash", "memory/dir./c.md": "dot", "memory/sp /d.md": "space"}
	got := map[string]int{}
	for _, wn := range res.Warnings {
		if !errors.Is(wn, workspace.ErrBadName) {
			continue
		}
		got[wn.Path]++
		if why, ok := want[wn.Path]; !ok || !strings.Contains(wn.Error(), why) || !strings.Contains(wn.Error(), "rename it") {
			t.Errorf("warning %q; want one for %v naming why and saying to rename it", wn.Error(), want)
		}
	}
	for p := range want {
		if got[p] != 1 {
			t.Errorf("index warned %d times of %s; want once (warnings %v)", got[p], p, res.Warnings)
		}
	}
	if res.FilesIndexed != 5 {
		t.Errorf("FilesIndexed = %d; want 5 (such notes are indexed all the same)", res.FilesIndexed)
	}
}

// TestStatusNamesNotesGetRefuses: status lists the notes an index run
// warns of (TestIndexWarnsOfNamesGetRefuses), each once.
func TestStatusNamesNotesGetRefuses(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/a.md":          "# A\n\nalpha\n",
		`memory/back\slash.md`: "# B\n\nbeta\n",
		"memory/dir./c.md":     "# C\n\ngamma\n",
	})
	w := open(t, root, memweave.Config{})
	defer w.Close()
	mustIndex(t, w)
	st, err := w.Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{`memory/back\slash.md`, "memory/dir./c.md"}; !slices.Equal(st.UnportableFiles, want) {
		t.Errorf("Status().UnportableFiles = %q; want %q", st.UnportableFiles, want)
	}
}

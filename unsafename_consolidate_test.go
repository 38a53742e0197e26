package memweave_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// A group with a note whose name memweave refuses to write (a backslash
// in it; indexing reads it all the same) is skipped whole
// before anything changes, instead of applied in part: the other copies
// stay too.
func TestConsolidateSkipsGroupWithUnwritableName(t *testing.T) {
	t.Parallel()
	dup := "# Deploys\n\nThe staging deploy runs every Tuesday at noon from the release branch and posts to the channel.\n"
	root := memweavetest.Workspace(t, map[string]string{"memory/2026-01-01.md": dup, "memory/2099-01-01.md": dup})
	if err := os.WriteFile(filepath.Join(root, "memory", "notes\\draft.md"), []byte(dup), 0o644); err != nil {
		t.Fatal(err)
	}
	w := open(t, root, memweave.Config{})
	mustIndex(t, w)
	gs := listGroups(t, w)
	if len(gs) != 1 || len(gs[0].Duplicates) != 2 {
		t.Fatalf("groups = %+v, want one with two copies", gs)
	}
	before := memoryFiles(t, root)
	res, err := w.ApplyConsolidation(t.Context(), []string{gs[0].ID})
	if got := memoryFiles(t, root); !slices.Equal(got, before) || len(res.Applied) != 0 || len(res.Skipped) != 1 {
		t.Errorf("ApplyConsolidation = %+v, %v; files %q, want the group skipped and the files %q kept", res, err, got, before)
	} else if memweavetest.ReadFile(t, root, "memory/2026-01-01.md") != dup {
		t.Errorf("memory/2026-01-01.md changed")
	} else {
		t.Logf("skipped: %s", res.Skipped[0].Reason)
	}
}

package memweave_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSyncFirstOfACloneIndexesItsNotes: after the first sync of a fresh
// clone, every note the work tree holds is indexed: those the clone
// brought as well as those the sync brought, so a search that does not
// scan first (a long-lived process with NoSyncOnSearch, as mcp
// --sync-every runs) finds them, and check finds the index whole.
func TestSyncFirstOfACloneIndexesItsNotes(t *testing.T) {
	t.Parallel() // real git processes and a sync loop's waits: it runs beside the other parallel tests
	ctx := context.Background()
	dir, bare, seed := seededRemote(t, map[string]string{
		"memory/seed.md":        "# Seed\n\nThe HERON-5512 cluster runs Postgres.\n",
		"memory/2026-01-02.md":  "- the OSPREY-9031 deploy is frozen\n",
		"memory/team/people.md": "# People\n\nAda owns the KESTREL-2207 pipeline.\n",
	})
	here := filepath.Join(dir, "here")
	gitRun(t, dir, "clone", "-q", bare, here)
	// The remote moves on after the clone: the first sync brings this one.
	memweavetest.WriteFile(t, seed, "memory/later.md", "# Later\n\nThe PLOVER-3380 migration is done.\n")
	gitRun(t, seed, "add", "-A")
	gitRun(t, seed, "commit", "-qm", "later")
	gitRun(t, seed, "push", "-q", bare, "main")

	w, err := memweave.Open(ctx, memweave.Config{Workspace: here, Now: memweavetest.Clock(), NoSyncOnSearch: true})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	res, err := w.Sync(ctx, memweave.SyncAuthor("here <h@h>"))
	if err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string]string{
		"HERON-5512 cluster":    "memory/seed.md",
		"OSPREY-9031 deploy":    "memory/2026-01-02.md",
		"KESTREL-2207 pipeline": "memory/team/people.md",
		"PLOVER-3380 migration": "memory/later.md",
	} {
		resp, err := w.Search(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Results) == 0 || resp.Results[0].Path != want {
			t.Errorf("Search(%q) after the first sync = %d results, want %s first (sync reindexed %d, changed %v)",
				q, len(resp.Results), want, res.Reindexed, res.Changed)
		}
	}
	rep, err := w.Check(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		t.Errorf("Check after the first sync: %v", rep.Problems())
	}
}

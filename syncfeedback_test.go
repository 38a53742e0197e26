package memweave_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSyncKeepsEachMachinesFeedback: an agent on each of two machines
// marks a passage useful, each on its own note's copy, through
// Weave.Feedback with the key its search gave; after both sync, each
// machine's search weighs both marks, as a note marked twice on one
// machine is weighed, with no conflict copy. Before, both machines
// wrote the same feedback line, which git's merge took once: one mark
// was lost on both, silently.
func TestSyncKeepsEachMachinesFeedback(t *testing.T) {
	t.Parallel() // real git processes
	ctx := context.Background()
	const note = "memory/cache.md"
	dir, bare, _ := seededRemote(t, map[string]string{
		note: "# Cache\n\nThe WREN-4410 cache holds the catalog for five minutes.\n\nThe CDN keeps images a day.\n",
	})
	open := func(name string) *memweave.Weave {
		ws := filepath.Join(dir, name)
		gitRun(t, dir, "clone", "-q", bare, ws)
		w, err := memweave.Open(ctx, memweave.Config{Workspace: ws, Now: memweavetest.Clock(), NoSyncOnSearch: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { w.Close() })
		if _, err := w.Index(ctx); err != nil {
			t.Fatal(err)
		}
		return w
	}
	here, there, once := open("here"), open("there"), open("once")
	mark := func(w *memweave.Weave) {
		r := mustSearch(t, w, "WREN-4410 cache").Results[0]
		if _, err := w.Feedback(ctx, r.Path, r.StartLine, true, memweave.PassageKey(r.Passage)); err != nil {
			t.Fatal(err)
		}
	}
	sync := func(w *memweave.Weave, host string) *memweave.SyncResult {
		res, err := w.Sync(ctx, memweave.SyncAuthor(host+" <"+host+"@x>"))
		if err != nil {
			t.Fatalf("Sync(%s): %v", host, err)
		}
		return res
	}
	mark(here)
	sync(here, "here")
	mark(there)
	if res := sync(there, "there"); len(res.Conflicts) > 0 {
		t.Errorf("Sync(there) made conflict copies: %v", res.Conflicts)
	}
	sync(here, "here")
	// The same two marks given on one machine: the factor to expect.
	mark(once)
	mark(once)
	want := factorOf(t, curations(t, once, "WREN-4410 cache"), note, "WREN-4410")
	for name, w := range map[string]*memweave.Weave{"here": here, "there": there} {
		got := curations(t, w, "WREN-4410 cache")
		if f := factorOf(t, got, note, "WREN-4410"); f != want || f <= 1 {
			t.Errorf("%s: curation of the marked passage = %v, want %v (two marks on one machine)", name, f, want)
		}
	}
}

package freshness

import (
	"errors"
	"testing"

	"github.com/memweave/memweave-go/indexer"
)

// TestEvents checks the watcher events of an index run: one per file
// indexed, carrying its first warning; one per file removed; one per
// other warning (a file's second, a warning of no file, one of a file not
// indexed); one for the files pending embeddings.
func TestEvents(t *testing.T) {
	errA, errB, errC, errD := errors.New("a1"), errors.New("a2"), errors.New("run"), errors.New("c")
	r := &indexer.Result{
		Indexed: []string{"memory/a.md", "memory/b.md"},
		Deleted: []string{"memory/gone.md"},
		Warnings: []indexer.Warning{
			{Path: "memory/a.md", Err: errA}, {Path: "memory/a.md", Err: errB},
			{Err: errC}, {Path: "memory/c.md", Err: errD},
		},
		FilesPending: 2,
	}
	evs := events(&indexer.Engine{}, r, nil)
	type ev struct {
		path    string
		removed bool
		err     error
	}
	want := []ev{
		{"memory/a.md", false, errA}, {"memory/b.md", false, nil}, {"memory/gone.md", true, nil},
		{"memory/a.md", false, errB}, {"", false, errC}, {"memory/c.md", false, errD},
	}
	if len(evs) != len(want)+1 {
		t.Fatalf("events = %+v, want %d", evs, len(want)+1)
	}
	for i, w := range want {
		got := evs[i]
		if got.Path != w.path || got.Removed != w.removed || (w.err == nil) != (got.Err == nil) || (w.err != nil && !errors.Is(got.Err, w.err)) {
			t.Errorf("event %d = %+v, want %+v", i, got, w)
		}
	}
	if last := evs[len(evs)-1]; last.Path != "" || last.Err == nil {
		t.Errorf("last event = %+v, want the pending warning", last)
	}
	// An index run that failed gives its error to its files' events.
	failed := events(&indexer.Engine{}, &indexer.Result{Indexed: []string{"memory/a.md"}, Warnings: []indexer.Warning{{Path: "memory/a.md", Err: errA}}}, errC)
	if len(failed) != 1 || failed[0].Path != "memory/a.md" || failed[0].Err != errC {
		t.Errorf("events of a failed run = %+v, want memory/a.md with the run's error", failed)
	}
}

package memweave_test

import (
	"context"
	"slices"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/store"
)

// TestSerialSearchSameResults: a search run on the caller's goroutine
// alone, as one after a pause is (store.WithSerial), starts no goroutine
// and returns what the same search run in parallel returns, on an index
// large enough that the parallel one splits its code scan across CPUs.
func TestSerialSearchSameResults(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	if _, err := memweavetest.Synth(root, memweavetest.SynthOptions{Files: 460, ChunksPerFile: 10}); err != nil {
		t.Fatal(err)
	}
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root, Now: memweavetest.Clock()})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	res, err := w.Index(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if res.ChunksCreated < 4096 {
		t.Fatalf("%d chunks, want at least 4096 (a split scan)", res.ChunksCreated)
	}
	for _, q := range memweavetest.SynthQueries {
		par, err := w.Search(ctx, q, memweave.NoSync(), memweave.MaxResults(20), memweave.MinScore(0))
		if err != nil {
			t.Fatal(err)
		}
		g0 := goroutinesCreated()
		ser, err := w.Search(store.WithSerial(ctx), q, memweave.NoSync(), memweave.MaxResults(20), memweave.MinScore(0))
		if err != nil {
			t.Fatal(err)
		}
		if n := goroutinesCreated() - g0; n != 0 {
			t.Errorf("%q: the serial search started %d goroutines, want none", q, n)
		}
		key := func(r memweave.Result) [2]any { return [2]any{r.Path, r.Score} }
		var a, b [][2]any
		for _, r := range par.Results {
			a = append(a, key(r))
		}
		for _, r := range ser.Results {
			b = append(b, key(r))
		}
		if len(a) == 0 || !slices.Equal(a, b) {
			t.Errorf("%q: serial results %v, parallel %v", q, b, a)
		}
	}
}

package index

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/store"
)

// vectorIndex creates, at path, an index of n random chunks of dims.
func vectorIndex(tb testing.TB, path string, n, dims int, seed uint64) {
	tb.Helper()
	ctx := context.Background()
	db, err := Open(ctx, path, Options{})
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	if err := db.ResetVectors(ctx, dims); err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	if _, err := db.Apply(ctx, []Update{{File: File{Path: "memory/a.md", Source: "memory", Hash: "h"}, Chunks: randomChunks(rng, "memory/a.md", n, dims, "a")}}, nil, nil); err != nil {
		tb.Fatal(err)
	}
}

// TestManyConcurrentColdLoads runs more cold vector searches at once, in
// one process, than a fixed table of loads could hold: 120 handles over
// several files, each loading its codes for its first search. None may
// fail. Each search gets its own thread, as on a machine with that many
// cores, so that the loads overlap.
func TestManyConcurrentColdLoads(t *testing.T) {
	memweavetest.Long(t, "120 concurrent cold loads")
	ctx := context.Background()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(120))
	const files, handles, dims = 2, 120, 384
	dir := t.TempDir()
	var paths []string
	for i := range files {
		p := filepath.Join(dir, fmt.Sprintf("index-%d.db", i))
		vectorIndex(t, p, 8000, dims, uint64(i))
		paths = append(paths, p)
	}
	dbs := make([]*DB, handles)
	for i := range dbs {
		db, err := Open(ctx, paths[i%files], Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		dbs[i] = db
	}
	q := make([]float32, dims)
	q[0] = 1
	for round := range 8 {
		var wg sync.WaitGroup
		start := make(chan struct{})
		errs := make([]error, handles)
		for i, db := range dbs {
			db.forgetCaches()
			wg.Go(func() {
				<-start
				hits, err := db.Vector(ctx, q, 10, store.Filter{})
				if err == nil && len(hits) != 10 {
					err = fmt.Errorf("%d hits, want 10", len(hits))
				}
				errs[i] = err
			})
		}
		close(start)
		wg.Wait()
		failed := 0
		for _, err := range errs {
			if err != nil {
				if failed == 0 {
					t.Errorf("round %d: %v", round, err)
				}
				failed++
			}
		}
		if failed > 0 {
			t.Fatalf("round %d: %d of %d concurrent cold searches failed", round, failed, handles)
		}
	}
}

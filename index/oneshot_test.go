package index

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/memweave/memweave-go/store"
)

// TestOneShotScansLikeCodes checks that a one-shot handle, which scores
// the codes in SQL as it reads them (queryDots), returns exactly what a
// handle that keeps the codes in memory returns: the same hits and
// cosines, calibration samples and vector counts, with and without a
// filter; that it keeps no codes; that a write by another handle is seen
// by the next search with the same query; and that a query of other
// dims is answered as the in-memory scan answers it.
func TestOneShotScansLikeCodes(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	const dims = 24
	if err := db.ResetVectors(ctx, dims); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	file := func(p string) File { return File{Path: p, Source: "memory", Hash: p} }
	if _, err := db.Apply(ctx, []Update{
		{File: file("memory/a.md"), Chunks: randomChunks(rng, "memory/a.md", 150, dims, "a")},
		{File: file("memory/b.md"), Chunks: randomChunks(rng, "memory/b.md", 90, dims, "b")},
		{File: file("memory/c.md"), Chunks: randomChunks(rng, "memory/c.md", 1, dims, "c")},
	}, nil, nil); err != nil {
		t.Fatal(err)
	}
	one, err := Open(ctx, db.Path(), Options{OneShot: true})
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	queries := make([][]float32, 6)
	for i := range queries {
		queries[i] = make([]float32, dims)
		for j := range queries[i] {
			queries[i][j] = float32(rng.NormFloat64())
		}
	}
	same := func(step string) {
		t.Helper()
		for qi, q := range queries {
			for _, f := range []store.Filter{{}, {Paths: []string{"memory/b.md", "memory/c.md"}}} {
				want, err := db.Vector(ctx, q, 10, f)
				if err != nil {
					t.Fatal(err)
				}
				got, err := one.Vector(ctx, q, 10, f)
				if err != nil {
					t.Fatalf("%s: one-shot Vector: %v", step, err)
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s: query %d, filter %v: one-shot Vector = %v, want %v", step, qi, f.Paths, got, want)
				}
			}
			want, err := db.SampleCosines(ctx, q, 50)
			if err != nil {
				t.Fatal(err)
			}
			got, err := one.SampleCosines(ctx, q, 50)
			if err != nil || !slices.Equal(got, want) {
				t.Errorf("%s: query %d: one-shot SampleCosines = %v, %v, want %v", step, qi, got, err, want)
			}
		}
		want, err := db.VectorCount(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := one.VectorCount(ctx); got != want || err != nil {
			t.Errorf("%s: one-shot VectorCount = %d, %v, want %d", step, got, err, want)
		}
		one.mu.Lock()
		kept := one.vecs
		one.mu.Unlock()
		if kept != nil {
			t.Errorf("%s: the one-shot handle loaded the codes", step)
		}
	}
	same("first files")
	// Another handle writes: the same queries must see it, the first of
	// them the one the handle scanned last.
	if _, err := one.Vector(ctx, queries[0], 10, store.Filter{}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Apply(ctx, []Update{
		{File: file("memory/b.md"), Chunks: randomChunks(rng, "memory/b.md", 120, dims, "b2")},
	}, []string{"memory/c.md"}, nil); err != nil {
		t.Fatal(err)
	}
	same("after a write")

	short := queries[0][:dims-1]
	_, wantErr := db.Vector(ctx, short, 10, store.Filter{})
	_, gotErr := one.Vector(ctx, short, 10, store.Filter{})
	if wantErr == nil || gotErr == nil || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
		t.Errorf("Vector with %d dims: one-shot %v, want %v", len(short), gotErr, wantErr)
	}
}

// TestOneShotRefusesCraftedBlocks checks that a one-shot handle refuses
// the code blocks a handle that loads them refuses, with ErrCorrupt.
func TestOneShotRefusesCraftedBlocks(t *testing.T) {
	for _, damage := range []string{
		// An entry whose id belongs to another block.
		`UPDATE vector_blocks SET codes = (SELECT codes FROM vector_blocks WHERE block = 0) WHERE block = 1`,
		`UPDATE vector_blocks SET codes = x'0102' WHERE block = 1`,
		`UPDATE vector_blocks SET codes = 'text' WHERE block = 1`,
	} {
		t.Run(damage, func(t *testing.T) {
			ctx := context.Background()
			db := openTest(t)
			if err := db.ResetVectors(ctx, 16); err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(5, 6))
			if _, err := db.Apply(ctx, []Update{{File: File{Path: "memory/a.md", Source: "memory", Hash: "h"}, Chunks: randomChunks(rng, "memory/a.md", 150, 16, "a")}}, nil, nil); err != nil {
				t.Fatal(err)
			}
			if _, err := db.SQL().ExecContext(ctx, damage); err != nil {
				t.Fatal(err)
			}
			one, err := Open(ctx, db.Path(), Options{OneShot: true})
			if err != nil {
				t.Fatal(err)
			}
			defer one.Close()
			q := make([]float32, 16)
			q[0] = 1
			for name, h := range map[string]*DB{"in-memory": db, "one-shot": one} {
				if _, err := h.Vector(ctx, q, 5, store.Filter{}); !errors.Is(err, ErrCorrupt) {
					t.Errorf("%s Vector after %q: %v, want ErrCorrupt", name, damage, err)
				}
			}
		})
	}
}

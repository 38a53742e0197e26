package memweave_test

import (
	"context"
	"fmt"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// BenchmarkOpenSearchClose measures the library's side of a fresh
// process: Open, one default search with its freshness check, Close, at
// 1k and 10k chunks, for a one-shot Weave (as the CLI opens it) and a
// default one (as a library caller who opens a Weave per call does).
func BenchmarkOpenSearchClose(b *testing.B) {
	for _, chunks := range []int{1000, 10000} {
		root := loopWorkspace(b, chunks)
		for _, oneShot := range []bool{true, false} {
			b.Run(fmt.Sprintf("chunks=%d/oneshot=%v", chunks, oneShot), func(b *testing.B) {
				ctx := context.Background()
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					w, err := memweave.Open(ctx, memweave.Config{Workspace: root, OneShot: oneShot})
					if err != nil {
						b.Fatal(err)
					}
					q := memweavetest.SynthQueries[i%len(memweavetest.SynthQueries)]
					if _, err := w.Search(ctx, q); err != nil {
						b.Fatal(err)
					}
					if err := w.Close(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

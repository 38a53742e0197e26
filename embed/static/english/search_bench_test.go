package english_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	_ "github.com/memweave/memweave-go/embed/static" // provider "static" over model folders
	"github.com/memweave/memweave-go/memweavetest"
)

// BenchmarkSearchStatic is the core's BenchmarkSearch at 10k chunks with
// the static English model (the folder model/), whose vectors have fewer dimensions than the
// hash embedder's but coarser codes. It lives in this module, not beside
// BenchmarkSearch, so that the core's tests do not import the model; its
// body repeats the core's benchSearch, which a test of another module
// cannot reach.
func BenchmarkSearchStatic(b *testing.B) {
	model, err := filepath.Abs("model")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("chunks=10000", func(b *testing.B) {
		ctx := context.Background()
		root := b.TempDir()
		if _, err := memweavetest.Synth(root, memweavetest.SynthOptions{Files: 10000 / 11, ChunksPerFile: 10}); err != nil {
			b.Fatal(err)
		}
		w, err := memweave.Open(ctx, memweave.Config{Workspace: root, Now: memweavetest.Clock(),
			Embedder: memweave.EmbedderConfig{Provider: "static", Model: model}})
		if err != nil {
			b.Fatal(err)
		}
		defer w.Close()
		if _, err := w.Index(ctx); err != nil {
			b.Fatal(err)
		}
		for _, q := range memweavetest.SynthQueries { // warm up
			if _, err := w.Search(ctx, q, memweave.NoSync()); err != nil {
				b.Fatal(err)
			}
		}
		lat := make([]time.Duration, 0, b.N)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			start := time.Now()
			if _, err := w.Search(ctx, memweavetest.SynthQueries[i%len(memweavetest.SynthQueries)], memweave.NoSync()); err != nil {
				b.Fatal(err)
			}
			lat = append(lat, time.Since(start))
		}
		b.StopTimer()
		slices.Sort(lat)
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	})
}

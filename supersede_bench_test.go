package memweave

import (
	"context"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/postprocess"
)

// BenchmarkSupersedeStage measures the supersede stage of a default
// search alone, over the candidates the earlier stages pass it, in a
// synthetic workspace of 10k chunks: what the stage adds to each search.
func BenchmarkSupersedeStage(b *testing.B) {
	ctx := context.Background()
	root := b.TempDir()
	if _, err := memweavetest.Synth(root, memweavetest.SynthOptions{Files: 10000 / 11, ChunksPerFile: 10}); err != nil {
		b.Fatal(err)
	}
	w, err := Open(ctx, Config{Workspace: root, Now: memweavetest.Clock()})
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Index(ctx); err != nil {
		b.Fatal(err)
	}
	type input struct {
		query string
		proc  postprocess.Postprocessor
		in    []Result
	}
	var inputs []input
	for _, q := range memweavetest.SynthQueries {
		s, err := w.searchOptions(q, []SearchOption{NoSync()})
		if err != nil {
			b.Fatal(err)
		}
		got, _, _, err := w.retrieve(ctx, q, s)
		if err != nil {
			b.Fatal(err)
		}
		in, err := postprocess.Run(ctx, q, got.Results, postprocess.Threshold{Min: s.MinScore}, postprocess.Curate{Meta: w.fileMeta})
		if err != nil {
			b.Fatal(err)
		}
		inputs = append(inputs, input{q, w.supersede(s, nil), in})
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		in := inputs[i%len(inputs)]
		if _, err := in.proc.Process(ctx, in.query, in.in); err != nil {
			b.Fatal(err)
		}
	}
}

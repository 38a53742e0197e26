package memweave

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/postprocess"
	"github.com/memweave/memweave-go/search"
)

// BenchmarkSupersedeStage measures the supersede stage of a default
// search alone, over the candidates the earlier stages pass it, in a
// synthetic workspace of 10k chunks: what the stage adds to each search.
// In "resolved=third" every third candidate's text is made a resolved
// passage (its first line and a marker naming a line of another indexed
// file), so the stage also looks up the kept lines in the index. The
// stage is made for each search, as Search makes it.
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
		s     search.Options
		in    []Result
	}
	var inputs []input
	sr := w.searcher()
	for _, q := range memweavetest.SynthQueries {
		s, err := w.searchOptions(q, []SearchOption{NoSync()})
		if err != nil {
			b.Fatal(err)
		}
		f, _, warns, err := w.filter(ctx, s)
		if err != nil {
			b.Fatal(err)
		}
		got, _, err := sr.Retrieve(ctx, s, f, warns)
		if err != nil {
			b.Fatal(err)
		}
		in, err := postprocess.Run(ctx, q, got.Results, postprocess.Threshold{Min: s.MinScore}, postprocess.Curate{Meta: sr.FileMeta})
		if err != nil {
			b.Fatal(err)
		}
		inputs = append(inputs, input{q, s, in})
	}
	run := func(b *testing.B, inputs []input) {
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			in := inputs[i%len(inputs)]
			if _, err := postprocess.NewSupersede(in.s.Superseded, in.s.MaxResults, nil, nil, sr.Passages).Process(ctx, in.query, in.in); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("resolved=none", func(b *testing.B) { run(b, inputs) })
	resolved := make([]input, len(inputs))
	for i, in := range inputs {
		resolved[i] = input{in.query, in.s, slices.Clone(in.in)}
		for j := range resolved[i].in {
			r := &resolved[i].in[j]
			kept := resolved[i].in[(j+1)%len(resolved[i].in)]
			if j%3 != 0 || kept.Path == r.Path {
				continue
			}
			// A superseded passage as the index cuts it: the line and its
			// marker, naming a line of another indexed file.
			line, _, _ := strings.Cut(strings.TrimLeft(kept.Text, "\n"), "\n")
			first, _, _ := strings.Cut(strings.TrimLeft(r.Text, "#\n "), "\n")
			text, _, err := curate.Supersede([]byte(first), 1, 1, curate.Marker{Path: kept.Path, KeptKey: curate.LinesKey([]string{line}), Date: "2026-12-01", Reason: "bench"})
			if err != nil {
				b.Fatal(err)
			}
			r.Text = string(text)
		}
	}
	b.Run("resolved=third", func(b *testing.B) { run(b, resolved) })
}

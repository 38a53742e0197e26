package english_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/embed/static"
	"github.com/memweave/memweave-go/embed/static/english"
	"github.com/memweave/memweave-go/memweavetest"
)

// synthChunks returns the chunks of a workspace generated the way
// memweave-bench speed generates its corpus (seed 1), files files of ten
// chunks each.
func synthChunks(tb testing.TB, files int) []string {
	tb.Helper()
	dir := tb.TempDir()
	if _, err := memweavetest.Synth(dir, memweavetest.SynthOptions{Files: files, ChunksPerFile: 10, Seed: 1}); err != nil {
		tb.Fatal(err)
	}
	var texts []string
	err := filepath.WalkDir(filepath.Join(dir, "memory"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, c := range chunker.Split(src, chunker.Options{}) {
			texts = append(texts, c.Text)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return texts
}

// scifactAbstracts returns the first n abstracts of SciFact's corpus,
// read from $MEMWEAVE_BENCH_DATA (default /work/shared/data), or skips
// when the data is absent.
func scifactAbstracts(tb testing.TB, n int) []string {
	tb.Helper()
	root := os.Getenv("MEMWEAVE_BENCH_DATA")
	if root == "" {
		root = "/work/shared/data"
	}
	f, err := os.Open(filepath.Join(root, "scifact", "corpus.jsonl"))
	if err != nil {
		tb.Skipf("SciFact absent: %v", err)
	}
	defer f.Close()
	var texts []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() && len(texts) < n {
		var d struct{ Title, Text string }
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			tb.Fatal(err)
		}
		texts = append(texts, d.Title+"\n\n"+d.Text)
	}
	return texts
}

// BenchmarkEmbed embeds chunk texts one at a time on one goroutine, as
// memweave-bench speed's embed_texts_per_s does, with the compiled-in
// model and, for reference, the hash embedder.
func BenchmarkEmbed(b *testing.B) {
	for _, c := range []struct {
		name  string
		texts func(testing.TB) []string
	}{
		{"synth", func(tb testing.TB) []string { return synthChunks(tb, 100) }},
		{"scifact", func(tb testing.TB) []string { return scifactAbstracts(tb, 1000) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			texts := c.texts(b)
			var bytes int64
			for _, t := range texts {
				bytes += int64(len(t))
			}
			for _, e := range []struct {
				name string
				emb  embed.Embedder
			}{{"static", english.New()}, {"hash", embed.NewHash(0)}} {
				b.Run(e.name, func(b *testing.B) {
					ctx := context.Background()
					if _, err := e.emb.EmbedQuery(ctx, "warm up"); err != nil {
						b.Fatal(err)
					}
					b.SetBytes(bytes / int64(len(texts)))
					b.ReportAllocs()
					b.ResetTimer()
					for i := 0; i < b.N; i++ {
						if _, err := e.emb.EmbedQuery(ctx, texts[i%len(texts)]); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}

// BenchmarkParse parses the compiled-in model, the first cost of a fresh
// process that embeds.
func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := static.Parse(english.Files(), english.Name); err != nil {
			b.Fatal(err)
		}
	}
}

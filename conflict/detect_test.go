package conflict_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/conflict"
	"github.com/memweave/memweave-go/workspace"
)

// TestDetectFindsFixturePairs puts every fixture text in its own file
// and checks that the candidate search loses none of the pairs Judge
// flags: the inverted index finds them without comparing all pairs. The
// shapes and the families are memories of their own: beside the older
// pairs, some of their statements ("the user lives in ...", "code freeze
// starts on ...") would take more than four values and be dropped as
// families of parallel statements.
func TestDetectFindsFixturePairs(t *testing.T) {
	groups := map[string][]pair{}
	for _, p := range loadPairs(t) {
		g := "pairs"
		if strings.HasPrefix(p.Split, "shapes-") {
			g = "shapes"
		}
		groups[g] = append(groups[g], p)
	}
	groups["families"] = loadFamilies(t)
	for _, group := range []string{"pairs", "shapes", "families"} {
		var chunks []conflict.Chunk
		want := map[[2]string]bool{}
		for _, p := range groups[group] {
			a := conflict.Chunk{Lines: workspace.Lines{Path: fmt.Sprintf("memory/p%03d-a.md", p.ID), StartLine: 1, EndLine: 1, Text: p.A}}
			b := conflict.Chunk{Lines: workspace.Lines{Path: fmt.Sprintf("memory/p%03d-b.md", p.ID), StartLine: 1, EndLine: 1, Text: p.B}}
			chunks = append(chunks, a, b)
			if _, ok := conflict.Judge(p.A, p.B); ok {
				want[[2]string{a.Path, b.Path}] = true
			}
		}
		res, err := conflict.Detect(context.Background(), chunks, conflict.Options{Limit: 10000})
		if err != nil {
			t.Fatal(err)
		}
		got, total := res.Conflicts, res.Total
		if total != len(got) {
			t.Errorf("Detect total = %d, len = %d", total, len(got))
		}
		seen := map[[2]string]bool{}
		for i, c := range got {
			if i > 0 && c.Kind == conflict.Likely && got[i-1].Kind == conflict.Possible {
				t.Errorf("Detect: a likely conflict after a possible one at %d", i)
			}
			seen[[2]string{c.A.Path, c.B.Path}] = true
		}
		for k := range want {
			if !seen[k] {
				t.Errorf("Detect missed the fixture pair %v", k)
			}
		}
		t.Logf("%s: %d conflicts over %d chunks, %d of them fixture pairs", group, len(got), len(chunks), len(want))
	}
}

// detect is [conflict.Detect] returning the conflicts and the total.
func detect(ctx context.Context, chunks []conflict.Chunk, opts conflict.Options) ([]conflict.Conflict, int, error) {
	res, err := conflict.Detect(ctx, chunks, opts)
	if err != nil {
		return nil, 0, err
	}
	return res.Conflicts, res.Total, nil
}

func TestDetectNewerAndPlace(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2025, 3, d, 0, 0, 0, 0, time.UTC) }
	pg15 := "The staging database runs PostgreSQL 15."
	pg16 := "The staging database runs PostgreSQL 16."
	filler := strings.Repeat("Unrelated line about lunch.\n", 12)
	tests := []struct {
		name   string
		chunks []conflict.Chunk
		commit func(string) time.Time
		want   string // "" for no conflict, else Newer
	}{
		{"dated files", []conflict.Chunk{
			{Lines: workspace.Lines{Path: "memory/2025-03-09.md", StartLine: 1, EndLine: 1, Text: pg16}, Date: day(9), MTime: day(1)},
			{Lines: workspace.Lines{Path: "memory/2025-03-02.md", StartLine: 1, EndLine: 1, Text: pg15}, Date: day(2), MTime: day(20)},
		}, nil, "b"}, // A is 2025-03-02 (sorted by path), B is newer by date
		{"mtime", []conflict.Chunk{
			{Lines: workspace.Lines{Path: "memory/a.md", StartLine: 1, EndLine: 1, Text: pg15}, MTime: day(5)},
			{Lines: workspace.Lines{Path: "memory/b.md", StartLine: 1, EndLine: 1, Text: pg16}, MTime: day(4)},
		}, nil, "a"},
		{"commit time breaks a tie", []conflict.Chunk{
			{Lines: workspace.Lines{Path: "memory/a.md", StartLine: 1, EndLine: 1, Text: pg15}, MTime: day(5)},
			{Lines: workspace.Lines{Path: "memory/b.md", StartLine: 1, EndLine: 1, Text: pg16}, MTime: day(5)},
		}, func(p string) time.Time {
			if p == "memory/a.md" {
				return day(7)
			}
			return day(6)
		}, "a"},
		{"one file, far apart", []conflict.Chunk{
			{Lines: workspace.Lines{Path: "memory/x.md", StartLine: 1, EndLine: 1, Text: pg15}},
			{Lines: workspace.Lines{Path: "memory/x.md", StartLine: 30, EndLine: 30, Text: pg16}},
		}, nil, "b"},
		{"one file, too close", []conflict.Chunk{
			{Lines: workspace.Lines{Path: "memory/x.md", StartLine: 1, EndLine: 1, Text: pg15}},
			{Lines: workspace.Lines{Path: "memory/x.md", StartLine: 3, EndLine: 3, Text: pg16}},
		}, nil, ""},
		{"one chunk", []conflict.Chunk{
			{Lines: workspace.Lines{Path: "memory/x.md", StartLine: 1, EndLine: 14, Text: pg15 + "\n" + filler + pg16}},
		}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, err := detect(context.Background(), tt.chunks, conflict.Options{CommitTime: tt.commit})
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "" {
				if len(got) != 0 {
					t.Errorf("Detect = %+v, want none", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("Detect = %+v, want one conflict", got)
			}
			c := got[0]
			if c.Newer != tt.want || c.Kind != conflict.Likely || c.Reason != `different number: "15" vs "16"` && c.Reason != `different number: "16" vs "15"` {
				t.Errorf("Detect = %+v, want likely, newer %q", c, tt.want)
			}
		})
	}
}

// TestDetectFamily: one statement with many values across the memory
// (a README per package, a changelog per release) is a family of
// parallel statements, not a fact that changed; two or three values are
// conflicts.
func TestDetectFamily(t *testing.T) {
	for _, tt := range []struct{ values, want int }{{2, 1}, {3, 3}, {4, 6}, {5, 0}, {8, 0}} {
		var chunks []conflict.Chunk
		for v := range tt.values {
			chunks = append(chunks, conflict.Chunk{Lines: workspace.Lines{Path: fmt.Sprintf("memory/r%d.md", v), StartLine: 1, EndLine: 1,
				Text: fmt.Sprintf("This repository holds the Go lib%c libraries.", 'a'+v)}})
		}
		got, _, err := detect(context.Background(), chunks, conflict.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != tt.want {
			t.Errorf("Detect over %d values = %d conflicts, want %d", tt.values, len(got), tt.want)
		}
	}
}

func TestDetectLimitAndCancel(t *testing.T) {
	var chunks []conflict.Chunk
	for i := range 50 {
		for v := range 2 {
			chunks = append(chunks, conflict.Chunk{Lines: workspace.Lines{Path: fmt.Sprintf("memory/n%02d-%d.md", i, v), StartLine: 1, EndLine: 1,
				Text: fmt.Sprintf("The build farm zone%d has %d machines.", i, 10+v)}})
		}
	}
	got, total, err := detect(context.Background(), chunks, conflict.Options{Limit: 7})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 7 || total != 50 {
		t.Errorf("Detect = %d conflicts of %d, want 7 of 50", len(got), total)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := detect(ctx, chunks, conflict.Options{}); err == nil {
		t.Error("Detect with a cancelled context: nil error")
	}
}

// synthChunks returns n chunks of eight sentences over a Zipf
// vocabulary, with a planted fact pair (two values of one attribute)
// in every 100th chunk.
func synthChunks(n int) []conflict.Chunk {
	rng := rand.New(rand.NewPCG(1, 2))
	vocab := make([]string, 5000)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("w%dx", i)
	}
	zipf := rand.NewZipf(rng, 1.1, 2, uint64(len(vocab)-1))
	subject := strings.Fields("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar")
	out := make([]conflict.Chunk, n)
	var b strings.Builder
	for i := range out {
		b.Reset()
		for s := 0; s < 8; s++ {
			for w := 0; w < 10; w++ {
				b.WriteString(vocab[zipf.Uint64()])
				b.WriteByte(' ')
			}
			b.WriteString(".\n")
		}
		if i%100 == 0 || i%100 == 1 {
			// A subject of its own per planted pair, as facts have.
			fmt.Fprintf(&b, "The %s%d cluster runs version %d.\n", subject[i/100%len(subject)], i/100, 10+i%100)
		}
		out[i] = conflict.Chunk{Lines: workspace.Lines{Path: fmt.Sprintf("memory/f%05d.md", i/10), StartLine: 1 + 20*(i%10), EndLine: 20 + 20*(i%10), Text: b.String()}}
	}
	return out
}

// BenchmarkDetect measures Detect at several corpus sizes; planted is
// how many of the planted conflicts it found (recall of the candidate
// search on them).
func BenchmarkDetect(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		chunks := synthChunks(n)
		b.Run(fmt.Sprintf("chunks=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var got []conflict.Conflict
			for b.Loop() {
				var err error
				got, _, err = detect(context.Background(), chunks, conflict.Options{Limit: 100000})
				if err != nil {
					b.Fatal(err)
				}
			}
			planted := 0
			for _, c := range got {
				if c.Reason == `different number: "10" vs "11"` {
					planted++
				}
			}
			// Random sentences over a small Zipf vocabulary also align by
			// chance: "conflicts" counts those too.
			b.ReportMetric(float64(planted)/float64(n/100), "planted-recall")
			b.ReportMetric(float64(len(got)), "conflicts")
		})
	}
}

// TestDetectWithClaimsCache checks that a shared Claims cache changes
// nothing: over the fixture chunks, Detect with a cache, first filling
// it and then reading it, finds exactly what Detect without one finds.
func TestDetectWithClaimsCache(t *testing.T) {
	var chunks []conflict.Chunk
	for _, p := range loadPairs(t) {
		chunks = append(chunks,
			conflict.Chunk{Lines: workspace.Lines{Path: fmt.Sprintf("memory/p%03d-a.md", p.ID), StartLine: 1, EndLine: 1, Text: p.A}},
			conflict.Chunk{Lines: workspace.Lines{Path: fmt.Sprintf("memory/p%03d-b.md", p.ID), StartLine: 1, EndLine: 1, Text: p.B}})
	}
	ctx := context.Background()
	want, _, err := detect(ctx, chunks, conflict.Options{Limit: 10000})
	if err != nil || len(want) == 0 {
		t.Fatalf("Detect = %d conflicts, %v", len(want), err)
	}
	var cache conflict.Claims
	for round := range 2 {
		got, _, err := detect(ctx, chunks, conflict.Options{Limit: 10000, Claims: &cache})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("round %d with the cache: %d conflicts, want the %d found without it", round, len(got), len(want))
		}
	}
}

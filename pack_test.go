package memweave_test

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/memweavetest"
)

// packCorpus has several files about one topic, so that a query finds
// many passages of different sizes, and one exact copy.
func packCorpus(tb testing.TB) string {
	tb.Helper()
	files := map[string]string{}
	for i := range 8 {
		var b strings.Builder
		fmt.Fprintf(&b, "# Cache notes %d\n\n", i)
		for j := range 3 + i%4 {
			fmt.Fprintf(&b, "## Part %d\n\nThe cache eviction policy %d-%d uses %s for the session cache.\n%s\n\n",
				j, i, j, []string{"LRU", "LFU", "ARC", "FIFO"}[(i+j)%4], strings.Repeat(fmt.Sprintf("Detail about eviction and caching in cache%d. ", i), 1+(i*j)%7))
		}
		files[fmt.Sprintf("memory/cache%d.md", i)] = b.String()
	}
	// A copy, named as a file manager names one: the same passages in
	// notes named for two subjects (cache2.md, copy.md) are two facts,
	// which a pack keeps (pack.TestAssembleKeepsCopiesAboutOtherSubjects),
	// so the notes' filler says which note it is in.
	files["memory/cache3 (1).md"] = files["memory/cache3.md"]
	return memweavetest.Workspace(tb, files)
}

// checkPack fails unless p keeps its guarantees: within budget, totals
// right, items in score order, each item the exact lines of its file.
func checkPack(tb testing.TB, w *memweave.Weave, p *memweave.Pack, budget int, counter func(string) int) {
	tb.Helper()
	if p.Budget != budget || p.Items == nil {
		tb.Fatalf("Pack budget %d, items %v; want budget %d and non-nil items", p.Budget, p.Items, budget)
	}
	if p.TotalTokens > budget {
		tb.Fatalf("Pack total %d tokens, over the budget %d", p.TotalTokens, budget)
	}
	sum := 0
	for i, it := range p.Items {
		sum += it.Tokens
		if i > 0 && it.Score > p.Items[i-1].Score {
			tb.Errorf("items not in score order: %v after %v", it.Score, p.Items[i-1].Score)
		}
		if got := counter(it.Text); got != it.Tokens {
			tb.Errorf("item %s:%d-%d has %d tokens, its text counts %d", it.Path, it.StartLine, it.EndLine, it.Tokens, got)
		}
		lines, err := w.Get(context.Background(), it.Path, it.StartLine, it.EndLine-it.StartLine+1)
		if err != nil {
			tb.Fatal(err)
		}
		if strings.TrimSuffix(lines, "\n") != it.Text {
			tb.Errorf("item %s:%d-%d text %q is not its whole lines %q", it.Path, it.StartLine, it.EndLine, it.Text, lines)
		}
	}
	if sum != p.TotalTokens {
		tb.Errorf("items sum to %d tokens, TotalTokens says %d", sum, p.TotalTokens)
	}
}

func TestPackWithinBudget(t *testing.T) {
	ctx := context.Background()
	w := open(t, packCorpus(t), memweave.Config{ChunkTokens: 64})
	all, err := w.Pack(ctx, "cache eviction policy", 1<<20, memweave.MinScore(0))
	if err != nil {
		t.Fatal(err)
	}
	checkPack(t, w, all, 1<<20, chunker.EstimateTokens)
	if len(all.Items) < 10 {
		t.Fatalf("a huge budget packed %d items, want at least 10", len(all.Items))
	}
	for _, budget := range []int{1, 20, 50, 100, 250, 500, 1000, all.TotalTokens - 1} {
		p, err := w.Pack(ctx, "cache eviction policy", budget, memweave.MinScore(0))
		if err != nil {
			t.Fatal(err)
		}
		checkPack(t, w, p, budget, chunker.EstimateTokens)
		if budget >= 100 && len(p.Items) == 0 {
			t.Errorf("Pack(budget %d) is empty", budget)
		}
	}
	for _, budget := range []int{0, -5} {
		if _, err := w.Pack(ctx, "cache", budget); err == nil {
			t.Errorf("Pack(budget %d) succeeded, want an error", budget)
		}
	}
	for _, tt := range []struct {
		opt  memweave.PackOption
		want string
	}{
		{memweave.PackDedupe(1.5), "PackDedupe"},
		{memweave.PackDedupe(0), "PackDedupe"},
		{memweave.PackCandidates(0), "PackCandidates"},
		{memweave.PackCandidates(-3), "PackCandidates"},
		{memweave.TokenCounter(nil), "TokenCounter"},
	} {
		_, err := w.Pack(ctx, "cache", 10, tt.opt)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Pack with an invalid %s = %v, want an error naming it", tt.want, err)
		}
	}
}

func TestPackCandidates(t *testing.T) {
	ctx := context.Background()
	w := open(t, packCorpus(t), memweave.Config{ChunkTokens: 64})
	// PackCandidates decides how many results are searched, over any
	// MaxResults; every search option applies to the search.
	p, err := w.Pack(ctx, "cache eviction policy", 1<<20, memweave.MaxResults(1), memweave.MinScore(0),
		memweave.PackCandidates(3), memweave.PackDedupe(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Items) != 3 {
		t.Errorf("Pack(PackCandidates(3)) packed %d items, want 3", len(p.Items))
	}
	p, err = w.Pack(ctx, "cache eviction policy", 1<<20, memweave.MinScore(0), memweave.Sources("nowhere"))
	if err != nil || len(p.Items) != 0 {
		t.Errorf("Pack(Sources(nowhere)) = %v, %v; want no items", p, err)
	}
}

func TestPackDedupe(t *testing.T) {
	ctx := context.Background()
	w := open(t, packCorpus(t), memweave.Config{ChunkTokens: 64})
	p, err := w.Pack(ctx, "cache eviction policy 3-1", 1<<20, memweave.MinScore(0))
	if err != nil {
		t.Fatal(err)
	}
	texts := make(map[string][]string)
	for _, it := range p.Items {
		texts[it.Text] = append(texts[it.Text], fmt.Sprintf("%s:%d-%d", it.Path, it.StartLine, it.EndLine))
	}
	for text, where := range texts {
		if len(where) > 1 {
			t.Errorf("duplicate text packed %d times at %v: %.60q", len(where), where, text)
		}
	}
	// Without deduplication the copy's passages come back too.
	q, err := w.Pack(ctx, "cache eviction policy 3-1", 1<<20, memweave.MinScore(0), memweave.PackDedupe(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Items) <= len(p.Items) {
		t.Errorf("without dedupe %d items, with %d: want more without", len(q.Items), len(p.Items))
	}
}

// hashCounter gives each text a pseudo-random size in [1, spread], so that
// the knapsack has real choices to make.
func hashCounter(seed uint32, spread int) func(string) int {
	return func(s string) int {
		h := fnv.New32a()
		fmt.Fprint(h, seed, s)
		return 1 + int(h.Sum32()%uint32(spread))
	}
}

func TestPackIsOptimal(t *testing.T) {
	ctx := context.Background()
	w := open(t, packCorpus(t), memweave.Config{ChunkTokens: 64})
	r := rand.New(rand.NewPCG(11, 12))
	trials := 60
	if !memweavetest.LongEnabled() {
		trials = 10
	}
	for trial := range trials {
		counter := hashCounter(uint32(trial), 200)
		opts := []memweave.PackOption{memweave.PackCandidates(14), memweave.TokenCounter(counter), memweave.MinScore(0), memweave.NoSync()}
		// Every candidate, deduplicated: the pack with an unlimited budget.
		all, err := w.Pack(ctx, "cache eviction policy", 1<<20, opts...)
		if err != nil {
			t.Fatal(err)
		}
		budget := 1 + r.IntN(all.TotalTokens+1)
		p, err := w.Pack(ctx, "cache eviction policy", budget, opts...)
		if err != nil {
			t.Fatal(err)
		}
		checkPack(t, w, p, budget, counter)
		got := 0.0
		for _, it := range p.Items {
			got += it.Score
		}
		if want := bestSubset(all.Items, budget); got < want-1e-9 {
			t.Errorf("trial %d: Pack(budget %d) scored %v, the best subset scores %v", trial, budget, got, want)
		}
	}
}

// bestSubset is the largest total score of items within budget, by brute
// force.
func bestSubset(items []memweave.PackedItem, budget int) float64 {
	best := 0.0
	for mask := 0; mask < 1<<len(items); mask++ {
		tokens, score := 0, 0.0
		for i, it := range items {
			if mask&(1<<i) != 0 {
				tokens += it.Tokens
				score += it.Score
			}
		}
		if tokens <= budget {
			best = math.Max(best, score)
		}
	}
	return best
}

func TestPackWholeLines(t *testing.T) {
	ctx := context.Background()
	long := "The ZEPHYR-912 line " + strings.Repeat("goes on and on ", 200) + "end."
	root := memweavetest.Workspace(t, map[string]string{"memory/long.md": "# Long\n\n" + long + "\n"})
	w := open(t, root, memweave.Config{ChunkTokens: 100})
	p, err := w.Pack(ctx, "ZEPHYR-912", 2000, memweave.MinScore(0))
	if err != nil {
		t.Fatal(err)
	}
	// The first chunk ends inside line 3 and the others lie inside it: one
	// item of lines 1-3 remains, the others being its near-duplicates.
	if len(p.Items) != 1 {
		t.Fatalf("Pack = %+v, want one item", p.Items)
	}
	if it := p.Items[0]; it.Text != "# Long\n\n"+long || it.StartLine != 1 || it.EndLine != 3 {
		t.Errorf("item %s:%d-%d = %.40q..., want whole lines 1-3", it.Path, it.StartLine, it.EndLine, it.Text)
	}
	// Too big for the budget: left out, never cut.
	p, err = w.Pack(ctx, "ZEPHYR-912", 500, memweave.MinScore(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Items) != 0 || p.TotalTokens != 0 {
		t.Errorf("Pack(500) = %+v, want nothing", p)
	}
}

func TestPackSkipsVanishedFile(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{
		"memory/a.md": "# A\n\nThe HERON-55 fact.\n",
		"memory/b.md": "# B\n\nAnother HERON-55 fact.\n",
	})
	w := open(t, root, memweave.Config{})
	if _, err := w.Index(ctx); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(root, "memory", "a.md"))
	p, err := w.Pack(ctx, "HERON-55", 1000, memweave.MinScore(0), memweave.NoSync())
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, it := range p.Items {
		paths = append(paths, it.Path)
	}
	if !slices.Equal(paths, []string{"memory/b.md"}) {
		t.Errorf("Pack paths = %q, want [memory/b.md]", paths)
	}
}

// Both files match, but only one fits in 30 tokens: the pack holds the
// more relevant one, whole, and never more than the budget.
func ExampleWeave_Pack() {
	ctx := context.Background()
	root, err := os.MkdirTemp("", "memweave-example-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(root)
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root, Create: true})
	if err != nil {
		panic(err)
	}
	defer w.Close()
	for path, content := range map[string]string{
		"billing.md": "# Billing\n\nThe billing service runs on Postgres 17.\nInvoices are sent on the first of the month.\n",
		"deploys.md": "# Deploys\n\nDeploys of the billing service happen on Tuesdays.\n",
	} {
		if _, err := w.Write(ctx, path, content); err != nil {
			panic(err)
		}
	}

	p, err := w.Pack(ctx, "billing service", 30)
	if err != nil {
		panic(err)
	}
	for _, it := range p.Items {
		fmt.Printf("%s:%d-%d  %d tokens\n", it.Path, it.StartLine, it.EndLine, it.Tokens)
	}
	fmt.Printf("%d of %d tokens\n", p.TotalTokens, p.Budget)
	// Output:
	// memory/deploys.md:1-3  16 tokens
	// 16 of 30 tokens
}

package pack

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/tokenize"
)

// bruteDedupe is Dedupe as its doc states it: every text against every
// text kept before it.
func bruteDedupe(texts []string, scores []float64, threshold float64) []int {
	order := make([]int, len(texts))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(scores[b], scores[a]) })
	sets := make([]tokenize.Set, len(texts))
	var kept []int
	for _, i := range order {
		sets[i] = tokenize.SetOf(texts[i])
		dup := false
		for _, k := range kept {
			dup = dup || tokenize.Jaccard(sets[i], sets[k]) > threshold && !differs(texts[i], texts[k])
		}
		if !dup {
			kept = append(kept, i)
		}
	}
	slices.Sort(kept)
	return kept
}

// TestDedupeAsStated: Dedupe keeps what comparing each text with every
// text kept before it keeps, over texts of a small vocabulary (many near
// duplicates, sets of every size, a number and a negation that make
// copies differ) and thresholds near their ratios. Each of the faults
// tried in Dedupe (a prefix one token short, >= for >, texts of every
// value key compared) fails in its first round.
func TestDedupeAsStated(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 5))
	vocab := strings.Fields("a b c d e f g h i j k l m n o p 记忆 检索 5 never")
	for round := range 50 {
		n := 1 + rng.IntN(40)
		texts, scores := make([]string, n), make([]float64, n)
		base := make([]string, 1+rng.IntN(12))
		for i := range base {
			base[i] = vocab[rng.IntN(len(vocab))]
		}
		for i := range texts {
			words := slices.Clone(base)
			for range rng.IntN(4) {
				j := rng.IntN(len(words))
				words[j] = vocab[rng.IntN(len(vocab))]
			}
			if rng.IntN(5) == 0 {
				words = words[:rng.IntN(len(words)+1)]
			}
			texts[i] = strings.Join(words, " ")
			scores[i] = float64(rng.IntN(4)) / 4
		}
		for _, th := range []float64{0.01, 0.2, 0.25, 0.5, 0.6, 2.0 / 3, 0.75, 0.8, 0.9, 0.99, 1} {
			if got, want := Dedupe(texts, scores, th), bruteDedupe(texts, scores, th); !slices.Equal(got, want) {
				t.Fatalf("round %d: Dedupe(%q, %v, %v) = %v, want %v", round, texts, scores, th, got, want)
			}
		}
	}
}

// TestDedupeScales: a pack for a large context (memweave pack
// --max-candidates 6000) compared every passage with every one kept
// before it, quadratic in the candidates. Distinct passages must cost
// about linear time.
func TestDedupeScales(t *testing.T) {
	small, large := fastestDedupe(t, 150), fastestDedupe(t, 2400)
	if large > 64*small {
		t.Errorf("Dedupe of 2,400 distinct passages took %v, of 150 %v: %.0f times as long for 16 times the passages, want about linear (quadratic is 256)", large, small, float64(large)/float64(small))
	}
}

// fastestDedupe returns the least CPU time of three Dedupe runs over n
// distinct passages of sixty words that share a few common ones.
func fastestDedupe(t *testing.T, n int) time.Duration {
	rng := rand.New(rand.NewPCG(3, uint64(n)))
	texts, scores := make([]string, n), make([]float64, n)
	for i := range texts {
		var b strings.Builder
		fmt.Fprintf(&b, "# Note %d\n\nshared topic falcon", i)
		for range 60 {
			fmt.Fprintf(&b, " w%d", rng.IntN(1000000))
		}
		texts[i], scores[i] = b.String(), 1-float64(i)/float64(n)
	}
	best := time.Duration(1<<63 - 1)
	for range 3 {
		start := memweavetest.ProcessCPU()
		got := Dedupe(texts, scores, DefaultDedupe)
		best = min(best, memweavetest.ProcessCPU()-start)
		if len(got) != n {
			t.Fatalf("Dedupe of %d distinct passages kept %d", n, len(got))
		}
	}
	return best
}

// TestDedupeScalesOverValuesThatDiffer: near-duplicates that each state
// another value (a templated line of a daily log: "... build 1234 ...")
// are all kept, and each was compared with every one kept before it by
// curate.Differs, quadratic in the candidates: 800 such passages took
// seconds. Texts whose values differ need no comparison.
func TestDedupeScalesOverValuesThatDiffer(t *testing.T) {
	small, large := fastestDedupeOfValues(t, 50), fastestDedupeOfValues(t, 400)
	if large > 24*small {
		t.Errorf("Dedupe of 400 near-duplicates of other values took %v, of 50 %v: %.0f times as long for 8 times the passages, want about linear (quadratic is 64)", large, small, float64(large)/float64(small))
	}
}

// fastestDedupeOfValues returns the least CPU time of Dedupe runs over n
// near-duplicate passages, each with another number or value word.
func fastestDedupeOfValues(t *testing.T, n int) time.Duration {
	texts, scores := make([]string, n), make([]float64, n)
	for i := range texts {
		state := []string{"finished", "failed", "never", "twice"}[i%4]
		texts[i] = fmt.Sprintf("The nightly backup of the billing database %s on host db-east, build %d, and the upload to the offsite bucket took a while.", state, i)
		scores[i] = 1 - float64(i)/float64(n)
	}
	best := time.Duration(1<<63 - 1)
	for range 2 {
		start := memweavetest.ProcessCPU()
		got := Dedupe(texts, scores, DefaultDedupe)
		best = min(best, memweavetest.ProcessCPU()-start)
		if len(got) != n {
			t.Fatalf("Dedupe of %d passages that each state another build kept %d", n, len(got))
		}
	}
	return best
}

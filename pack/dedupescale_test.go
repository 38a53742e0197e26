package pack

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/tokenize"
)

// bruteDedupe is Dedupe as its doc states it: every text against every
// text kept before it; a text without tokens is never a duplicate.
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
			dup = dup || len(sets[i]) > 0 && len(sets[k]) > 0 && tokenize.Jaccard(sets[i], sets[k]) > threshold && !differs(texts[i], texts[k])
		}
		if !dup {
			kept = append(kept, i)
		}
	}
	slices.Sort(kept)
	return kept
}

// differs is when Dedupe keeps the near-duplicate a of the kept text b,
// as its doc states it: a value differs between them (curate.Differs),
// a says a word b lacks (curate.Loses), or b adds one that may change
// what it says (curate.Adds).
func differs(a, b string) bool {
	if _, ok := curate.Differs(a, b); ok {
		return true
	}
	return len(curate.Loses(b, a)) > 0 || len(curate.Adds(b, a)) > 0
}

// TestDedupeAsStated: Dedupe keeps what comparing each text with every
// text kept before it keeps, over texts of a small vocabulary (many near
// duplicates, sets of every size, a number and a negation that make
// copies differ) and thresholds near their ratios. Each of the faults
// tried in Dedupe (a prefix one token short, >= for >, texts of every
// value key compared) fails in its first round.
func TestDedupeAsStated(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 5))
	vocab := strings.Fields("a b c d e f g h i j k l m n o p 记忆 检索 5 never the of")
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
		for _, th := range []float64{-0.5, 0, 0.01, 0.2, 0.25, 0.5, 0.6, 2.0 / 3, 0.75, 0.8, 0.9, 0.99, 1} {
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

// fastestDedupe returns the least CPU time of Dedupe runs over n
// distinct passages of sixty words that share a few common ones.
func fastestDedupe(t *testing.T, n int) time.Duration {
	rng := rand.New(rand.NewPCG(3, uint64(n)))
	return fastestDedupeOf(t, n, func(i int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "# Note %d\n\nshared topic falcon", i)
		for range 60 {
			fmt.Fprintf(&b, " w%d", rng.IntN(1000000))
		}
		return b.String()
	})
}

// TestDedupeScalesOverValuesThatDiffer: near-duplicates that each state
// another value (a templated line of a daily log: "... build 1234 ...")
// are all kept, and each was compared with every one kept before it by
// curate.Differs, quadratic in the candidates: 800 such passages took
// seconds. Texts whose values differ need no comparison.
//
// Near-duplicates that each name their own thing ("the billing
// database", "the payroll database") are kept too, and each pair cost
// two readings of both texts, or a judgement of conflict.
func TestDedupeScalesOverValuesThatDiffer(t *testing.T) {
	for _, family := range []struct {
		name string
		text func(i int) string
	}{
		{"of other values", func(i int) string {
			state := []string{"finished", "failed", "never", "twice"}[i%4]
			return fmt.Sprintf("The nightly backup of the billing database %s on host db-east, build %d, and the upload to the offsite bucket took a while.", state, i)
		}},
		{"each naming its own thing", func(i int) string {
			name := string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + "svc"
			return fmt.Sprintf("The nightly backup of the %s database finished on the east cluster, and the upload to the offsite bucket took a while.", name)
		}},
	} {
		small, large := fastestDedupeOf(t, 50, family.text), fastestDedupeOf(t, 400, family.text)
		if large > 24*small {
			// Similar to each other, the texts of the second family
			// are all compared (Jaccard): each comparison must cost
			// a small multiple of their Jaccard similarity, not a reading of
			// both texts or a judgement of conflict.
			if pairs := fastestJaccards(t, 400, family.text); large > 50*pairs {
				t.Errorf("Dedupe of 400 near-duplicates %s took %v, of 50 %v (%.0f times as long for 8 times the passages); their Jaccard similarities alone took %v", family.name, large, small, float64(large)/float64(small), pairs)
			}
		}
	}
}

// TestDedupeScalesOverNearDuplicatesKept: near-duplicates that each
// name their own thing ("the aab database", "the aac database") are all
// kept, and every pair was compared: all share their common words, so
// the prefixes of their rarest tokens meet (6,000 such passages took
// seconds). Two texts of which each says a word the other lacks are
// never duplicates, so only texts whose words one holds all of the
// other's need comparing: about linear time.
func TestDedupeScalesOverNearDuplicatesKept(t *testing.T) {
	small, large := fastestDedupeOf(t, 100, ownThing), fastestDedupeOf(t, 1600, ownThing)
	if large > 64*small {
		t.Errorf("Dedupe of 1,600 near-duplicates each naming its own thing took %v, of 100 %v: %.0f times as long for 16 times the passages, want about linear (quadratic is 256)", large, small, float64(large)/float64(small))
	}
}

// ownThing is the i-th of near-duplicates that each name their own
// thing, of three letters and "svc".
func ownThing(i int) string {
	name := string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676%26)) + "svc"
	return fmt.Sprintf("The nightly backup of the %s database finished on the east cluster, and the upload to the offsite bucket took a while.", name)
}

// BenchmarkDedupeKept is Dedupe over 6,000 candidates that are all
// kept: near-duplicates each naming its own thing, and distinct texts.
func BenchmarkDedupeKept(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 6000))
	for _, family := range []struct {
		name string
		text func(i int) string
	}{
		{"own things", ownThing},
		{"distinct", func(i int) string {
			var sb strings.Builder
			fmt.Fprintf(&sb, "# Note %d\n\nshared topic falcon", i)
			for range 60 {
				fmt.Fprintf(&sb, " w%d", rng.IntN(1000000))
			}
			return sb.String()
		}},
	} {
		texts, scores := make([]string, 6000), make([]float64, 6000)
		for i := range texts {
			texts[i], scores[i] = family.text(i), 1-float64(i)/6000
		}
		b.Run(family.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Dedupe(texts, scores, DefaultDedupe)
			}
		})
	}
}

// fastestJaccards returns the least CPU time of computing the Jaccard
// similarity of every pair of n passages text(i).
func fastestJaccards(t *testing.T, n int, text func(i int) string) time.Duration {
	sets := make([]tokenize.Set, n)
	for i := range sets {
		sets[i] = tokenize.SetOf(text(i))
	}
	best := time.Duration(1<<63 - 1)
	for range 2 {
		start := memweavetest.ProcessCPU()
		sum := 0.0
		for i := range sets {
			for k := range i {
				sum += tokenize.Jaccard(sets[i], sets[k])
			}
		}
		best = min(best, memweavetest.ProcessCPU()-start)
		if sum == 0 {
			t.Fatal("no pair of passages shares a word")
		}
	}
	return best
}

// fastestDedupeOf returns the least CPU time of three Dedupe runs over
// n passages text(i) (called in order), each stating its own fact: all
// are kept.
func fastestDedupeOf(t *testing.T, n int, text func(i int) string) time.Duration {
	texts, scores := make([]string, n), make([]float64, n)
	for i := range texts {
		texts[i] = text(i)
		scores[i] = 1 - float64(i)/float64(n)
	}
	best := time.Duration(1<<63 - 1)
	for range 3 {
		start := memweavetest.ProcessCPU()
		got := Dedupe(texts, scores, DefaultDedupe)
		best = min(best, memweavetest.ProcessCPU()-start)
		if len(got) != n {
			t.Fatalf("Dedupe of %d passages that each state their own fact kept %d", n, len(got))
		}
	}
	return best
}

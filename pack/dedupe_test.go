package pack

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/memweave/memweave-go/tokenize"
)

func TestDedupe(t *testing.T) {
	a := "We use Valkey instead of Redis for the session cache."
	aCase := "we use valkey instead of redis for the session cache"
	b := "The deploy pipeline runs on Buildkite with three agents."
	tests := []struct {
		name      string
		texts     []string
		scores    []float64
		threshold float64
		want      []int
	}{
		{"empty", nil, nil, 0.8, nil},
		{"distinct kept", []string{a, b}, []float64{0.9, 0.8}, 0.8, []int{0, 1}},
		{"duplicate keeps higher score", []string{a, b, aCase}, []float64{0.5, 0.8, 0.9}, 0.8, []int{1, 2}},
		{"tie keeps first", []string{a, aCase}, []float64{0.7, 0.7}, 0.8, []int{0}},
		{"threshold 1 keeps all", []string{a, aCase}, []float64{0.7, 0.7}, 1, []int{0, 1}},
		{"blank never a duplicate", []string{"", "  ", "--"}, []float64{1, 1, 1}, 0.8, []int{0, 1, 2}},
		{"blank never a duplicate at 0", []string{"", "  ", "--"}, []float64{1, 1, 1}, 0, []int{0, 1, 2}},
		{"blank never a duplicate below 0", []string{"", "  ", "--"}, []float64{1, 1, 1}, -0.5, []int{0, 1, 2}},
		{"blank never a duplicate at NaN", []string{"", "  ", "--"}, []float64{1, 1, 1}, math.NaN(), []int{0, 1, 2}},
		{"any shared token at 0", []string{a, b, aCase}, []float64{1, 0.9, 0.8}, 0, []int{0, 1}},
		{"distinct texts below 0", []string{a, b, aCase}, []float64{1, 0.9, 0.8}, -0.5, []int{0, 1}},
		{"partial overlap below threshold", []string{"alpha beta gamma delta", "alpha beta gamma epsilon"}, []float64{1, 0.9}, 0.8, []int{0, 1}},
		{"partial overlap above threshold", []string{"alpha beta gamma delta", "alpha beta gamma delta also"}, []float64{1, 0.9}, 0.5, []int{0}},
		{"words replaced above threshold", []string{"alpha beta gamma delta", "alpha beta gamma epsilon"}, []float64{1, 0.9}, 0.5, []int{0, 1}},
		{"value differs above threshold", []string{"The session cache holds 500 entries per node.", "The session cache holds 800 entries per node."}, []float64{1, 0.9}, 0.5, []int{0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Dedupe(tt.texts, tt.scores, tt.threshold); !slices.Equal(got, tt.want) {
				t.Errorf("Dedupe(%q, %v, %v) = %v, want %v", tt.texts, tt.scores, tt.threshold, got, tt.want)
			}
		})
	}
}

func TestJaccard(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
	}{
		{"a b c", "a b c", 1},
		{"a b c", "c b a a", 1},
		{"a b", "c d", 0},
		{"a b c d", "a b c e", 3.0 / 5},
		{"", "a", 0},
		{"记忆检索", "记忆检查", 2.0 / 4},
	}
	for _, tt := range tests {
		if got := tokenize.Jaccard(tokenize.SetOf(tt.a), tokenize.SetOf(tt.b)); got != tt.want {
			t.Errorf("Jaccard(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// BenchmarkDedupeValuesDiffer is dedupe's worst case: a pack's 50
// candidates all near-duplicates of each other that each state another
// value, so every pair is compared by curate.Differs.
func BenchmarkDedupeValuesDiffer(b *testing.B) {
	texts := make([]string, DefaultCandidates)
	scores := make([]float64, len(texts))
	for i := range texts {
		texts[i] = fmt.Sprintf("The staging database of the billing team runs PostgreSQL %d on the shared cluster, with nightly backups to the offsite bucket.", i)
		scores[i] = float64(i)
	}
	b.ReportAllocs()
	for b.Loop() {
		Dedupe(texts, scores, DefaultDedupe)
	}
}

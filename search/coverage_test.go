package search

import (
	"context"
	"errors"
	"testing"
)

// countingVectors is a VectorBackend whose VectorCount returns the
// counts in turn, as reads of an index another process writes to.
type countingVectors struct {
	VectorBackend
	counts []int
}

func (v *countingVectors) VectorCount(context.Context) (int, error) {
	n := v.counts[0]
	if len(v.counts) > 1 {
		v.counts = v.counts[1:]
	}
	return n, nil
}

// TestCoverageAcrossAWrite: a write committed between the vector count
// and the chunk count (10 chunks with their vectors added) is not
// reported as chunks without vectors, while a shortfall that stays is.
func TestCoverageAcrossAWrite(t *testing.T) {
	ctx := context.Background()
	chunks := func() (int, error) { return 20, nil }
	for _, tc := range []struct {
		name   string
		counts []int
		want   error
	}{
		{"write between the counts", []int{10, 20}, nil},
		{"first vectors written between the counts", []int{0, 20}, nil},
		{"vectors missing", []int{15, 15}, ErrMissingVectors},
		{"no vectors", []int{0, 0}, ErrNoVectors},
	} {
		h := &Hybrid{Vector: &countingVectors{counts: tc.counts}}
		_, warn := h.coverage(ctx, chunks)
		if !errors.Is(warn, tc.want) || (tc.want == nil) != (warn == nil) {
			t.Errorf("%s: coverage warns %v, want %v", tc.name, warn, tc.want)
		}
	}
}

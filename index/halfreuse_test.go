package index

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestUnitHalfOfStoredVectorUnchanged: a vector reused from the index or
// the embedding cache is a stored one, decoded from its halves; storing
// it again must give the same halves, or a copied note's passages score
// differently from the original's and a rebuilt index answers otherwise.
func TestUnitHalfOfStoredVectorUnchanged(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	bad := 0
	for n := range 2000 {
		// Sparse, as the default embedder's vectors of short passages
		// are: with few components, their rounding errors do not
		// average out, and a stored vector's length is a little off one.
		v := make([]float32, 384)
		for range 2 + n%30 {
			v[r.IntN(len(v))] += float32(r.NormFloat64()) * float32(n%7+1)
		}
		h := encodeUnitHalf(v)
		stored, err := decodeHalf(h)
		if err != nil {
			t.Fatal(err)
		}
		if again := encodeUnitHalf(stored); !bytes.Equal(again, h) {
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("encodeUnitHalf(decodeHalf(encodeUnitHalf(v))) differs from encodeUnitHalf(v) for %d of 2000 vectors", bad)
	}
}

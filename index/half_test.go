package index

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestHalfRoundTrip checks every half: decoding then encoding gives it
// back (NaNs stay NaN).
func TestHalfRoundTrip(t *testing.T) {
	for h := range 1 << 16 {
		f := fromHalf(uint16(h))
		got := toHalf(f)
		if math.IsNaN(float64(f)) {
			if got&0x7c00 != 0x7c00 || got&0x3ff == 0 {
				t.Fatalf("NaN %#04x encoded as %#04x", h, got)
			}
			continue
		}
		if got != uint16(h) {
			t.Fatalf("half %#04x -> %v -> %#04x", h, f, got)
		}
	}
}

// TestHalfRounding checks that toHalf picks the nearest half, ties to
// even, against its neighbours, over random floats of every magnitude.
func TestHalfRounding(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		f := math.Float32frombits(rng.Uint32())
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) || math.Abs(float64(f)) > 65504 {
			continue
		}
		h := toHalf(f)
		d := math.Abs(float64(fromHalf(h)) - float64(f))
		for _, n := range []uint16{h - 1, h + 1} {
			if n&0x7c00 == 0x7c00 || (n^h)&0x8000 != 0 {
				continue // not a finite neighbour of the same sign
			}
			dn := math.Abs(float64(fromHalf(n)) - float64(f))
			if dn < d || (dn == d && h&1 == 1) {
				t.Fatalf("toHalf(%v) = %v (off %g), neighbour %v is off %g", f, fromHalf(h), d, fromHalf(n), dn)
			}
		}
	}
	if toHalf(1e6) != 0x7c00 || toHalf(-1e6) != 0xfc00 || toHalf(1e-10) != 0 {
		t.Error("overflow or underflow mishandled")
	}
}

// TestHalfCosineError measures how far a cosine computed from stored
// (half) vectors is from the float32 one, for 384-dimension vectors of
// the kinds embedders return: the bound the package documents is 1e-3.
func TestHalfCosineError(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const dims = 384
	var worst float64
	for range 2000 {
		a, b := make([]float32, dims), make([]float32, dims)
		sparse := rng.IntN(2) == 0 // hash-embedder-like: few non-zero dims
		for i := range dims {
			if !sparse || rng.IntN(8) == 0 {
				a[i] = float32(rng.NormFloat64())
			}
			b[i] = float32(rng.NormFloat64()) + 0.5*a[i]
		}
		exact := cosine64(a, b)
		ha, _ := decodeHalf(encodeHalf(a))
		hb, _ := decodeHalf(encodeHalf(b))
		worst = max(worst, math.Abs(cosine64(ha, hb)-exact))
	}
	t.Logf("largest cosine error from half storage: %.2g", worst)
	if worst > 1e-3 {
		t.Errorf("cosine error %g over the documented 1e-3", worst)
	}
}

func cosine64(a, b []float32) float64 {
	var d, na, nb float64
	for i := range a {
		d += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	return d / math.Sqrt(na*nb)
}

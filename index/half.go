package index

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Stored vectors are IEEE 754 half-precision floats, two bytes a
// dimension: half the size of float32. A half keeps 11 significant bits,
// so a cosine computed from stored vectors is within 1e-4 of the float32
// one (5.2e-5 at worst over 2,000 pairs of 384-dimension vectors in
// TestHalfCosineError, which fails above 1e-3). A chunk's vector is
// stored at unit length ([encodeUnitHalf]), within a half's range
// whatever the embedder's scale. Vectors handed to and returned by this
// package are float32.

// encodeHalf returns v as little-endian half-precision floats, each the
// nearest half (ties to even).
func encodeHalf(v []float32) []byte {
	out := make([]byte, 2*len(v))
	for i, f := range v {
		binary.LittleEndian.PutUint16(out[2*i:], toHalf(f))
	}
	return out
}

// encodeUnitHalf returns v scaled to unit length as half-precision
// floats (see [encodeHalf]); a zero v stays zero. Only the direction of
// a vector counts, and a unit vector's components are within the range
// of a half whatever the embedder's scale: v's own components may be
// past its largest value (stored as infinities) or under its smallest
// (stored as zeros).
func encodeUnitHalf(v []float32) []byte {
	var s float64
	for _, f := range v {
		s += float64(f) * float64(f)
	}
	out := make([]byte, 2*len(v))
	if s == 0 || math.IsInf(s, 0) || math.IsNaN(s) {
		return encodeHalf(v)
	}
	// A vector reused from the index or the embedding cache is a stored
	// one, decoded from halves: its length is off one by its rounding,
	// and scaling it again would move a component of a vector of few
	// components to the next half, so that the same text would have
	// another vector than a fresh embedding or a rebuild stores.
	if math.Abs(s-1) <= storedSlack && halves(v) {
		return encodeHalf(v)
	}
	inv := 1 / math.Sqrt(s)
	for i, f := range v {
		binary.LittleEndian.PutUint16(out[2*i:], toHalf(float32(float64(f)*inv)))
	}
	return out
}

// storedSlack bounds how far from one the squared length of a unit
// vector rounded to halves may be: each component moves by at most a
// half's relative rounding error, 2^-11, so the square by about twice
// that; the slack is twice the bound.
const storedSlack = 1.0 / 512

// halves reports whether every component of v is a half-precision float,
// as a vector decoded from a stored one is.
func halves(v []float32) bool {
	for _, f := range v {
		if fromHalf(toHalf(f)) != f {
			return false
		}
	}
	return true
}

// finiteHalves reports whether every half-precision float in b is
// finite, as [encodeUnitHalf] stores them.
func finiteHalves(b []byte) bool {
	for i := 0; i+1 < len(b); i += 2 {
		if binary.LittleEndian.Uint16(b[i:])&0x7c00 == 0x7c00 {
			return false
		}
	}
	return true
}

// decodeHalf returns the float32 values of the half-precision blob b.
func decodeHalf(b []byte) ([]float32, error) {
	if len(b)%2 != 0 {
		return nil, fmt.Errorf("vector blob of %d bytes is not half-precision floats: %w", len(b), ErrCorrupt)
	}
	out := make([]float32, len(b)/2)
	for i := range out {
		out[i] = fromHalf(binary.LittleEndian.Uint16(b[2*i:]))
	}
	return out, nil
}

// halfCosine returns the cosine of the unit vector qn with the vector
// that the half-precision blob b holds (len(qn) values), summed in
// float64: near-duplicate vectors have cosines that differ in the last
// bits of a float32, and the top k must rank them as an exact scan does.
func halfCosine(qn []float32, b []byte) float64 {
	b = b[:2*len(qn)]
	var d, n float64
	for i, q := range qn {
		f := float64(fromHalf(binary.LittleEndian.Uint16(b[2*i:])))
		d += float64(q) * f
		n += f * f
	}
	if n == 0 {
		return 0
	}
	return d / math.Sqrt(n)
}

// toHalf rounds f to the nearest half-precision float, ties to even;
// values beyond the half range become infinities, NaN stays NaN.
func toHalf(f float32) uint16 {
	bits := math.Float32bits(f)
	sign := uint16(bits>>16) & 0x8000
	exp := int(bits>>23) & 0xff
	mant := bits & 0x7fffff
	switch {
	case exp == 0xff: // Inf or NaN
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp-127 > 15: // overflow
		return sign | 0x7c00
	case exp-127 >= -14: // normal half
		h := uint32(exp-127+15)<<10 | mant>>13
		// Round to nearest, ties to even, on the 13 dropped bits; a
		// carry into the exponent is the right result (up to Inf).
		rest := mant & 0x1fff
		if rest > 0x1000 || (rest == 0x1000 && h&1 == 1) {
			h++
		}
		return sign | uint16(h)
	case exp-127 >= -25: // subnormal half
		m := mant | 0x800000 // the implicit bit
		shift := uint(-14-(exp-127)) + 13
		h := m >> shift
		rest := m & (1<<shift - 1)
		half := uint32(1) << (shift - 1)
		if rest > half || (rest == half && h&1 == 1) {
			h++
		}
		return sign | uint16(h)
	}
	return sign // underflow to zero
}

// fromHalf returns the float32 value of the half h (exact).
func fromHalf(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case exp != 0:
		return math.Float32frombits(sign | (exp-15+127)<<23 | mant<<13)
	case mant == 0:
		return math.Float32frombits(sign)
	}
	// Subnormal: normalise.
	e := uint32(127 - 15 + 1)
	for mant&0x400 == 0 {
		mant <<= 1
		e--
	}
	return math.Float32frombits(sign | e<<23 | (mant&0x3ff)<<13)
}

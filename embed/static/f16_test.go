package static

import (
	"math"
	"testing"
)

// TestHalfRoundTrip checks every half-precision number converts to
// float32 and back unchanged, and that rounding to half is to nearest.
func TestHalfRoundTrip(t *testing.T) {
	for h := 0; h < 1<<16; h++ {
		f := f16to32(uint16(h))
		if math.IsNaN(float64(f)) {
			continue
		}
		if got := f32to16(f); got != uint16(h) {
			t.Fatalf("f32to16(f16to32(%#04x) = %g) = %#04x", h, f, got)
		}
	}
	for _, c := range []struct {
		f    float32
		want uint16
	}{
		{1, 0x3c00}, {-2, 0xc000}, {65504, 0x7bff}, {1e6, 0x7c00}, {1e-9, 0}, {0.1, 0x2e66}, {6e-8, 0x0001},
	} {
		if got := f32to16(c.f); got != c.want {
			t.Errorf("f32to16(%g) = %#04x, want %#04x", c.f, got, c.want)
		}
	}
}

package index

import (
	"math/rand/v2"
	"testing"
)

// TestBlockDotsMatchGo checks the C scan kernel against the Go dot
// product, code by code, at several sizes and at the extremes of both
// ranges (where an overflow or a sign error would show), and that it
// writes no more results than there are codes.
func TestBlockDotsMatchGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, dims := range []int{1, 3, 255, 256, 257, 384, 1536, 3072} {
		for _, extreme := range []bool{false, true} {
			q := make([]int16, dims)
			for i := range q {
				q[i] = int16(rng.IntN(65535) - 32767)
				if extreme {
					q[i] = -32767
				}
			}
			n := 37
			codes := make([]byte, n*dims)
			for i := range codes {
				codes[i] = byte(rng.IntN(256))
				if extreme {
					codes[i] = byte(0x80) // -128
				}
			}
			var blob []byte
			for i := range n {
				blob = appendEntry(blob, int64(i), 1, codes[i*dims:(i+1)*dims])
			}
			read, err := decodeBlock(0, blob, dims)
			if err != nil {
				t.Fatal(err)
			}
			out := make([]int64, n+1)
			out[n] = -1
			blockDots(q, read, out)
			for i := range n {
				if want := dotCode(q, codes[i*dims:(i+1)*dims]); out[i] != want {
					t.Fatalf("dims %d extreme %v: code %d: C %d, Go %d", dims, extreme, i, out[i], want)
				}
			}
			if out[n] != -1 {
				t.Errorf("dims %d: blockDots wrote past the %d codes", dims, n)
			}
			if extreme {
				if want := int64(dims) * 32767 * 128; out[0] != want {
					t.Errorf("dims %d: extreme dot %d, want %d", dims, out[0], want)
				}
			}
		}
	}
}

package index

/*
#cgo CFLAGS: -O3
#include <stdint.h>

// mw_dots sets out[i] to the dot product of the int16 query q with the
// i-th of n int8 codes of dims bytes each, stride bytes apart.
// Products are below 2^22 in magnitude, so an int32 sum of 256 of them
// cannot overflow; the sums are widened every 256 dimensions. Written
// so that the compiler vectorizes the inner loop.
static void mw_dots(const int16_t *q, const int8_t *codes, int n, int dims, int stride, int64_t *out) {
	for (int i = 0; i < n; i++) {
		const int8_t *c = codes + (long)i * stride;
		int64_t total = 0;
		for (int lo = 0; lo < dims; lo += 256) {
			int hi = lo + 256 < dims ? lo + 256 : dims;
			int32_t s = 0;
			for (int j = lo; j < hi; j++) {
				s += (int32_t)q[j] * (int32_t)c[j];
			}
			total += s;
		}
		out[i] = total;
	}
}
*/
import "C"

import "unsafe"

// blockDots sets out[i] to the integer dot product of the quantized
// query q with the i-th code of b (see [dotCode], which it matches
// exactly), for the codes of b that out has room for. One call covers a
// whole block, so the cgo call costs little next to the block's work;
// the loop runs in C because Go does not vectorize it, and it is the
// scan every vector search makes over every code.
func blockDots(q []int16, b *codeBlock, out []int64) {
	dims := len(q)
	n := min(len(b.ids), len(out))
	if dims == 0 || n == 0 {
		return
	}
	stride := entryHeader + dims
	if len(b.blob) < n*stride {
		panic("index: code block shorter than its entries")
	}
	C.mw_dots((*C.int16_t)(unsafe.Pointer(&q[0])), (*C.int8_t)(unsafe.Pointer(&b.blob[entryHeader])),
		C.int(n), C.int(dims), C.int(stride), (*C.int64_t)(unsafe.Pointer(&out[0])))
}

// dotCode is the integer dot product of a quantized query and one code,
// in Go: what [blockDots] computes for a whole block.
func dotCode(q []int16, c []byte) int64 {
	c = c[:len(q)]
	var total int64
	for lo := 0; lo < len(q); lo += 256 {
		qs, cs := q[lo:min(lo+256, len(q))], c[lo:min(lo+256, len(q))]
		cs = cs[:len(qs)]
		var s int32
		for i, v := range qs {
			s += int32(v) * int32(int8(cs[i]))
		}
		total += int64(s)
	}
	return total
}

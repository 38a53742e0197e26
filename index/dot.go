package index

/*
#cgo CFLAGS: -O3
#include "dot.h"
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

// Dots sets out[i] to the dot product of p with vs[i], for the vectors
// of vs that out has room for, each of len(p) values, summed in float32
// as search's background measure sums them in Go, to the bit on amd64:
// [search.NewIndexBackground] takes it to run its thousands of products
// in vectorized C. A run of vectors stored one after the other (as
// [DB.SampleVectors] returns them) is one call into C.
func Dots(p []float32, vs [][]float32, out []float64) {
	dims := len(p)
	n := min(len(vs), len(out))
	for _, v := range vs[:n] {
		if len(v) != dims {
			panic("index: Dots of vectors of another length")
		}
	}
	if dims == 0 {
		clear(out[:n])
		return
	}
	for i := 0; i < n; {
		j := i + 1 // vs[i:j] are adjacent in memory
		for j < n && uintptr(unsafe.Pointer(&vs[j][0])) == uintptr(unsafe.Pointer(&vs[j-1][0]))+4*uintptr(dims) {
			j++
		}
		C.mw_fdots((*C.float)(unsafe.Pointer(&p[0])), (*C.float)(unsafe.Pointer(&vs[i][0])),
			C.int(j-i), C.int(dims), (*C.double)(unsafe.Pointer(&out[i])))
		i = j
	}
}

// registerCodeDots gives every SQLite connection the process opens from
// now on the SQL function mw_code_dots (see readBlocks and dot.c).
func registerCodeDots() { C.mw_register_code_dots() }

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

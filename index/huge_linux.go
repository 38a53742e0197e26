//go:build linux

package index

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugePage is the size of a transparent huge page on amd64 and arm64.
const hugePage = 2 << 20

// hugeBuffer returns a new buffer of n bytes whose 2 MiB-aligned
// interior is advised to use transparent huge pages (madvise(2)
// MADV_HUGEPAGE), so that filling it costs one page fault every 2 MiB
// instead of every 4 KiB: on a virtual machine each fault costs tens of
// microseconds. A buffer of 2 MiB or more is over-allocated by 2 MiB to
// align it. The advice is only a hint: where huge pages are off or
// scarce, the buffer is ordinary memory. Memory the Go heap had already
// touched is unaffected, and costs no fault either.
func hugeBuffer(n int) []byte {
	if n < hugePage {
		return make([]byte, n)
	}
	buf := make([]byte, n+hugePage)
	start := (uintptr(unsafe.Pointer(&buf[0])) + hugePage - 1) &^ (hugePage - 1)
	off := int(start - uintptr(unsafe.Pointer(&buf[0])))
	buf = buf[off : off+n : off+n]
	if whole := n &^ (hugePage - 1); whole > 0 {
		_ = unix.Madvise(buf[:whole], unix.MADV_HUGEPAGE)
	}
	return buf
}

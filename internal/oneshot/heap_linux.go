package oneshot

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// Sizes of the heap memory hugeHeap advises: a transparent huge page, and
// the step in which Go's runtime maps heap memory (its palloc chunk).
const (
	hugePageBytes  = 2 << 20
	heapChunkBytes = 4 << 20
	// heapBlockBytes is just over a chunk, so that allocating it maps
	// one chunk more than it fills.
	heapBlockBytes = heapChunkBytes + 8<<10
)

// hugeHeap has the heap memory a one-shot read touches first come in
// transparent huge pages, where the machine's setting allows them on
// request (THP "madvise", common): a fresh process first touches each 4
// KiB page of its heap with a page fault, which on a virtual machine with
// shadow page tables costs as much as zeroing a whole 2 MiB huge page
// (figures: docs/performance.md, "Stop 59, cad2").
//
// The runtime maps heap memory in chunks as it grows, and a mapping made
// after an madvise is not covered by it. So hugeHeap allocates a block
// just over a chunk, which makes the runtime map the chunk past it, and
// advises the block and the mapped memory past it; the block is never
// written (fresh memory needs no zeroing) and becomes garbage at once.
// The runtime takes new spans from the lowest free address, which after
// the block is past it. If the runtime's layout differs, the advice covers
// memory the read does not use, or nothing: it never fails the read.
func hugeHeap() { adviseHuge() }

// adviseHuge does hugeHeap's work and returns the range it advised,
// [lo, hi), empty when it advised nothing.
func adviseHuge() (lo, hi uintptr) {
	block := make([]byte, heapBlockBytes)
	lo, hi = hugeRange(uintptr(unsafe.Pointer(unsafe.SliceData(block))))
	if lo >= hi {
		return 0, 0
	}
	// An unmapped page in the range (a layout other than the expected
	// one) makes madvise fail with ENOMEM after advising the rest.
	unix.Syscall(unix.SYS_MADVISE, lo, hi-lo, unix.MADV_HUGEPAGE)
	return lo, hi
}

// hugeRange returns the range [lo, hi) adviseHuge advises for a block
// of heapBlockBytes allocated at start: from the first huge page
// boundary at or past start to the end of the heap's growth. The heap
// grew by whole chunks from the first chunk boundary at or past start
// (the block may begin in free memory at the end of the mapping before),
// by as many as the block needs.
func hugeRange(start uintptr) (lo, hi uintptr) {
	return alignUp(start, hugePageBytes), alignUp(start, heapChunkBytes) + alignUp(heapBlockBytes, heapChunkBytes)
}

// alignUp rounds p up to a multiple of align, a power of two.
func alignUp(p, align uintptr) uintptr { return (p + align - 1) &^ (align - 1) }

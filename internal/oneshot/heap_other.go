//go:build !linux

package oneshot

// hugeHeap does nothing: transparent huge pages on request are Linux's.
func hugeHeap() {}

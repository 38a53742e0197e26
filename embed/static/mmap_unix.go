//go:build unix

package static

import (
	"fmt"
	"math"
	"syscall"

	"github.com/memweave/memweave-go/workspace"
)

// mapFile maps the file at path read-only into memory, so that only the
// pages a search touches (a few rows of a large table) become resident.
// The returned function unmaps it; the bytes must not be used after.
func mapFile(path string) ([]byte, func(), error) {
	// Opened without blocking and refused unless regular: a FIFO in its
	// place would hold open(2), a device has no size to map.
	f, _, err := workspace.OpenRegular(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if fi.Size() == 0 {
		return nil, func() {}, nil
	}
	if fi.Size() > math.MaxInt32*4 || !fi.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("not a regular file of a mappable size (%d bytes)", fi.Size())
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("mmap: %w", err)
	}
	return b, func() { syscall.Munmap(b) }, nil
}

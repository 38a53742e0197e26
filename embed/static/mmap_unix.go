//go:build unix

package static

import (
	"fmt"
	"math"
	"syscall"
	"time"

	"github.com/memweave/memweave-go/workspace"
)

// mapFile maps the file at path read-only into memory, so that only the
// pages a search touches (a few rows of a large table) become resident.
// The file stays open until the mapping is closed.
func mapFile(path string) (*mapping, error) {
	// Opened without blocking and refused unless regular: a FIFO in its
	// place would hold open(2), a device has no size to map.
	f, _, err := workspace.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	m := &mapping{path: path, f: f, size: fi.Size(), mod: fi.ModTime(), unmap: func() {}}
	if fi.Size() == 0 {
		return m, nil
	}
	if fi.Size() > math.MaxInt32*4 || !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("not a regular file of a mappable size (%d bytes)", fi.Size())
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("mmap: %w", err)
	}
	m.b, m.unmap = b, func() { syscall.Munmap(b) }
	if err := m.noteRacy(time.Now()); err != nil {
		m.close()
		return nil, err
	}
	return m, nil
}

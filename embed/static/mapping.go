package static

import (
	"crypto/sha256"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// mapping is a model file in memory: mapped (on Unix) or read. A mapped
// file is kept open, so that a change made to it in place since (a copy
// over it, a truncation) shows in its size or modification time: its
// rows would then read other values, or past its end, where reading
// kills the process with SIGBUS.
type mapping struct {
	path  string
	b     []byte
	f     *os.File // nil when the file was read, not mapped
	size  int64
	mod   time.Time
	unmap func()

	// racy is set while a change in place could keep the size and
	// modification time (see [racyWindow]); sum is then the SHA-256 of
	// the content mapped, compared under mu.
	racy atomic.Bool
	mu   sync.Mutex
	sum  [sha256.Size]byte
}

// racyWindow is how long after its last change a file's modification
// time may not show another change at the same size: its resolution is
// a second or two on some file systems (FAT keeps 2 s, HFS+ and ext3 1 s,
// NFS what the server keeps) and a clock tick elsewhere. A file mapped
// within it has its content compared, rather than its time, until it
// has passed (as git re-reads a "racily clean" file). A variable for
// tests.
var racyWindow = 3 * time.Second

// noteRacy records, for a file mapped at now, whether its modification
// time lies within racyWindow of now, and if so the SHA-256 of its
// content. It fails when reading the content faults (the file
// truncated meanwhile).
func (m *mapping) noteRacy(now time.Time) error {
	if d := now.Sub(m.mod); d >= racyWindow || d <= -racyWindow {
		return nil
	}
	sum, err := m.contentSum()
	if err != nil {
		return err
	}
	m.sum = sum
	m.racy.Store(true)
	return nil
}

// sameContent fails, wrapping [ErrChanged], when the file was mapped
// within racyWindow of its last change and its content now differs from
// what was mapped. Once the window has passed and the content is still
// the same, a later change shows in the modification time, and the
// content is no longer read.
func (m *mapping) sameContent() error {
	if !m.racy.Load() {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.racy.Load() {
		return nil
	}
	sum, err := m.contentSum()
	if err == nil && sum != m.sum {
		err = fmt.Errorf("%w: its content changed at the same size and modification time (%s): load it again (restart the program)",
			ErrChanged, m.mod.Format(time.RFC3339Nano))
	}
	if err != nil {
		return &FileError{m.path, err}
	}
	if d := time.Since(m.mod); d >= racyWindow || d <= -racyWindow {
		m.racy.Store(false)
	}
	return nil
}

// contentSum returns the SHA-256 of the mapped bytes, or an error
// wrapping [ErrChanged] when reading them faulted.
func (m *mapping) contentSum() (sum [sha256.Size]byte, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if _, fault := r.(interface{ Addr() uintptr }); !fault {
				panic(r)
			}
			err = fmt.Errorf("%w: reading it faulted (%v)", ErrChanged, r.(runtime.Error))
		}
	}()
	return sha256.Sum256(m.b), nil
}

// close unmaps the file and closes it.
func (m *mapping) close() {
	m.unmap()
	if m.f != nil {
		m.f.Close()
	}
}

// unchanged fails, wrapping [ErrChanged] and naming the file, when the
// mapped file's size or modification time is no longer what it was
// when mapped. A nil mapping, or one read, is never changed.
func (m *mapping) unchanged() error {
	if m == nil || m.f == nil {
		return nil
	}
	fi, err := m.f.Stat()
	if err != nil {
		return &FileError{m.path, err}
	}
	if fi.Size() == m.size && fi.ModTime().Equal(m.mod) {
		return m.sameContent()
	}
	return &FileError{m.path, fmt.Errorf("%w (%d bytes modified %s, now %d bytes modified %s): load it again (restart the program)",
		ErrChanged, m.size, m.mod.Format(time.RFC3339Nano), fi.Size(), fi.ModTime().Format(time.RFC3339Nano))}
}

// read runs fn, which reads the mapped file, and returns the error of a
// fault it met (the file truncated meanwhile) rather than let the
// process die of it; a fault is a panic only on the goroutine that asks.
func (m *mapping) read(fn func()) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if _, fault := r.(interface{ Addr() uintptr }); !fault {
			panic(r)
		}
		if err = m.unchanged(); err == nil {
			err = &FileError{m.path, fmt.Errorf("%w: reading it faulted (%v)", ErrChanged, r.(runtime.Error))}
		}
	}()
	fn()
	return nil
}

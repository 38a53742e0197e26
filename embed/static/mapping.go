package static

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
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
		return nil
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

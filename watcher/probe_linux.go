package watcher

import (
	"errors"
	"path/filepath"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// probeMask is the mask of fsnotify's default watch (Create, Write,
// Remove, Rename and Chmod): the probe queues the events the watcher's
// own inotify instance queues, and no others.
const probeMask = unix.IN_CREATE | unix.IN_MODIFY | unix.IN_DELETE | unix.IN_DELETE_SELF |
	unix.IN_MOVED_TO | unix.IN_MOVED_FROM | unix.IN_MOVE_SELF | unix.IN_ATTRIB

// probeOther are the bits of an event that no plain file's change has:
// a folder's event, the watched folder's own, a dropped watch, a lost
// queue.
const probeOther = unix.IN_ISDIR | unix.IN_DELETE_SELF | unix.IN_MOVE_SELF | unix.IN_IGNORED |
	unix.IN_Q_OVERFLOW | unix.IN_UNMOUNT

const (
	// probeReads bounds the reads of one drain: a queue still not empty
	// past them (another program writing without pause) is not plain.
	probeReads = 16
	// probePaths bounds the paths one drain collects; more are not plain.
	probePaths = 256
)

// linuxProbe is the Linux probe: an inotify instance of its own, never
// read but by drain.
type linuxProbe struct {
	classify func(name string, created bool) (string, bool)

	mu     sync.Mutex
	fd     int // -1 once closed
	broken bool
	wds    map[int32]string
	paths  map[string]int32
	buf    []byte
}

func newProbe(classify func(name string, created bool) (string, bool)) (probe, error) {
	fd, err := unix.InotifyInit1(unix.IN_CLOEXEC | unix.IN_NONBLOCK)
	if err != nil {
		return nil, err
	}
	return &linuxProbe{classify: classify, fd: fd, wds: make(map[int32]string), paths: make(map[string]int32),
		buf: make([]byte, 16<<10)}, nil
}

func (p *linuxProbe) add(dir string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.fd < 0 {
		return errProbeClosed
	}
	wd, err := unix.InotifyAddWatch(p.fd, dir, probeMask)
	if err != nil {
		return err
	}
	w := int32(wd)
	if other, ok := p.wds[w]; ok && other != dir {
		// One folder under two paths: an event could name either.
		p.broken = true
	}
	if old, ok := p.paths[dir]; ok && old != w {
		delete(p.wds, old)
	}
	p.wds[w], p.paths[dir] = dir, w
	return nil
}

func (p *linuxProbe) remove(dir string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	w, ok := p.paths[dir]
	if !ok || p.fd < 0 {
		return
	}
	delete(p.paths, dir)
	delete(p.wds, w)
	// The kernel queues IN_IGNORED: the next drain is not plain.
	unix.InotifyRmWatch(p.fd, uint32(w))
}

func (p *linuxProbe) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.fd >= 0 {
		unix.Close(p.fd)
		p.fd = -1
	}
}

func (p *linuxProbe) breakDown() {
	p.mu.Lock()
	p.broken = true
	p.mu.Unlock()
}

func (p *linuxProbe) drain() ([]string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.fd < 0 {
		return nil, false
	}
	plain := !p.broken
	var paths []string
	for range probeReads {
		n, err := unix.Read(p.fd, p.buf)
		switch {
		case errors.Is(err, unix.EAGAIN):
			return paths, plain
		case errors.Is(err, unix.EINTR):
			continue
		case err != nil || n < unix.SizeofInotifyEvent:
			p.broken = true
			return nil, false
		}
		for off := 0; off+unix.SizeofInotifyEvent <= n; {
			ev := (*unix.InotifyEvent)(unsafe.Pointer(&p.buf[off]))
			name := p.buf[off+unix.SizeofInotifyEvent : min(off+unix.SizeofInotifyEvent+int(ev.Len), n)]
			off += unix.SizeofInotifyEvent + int(ev.Len)
			if !plain {
				continue
			}
			path, ok := p.event(ev, name)
			switch {
			case !ok || len(paths) >= probePaths:
				plain = false
			case path != "":
				paths = append(paths, path)
			}
		}
	}
	return nil, false
}

// event classifies one raw event: the path it names for the watcher to
// record ("" for none), and whether it is plain.
func (p *linuxProbe) event(ev *unix.InotifyEvent, raw []byte) (string, bool) {
	dir, ok := p.wds[ev.Wd]
	if !ok || ev.Mask&probeOther != 0 {
		return "", false
	}
	for len(raw) > 0 && raw[len(raw)-1] == 0 {
		raw = raw[:len(raw)-1]
	}
	if len(raw) == 0 {
		return "", false // the watched folder's own event
	}
	name := filepath.Join(dir, string(raw))
	if ev.Mask&(unix.IN_DELETE|unix.IN_MOVED_FROM) != 0 {
		if _, watched := p.paths[name]; watched {
			// A link to a folder, watched under its own name, went.
			return "", false
		}
	}
	return p.classify(name, ev.Mask&(unix.IN_CREATE|unix.IN_MOVED_TO) != 0)
}

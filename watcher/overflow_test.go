package watcher_test

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/fsnotify/fsnotify"

	"github.com/memweave/memweave-go/watcher"
)

// pausable is an OSWatcher whose events the test can hold back: while
// paused, fsnotify's reader blocks, inotify stops being read, and the
// kernel's queue fills up and overflows as it does behind a busy
// watcher. Nothing else is faked: the kernel drops the events past the
// queue's length and fsnotify reports the overflow.
type pausable struct {
	mu     sync.Mutex
	paused bool
	resume chan struct{}
	done   chan struct{}
}

func newPausable(tb testing.TB) *pausable {
	p := &pausable{resume: make(chan struct{}), done: make(chan struct{})}
	tb.Cleanup(func() { close(p.done) })
	return p
}

// new is the OSWatcher: a real fsnotify watcher whose Events the
// watcher reads through a forwarder the test pauses.
func (p *pausable) new() (*fsnotify.Watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	from, to := fw.Events, make(chan fsnotify.Event)
	fw.Events = to
	go func() {
		for ev := range from {
			p.mu.Lock()
			paused, resume := p.paused, p.resume
			p.mu.Unlock()
			if paused {
				select {
				case <-resume:
				case <-p.done:
					return
				}
			}
			select {
			case to <- ev:
			case <-p.done:
				return
			}
		}
	}()
	return fw, nil
}

func (p *pausable) pause() {
	p.mu.Lock()
	p.paused = true
	p.mu.Unlock()
}

func (p *pausable) unpause() {
	p.mu.Lock()
	p.paused = false
	close(p.resume)
	p.resume = make(chan struct{})
	p.mu.Unlock()
}

// TestOverflowWatchesFoldersAgain: folders created, and folders removed
// then created again, while the kernel's queue overflowed are watched
// once the overflow is seen, so that an edit inside them afterwards
// reaches the next Sync. Without that, the overflow's full scan finds
// their files once, and every later edit in them is missed for as long
// as the watcher runs: a long-lived server searches stale text.
func TestOverflowWatchesFoldersAgain(t *testing.T) {
	b, err := os.ReadFile("/proc/sys/fs/inotify/max_queued_events")
	if err != nil {
		t.Skipf("no inotify queue length to overflow: %v", err)
	}
	queue, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || queue > 1<<20 {
		t.Skipf("inotify queue of %q events: too long to overflow in a test", b)
	}
	h := newHarness(t, map[string]string{"memory/old/o.md": "# O\n", "memory/a.md": "# A\n", "memory/b.md": "# B\n"})
	p := newPausable(t)
	opts := h.options()
	opts.OnDemand = true
	opts.OnChange = nil
	opts.OSWatcher = p.new
	w := h.start(t, context.Background(), opts)
	h.sync(t, w)

	p.pause()
	// Alternate between two files so that the kernel merges no event
	// into the one before it, until the queue overflows.
	fa, err := os.OpenFile(h.abs("memory/a.md"), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	fb, err := os.OpenFile(h.abs("memory/b.md"), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	for range queue + 100 {
		fa.WriteString("a")
		fb.WriteString("b")
	}
	fa.Close()
	fb.Close()
	// These events are lost.
	if err := os.RemoveAll(h.abs("memory/old")); err != nil {
		t.Fatal(err)
	}
	h.write(t, "memory/late/l.md", "# L\n")
	p.unpause()

	if ch := h.sync(t, w); !ch.All {
		t.Fatalf("Changes after the overflow = All %v, %d paths; want All", ch.All, len(ch.Paths))
	}
	if st := w.State(); st != watcher.Active {
		t.Fatalf("State() after the overflow = %q, want active", st)
	}
	h.write(t, "memory/old/o2.md", "# O2\n") // old/ created again
	h.sync(t, w)

	for _, rel := range []string{"memory/late/l.md", "memory/old/o2.md"} {
		h.write(t, rel, "# Edited after the overflow\n")
		if ch := h.sync(t, w); !ch.All && !slices.Contains(ch.Paths, h.abs(rel)) {
			t.Errorf("Changes after editing %s = %+v, want the file (its folder is not watched)", rel, ch)
		}
	}
}

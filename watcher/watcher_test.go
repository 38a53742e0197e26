package watcher_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/memweave/memweave-go/watcher"
	"github.com/memweave/memweave-go/workspace"
)

// waitTimeout bounds every wait: generous, for a loaded machine.
const waitTimeout = 10 * time.Second

// statSyncer is a small real Syncer: it lists the Markdown files under
// memory/ and the extra paths by stat and reports the ones that are new,
// changed or gone since its last successful Sync. It is the test's
// instrument, not the thing under test.
type statSyncer struct {
	root  string
	paths []string // workspace-relative folders or files to scan
	// fail, when set, returns the error for the n-th call (from 1).
	fail func(n int) error
	// hold, while true, makes Sync announce itself on entered and wait
	// for release before scanning.
	hold     atomic.Bool
	entered  chan int
	release  chan struct{}
	calls    atomic.Int64
	stampsMu sync.Mutex
	stamps   map[string]string // rel -> size and modification time
	// changes are the Changes of every call, in order.
	changes []watcher.Changes
}

func newStatSyncer(root string, extra ...string) *statSyncer {
	return &statSyncer{root: root, paths: append([]string{workspace.MemoryDir}, extra...),
		entered: make(chan int, 16), release: make(chan struct{}), stamps: map[string]string{}}
}

func (s *statSyncer) Sync(ctx context.Context, ch watcher.Changes) ([]watcher.Event, error) {
	n := int(s.calls.Add(1))
	s.stampsMu.Lock()
	s.changes = append(s.changes, ch)
	s.stampsMu.Unlock()
	if s.hold.Load() {
		s.entered <- n
		select {
		case <-s.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if s.fail != nil {
		if err := s.fail(n); err != nil {
			return nil, err
		}
	}
	now := s.scan()
	s.stampsMu.Lock()
	defer s.stampsMu.Unlock()
	var evs []watcher.Event
	for rel, st := range now {
		if s.stamps[rel] != st {
			evs = append(evs, watcher.Event{Path: rel})
		}
	}
	for rel := range s.stamps {
		if _, ok := now[rel]; !ok {
			evs = append(evs, watcher.Event{Path: rel, Removed: true})
		}
	}
	s.stamps = now
	return evs, nil
}

// last returns the Changes of the last call.
func (s *statSyncer) last() watcher.Changes {
	s.stampsMu.Lock()
	defer s.stampsMu.Unlock()
	if len(s.changes) == 0 {
		return watcher.Changes{}
	}
	return s.changes[len(s.changes)-1]
}

// waitEntered waits for a held Sync to start.
func (s *statSyncer) waitEntered(tb testing.TB) {
	tb.Helper()
	select {
	case <-s.entered:
	case <-time.After(waitTimeout):
		tb.Fatalf("no Sync within %v", waitTimeout)
	}
}

// scan stats the Markdown files below s.paths.
func (s *statSyncer) scan() map[string]string {
	out := map[string]string{}
	for _, p := range s.paths {
		filepath.WalkDir(filepath.Join(s.root, p), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() && workspace.IsIgnoredName(d.Name()) {
				return filepath.SkipDir
			}
			if d.IsDir() || workspace.IsIgnoredName(d.Name()) || !workspace.IsMarkdown(path) {
				return nil
			}
			if fi, err := d.Info(); err == nil {
				rel, _ := filepath.Rel(s.root, path)
				out[filepath.ToSlash(rel)] = fmt.Sprint(fi.Size(), fi.ModTime().UnixNano())
			}
			return nil
		})
	}
	return out
}

// stateChange is one OnState call.
type stateChange struct {
	state watcher.State
	err   error
}

// harness runs a watcher on a temporary workspace and records what it
// reports.
type harness struct {
	root       string
	s          *statSyncer
	events     chan watcher.Event
	states     chan stateChange
	heartbeats atomic.Int64
	// seen holds events received but not yet waited for.
	seen []watcher.Event
}

func newHarness(tb testing.TB, files map[string]string, extra ...string) *harness {
	tb.Helper()
	root := tb.TempDir()
	for _, d := range []string{workspace.MemoryDir, workspace.IndexDir} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			tb.Fatal(err)
		}
	}
	h := &harness{root: root, s: newStatSyncer(root, extra...),
		events: make(chan watcher.Event, 4096), states: make(chan stateChange, 256)}
	for rel, text := range files {
		h.write(tb, rel, text)
	}
	return h
}

// options returns short timings and the recording callbacks.
func (h *harness) options() watcher.Options {
	return watcher.Options{
		Root:         h.root,
		Debounce:     30 * time.Millisecond,
		PollInterval: 50 * time.Millisecond,
		OnChange:     func(ev watcher.Event) { h.events <- ev },
		OnState:      func(s watcher.State, err error) { h.states <- stateChange{s, err} },
		Heartbeat:    func(watcher.State) { h.heartbeats.Add(1) },
	}
}

// start starts a watcher that the test's cleanup stops.
func (h *harness) start(tb testing.TB, ctx context.Context, opts watcher.Options) *watcher.Watcher {
	tb.Helper()
	w, err := watcher.Start(ctx, h.s, opts)
	if err != nil {
		tb.Fatalf("Start: %v", err)
	}
	tb.Cleanup(func() { w.Stop() })
	return w
}

// abs returns the absolute path of rel.
func (h *harness) abs(rel string) string { return filepath.Join(h.root, filepath.FromSlash(rel)) }

// sync runs w.Sync and returns the Changes it handed to the Syncer, the
// zero Changes when it did not call it.
func (h *harness) sync(tb testing.TB, w *watcher.Watcher) watcher.Changes {
	tb.Helper()
	before := h.s.calls.Load()
	if _, err := w.Sync(context.Background(), 0); err != nil {
		tb.Fatalf("Sync: %v", err)
	}
	if h.s.calls.Load() == before {
		return watcher.Changes{}
	}
	return h.s.last()
}

func (h *harness) write(tb testing.TB, rel, text string) {
	tb.Helper()
	p := filepath.Join(h.root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		tb.Fatal(err)
	}
}

// waitEvent waits for an event about rel.
func (h *harness) waitEvent(tb testing.TB, rel string, removed bool) {
	tb.Helper()
	timeout := time.After(waitTimeout)
	for {
		for i, ev := range h.seen {
			if ev.Path == rel && ev.Removed == removed {
				h.seen = slices.Delete(h.seen, i, i+1)
				return
			}
		}
		select {
		case ev := <-h.events:
			h.seen = append(h.seen, ev)
		case <-timeout:
			tb.Fatalf("no event for %s (removed=%v) within %v", rel, removed, waitTimeout)
		}
	}
}

// waitState waits for the watcher to report state and returns its error.
func (h *harness) waitState(tb testing.TB, state watcher.State) error {
	tb.Helper()
	timeout := time.After(waitTimeout)
	for {
		select {
		case c := <-h.states:
			if c.state == state {
				return c.err
			}
		case <-timeout:
			tb.Fatalf("watcher never reported state %q", state)
		}
	}
}

// noStateSeen fails if the watcher reported state since the last wait.
func (h *harness) noStateSeen(tb testing.TB, state watcher.State) {
	tb.Helper()
	for {
		select {
		case c := <-h.states:
			if c.state == state {
				tb.Errorf("watcher reported state %q (%v)", state, c.err)
			}
		default:
			return
		}
	}
}

// waitUntil polls cond until it holds, failing after waitTimeout.
func waitUntil(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	for deadline := time.Now().Add(waitTimeout); !cond(); time.Sleep(2 * time.Millisecond) {
		if time.Now().After(deadline) {
			tb.Fatalf("%s: not within %v", what, waitTimeout)
		}
	}
}

func TestBurstSyncsOnce(t *testing.T) {
	h := newHarness(t, map[string]string{"memory/a.md": "# A\n"})
	opts := h.options()
	opts.Debounce = 50 * time.Millisecond
	h.start(t, context.Background(), opts)
	h.waitEvent(t, "memory/a.md", false) // the catch-up Sync
	before := h.s.calls.Load()

	start := time.Now()
	for i := range 20 {
		h.write(t, "memory/a.md", fmt.Sprintf("# A\n\nwrite %d\n", i))
	}
	burst := time.Since(start)
	h.waitEvent(t, "memory/a.md", false)
	if got := h.s.calls.Load() - before; got != 1 {
		if burst > opts.Debounce {
			t.Skipf("the machine is too loaded: 20 writes took %v, more than the debounce", burst)
		}
		t.Errorf("Syncs after a burst of 20 writes = %d, want 1", got)
	}
}

func TestNewFolderWatched(t *testing.T) {
	h := newHarness(t, nil)
	w := h.start(t, context.Background(), h.options())
	waitUntil(t, "the catch-up Sync", func() bool { return h.s.calls.Load() > 0 })
	// The file lands before the folder's watch is added; the Sync after
	// adding it finds the file.
	h.write(t, "memory/agent/deep/x.md", "# X\n")
	h.waitEvent(t, "memory/agent/deep/x.md", false)
	// Now the new folder is watched.
	h.write(t, "memory/agent/deep/y.md", "# Y\n")
	h.waitEvent(t, "memory/agent/deep/y.md", false)
	h.noStateSeen(t, watcher.Polling)
	if st := w.State(); st != watcher.Active {
		t.Errorf("State() = %q, want active", st)
	}
}

func TestMemoryRecreated(t *testing.T) {
	h := newHarness(t, map[string]string{"memory/a.md": "# A\n", "memory/sub/b.md": "# B\n"})
	w := h.start(t, context.Background(), h.options())
	h.waitEvent(t, "memory/a.md", false)
	h.waitEvent(t, "memory/sub/b.md", false)
	if err := os.RemoveAll(filepath.Join(h.root, workspace.MemoryDir)); err != nil {
		t.Fatal(err)
	}
	h.waitEvent(t, "memory/a.md", true)
	h.waitEvent(t, "memory/sub/b.md", true)
	h.write(t, "memory/again.md", "# Again\n")
	h.waitEvent(t, "memory/again.md", false)
	h.write(t, "memory/sub/later.md", "# Later\n")
	h.waitEvent(t, "memory/sub/later.md", false)
	h.noStateSeen(t, watcher.Polling)
	if st := w.State(); st != watcher.Active {
		t.Errorf("State() = %q, want active", st)
	}
}

func TestExtraPaths(t *testing.T) {
	h := newHarness(t, map[string]string{"notes/x.md": "# X\n", "TODO.md": "# Todo\n"}, "notes", "TODO.md")
	opts := h.options()
	opts.ExtraPaths = []string{"notes", filepath.Join(h.root, "TODO.md")}
	w := h.start(t, context.Background(), opts)
	h.waitEvent(t, "notes/x.md", false)
	h.waitEvent(t, "TODO.md", false)
	h.write(t, "TODO.md", "# Todo\n\nmore\n")
	h.waitEvent(t, "TODO.md", false)
	h.write(t, "notes/sub/n.md", "# N\n")
	h.waitEvent(t, "notes/sub/n.md", false)
	h.noStateSeen(t, watcher.Polling)
	if st := w.State(); st != watcher.Active {
		t.Errorf("State() = %q, want active", st)
	}
}

func TestPollsWhenOSWatcherFails(t *testing.T) {
	h := newHarness(t, nil)
	opts := h.options()
	var attempts atomic.Int64
	errInotify := errors.New("inotify: too many instances")
	opts.OSWatcher = func() (*fsnotify.Watcher, error) {
		attempts.Add(1)
		return nil, errInotify
	}
	w := h.start(t, context.Background(), opts)
	if st := w.State(); st != watcher.Polling {
		t.Errorf("State() after Start = %q, want polling", st)
	}
	if err := h.waitState(t, watcher.Polling); !errors.Is(err, errInotify) {
		t.Errorf("OnState(polling) error = %v, want %v", err, errInotify)
	}
	h.write(t, "memory/p.md", "# P\n")
	h.waitEvent(t, "memory/p.md", false)
	if err := os.Remove(filepath.Join(h.root, "memory/p.md")); err != nil {
		t.Fatal(err)
	}
	h.waitEvent(t, "memory/p.md", true)
	n := h.s.calls.Load()
	waitUntil(t, "a Sync every poll interval", func() bool { return h.s.calls.Load() >= n+3 })
	if ch := h.s.last(); !ch.All {
		t.Errorf("Changes while polling = %+v, want All", ch)
	}
	// Every twelve intervals it tries the operating system's watcher again.
	waitUntil(t, "a retry of the OS watcher", func() bool { return attempts.Load() >= 2 })
}

func TestOverflowScansEverything(t *testing.T) {
	h := newHarness(t, nil)
	opts := h.options()
	opts.OnDemand = true
	var mu sync.Mutex
	var created []*fsnotify.Watcher
	opts.OSWatcher = func() (*fsnotify.Watcher, error) {
		fw, err := fsnotify.NewWatcher()
		if err == nil {
			mu.Lock()
			created = append(created, fw)
			mu.Unlock()
		}
		return fw, err
	}
	w := h.start(t, context.Background(), opts)
	h.sync(t, w) // the first Sync scans everything
	h.write(t, "memory/a.md", "# A\n")
	if ch := h.sync(t, w); ch.All || !slices.Equal(ch.Paths, []string{h.abs("memory/a.md")}) {
		t.Errorf("Changes after one write = %+v, want memory/a.md alone", ch)
	}
	mu.Lock()
	fw := created[0]
	mu.Unlock()
	// What fsnotify sends when the kernel's queue overflowed.
	fw.Errors <- fsnotify.ErrEventOverflow
	waitUntil(t, "the overflow recorded", func() bool {
		_, err := w.Sync(context.Background(), 0)
		return err == nil && h.s.last().All
	})
	if st := w.State(); st != watcher.Active {
		t.Errorf("State() after an overflow = %q, want active", st)
	}
	h.write(t, "memory/b.md", "# B\n")
	if ch := h.sync(t, w); ch.All || !slices.Equal(ch.Paths, []string{h.abs("memory/b.md")}) {
		t.Errorf("Changes after the overflow's scan = %+v, want memory/b.md alone", ch)
	}
}

// TestSyncSeesEveryCompletedWrite is the freshness contract: a write
// that completed before Sync was called is among the changes Sync hands
// to the Syncer, every time, with no wait between the write and Sync.
func TestSyncSeesEveryCompletedWrite(t *testing.T) {
	h := newHarness(t, map[string]string{"memory/a.md": "# A\n"})
	opts := h.options()
	opts.OnDemand = true
	w := h.start(t, context.Background(), opts)
	if ch := h.sync(t, w); !ch.All {
		t.Errorf("first Changes = %+v, want All", ch)
	}
	if ch := h.sync(t, w); !ch.Empty() || h.s.calls.Load() != 1 {
		t.Errorf("Sync with nothing changed called the Syncer (%d calls, last %+v)", h.s.calls.Load(), h.s.last())
	}
	for i := range 200 {
		rel := fmt.Sprintf("memory/n%d.md", i%7)
		if i%3 == 0 {
			rel = fmt.Sprintf("memory/sub%d/n.md", i%5)
		}
		h.write(t, rel, fmt.Sprintf("# N\n\nwrite %d\n", i))
		ch := h.sync(t, w)
		if ch.All || !slices.Contains(ch.Paths, h.abs(rel)) {
			t.Fatalf("write %d of %s: Changes = %+v, want the file", i, rel, ch)
		}
	}
	if err := os.Rename(h.abs("memory/sub1"), h.abs("memory/moved")); err != nil {
		t.Fatal(err)
	}
	ch := h.sync(t, w)
	for _, want := range []string{h.abs("memory/sub1"), h.abs("memory/moved"), h.abs("memory/moved/n.md")} {
		if !slices.Contains(ch.Paths, want) {
			t.Errorf("Changes after a folder rename = %+v, want %s among them", ch, want)
		}
	}
}

// TestStaleBarriersRemoved: barrier files a killed process left behind
// are removed when a watcher starts; a fresh one is left alone.
func TestStaleBarriersRemoved(t *testing.T) {
	h := newHarness(t, nil)
	dir := filepath.Join(h.root, workspace.IndexDir, "sync")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	old, fresh := filepath.Join(dir, ".sync-1-dead-1"), filepath.Join(dir, ".sync-2-live-1")
	for _, p := range []string{old, fresh} {
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	hourAgo := time.Now().Add(-time.Hour)
	if err := os.Chtimes(old, hourAgo, hourAgo); err != nil {
		t.Fatal(err)
	}
	opts := h.options()
	opts.OnDemand = true
	h.start(t, context.Background(), opts)
	if _, err := os.Stat(old); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("stale barrier after Start: %v, want it removed", err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("fresh barrier after Start: %v, want it kept", err)
	}
}

// TestManyChangesScanEverything: past a few thousand changed paths
// between two Syncs the watcher asks for a full scan instead of keeping
// them all.
func TestManyChangesScanEverything(t *testing.T) {
	h := newHarness(t, nil)
	opts := h.options()
	opts.OnDemand = true
	opts.OnChange = nil // more events than the harness buffers
	w := h.start(t, context.Background(), opts)
	h.sync(t, w)
	for i := range 5000 {
		h.write(t, fmt.Sprintf("memory/m%d.md", i), "# M\n")
	}
	if ch := h.sync(t, w); !ch.All || len(ch.Paths) > 4096 {
		t.Errorf("Changes after 5,000 new files = All %v with %d paths, want All", ch.All, len(ch.Paths))
	}
}

// TestLinkedFolderWatched: a link in an extra folder to a folder of the
// workspace root is followed by discovery, which lists its files under
// the link's path; the watcher watches it there. Two links to one folder
// make it poll.
func TestLinkedFolderWatched(t *testing.T) {
	h := newHarness(t, map[string]string{"docs/d.md": "# D\n", "notes/n.md": "# N\n"}, "notes")
	if err := os.Symlink(h.abs("docs"), h.abs("notes/docs")); err != nil {
		t.Skip(err)
	}
	// A link to a folder watched under its own name adds nothing.
	if err := os.Symlink(h.abs("notes"), h.abs("memory/notes")); err != nil {
		t.Fatal(err)
	}
	opts := h.options()
	opts.OnDemand = true
	opts.ExtraPaths = []string{"notes"}
	w := h.start(t, context.Background(), opts)
	if st := w.State(); st != watcher.Active {
		t.Fatalf("State = %q (%v), want active", st, w.Reason())
	}
	h.sync(t, w)
	h.write(t, "docs/d.md", "# D\n\nmore\n")
	if ch := h.sync(t, w); ch.All || !slices.Equal(ch.Paths, []string{h.abs("notes/docs/d.md")}) {
		t.Errorf("Changes after a write behind the link = %+v, want notes/docs/d.md", ch)
	}
	if err := os.Symlink(h.abs("docs"), h.abs("notes/again")); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "polling after a second link to docs", func() bool { return w.State() == watcher.Polling })
	if err := w.Reason(); !errors.Is(err, watcher.ErrAlias) {
		t.Errorf("Reason = %v, want ErrAlias", err)
	}
}

// TestBindMountPolls: one folder mounted at two paths under memory/ is
// seen, and the watcher polls.
func TestBindMountPolls(t *testing.T) {
	h := newHarness(t, map[string]string{"memory/a/x.md": "# X\n"})
	if err := os.MkdirAll(h.abs("memory/b"), 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "--bind", h.abs("memory/a"), h.abs("memory/b")).CombinedOutput(); err != nil {
		t.Skipf("mount --bind: %v: %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", h.abs("memory/b")).Run() })
	opts := h.options()
	opts.OnDemand = true
	w := h.start(t, context.Background(), opts)
	if err := w.Reason(); w.State() != watcher.Polling || !errors.Is(err, watcher.ErrAlias) {
		t.Fatalf("State, Reason = %q, %v; want polling for the bind mount", w.State(), err)
	}
}

func TestFatalSyncError(t *testing.T) {
	errBroken := errors.New("index is corrupt")
	h := newHarness(t, map[string]string{"memory/a.md": "# A\n"})
	h.s.fail = func(n int) error {
		if n == 2 {
			return fmt.Errorf("sync: %w", errBroken)
		}
		return nil
	}
	opts := h.options()
	opts.Fatal = func(err error) bool { return errors.Is(err, errBroken) }
	w := h.start(t, context.Background(), opts)
	h.waitEvent(t, "memory/a.md", false)
	h.write(t, "memory/b.md", "# B\n")
	if err := h.waitState(t, watcher.Failed); !errors.Is(err, errBroken) {
		t.Errorf("OnState(failed) error = %v, want %v", err, errBroken)
	}
	select {
	case <-w.Done():
	case <-time.After(waitTimeout):
		t.Fatal("Done not closed after a fatal error")
	}
	if st := w.State(); st != watcher.Failed {
		t.Errorf("State() = %q, want failed", st)
	}
	for range 2 {
		if err := w.Stop(); !errors.Is(err, errBroken) {
			t.Errorf("Stop() = %v, want %v", err, errBroken)
		}
	}
}

func TestSyncErrorRetried(t *testing.T) {
	errBusy := errors.New("database is locked")
	h := newHarness(t, map[string]string{"memory/a.md": "# A\n"})
	h.s.fail = func(n int) error {
		if n == 1 {
			return errBusy
		}
		return nil
	}
	w := h.start(t, context.Background(), h.options())
	// No file changes: the retry at the next poll tick brings the event.
	h.waitEvent(t, "memory/a.md", false)
	if n := h.s.calls.Load(); n != 2 {
		t.Errorf("Sync calls = %d, want 2 (the failure and its retry)", n)
	}
	// Once it succeeded, poll ticks of an active watcher do not sync.
	beats := h.heartbeats.Load()
	waitUntil(t, "three more poll ticks", func() bool { return h.heartbeats.Load() >= beats+3 })
	if n := h.s.calls.Load(); n != 2 {
		t.Errorf("Sync calls after three idle ticks = %d, want 2", n)
	}
	if st := w.State(); st != watcher.Active {
		t.Errorf("State() = %q, want active", st)
	}
}

func TestStopIdempotentNoLeak(t *testing.T) {
	before := runtime.NumGoroutine()
	h := newHarness(t, map[string]string{"memory/a.md": "# A\n"})
	w := h.start(t, context.Background(), h.options())
	h.waitEvent(t, "memory/a.md", false)
	for range 2 {
		if err := w.Stop(); err != nil {
			t.Errorf("Stop() = %v, want nil", err)
		}
	}
	select {
	case <-w.Done():
	default:
		t.Fatal("Done not closed after Stop returned")
	}
	if st := w.State(); st != watcher.Off {
		t.Errorf("State() after Stop = %q, want off", st)
	}
	h.waitState(t, watcher.Off)
	checkGoroutines(t, before)
}

func TestContextCancelStops(t *testing.T) {
	before := runtime.NumGoroutine()
	h := newHarness(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	w := h.start(t, ctx, h.options())
	waitUntil(t, "the catch-up Sync", func() bool { return h.s.calls.Load() > 0 })
	cancel()
	if err := h.waitState(t, watcher.Off); err != nil {
		t.Errorf("OnState(off) error = %v, want nil", err)
	}
	select {
	case <-w.Done():
	case <-time.After(waitTimeout):
		t.Fatal("Done not closed after the context was cancelled")
	}
	if err := w.Stop(); err != nil {
		t.Errorf("Stop() after cancel = %v, want nil", err)
	}
	checkGoroutines(t, before)
}

// checkGoroutines waits for the goroutine count to return to before.
func checkGoroutines(tb testing.TB, before int) {
	tb.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<20)
		tb.Errorf("%d goroutines after Stop, %d before:\n%s", n, before, buf[:runtime.Stack(buf, true)])
	}
}

// TestSyncWaitsForRunningSync: a Sync that starts while another runs
// waits for it (the changes it holds are not indexed yet), or gives up
// with ErrBusy past its wait.
func TestSyncWaitsForRunningSync(t *testing.T) {
	h := newHarness(t, nil)
	opts := h.options()
	opts.OnDemand = true
	w := h.start(t, context.Background(), opts)
	h.s.hold.Store(true)
	first := make(chan error, 1)
	go func() { _, err := w.Sync(context.Background(), 0); first <- err }()
	h.s.waitEntered(t)
	if _, err := w.Sync(context.Background(), 20*time.Millisecond); !errors.Is(err, watcher.ErrBusy) {
		t.Errorf("Sync beside a held one = %v, want ErrBusy", err)
	}
	h.s.hold.Store(false)
	h.s.release <- struct{}{}
	if err := <-first; err != nil {
		t.Fatal(err)
	}
}

func TestStartInvalid(t *testing.T) {
	root := t.TempDir()
	s := newStatSyncer(root)
	tests := []struct {
		name string
		s    watcher.Syncer
		opts watcher.Options
	}{
		{"relative sync dir", s, watcher.Options{Root: root, SyncDir: "idx"}},
		{"negative debounce", s, watcher.Options{Root: root, Debounce: -1}},
		{"negative poll interval", s, watcher.Options{Root: root, PollInterval: -time.Second}},
		{"relative root", s, watcher.Options{Root: "workspace"}},
		{"nil syncer", nil, watcher.Options{Root: root}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if w, err := watcher.Start(context.Background(), tt.s, tt.opts); err == nil {
				w.Stop()
				t.Errorf("Start(%+v) = nil error, want one", tt.opts)
			}
		})
	}
}

// TestFailingSyncRetriedEachPoll: a Sync that kept failing (a full disk,
// an index opened read-only) was run again after every debounce, not at
// the next poll tick as a failed Sync's retry is meant to be: the changes
// it kept for the next Sync kicked the background goroutine as an event
// does, so `watch` on a full disk warned and read the changed notes again
// ten times a second (--debounce 100ms). The retry now waits for the next
// poll tick.
func TestFailingSyncRetriedEachPoll(t *testing.T) {
	errFull := errors.New("no space left on device")
	h := newHarness(t, map[string]string{"memory/a.md": "# A\n"})
	h.s.fail = func(int) error { return errFull }
	opts := h.options()
	opts.Debounce, opts.PollInterval = time.Millisecond, 100*time.Millisecond
	h.start(t, context.Background(), opts)
	waitUntil(t, "the first Sync", func() bool { return h.s.calls.Load() >= 1 })
	h.write(t, "memory/a.md", "# A, edited\n")
	beats := h.heartbeats.Load()
	waitUntil(t, "three poll ticks", func() bool { return h.heartbeats.Load() >= beats+3 })
	// The catch-up Sync, the edit's, one retry a tick, and one tick of
	// slack for a tick that beat while the edit's Sync ran.
	if n, ticks := h.s.calls.Load(), h.heartbeats.Load()-beats; n > 2+ticks+1 {
		t.Errorf("Sync calls = %d in %d poll ticks of a Sync that keeps failing, want at most %d (one retry a tick)", n, ticks, 2+ticks+1)
	}
}

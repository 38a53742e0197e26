package memweave

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/watcher"
)

// These tests are internal (package memweave) to reach the watcher's
// test hooks.

func openWatched(tb testing.TB, root string) *Weave {
	tb.Helper()
	w, err := Open(context.Background(), Config{Workspace: root, Now: memweavetest.Clock()})
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() { w.Close() })
	return w
}

// events collects a watcher's OnChange and OnState calls.
type events struct {
	ch     chan WatchEvent
	states chan WatchState
	// seen holds events received but not yet waited for.
	seen []WatchEvent
}

func newEvents() *events {
	return &events{ch: make(chan WatchEvent, 4096), states: make(chan WatchState, 64)}
}

func (e *events) options(debounce time.Duration) []WatchOption {
	return []WatchOption{
		Debounce(debounce),
		PollInterval(50 * time.Millisecond),
		OnChange(func(ev WatchEvent) { e.ch <- ev }),
		OnState(func(s WatchState, _ error) { e.states <- s }),
	}
}

// waitFor waits for an event about path, failing after a timeout.
func (e *events) waitFor(tb testing.TB, path string, removed bool) WatchEvent {
	tb.Helper()
	timeout := time.After(10 * time.Second)
	for {
		for i, ev := range e.seen {
			if ev.Path == path && ev.Removed == removed {
				e.seen = slices.Delete(e.seen, i, i+1)
				if ev.Err != nil {
					tb.Fatalf("event for %s: %v", path, ev.Err)
				}
				return ev
			}
		}
		select {
		case ev := <-e.ch:
			e.seen = append(e.seen, ev)
		case <-timeout:
			tb.Fatalf("no event for %s (removed=%v) within 10s", path, removed)
			return WatchEvent{}
		}
	}
}

// waitState waits for the watcher to report state.
func (e *events) waitState(tb testing.TB, state WatchState) {
	tb.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case s := <-e.states:
			if s == state {
				return
			}
		case <-timeout:
			tb.Fatalf("watcher never reported state %q", state)
		}
	}
}

// finds reports whether a keyword search without sync finds token.
func finds(tb testing.TB, w *Weave, token string) bool {
	tb.Helper()
	resp, err := w.Search(context.Background(), token, NoSync(), SearchMode(ModeKeyword), MinScore(0))
	if err != nil {
		tb.Fatalf("Search(%q): %v", token, err)
	}
	for _, r := range resp.Results {
		if strings.Contains(r.Text, token) {
			return true
		}
	}
	return false
}

func indexedPaths(tb testing.TB, w *Weave) []string {
	tb.Helper()
	var out []string
	for f, err := range w.Files(context.Background()) {
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, f.Path)
	}
	return out
}

func TestWatchFollowsChanges(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/old.md": "# Old\n\nalpaca notes\n"})
	w := openWatched(t, root)
	ev := newEvents()
	if err := w.Watch(context.Background(), ev.options(50*time.Millisecond)...); err != nil {
		t.Fatalf("Watch: %v", err)
	}
	// The catch-up scan indexes what was there before.
	ev.waitFor(t, "memory/old.md", false)
	if st := w.watch.State(); st != WatchActive {
		t.Fatalf("watcher state = %q, want active", st)
	}
	watchEdits(t, w, ev, root)
	watchMovesAndRemovals(t, w, ev, root)
	st, err := w.Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if st.Watcher != WatchActive || st.StaleFiles != 0 {
		t.Errorf("Status = watcher %q, %d stale; want active, 0", st.Watcher, st.StaleFiles)
	}
	if got := indexedPaths(t, w); !slices.Equal(got, []string{"memory/again.md"}) {
		t.Errorf("indexed = %q, want [memory/again.md]", got)
	}
}

// watchEdits creates, writes, saves atomically and creates a folder under
// a running watcher, checking each change becomes searchable.
func watchEdits(t *testing.T, w *Weave, ev *events, root string) {
	p := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }

	t.Run("create", func(t *testing.T) {
		memweavetest.WriteFile(t, root, "memory/a.md", "# A\n\nbadger facts\n")
		ev.waitFor(t, "memory/a.md", false)
		if !finds(t, w, "badger") {
			t.Error("new file not searchable after its event")
		}
	})
	t.Run("write", func(t *testing.T) {
		memweavetest.WriteFile(t, root, "memory/a.md", "# A\n\ncheetah facts\n")
		ev.waitFor(t, "memory/a.md", false)
		if !finds(t, w, "cheetah") || finds(t, w, "badger") {
			t.Error("edited file: new text not found or old text still found")
		}
	})
	t.Run("atomic save", func(t *testing.T) {
		// An editor's save: write a temporary file, rename it over.
		tmp := p("memory/a.md.tmp")
		if err := os.WriteFile(tmp, []byte("# A\n\ndingo facts, saved atomically\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, p("memory/a.md")); err != nil {
			t.Fatal(err)
		}
		ev.waitFor(t, "memory/a.md", false)
		if !finds(t, w, "dingo") {
			t.Error("atomically saved content not searchable")
		}
	})
	t.Run("new folder", func(t *testing.T) {
		// The file lands before the folder's watch is added; the scan
		// after adding it finds the file.
		memweavetest.WriteFile(t, root, "memory/agent/deep/x.md", "# X\n\nelk sightings\n")
		ev.waitFor(t, "memory/agent/deep/x.md", false)
		memweavetest.WriteFile(t, root, "memory/agent/deep/y.md", "# Y\n\nferret sightings\n")
		ev.waitFor(t, "memory/agent/deep/y.md", false)
		if !finds(t, w, "ferret") {
			t.Error("file in a folder created after Watch not searchable")
		}
	})
}

// watchMovesAndRemovals renames and removes files and the memory folder
// under a running watcher, checking the index follows.
func watchMovesAndRemovals(t *testing.T, w *Weave, ev *events, root string) {
	p := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }
	t.Run("rename", func(t *testing.T) {
		if err := os.Rename(p("memory/a.md"), p("memory/b.md")); err != nil {
			t.Fatal(err)
		}
		ev.waitFor(t, "memory/a.md", true)
		ev.waitFor(t, "memory/b.md", false)
	})
	t.Run("remove", func(t *testing.T) {
		if err := os.Remove(p("memory/b.md")); err != nil {
			t.Fatal(err)
		}
		ev.waitFor(t, "memory/b.md", true)
		if finds(t, w, "dingo") {
			t.Error("removed file still searchable")
		}
	})
	t.Run("memory deleted and re-created", func(t *testing.T) {
		if err := os.RemoveAll(p("memory")); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"memory/old.md", "memory/agent/deep/x.md", "memory/agent/deep/y.md"} {
			ev.waitFor(t, p, true)
		}
		if got := indexedPaths(t, w); len(got) > 0 {
			t.Errorf("indexed after memory/ was deleted = %q, want none", got)
		}
		memweavetest.WriteFile(t, root, "memory/again.md", "# Again\n\ngecko returns\n")
		ev.waitFor(t, "memory/again.md", false)
		if !finds(t, w, "gecko") {
			t.Error("file in re-created memory/ not searchable")
		}
	})
}

func TestWatchIgnoresOtherFiles(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nkept\n"})
	w := openWatched(t, root)
	ev := newEvents()
	if err := w.Watch(context.Background(), ev.options(20*time.Millisecond)...); err != nil {
		t.Fatal(err)
	}
	ev.waitFor(t, "memory/a.md", false)
	memweavetest.WriteFile(t, root, "memory/.hidden/x.md", "hidden\n")
	memweavetest.WriteFile(t, root, "memory/notes.txt", "not markdown\n")
	memweavetest.WriteFile(t, root, "memory/draft.md~", "backup\n")
	memweavetest.WriteFile(t, root, "README.md", "outside memory\n")
	memweavetest.WriteFile(t, root, "memory/z.md", "# Z\n\nmarker\n")
	ev.waitFor(t, "memory/z.md", false)
	if got := indexedPaths(t, w); !slices.Equal(got, []string{"memory/a.md", "memory/z.md"}) {
		t.Errorf("indexed = %q, want only the two Markdown files", got)
	}
}

func TestWatchExtraPaths(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"notes/x.md": "# X\n\nxylophone\n", "TODO.md": "# Todo\n\nyak\n"})
	w, err := Open(context.Background(), Config{Workspace: root, ExtraPaths: []string{"notes", "TODO.md"}})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	ev := newEvents()
	if err := w.Watch(context.Background(), ev.options(20*time.Millisecond)...); err != nil {
		t.Fatal(err)
	}
	ev.waitFor(t, "notes/x.md", false)
	ev.waitFor(t, "TODO.md", false)
	memweavetest.WriteFile(t, root, "TODO.md", "# Todo\n\nzebu\n")
	ev.waitFor(t, "TODO.md", false)
	memweavetest.WriteFile(t, root, "notes/sub/n.md", "# N\n\nnarwhal\n")
	ev.waitFor(t, "notes/sub/n.md", false)
	if !finds(t, w, "zebu") || !finds(t, w, "narwhal") {
		t.Error("changes to extra paths not searchable")
	}
}

func TestWatchLifecycle(t *testing.T) {
	before := runtime.NumGoroutine()
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\ntext\n"})
	w, err := Open(context.Background(), Config{Workspace: root})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ev := newEvents()
	if err := w.Watch(ctx, ev.options(20*time.Millisecond)...); err != nil {
		t.Fatal(err)
	}
	if err := w.Watch(ctx); !errors.Is(err, ErrWatching) {
		t.Errorf("second Watch = %v, want ErrWatching", err)
	}
	ev.waitFor(t, "memory/a.md", false)

	// Cancelling the context stops the watcher; Watch may start again.
	cancel()
	ev.waitState(t, WatchOff)
	done := w.watch.Done()
	<-done
	if st := w.watch.State(); st != WatchOff {
		t.Errorf("state after cancel = %q, want off", st)
	}
	if err := w.Watch(context.Background(), ev.options(20*time.Millisecond)...); err != nil {
		t.Fatalf("Watch after cancel: %v", err)
	}
	done = w.watch.Done()

	// Close stops the watcher and waits for it: nothing outlives it.
	if err := w.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	select {
	case <-done:
	default:
		t.Fatal("watcher still running after Close returned")
	}
	if err := w.Watch(context.Background()); !errors.Is(err, ErrClosed) {
		t.Errorf("Watch after Close = %v, want ErrClosed", err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines after Close, %d before:\n%s", n, before, buf[:runtime.Stack(buf, true)])
	}
}

func TestWatchOptionsInvalid(t *testing.T) {
	w := openWatched(t, memweavetest.Workspace(t, nil))
	for name, o := range map[string]WatchOption{"Debounce(-1)": Debounce(-1), "PollInterval(-1s)": PollInterval(-time.Second), "Debounce(0)": Debounce(0)} {
		if err := w.Watch(context.Background(), o); err == nil {
			t.Errorf("Watch(%s) = nil, want an error", name)
		}
	}
}

func TestWatchPollsWhenOSWatcherFails(t *testing.T) {
	failing := WatchOption(func(o *watcher.Options) {
		o.OSWatcher = func() (*fsnotify.Watcher, error) { return nil, errors.New("inotify: too many instances") }
	})
	root := memweavetest.Workspace(t, nil)
	w := openWatched(t, root)
	ev := newEvents()
	if err := w.Watch(context.Background(), append(ev.options(20*time.Millisecond), failing)...); err != nil {
		t.Fatal(err)
	}
	ev.waitState(t, WatchPolling)
	st, err := w.Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if st.Watcher != WatchPolling {
		t.Errorf("Status.Watcher = %q, want polling", st.Watcher)
	}
	memweavetest.WriteFile(t, root, "memory/p.md", "# P\n\npelican\n")
	ev.waitFor(t, "memory/p.md", false)
	os.Remove(filepath.Join(root, "memory/p.md"))
	ev.waitFor(t, "memory/p.md", true)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestWatchOverflowScansEverything(t *testing.T) {
	var mu sync.Mutex
	var created []*fsnotify.Watcher
	observe := WatchOption(func(o *watcher.Options) {
		o.OSWatcher = func() (*fsnotify.Watcher, error) {
			fw, err := fsnotify.NewWatcher()
			if err == nil {
				mu.Lock()
				created = append(created, fw)
				mu.Unlock()
			}
			return fw, err
		}
	})
	root := memweavetest.Workspace(t, nil)
	w := openWatched(t, root)
	defer w.Close()
	ev := newEvents()
	opts := append(ev.options(20*time.Millisecond), PollInterval(30*time.Millisecond), observe)
	if err := w.Watch(context.Background(), opts...); err != nil {
		t.Fatal(err)
	}
	ev.waitState(t, WatchActive)
	mu.Lock()
	fw := created[0]
	mu.Unlock()
	// What fsnotify sends when the kernel's queue overflowed.
	fw.Errors <- fsnotify.ErrEventOverflow
	memweavetest.WriteFile(t, root, "memory/o.md", "# O\n\nocelot\n")
	// The background sync may index the file between its creation and
	// its content; a later one indexes the content.
	for deadline := time.Now().Add(10 * time.Second); !finds(t, w, "ocelot"); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("change made after an overflow not searchable")
		}
	}
	if st := w.watch.State(); st != WatchActive {
		t.Errorf("state after an overflow = %q, want active (the next sync scans everything)", st)
	}
}

// TestWatchLatency measures the time from a file save to the change being
// searchable, with a 100ms debounce; run with -v to see it.
func TestWatchLatency(t *testing.T) {
	const saves = 20
	const debounce = 100 * time.Millisecond
	root := memweavetest.Workspace(t, map[string]string{"memory/base.md": "# Base\n\nbaseline\n"})
	w := openWatched(t, root)
	if err := w.Watch(context.Background(), Debounce(debounce)); err != nil {
		t.Fatal(err)
	}
	lat := make([]time.Duration, 0, saves)
	for i := range saves {
		token := fmt.Sprintf("latencytoken%dx", i)
		start := time.Now()
		memweavetest.WriteFile(t, root, "memory/live.md", "# Live\n\n"+token+"\n")
		for !finds(t, w, token) {
			if time.Since(start) > 10*time.Second {
				t.Fatalf("save %d not searchable after 10s", i)
			}
			time.Sleep(2 * time.Millisecond)
		}
		lat = append(lat, time.Since(start))
	}
	slices.Sort(lat)
	t.Logf("save-to-searchable latency over %d saves, debounce %v: median %v, min %v, max %v",
		saves, debounce, lat[saves/2], lat[0], lat[saves-1])
}

// TestSearchRightAfterWriteWithWatcher: with a watcher running, a
// search right after a write finds the new text, every time: whether
// the watcher has received the write's event yet or not, and whether its
// debounced sync has run or not.
func TestSearchRightAfterWriteWithWatcher(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/old.md": "# Old\n\nalpaca notes\n"})
	w := openWatched(t, root)
	ev := newEvents()
	if err := w.Watch(context.Background(), ev.options(20*time.Millisecond)...); err != nil {
		t.Fatalf("Watch: %v", err)
	}
	ev.waitFor(t, "memory/old.md", false)
	for i := range 40 {
		token := fmt.Sprintf("bison%dnotes", i)
		memweavetest.WriteFile(t, root, "memory/old.md", "# Old\n\n"+token+"\n")
		resp, err := w.Search(context.Background(), token, SearchMode(ModeKeyword), MinScore(0))
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Results) == 0 || !strings.Contains(resp.Results[0].Text, token) {
			t.Fatalf("write %d: the search right after it did not find %s: %+v", i, token, resp.Results)
		}
		// Let the debounced sync run, so that the next write meets a
		// watcher that has synced everything it saw.
		time.Sleep(60 * time.Millisecond)
	}
}

// TestWatcherStatusAcrossWeaves checks that Status in another Weave (as in
// another process) sees a running watcher through its heartbeat, and
// stops seeing it once it ends.
func TestWatcherStatusAcrossWeaves(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nnotes\n"})
	w1 := openWatched(t, root)
	w2 := openWatched(t, root)
	ev := newEvents()
	if err := w1.Watch(ctx, ev.options(20*time.Millisecond)...); err != nil {
		t.Fatal(err)
	}
	ev.waitFor(t, "memory/a.md", false)
	st, err := w2.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Watcher != WatchActive || st.WatcherPID != os.Getpid() {
		t.Errorf("other Weave's Status watcher = %q pid %d, want active pid %d", st.Watcher, st.WatcherPID, os.Getpid())
	}
	if err := w1.Close(); err != nil {
		t.Fatal(err)
	}
	if st, _ := w2.Status(ctx); st.Watcher != WatchOff {
		t.Errorf("after the watcher's Weave closed, Status watcher = %q, want off", st.Watcher)
	}
}

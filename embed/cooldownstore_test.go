package embed

import (
	"encoding/json"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// process returns the embedder of a fresh process of the workspace at
// root: its own OpenAI, its own view of the workspace's cool-down file.
func process(t *testing.T, root string, srv *httptest.Server, clk *frozen, cfg OpenAIConfig) *OpenAI {
	t.Helper()
	cfg.Now = clk.now
	cfg.CoolDown = memfile.NewStateFile(root, "query-cooldown.json", MaxCoolDownBytes)
	return newTestOpenAI(t, srv, cfg)
}

func coolFile(root string) string {
	return filepath.Join(root, workspace.IndexDir, "query-cooldown.json")
}

// TestCoolDownCrossesProcesses: a process started after another one
// waited out a hung server waits a probe's time with one request, says
// why, and leaves the file as it is; the first answer removes it; a
// process of another model or URL waits in full.
func TestCoolDownCrossesProcesses(t *testing.T) {
	m, srv := newMoodyServer(t)
	clk := newFrozen()
	root := t.TempDir()
	const full = time.Second
	cfg := OpenAIConfig{QueryTimeout: full}
	m.mood.Store("hang")
	if err, took := query(process(t, root, srv, clk, cfg)); !errors.Is(err, ErrUnavailable) || took < full {
		t.Fatalf("process 1 = %v after %v, want the full %v", err, took, full)
	}
	written, err := os.Stat(coolFile(root))
	if err != nil {
		t.Fatalf("process 1 left no cool-down file: %v", err)
	}
	clk.add(5 * time.Second)
	before := m.queries.Load()
	for i := range 2 {
		err, took := query(process(t, root, srv, clk, cfg))
		if !errors.Is(err, ErrUnavailable) || took >= full/2 || m.queries.Load()-before != int64(i+1) {
			t.Fatalf("process %d = %v after %v, %d requests; want one probe of %v", i+2, err, took, m.queries.Load()-before, full/10)
		}
		if want := "the server failed 1 full wait since 10:00:00 UTC (last: no query vector within 1s); searches wait 100ms for it until 10:00:30 UTC (in 25s)"; !strings.Contains(err.Error(), want) {
			t.Errorf("process %d's error = %q, want it to say %q", i+2, err, want)
		}
	}
	if now, err := os.Stat(coolFile(root)); err != nil || !os.SameFile(now, written) || !now.ModTime().Equal(written.ModTime()) {
		t.Errorf("failed probes rewrote the cool-down file (%v)", err)
	}
	m.mood.Store("ok")
	if err, _ := query(process(t, root, srv, clk, cfg)); err != nil {
		t.Fatalf("process once the server answers: %v", err)
	}
	if _, err := os.Stat(coolFile(root)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the first answer left the cool-down file (%v), want it removed", err)
	}
	m.mood.Store("hang")
	if _, took := query(process(t, root, srv, clk, cfg)); took < full {
		t.Errorf("process after the recovery took %v, want the full %v", took, full)
	}
	other := cfg // the file now holds a cool-down of cfg's server
	other.Model = "other-model"
	if _, took := query(process(t, root, srv, clk, other)); took < full {
		t.Errorf("a process of another model took %v, want the full %v: it must not inherit the cool-down", took, full)
	}
	m2, srv2 := newMoodyServer(t) // another URL, after a failure of other's
	m2.mood.Store("hang")
	if _, took := query(process(t, root, srv2, clk, cfg)); took < full {
		t.Errorf("a process of another URL took %v, want the full %v: it must not inherit the cool-down", took, full)
	}
}

// TestHealthyQueriesWriteNothing: queries a server answers leave no file.
func TestHealthyQueriesWriteNothing(t *testing.T) {
	_, srv := newMoodyServer(t)
	root := t.TempDir()
	o := process(t, root, srv, newFrozen(), OpenAIConfig{})
	for range 3 {
		if err, _ := query(o); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Lstat(filepath.Join(root, workspace.IndexDir)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("healthy queries created the index folder or a file in it (%v)", err)
	}
}

// TestHostileCoolDownFile: a cool-down file from elsewhere (cloned,
// tampered) is bounded: garbage, too large, another server's, stale
// or a link is ignored (a 503 server gets its 3 tries); a cool-down of
// years lasts coolMax from now, a failure dated in the future is dated
// now, and control characters of its text are dropped.
func TestHostileCoolDownFile(t *testing.T) {
	m, srv := newMoodyServer(t)
	m.mood.Store("503")
	clk := newFrozen()
	server := srv.URL + "/v1 test-model"
	rec := func(misses int, since, until string, last string) string {
		data, _ := json.Marshal(map[string]any{"server": server, "misses": misses, "since": since, "until": until, "last": last})
		return string(data)
	}
	cases := []struct {
		name, content string
		tries         int64
		says          string
	}{
		{"garbage", "\x00\xffnot json", 3, ""},
		{"huge", rec(1, "2026-12-05T09:59:00Z", "2026-12-05T10:00:20Z", strings.Repeat("x", 8<<10)), 3, ""},
		{"other server", strings.Replace(rec(1, "2026-12-05T09:59:00Z", "2026-12-05T10:00:20Z", "x"), "test-model", "m2", 1), 3, ""},
		{"stale", rec(3, "2026-12-05T08:00:00Z", "2026-12-05T09:00:00Z", "x"), 3, ""},
		{"no misses", rec(0, "2026-12-05T09:59:00Z", "2026-12-05T10:00:20Z", "x"), 3, ""},
		{"years", rec(1, "2026-12-05T09:59:00Z", "2099-01-01T00:00:00Z", "x"), 1, "since 09:59:00 UTC (last: x); searches wait 1s for it until 10:05:00 UTC (in 5m0s)"},
		{"future failure", rec(1000000, "2099-01-01T00:00:00Z", "2026-12-05T10:00:20Z", "a\x1b[31mred\nline"), 1, "failed 64 full waits since 10:00:00 UTC (last: a[31mredline); searches wait 1s for it until 10:00:20 UTC (in 20s)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			os.MkdirAll(filepath.Join(root, workspace.IndexDir), 0o755)
			if err := os.WriteFile(coolFile(root), []byte(c.content), 0o644); err != nil {
				t.Fatal(err)
			}
			before := m.queries.Load()
			err, _ := query(process(t, root, srv, clk, OpenAIConfig{}))
			if got := m.queries.Load() - before; got != c.tries {
				t.Errorf("query sent %d requests, want %d", got, c.tries)
			}
			if c.says != "" && !strings.Contains(err.Error(), c.says) {
				t.Errorf("error = %q, want it to say %q", err, c.says)
			}
		})
	}
	t.Run("link", func(t *testing.T) {
		root := t.TempDir()
		os.MkdirAll(filepath.Join(root, workspace.IndexDir), 0o755)
		target := filepath.Join(t.TempDir(), "elsewhere.json")
		os.WriteFile(target, []byte(rec(1, "2026-12-05T09:59:00Z", "2026-12-05T10:00:20Z", "x")), 0o644)
		if err := os.Symlink(target, coolFile(root)); err != nil {
			t.Skip(err)
		}
		before := m.queries.Load()
		query(process(t, root, srv, clk, OpenAIConfig{}))
		if got := m.queries.Load() - before; got != 3 {
			t.Errorf("query with a linked cool-down file sent %d requests, want 3: a link is not read", got)
		}
		if data, _ := os.ReadFile(target); !strings.Contains(string(data), `"last":"x"`) {
			t.Errorf("the link's target was written: %s", data)
		}
	})
}

// TestConcurrentProcessesKeepTheFileWhole: processes failing at once
// leave one whole cool-down file, and no temporary files.
func TestConcurrentProcessesKeepTheFileWhole(t *testing.T) {
	m, srv := newMoodyServer(t)
	m.mood.Store("503")
	clk := newFrozen()
	root := t.TempDir()
	var wg sync.WaitGroup
	for range 8 {
		o := process(t, root, srv, clk, OpenAIConfig{})
		wg.Go(func() { query(o) })
	}
	wg.Wait()
	before := m.queries.Load()
	if err, _ := query(process(t, root, srv, clk, OpenAIConfig{})); m.queries.Load()-before != 1 || !strings.Contains(err.Error(), "failed 1 full wait") {
		t.Errorf("process after 8 concurrent failures = %v, %d requests; want one probe", err, m.queries.Load()-before)
	}
	entries, _ := os.ReadDir(filepath.Join(root, workspace.IndexDir))
	for _, e := range entries {
		if e.Name() != "query-cooldown.json" && e.Name() != ".gitignore" {
			t.Errorf("left %s in the index folder", e.Name())
		}
	}
}

// TestLongLivedProcessSharesTheCoolDown: a long-lived process (the MCP
// server) sees the cool-down a command started, and a file deleted
// (the cache thrown away, or removed by another process's answer) ends
// its own.
func TestLongLivedProcessSharesTheCoolDown(t *testing.T) {
	m, srv := newMoodyServer(t)
	clk := newFrozen()
	root := t.TempDir()
	server := process(t, root, srv, clk, OpenAIConfig{})
	if err, _ := query(server); err != nil {
		t.Fatal(err)
	}
	m.mood.Store("503")
	query(process(t, root, srv, clk, OpenAIConfig{})) // a command's 3 tries
	before := m.queries.Load()
	err, _ := query(server)
	if got := m.queries.Load() - before; got != 1 || !strings.Contains(err.Error(), "failed 1 full wait since") {
		t.Errorf("long-lived process after a command's failure: %d requests, %v; want one probe naming it", got, err)
	}
	if err := os.Remove(coolFile(root)); err != nil {
		t.Fatal(err)
	}
	before = m.queries.Load()
	query(server)
	if got := m.queries.Load() - before; got != 3 {
		t.Errorf("long-lived process after the file was deleted: %d requests, want the full 3 tries", got)
	}
}

// TestOtherServersCoolDownKeepsOwn: a long-lived process (the MCP
// server) cooling down its server keeps doing so when a command of the
// same workspace with another model or URL (--embedding-model) fails
// and saves that server's cool-down over the file: the file names
// another server, so it says nothing of this one's.
func TestOtherServersCoolDownKeepsOwn(t *testing.T) {
	m, srv := newMoodyServer(t)
	clk := newFrozen()
	root := t.TempDir()
	server := process(t, root, srv, clk, OpenAIConfig{})
	m.mood.Store("503")
	query(server) // its 3 tries: the cool-down starts
	before := m.queries.Load()
	query(process(t, root, srv, clk, OpenAIConfig{Model: "other-model"}))
	if got := m.queries.Load() - before; got != 3 {
		t.Fatalf("a command of another model: %d requests, want its full 3 tries", got)
	}
	before = m.queries.Load()
	err, _ := query(server)
	if got := m.queries.Load() - before; got != 1 || err == nil || !strings.Contains(err.Error(), "failed 1 full wait since") {
		t.Errorf("long-lived process after another model's failure: %d requests, %v; want one probe, still cooling down", got, err)
	}
}

// TestTrialCrossesProcesses: when a cool-down ended, the one full wait
// that tries the server again was one per process: a command started
// while another process waited on the hung server in full (parallel
// tool calls of an agent, a watcher's run beside a search) waited in
// full too. The running full wait is now kept in the cool-down file: the
// other processes probe until it ends, and none is kept past it.
func TestTrialCrossesProcesses(t *testing.T) {
	m, srv := newMoodyServer(t)
	clk := newFrozen()
	root := t.TempDir()
	const full = 2 * time.Second
	cfg := OpenAIConfig{QueryTimeout: full}
	m.mood.Store("hang")
	if err, took := query(process(t, root, srv, clk, cfg)); !errors.Is(err, ErrUnavailable) || took < full {
		t.Fatalf("process 1 = %v after %v, want the full %v", err, took, full)
	}
	clk.add(31 * time.Second) // past the cool-down of 30s
	before := m.queries.Load()
	trial := make(chan time.Duration)
	go func() {
		_, took := query(process(t, root, srv, clk, cfg))
		trial <- took
	}()
	waitUntil(t, "process 2's full wait reaching the server", func() bool { return m.queries.Load() > before })
	err, took := query(process(t, root, srv, clk, cfg))
	if !errors.Is(err, ErrUnavailable) || took >= full/2 {
		t.Errorf("process 3, during process 2's full wait = %v after %v, want a probe of %v", err, took, full/10)
	}
	if took := <-trial; took < full {
		t.Errorf("process 2 took %v, want the full %v", took, full)
	}
	// Process 2's full wait failed: a cool-down of 1m, and no trial left.
	clk.add(61 * time.Second)
	if _, took := query(process(t, root, srv, clk, cfg)); took < full {
		t.Errorf("process 4, after the next cool-down, took %v, want the full %v", took, full)
	}
}

// waitUntil polls cond until it holds, failing after ten seconds.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("no %s within 10s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

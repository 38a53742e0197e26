package memweave_test

import (
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestHungServerCostsOneSearchItsWait: a long-lived Weave whose
// embedding server hangs waits the query timeout in one search; the
// searches after it, seconds apart, answer by keyword within a tenth of
// it and say that the server missed an earlier deadline and when it is
// waited for in full again; once the server answers, search is hybrid.
func TestHungServerCostsOneSearchItsWait(t *testing.T) {
	// A probe waits a tenth of wait: 300 ms, room for a loaded machine
	// to answer the last search, which must then be hybrid (at 100 ms it
	// was keyword, "no query vector within 100ms", at load 30).
	const wait = 3 * time.Second
	srv, hung, hungCalls := hungServer(t)
	root := memweavetest.Workspace(t, sample)
	w := open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m",
		BaseURL: srv.URL + "/v1", Dims: 8, QueryTimeout: wait}})
	mustIndex(t, w)
	hung.Store(true)
	for i := range 4 {
		start := time.Now()
		resp, err := w.Search(t.Context(), "Valkey")
		took := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("search %d against a hung server: %v", i, took)
		warn := warningText(resp.Warnings)
		if resp.Mode != memweave.ModeKeyword || len(resp.Results) == 0 || !strings.Contains(warn, "then the full 3s again") {
			t.Errorf("search %d = mode %s, %d results, warnings %q; want keyword results naming the full wait to come", i, resp.Mode, len(resp.Results), warn)
		}
		switch {
		case i == 0 && took < wait:
			t.Errorf("first search took %v, want the query timeout %v", took, wait)
		case i > 0 && took >= wait:
			t.Errorf("search %d took %v, want well within the query timeout %v that an earlier search waited out", i, took, wait)
		case i > 0 && !strings.Contains(warn, "the server failed 1 full wait since"):
			t.Errorf("search %d warns %q, want it to say the server missed an earlier deadline", i, warn)
		}
	}
	// At most one each: a probe's 300 ms can run out before a loaded
	// machine's server counts its request, so fewer is no failure.
	if got := hungCalls.Load(); got < 1 || got > 4 {
		t.Errorf("4 searches sent %d requests to the hung server, want 1 to 4 (at most one each)", got)
	}
	hung.Store(false)
	resp, err := w.Search(t.Context(), "Valkey")
	if err != nil || resp.Mode != memweave.ModeHybrid || len(resp.Warnings) != 0 {
		t.Fatalf("search once the server answers = %+v, %v; want hybrid without warnings", resp, err)
	}
}

// BenchmarkHungServerSearches measures what a hung embedding server
// costs an agent's searches, 2 s apart, in one long-lived Weave at the
// default QueryTimeout (docs/embedders.md quotes it): about a minute an
// iteration, so run it with -benchtime 1x.
func BenchmarkHungServerSearches(b *testing.B) {
	srv, hung, _ := hungServer(b)
	for range b.N {
		hung.Store(false)
		root := memweavetest.Workspace(b, sample)
		w := open(b, root, memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m",
			BaseURL: srv.URL + "/v1", Dims: 8}})
		mustIndex(b, w)
		hung.Store(true)
		var total time.Duration
		var times []string
		const n = 20
		for range n {
			start := time.Now()
			if _, err := w.Search(b.Context(), "Valkey"); err != nil {
				b.Fatal(err)
			}
			took := time.Since(start)
			total += took
			times = append(times, took.Round(10*time.Millisecond).String())
			time.Sleep(2 * time.Second) // the agent's pace, not a synchronisation
		}
		b.Logf("%d searches against a hung server: %s", n, strings.Join(times, " "))
		b.ReportMetric(float64(total.Milliseconds())/n, "mean-ms/search")
	}
}

// TestHungServerCoolDownCrossesOneShotWeaves: the cool-down outlives
// the Weave that waited out a hung server: a OneShot Weave opened after
// it on the same workspace (the next CLI command) waits a tenth of the
// query timeout and says why; once the server answers, the next one is
// hybrid again and the file keeping the cool-down is gone.
func TestHungServerCoolDownCrossesOneShotWeaves(t *testing.T) {
	// A probe waits a tenth of wait: 300 ms, room for a loaded machine
	// to answer the last command, which must then be hybrid.
	const wait = 3 * time.Second
	srv, hung, hungCalls := hungServer(t)
	root := memweavetest.Workspace(t, sample)
	cfg := memweave.Config{OneShot: true, Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m",
		BaseURL: srv.URL + "/v1", Dims: 8, QueryTimeout: wait}}
	command := func() (*memweave.SearchResponse, time.Duration) {
		w := open(t, root, cfg)
		defer w.Close()
		start := time.Now()
		resp, err := w.Search(t.Context(), "Valkey")
		if err != nil {
			t.Fatal(err)
		}
		return resp, time.Since(start)
	}
	mustIndex(t, open(t, root, cfg))
	hung.Store(true)
	if resp, took := command(); hungCalls.Load() != 1 || took < wait || resp.Mode != memweave.ModeKeyword {
		t.Fatalf("first command against a hung server: mode %s after %v, want keyword after the full %v", resp.Mode, took, wait)
	}
	for i := range 2 {
		resp, took := command()
		// At most one each: a probe's 100 ms can run out before a loaded
		// machine's server counts its request, so fewer is no failure.
		if got := hungCalls.Load(); got > int64(i+2) {
			t.Errorf("command %d: %d requests to the hung server in all, want at most %d (one each)", i+2, got, i+2)
		}
		warn := warningText(resp.Warnings)
		if took >= wait || resp.Mode != memweave.ModeKeyword || len(resp.Results) == 0 ||
			!strings.Contains(warn, "the server failed 1 full wait since") || !strings.Contains(warn, "searches wait 300ms for it until") {
			t.Errorf("command %d after it: mode %s, %d results after %v, warnings %q; want keyword results well within %v, saying why",
				i+2, resp.Mode, len(resp.Results), took, warn, wait)
		}
	}
	hung.Store(false)
	if resp, _ := command(); resp.Mode != memweave.ModeHybrid || len(resp.Warnings) != 0 {
		t.Errorf("command once the server answers: mode %s, warnings %q; want hybrid without warnings", resp.Mode, warningText(resp.Warnings))
	}
	if _, err := os.Stat(filepath.Join(root, ".memweave", "query-cooldown.json")); !os.IsNotExist(err) {
		t.Errorf("the cool-down file outlived the server's answer (%v)", err)
	}
}

// hungServer returns an embedding server of 8 dimensions that answers
// until hung is set, then holds every request until its client gives
// up, counting them in calls.
func hungServer(tb testing.TB) (srv *httptest.Server, hung *atomic.Bool, calls *atomic.Int64) {
	inner := memweavetest.NewEmbedServer(tb, 8)
	hung, calls = new(atomic.Bool), new(atomic.Int64)
	srv = httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if hung.Load() {
			calls.Add(1)
			io.Copy(io.Discard, r.Body)
			<-r.Context().Done()
			return
		}
		inner.Server.Config.Handler.ServeHTTP(rw, r)
	}))
	tb.Cleanup(srv.Close)
	return srv, hung, calls
}

// TestWatchedSearchBoundsNewTextsWait: a long-lived Weave (it watches
// its files, as the MCP server does) whose embedding server hangs,
// searching after a note was edited, waits for the new text's vectors
// no longer than a one-shot search does (the lock notice delay, 2 s),
// not a batch's three tries of 30 s; the note is found by keyword.
func TestWatchedSearchBoundsNewTextsWait(t *testing.T) {
	srv, hung, _ := hungServer(t)
	root := memweavetest.Workspace(t, sample)
	w := open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m",
		BaseURL: srv.URL + "/v1", Dims: 8, QueryTimeout: time.Second}})
	mustIndex(t, w)
	if _, err := w.Search(t.Context(), "Valkey"); err != nil { // starts the watcher
		t.Fatal(err)
	}
	hung.Store(true)
	if err := os.WriteFile(filepath.Join(root, "memory", "racks.md"), []byte("# Racks\n\nValkey runs on rack 9.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	resp, err := w.Search(t.Context(), "rack")
	if err != nil {
		t.Fatal(err)
	}
	const want = "no vectors within 2s"
	if warn := warningText(resp.Warnings); !strings.Contains(warn, want) || len(resp.Results) == 0 {
		t.Errorf("search after an edit, hung server: %d results, warnings %q; want keyword results after the lock notice delay (%q)", len(resp.Results), warn, want)
	}
}

// TestHungServerCoolDownShortensNoteWaits: once a search waited out a
// hung embedding server, the waits for a note's vectors that a caller
// is kept waiting for (an append, a write, the new texts a search finds
// changed) are those of a search in the cool-down, a tenth of the query
// timeout, not their own bounds of 1 s and 2 s, in the same process and
// in the next command; the notes stay pending and found by keyword.
func TestHungServerCoolDownShortensNoteWaits(t *testing.T) {
	const wait = time.Second
	srv, hung, _ := hungServer(t)
	root := memweavetest.Workspace(t, sample)
	cfg := memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m",
		BaseURL: srv.URL + "/v1", Dims: 8, QueryTimeout: wait}}
	w := open(t, root, cfg)
	mustIndex(t, w)
	hung.Store(true)
	if _, err := w.Search(t.Context(), "Valkey"); err != nil {
		t.Fatal(err)
	}
	const short = "no vectors within 100ms"
	check := func(what string, res *memweave.IndexResult, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if warn := warningText(res.Warnings); !strings.Contains(warn, short) || res.FilesPending == 0 {
			t.Errorf("%s in the cool-down: %d files pending, warnings %q; want the note pending after a wait of a search's probe (%q)",
				what, res.FilesPending, warn, short)
		}
	}
	_, res, err := w.AppendIndexed(t.Context(), "the Valkey cluster moved to the new rack")
	check("append", res, err)
	res, err = w.Write(t.Context(), "memory/racks.md", "# Racks\n\nValkey runs on rack 7.\n")
	check("write", res, err)
	if err := os.WriteFile(filepath.Join(root, "memory", "racks.md"), []byte("# Racks\n\nValkey runs on rack 9.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	resp, err := w.Search(t.Context(), "Valkey")
	if err != nil {
		t.Fatal(err)
	}
	if warn := warningText(resp.Warnings); !strings.Contains(warn, short) || len(resp.Results) == 0 {
		t.Errorf("search after an edit in the cool-down: %d results, warnings %q; want keyword results after a wait of a probe (%q)", len(resp.Results), warn, short)
	}
	cfg.OneShot = true
	next := open(t, root, cfg)
	_, res, err = next.AppendIndexed(t.Context(), "the Valkey cluster has three replicas")
	check("the next command's append", res, err)
}

// TestCurationEditsWaitAsWrites: resolve and feedback re-index the note
// they edited; against a hung embedding server they waited for its new
// texts' vectors as an index run does (here 3 tries of 2 s), where a
// write of the same note waits 1 s: they now wait as a write does (one
// request, cut by its 1 s), and the note is found by keyword.
func TestCurationEditsWaitAsWrites(t *testing.T) {
	srv, hung, calls := hungServer(t)
	root := memweavetest.Workspace(t, sample)
	w := open(t, root, memweave.Config{NoWatch: true, Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m",
		BaseURL: srv.URL + "/v1", Dims: 8, Timeout: 2 * time.Second, QueryTimeout: time.Second}})
	mustIndex(t, w)
	hung.Store(true)
	if _, err := w.Resolve(t.Context(), memweave.Ref{Path: "memory/2026-11-01.md", StartLine: 3},
		memweave.Ref{Path: "memory/stack.md", StartLine: 3}, "moved"); err != nil {
		t.Fatal(err)
	}
	if got := calls.Load(); got != 1 {
		t.Errorf("resolve against a hung server sent %d requests, want 1 (a write's wait of 1s, within one try of 2s)", got)
	}
	if _, err := w.Feedback(t.Context(), "memory/researcher_agent/notes.md", 3, true); err != nil {
		t.Fatal(err)
	}
	resp, err := w.Search(t.Context(), "superseded")
	if err != nil || len(resp.Results) == 0 {
		t.Errorf("search for the marker = %+v, %v; want the resolved note by keyword", resp, err)
	}
}

// TestConsolidateApplyWaitsAsWrites: consolidate --apply re-indexed with
// a whole index run, which also retries every note pending embeddings,
// so against a hung server it waited a batch's tries (here 3 of 2 s)
// for a note it did not touch; it now re-indexes what it changed as a
// write does, and leaves pending notes to the next index run.
func TestConsolidateApplyWaitsAsWrites(t *testing.T) {
	srv, hung, calls := hungServer(t)
	files := maps.Clone(sample)
	files["memory/2026-11-02.md"] = files["memory/2026-11-01.md"]
	root := memweavetest.Workspace(t, files)
	w := open(t, root, memweave.Config{NoWatch: true, Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m",
		BaseURL: srv.URL + "/v1", Dims: 8, Timeout: 2 * time.Second, QueryTimeout: time.Second}})
	mustIndex(t, w)
	hung.Store(true)
	if _, err := w.Write(t.Context(), "memory/racks.md", "# Racks\n\nValkey runs on rack 9.\n"); err != nil {
		t.Fatal(err)
	}
	plan, err := w.Consolidate(t.Context())
	if err != nil || len(plan.Groups) == 0 {
		t.Fatalf("Consolidate = %+v, %v; want the two day logs as a group", plan, err)
	}
	before := calls.Load()
	res, err := w.ApplyConsolidation(t.Context(), []string{plan.Groups[0].ID})
	if err != nil || !res.Changed() {
		t.Fatalf("ApplyConsolidation = %+v, %v; want the copy removed", res, err)
	}
	if got := calls.Load() - before; got > 1 {
		t.Errorf("consolidate --apply against a hung server sent %d requests, want at most 1 (a write's wait of 1s)", got)
	}
}

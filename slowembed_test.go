package memweave_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memweavetest"
)

// slowServer is an embedding server that answers like
// memweavetest.EmbedServer until slow is set, then at one byte a
// second, until the client gives up; calls counts its slow requests,
// and each slow request whose texts hold mark sends on marked how long
// it stayed open (the first 16: the rest are dropped).
func slowServer(t *testing.T, mark string) (srv *httptest.Server, slow *atomic.Bool, calls *atomic.Int64, marked <-chan time.Duration) {
	fast := memweavetest.NewEmbedServer(t, 8)
	slow, calls = new(atomic.Bool), new(atomic.Int64)
	open := make(chan time.Duration, 16)
	srv = httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if !slow.Load() {
			fast.Server.Config.Handler.ServeHTTP(rw, r)
			return
		}
		calls.Add(1)
		body, _ := io.ReadAll(r.Body)
		if start := time.Now(); mark != "" && bytes.Contains(body, []byte(mark)) {
			defer func() {
				select {
				case open <- time.Since(start):
				default:
				}
			}()
		}
		rw.Header().Set("Content-Type", "application/json")
		rw.WriteHeader(http.StatusOK)
		fl, _ := rw.(http.Flusher)
		for _, b := range []byte(`{"object":"list","data":[`) {
			if _, err := rw.Write([]byte{b}); err != nil {
				return
			}
			if fl != nil {
				fl.Flush()
			}
			select {
			case <-r.Context().Done():
				return
			case <-time.After(time.Second):
			}
		}
	}))
	t.Cleanup(srv.Close)
	return srv, slow, calls, open
}

// TestSlowEmbedderHoldsNoLockAndSearchFallsBack: against an embedding
// server sending one byte a second, an index run holds no lock across
// the network call, so an append from another Weave meanwhile finishes
// before the index run gives up on the server (its note found by
// keyword), having given up its one request before the request's
// Timeout (after NoteEmbedTimeout), and a search answers by keyword
// within its query deadline and says why.
//
// The append is checked by order and by its request's time at the
// server, not by its own wall time: its 2 s bound (NoteEmbedTimeout and
// 1 s for the rest, under -race) is the bound a loaded machine broke in
// the CLI's twin of this test ("exit 0 after 2.08s, want 0 within 2s").
func TestSlowEmbedderHoldsNoLockAndSearchFallsBack(t *testing.T) {
	memweavetest.Long(t, "waits out a crawling server's deadlines")
	ctx := context.Background()
	srv, slow, calls, pelican := slowServer(t, "PELICAN-77")
	root := memweavetest.Workspace(t, sample)
	cfg := memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "slow", BaseURL: srv.URL + "/v1",
		Dims: 8, Timeout: 3 * time.Second, QueryTimeout: time.Second}}
	w := open(t, root, cfg)
	defer w.Close()
	mustIndex(t, w) // every chunk gets its vector while the server is fast
	slow.Store(true)
	memweavetest.WriteFile(t, root, "memory/later.md", "# Later\n\nA note the crawling server must embed.\n")
	indexed := make(chan error, 1)
	var indexDone atomic.Bool
	go func() { _, err := w.Index(ctx); indexDone.Store(true); indexed <- err }()
	for deadline := time.Now().Add(10 * time.Second); calls.Load() == 0; {
		if time.Now().After(deadline) {
			t.Fatal("the index run never called the embedding server")
		}
		time.Sleep(10 * time.Millisecond)
	}

	w2 := open(t, root, cfg)
	defer w2.Close()
	start := time.Now()
	rel, err := w2.Append(ctx, "PELICAN-77 appended while the server crawls")
	t.Logf("append during a crawling index run: %v", time.Since(start))
	// The index run's tries (3 of Timeout) end 9 s after it started: an
	// append waiting on a lock it held across them would end after it.
	if done := indexDone.Load(); err != nil || done {
		t.Fatalf("Append during a slow embedding = %s, %v (the index run ended first: %v); want it done while the index run waits on the server", rel, err, done)
	}
	select {
	case open := <-pelican:
		t.Logf("the append's request stayed open %v", open)
		if open >= cfg.Embedder.Timeout || len(pelican) != 0 {
			t.Errorf("the append's request stayed open %v (%d more), want one given up before its Timeout (%v), after NoteEmbedTimeout (%v)",
				open, len(pelican), cfg.Embedder.Timeout, indexer.NoteEmbedTimeout)
		}
	case <-time.After(time.Minute):
		t.Fatal("the append sent the crawling server no request, or it never ended")
	}

	start = time.Now()
	resp, err := w2.Search(ctx, "PELICAN-77")
	took := time.Since(start)
	t.Logf("search whose query embedding misses its deadline: %v", took)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Mode != memweave.ModeKeyword || len(resp.Results) == 0 {
		t.Errorf("Search = mode %q with %d results, want keyword results", resp.Mode, len(resp.Results))
	}
	if !strings.Contains(warningText(resp.Warnings), "no query vector within 1s") {
		t.Errorf("Search warnings %q do not say the query embedding missed its deadline", warningText(resp.Warnings))
	}
	// The query deadline (1s) plus the freshness check's wait for the
	// appended note's vectors (2s), with slack for a loaded machine.
	if took > 6*time.Second {
		t.Errorf("Search took %v against a crawling server, want it within its deadlines", took)
	}
	select {
	case err := <-indexed:
		if err != nil {
			t.Errorf("Index: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Index did not end against a crawling server")
	}
}

// TestSlowServerBackgroundWithinQueryTimeout: a server answering each
// request within the query timeout, but slowly, gets the first searches
// of an index (which embed the 48 background questions, four at a time)
// answered within the query timeout for the query plus one for the
// questions, not twelve rounds of requests: a search past it is keyword
// only and says why, and the questions embedded meanwhile are kept, so
// that a later search finds them all and is hybrid.
func TestSlowServerBackgroundWithinQueryTimeout(t *testing.T) {
	memweavetest.Long(t, "waits on a slow server for seconds")
	const delay, queryTimeout = 400 * time.Millisecond, time.Second
	inner := memweavetest.NewEmbedServer(t, 16)
	inner.Baseline = 0.3 // a sentence encoder's background: measured
	var slow atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if slow.Load() {
			select {
			case <-time.After(delay):
			case <-r.Context().Done():
				return
			}
		}
		inner.Server.Config.Handler.ServeHTTP(rw, r)
	}))
	t.Cleanup(srv.Close)
	root := memweavetest.Workspace(t, sample)
	cfg := memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.URL + "/v1", Dims: 16, QueryTimeout: queryTimeout}}
	w := open(t, root, cfg)
	mustIndex(t, w)
	slow.Store(true)
	for i := 0; ; i++ {
		start := time.Now()
		resp, err := w.Search(t.Context(), "Valkey")
		took := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("search %d: %v, mode %s, warnings %q", i, took, resp.Mode, warningText(resp.Warnings))
		if limit := delay + queryTimeout + 2*time.Second; took > limit {
			t.Errorf("search %d took %v against a server answering in %v, want within %v", i, took, delay, limit)
		}
		if len(resp.Results) == 0 {
			t.Errorf("search %d found nothing, want stack.md at least by keyword", i)
		}
		if resp.Mode == memweave.ModeHybrid {
			break
		}
		if !strings.Contains(warningText(resp.Warnings), "background") {
			t.Errorf("search %d is %s with warnings %q, want one saying the background questions are not embedded yet", i, resp.Mode, warningText(resp.Warnings))
		}
		if i == 8 {
			t.Fatal("no search became hybrid: the background questions embedded are not kept")
		}
	}
}

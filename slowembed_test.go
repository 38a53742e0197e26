package memweave_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// slowServer answers every request at one byte a second, until the
// client gives up; it counts the requests it got.
func slowServer(t *testing.T) (*httptest.Server, *atomic.Int64) {
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		calls.Add(1)
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
	return srv, &calls
}

// TestSlowEmbedderHoldsNoLockAndSearchFallsBack: against an embedding
// server sending one byte a second, an index run holds no lock across
// the network call, so an append from another Weave meanwhile finishes
// within 2 s (its note found by keyword), and a search answers by
// keyword within its query deadline and says why.
func TestSlowEmbedderHoldsNoLockAndSearchFallsBack(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out a crawling server's deadlines")
	}
	ctx := context.Background()
	srv, calls := slowServer(t)
	root := memweavetest.Workspace(t, sample)
	cfg := memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "slow", BaseURL: srv.URL + "/v1",
		Dims: 8, Timeout: 3 * time.Second, QueryTimeout: time.Second}}
	w := open(t, root, cfg)
	defer w.Close()
	indexed := make(chan error, 1)
	go func() { _, err := w.Index(ctx); indexed <- err }()
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
	if took := time.Since(start); err != nil || took > 2*time.Second {
		t.Fatalf("Append during a slow embedding = %s, %v after %v; want it done within 2s", rel, err, took)
	}

	start = time.Now()
	resp, err := w2.Search(ctx, "PELICAN-77")
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Mode != memweave.ModeKeyword || len(resp.Results) == 0 {
		t.Errorf("Search = mode %q with %d results, want keyword results", resp.Mode, len(resp.Results))
	}
	if !strings.Contains(warningText(resp.Warnings), "keyword") {
		t.Errorf("Search warnings %q do not say the results are keyword-only", warningText(resp.Warnings))
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

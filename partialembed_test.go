package memweave_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestRateLimitedServerFinishesOverRuns: a server that answers a few
// requests per index run and refuses the rest (a rate limit of a few
// requests a minute, runs a minute apart) gets the index done over a
// few runs, each text embedded once: the vectors of the requests it
// answered are kept for the next run even when another request of the
// same call failed, rather than thrown away with it, which left every
// run where the first began.
func TestRateLimitedServerFinishesOverRuns(t *testing.T) {
	inner := memweavetest.NewEmbedServer(t, 16)
	var budget atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if budget.Add(-1) < 0 {
			http.Error(rw, `{"error":{"message":"rate limit reached","type":"requests"}}`, http.StatusTooManyRequests)
			return
		}
		inner.Server.Config.Handler.ServeHTTP(rw, r)
	}))
	t.Cleanup(srv.Close)
	files := map[string]string{}
	for i := range 30 {
		files[fmt.Sprintf("memory/n%02d.md", i)] = fmt.Sprintf("# Note %d\n\nFact number %d about %s.\n", i, i, strings.Repeat("topic ", i%5+1))
	}
	root := memweavetest.Workspace(t, files)
	// One request at a time: with several in flight, the refused one
	// cancels the others (fail fast, and a flooding server's answers
	// are not read on), and one the server answered but the client had
	// not yet read is paid again at the next run (seen under load): not
	// what this test is about.
	cfg := memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.URL + "/v1", Dims: 16, BatchSize: 4, MaxInFlight: 1}}
	w := open(t, root, cfg)
	var progress []int
	for run := 0; run < 6; run++ {
		budget.Store(3) // three requests of four texts: 12 of the 30 chunks
		if _, err := w.Index(t.Context()); err != nil {
			t.Fatal(err)
		}
		st, err := w.Status(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		progress = append(progress, st.Vectors)
		if st.PendingFiles == 0 && st.Vectors == st.Chunks {
			break
		}
	}
	st, _ := w.Status(t.Context())
	if st.PendingFiles != 0 || st.Vectors != st.Chunks {
		t.Fatalf("after %d index runs against a server answering 3 requests a run: vectors %v of %d chunks, %d files pending; want all done",
			len(progress), progress, st.Chunks, st.PendingFiles)
	}
	if got := inner.Texts.Load(); got != int64(st.Chunks) {
		t.Errorf("the server embedded %d texts for %d chunks, want each once", got, st.Chunks)
	}
}

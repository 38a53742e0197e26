package memweave_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestAppendIndexedWarnsWhenTheEmbedderFails: AppendIndexed against an
// embedding endpoint that fails stores the note, found by keyword, and
// returns a warning wrapping ErrEmbedderUnavailable, as Write's result
// does; the next index with a working endpoint embeds it.
func TestAppendIndexedWarnsWhenTheEmbedderFails(t *testing.T) {
	ctx := context.Background()
	srv := memweavetest.NewEmbedServer(t, 64)
	srv.Status.Store(500)
	root := memweavetest.Workspace(t, map[string]string{"memory/keep.md": "# Keep\n"})
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root, Now: memweavetest.Clock(),
		Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.BaseURL()}})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	path, res, err := w.AppendIndexed(ctx, "The PELICAN-88 migration runs on Tuesdays.")
	if err != nil || path == "" {
		t.Fatalf("AppendIndexed = %q, %v; want the path, no error", path, err)
	}
	if len(res.Warnings) != 1 || !errors.Is(res.Warnings[0], memweave.ErrEmbedderUnavailable) {
		t.Errorf("AppendIndexed warnings = %v, want one wrapping ErrEmbedderUnavailable", res.Warnings)
	}
	resp, err := w.Search(ctx, "PELICAN-88", memweave.SearchMode(memweave.ModeKeyword), memweave.NoSync())
	if err != nil || len(resp.Results) == 0 || resp.Results[0].Path != path {
		t.Errorf("keyword search after AppendIndexed = %v, %v; want %s", resp, err, path)
	}
	srv.Status.Store(0)
	ires, err := w.Index(ctx)
	if err != nil || ires.FilesPending != 0 || ires.EmbeddingsComputed == 0 {
		t.Errorf("Index with a working embedder = %+v, %v; want the note embedded, none pending", ires, err)
	}
}

// TestAppendIndexedWarnsWhenTheEmbedderIsSlow: an append waits a bounded
// time for its note's vectors; a server slower than that is unavailable
// to it, and the warning wraps ErrEmbedderUnavailable as a failing
// server's does (it used to wrap only the context's deadline, so under
// load the test above failed when the failing server's retries ran past
// the wait).
func TestAppendIndexedWarnsWhenTheEmbedderIsSlow(t *testing.T) {
	ctx := context.Background()
	inner := memweavetest.NewEmbedServer(t, 64)
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(2 * time.Second):
		case <-r.Context().Done():
			return
		}
		inner.Server.Config.Handler.ServeHTTP(rw, r)
	}))
	t.Cleanup(srv.Close)
	root := memweavetest.Workspace(t, map[string]string{"memory/keep.md": "# Keep\n"})
	w := open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.URL + "/v1", Dims: 64}})
	path, res, err := w.AppendIndexed(ctx, "The PELICAN-89 migration runs on Wednesdays.")
	if err != nil || path == "" {
		t.Fatalf("AppendIndexed = %q, %v; want the path, no error", path, err)
	}
	if len(res.Warnings) != 1 || !errors.Is(res.Warnings[0], memweave.ErrEmbedderUnavailable) {
		t.Errorf("AppendIndexed warnings = %v, want one wrapping ErrEmbedderUnavailable", res.Warnings)
	}
}

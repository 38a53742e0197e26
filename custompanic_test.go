package memweave_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/postprocess"
	"github.com/memweave/memweave-go/search"
)

// A postprocessor that panics fails that search with an error naming it;
// the Weave goes on serving: a write and the next search work.
func TestSearchPanickingPostprocessor(t *testing.T) {
	const query = "rollback timeout deploy recall"
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "memory"), 0o755); err != nil {
		t.Fatal(err)
	}
	w := open(t, dir, memweave.Config{})
	if _, err := w.Append(context.Background(), "deploy rollback runbook: timeout recall after 30s"); err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int32
	w.Use(postprocess.Func{N: "flaky-reranker", F: func(_ context.Context, _ string, rs []search.Result) ([]search.Result, error) {
		if calls.Add(1) == 1 {
			_ = rs[len(rs)+1] // index out of range
		}
		return rs, nil
	}})
	got, err := w.Search(context.Background(), query)
	if err == nil || !errors.Is(err, postprocess.ErrPanicked) || !strings.Contains(err.Error(), "flaky-reranker") || got != nil {
		t.Fatalf("Search with a panicking postprocessor = %v, %v; want nil and an error naming flaky-reranker", got, err)
	}
	if _, err := w.Append(context.Background(), "rollback timeout raised to 90s"); err != nil {
		t.Fatalf("Append after the panic: %v", err)
	}
	resp := mustSearch(t, w, query)
	if len(resp.Results) == 0 {
		t.Errorf("search after the panic found nothing")
	}
}

package indexer_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/search"
)

// TestStatus: counts before and after an index run, the scan only when
// asked, and the reason a default search is keyword-only.
func TestStatus(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha\n", "memory/b.md": "# B\n\nbeta\n"})
	e := newEngine(t, root)
	s, err := e.Status(ctx, false)
	if err != nil || s.Scanned || s.StaleFiles != 0 || s.Files != 0 || s.Embedder != "hash" || s.Dims == 0 {
		t.Fatalf("Status(no scan) of a new index = %+v, %v", s, err)
	}
	if s, err = e.Status(ctx, true); err != nil || !s.Scanned || s.StaleFiles != 2 {
		t.Fatalf("Status(scan) before indexing = %+v, %v; want 2 stale", s, err)
	}
	if _, err := e.Sync(ctx, indexer.SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	s, err = e.Status(ctx, true)
	if err != nil || s.Files != 2 || s.Chunks == 0 || s.Vectors != s.Chunks || s.StaleFiles != 0 || s.SearchMode != search.ModeHybrid || s.SearchModeReason != "" || s.ChunkingStale {
		t.Fatalf("Status after indexing = %+v, %v; want 2 files, every chunk with a vector, hybrid", s, err)
	}

	// The same index read without an embedder is keyword-only, and with
	// another chunk size its chunking is stale.
	db, err := index.Open(ctx, filepath.Join(root, ".memweave", "index.db"), index.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	bare := indexer.New(db, indexer.Options{Root: root, MaxFileBytes: 1 << 20, Chunk: chunker.Options{MaxTokens: 100}})
	if s, err = bare.Status(ctx, false); err != nil || s.Embedder != "none" || s.SearchMode != search.ModeKeyword || s.SearchModeReason == "" || !s.ChunkingStale {
		t.Fatalf("Status without an embedder = %+v, %v; want none, a keyword-only reason, stale chunking", s, err)
	}
}

package indexer_test

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memweavetest"
)

// gateEmbedder is a networked embedder whose EmbedDocuments waits at a
// gate: it stands for a slow server.
type gateEmbedder struct {
	*embed.Hash
	entered chan struct{}
	gate    chan struct{}
	calls   atomic.Int32
}

func (g *gateEmbedder) Networked() bool { return true }

func (g *gateEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	g.calls.Add(1)
	select {
	case g.entered <- struct{}{}:
	default:
	}
	select {
	case <-g.gate:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return g.Hash.EmbedDocuments(ctx, texts)
}

// TestNetworkedEmbedderIsCalledWithoutTheLock: while a networked
// embedder is busy, the index lock is free (another writer takes it at
// once), the files are already searchable by keyword (stored, pending),
// and once it answers every chunk has its vector and nothing is pending.
func TestNetworkedEmbedderIsCalledWithoutTheLock(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha\n", "memory/b.md": "# B\n\nbravo\n"})
	db, err := index.Open(ctx, filepath.Join(root, ".memweave", "index.db"), index.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	emb := &gateEmbedder{Hash: embed.NewHash(0), entered: make(chan struct{}, 1), gate: make(chan struct{})}
	if err := db.ResetVectors(ctx, emb.Identity().Dims); err != nil {
		t.Fatal(err)
	}
	e := indexer.New(db, indexer.Options{Root: root, MaxFileBytes: 1 << 20, Chunk: chunker.Options{MaxTokens: 400}, Embedder: emb})

	for _, run := range []struct {
		name string
		fn   func() (*indexer.Result, error)
	}{
		{"Sync", func() (*indexer.Result, error) { return e.Sync(ctx, indexer.SyncOptions{}) }},
		{"Add", func() (*indexer.Result, error) {
			memweavetest.WriteFile(t, root, "memory/c.md", "# C\n\ncharlie\n")
			return e.AddPaths(ctx, indexer.SyncOptions{}, "memory/c.md")
		}},
	} {
		done := make(chan error, 1)
		var res *indexer.Result
		go func() {
			var err error
			res, err = run.fn()
			done <- err
		}()
		select {
		case <-emb.entered:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s never called the embedder", run.name)
		}
		if err := e.WithLock(ctx, time.Second, func() error { return nil }); err != nil {
			t.Errorf("%s: the lock is held while the embedder works: %v", run.name, err)
		}
		if n, err := db.PendingFiles(ctx); err != nil || n == 0 {
			t.Errorf("%s: while embedding, pending files = %d, %v; want the files stored, pending", run.name, n, err)
		}
		emb.gate <- struct{}{}
		if err := <-done; err != nil {
			t.Fatalf("%s: %v", run.name, err)
		}
		if res.FilesPending != 0 || res.EmbeddingsComputed == 0 {
			t.Errorf("%s = %+v, want every file embedded", run.name, res)
		}
	}
}

package indexer_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
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

// failingEmbedder is a networked embedder that fails every call that
// would take it past budget texts (0: no limit), as a server that gives
// up part way; it counts the texts it embedded.
type failingEmbedder struct {
	*embed.Hash
	budget   int32
	embedded atomic.Int32
	mu       sync.Mutex
	texts    map[string]bool // every text embedded
}

func (f *failingEmbedder) Networked() bool { return true }

func (f *failingEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	if f.budget > 0 && f.embedded.Load()+int32(len(texts)) > f.budget {
		return nil, fmt.Errorf("fake server gave up: %w", embed.ErrUnavailable)
	}
	f.embedded.Add(int32(len(texts)))
	f.mu.Lock()
	if f.texts == nil {
		f.texts = make(map[string]bool)
	}
	for _, t := range texts {
		f.texts[t] = true
	}
	f.mu.Unlock()
	return f.Hash.EmbedDocuments(ctx, texts)
}

// TestNetworkedEmbedderFailingKeepsWhatItEmbedded: a networked embedder
// that fails part way through an index leaves the files pending with a
// warning, but the vectors it returned before are kept: the next index
// embeds only the rest.
func TestNetworkedEmbedderFailingKeepsWhatItEmbedded(t *testing.T) {
	ctx := context.Background()
	// One group of files (fewer than 256) with 600 chunks.
	const notes, each = 100, 6
	files := make(map[string]string, notes)
	for i := range notes {
		var b strings.Builder
		for j := range each {
			fmt.Fprintf(&b, "## Part %d\n\nNote %d part %d holds a fact of its own, told in words that fill its chunk.\n\n", j, i, j)
		}
		files[fmt.Sprintf("memory/n%03d.md", i)] = b.String()
	}
	root := memweavetest.Workspace(t, files)
	db, err := index.Open(ctx, filepath.Join(root, ".memweave", "index.db"), index.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	hash := embed.NewHash(0)
	if err := db.ResetVectors(ctx, hash.Identity().Dims); err != nil {
		t.Fatal(err)
	}
	opts := indexer.Options{Root: root, MaxFileBytes: 1 << 20, Chunk: chunker.Options{MaxTokens: 20}}
	failing := &failingEmbedder{Hash: hash, budget: 300}
	opts.Embedder = failing
	res, err := indexer.New(db, opts).Sync(ctx, indexer.SyncOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.FilesPending == 0 || len(res.Warnings) == 0 || res.EmbeddingsComputed == 0 {
		t.Fatalf("index with an embedder failing past 300 texts = %+v, want vectors for part, files pending and a warning", res)
	}
	first := res.EmbeddingsComputed
	ok := &failingEmbedder{Hash: hash}
	opts.Embedder = ok
	res, err = indexer.New(db, opts).Sync(ctx, indexer.SyncOptions{Pending: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.FilesPending != 0 {
		t.Fatalf("second index = %+v, want nothing pending", res)
	}
	twice := 0
	for text := range ok.texts {
		if failing.texts[text] {
			twice++
		}
	}
	if twice > 0 || len(ok.texts) == 0 {
		t.Errorf("the second index embedded %d texts, %d of them already embedded by the first (which kept %d); want only the rest", len(ok.texts), twice, first)
	}
}

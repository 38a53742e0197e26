package indexer_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memweavetest"
)

// engineWith opens a second handle on root's index with chunk size tokens,
// as another process with other settings would.
func engineWith(t *testing.T, root string, tokens int, emb embed.Embedder) *indexer.Engine {
	t.Helper()
	db, err := index.Open(context.Background(), filepath.Join(root, ".memweave", "index.db"), index.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return indexer.New(db, indexer.Options{Root: root, MaxFileBytes: 1 << 20, Chunk: chunker.Options{MaxTokens: tokens}, Embedder: emb})
}

// embedderCases are the stale-handle tests' two embedders: none, hash.
var embedderCases = []struct {
	name string
	emb  func() embed.Embedder
}{{"no embedder", func() embed.Embedder { return nil }}, {"hash embedder", func() embed.Embedder { return embed.NewHash(0) }}}

// rechunkedBehind indexes a workspace whose memory/log.md holds log with
// old, a handle of chunk size 400, then re-chunks it with cur, of 301:
// old is a long-lived process the chunk size changed behind.
func rechunkedBehind(t *testing.T, log string, emb func() embed.Embedder) (root string, old, cur *indexer.Engine) {
	t.Helper()
	ctx := context.Background()
	root = memweavetest.Workspace(t, map[string]string{"memory/log.md": log})
	old = engineWith(t, root, 400, emb())
	if err := old.Reconcile(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := old.Sync(ctx, indexer.SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	cur = engineWith(t, root, 301, emb())
	if err := cur.Reconcile(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := cur.Sync(ctx, indexer.SyncOptions{Pending: true}); err != nil {
		t.Fatal(err)
	}
	return root, old, cur
}

// TestStaleChunkingHandle: a long-lived handle started before the chunk
// size changed (memweave.json, then index) edits-indexes a note with its
// old chunk size; the next index run of the new size must re-chunk it, so
// that the index is what a rebuild gives. Before the fix the stale run
// recorded the note as indexed and the next index skipped it.
func TestStaleChunkingHandle(t *testing.T) {
	for _, tc := range embedderCases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			var b strings.Builder
			for i := range 300 {
				b.WriteString("deploy note number " + strings.Repeat("x", i%7) + " of the append loop\n\n")
			}
			root, old, cur := rechunkedBehind(t, b.String(), tc.emb)
			note := filepath.Join(root, "memory", "log.md")
			if err := os.WriteFile(note, []byte(b.String()+"deploy note number 301\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			res, err := old.SyncPaths(ctx, []string{note}, indexer.SyncOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(res.Warnings, func(w indexer.Warning) bool { return errors.Is(w.Err, indexer.ErrChunkingChanged) }) {
				t.Errorf("the stale handle's run warned %v; want ErrChunkingChanged", res.Warnings)
			}
			if st, err := old.Status(ctx, false); err != nil || st.ChunkerVersion != cur.IdentityOf().Chunking {
				t.Errorf("the stale handle's run left the index's chunking %q, %v; want %q", st.ChunkerVersion, err, cur.IdentityOf().Chunking)
			}
			res, err = cur.Sync(ctx, indexer.SyncOptions{Pending: true})
			if err != nil || !slices.Contains(res.Indexed, "memory/log.md") {
				t.Fatalf("index after the stale handle's run = %+v, %v; want memory/log.md re-chunked", res, err)
			}
			before, err := cur.Status(ctx, false)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := cur.Sync(ctx, indexer.SyncOptions{Force: true}); err != nil {
				t.Fatal(err)
			}
			after, err := cur.Status(ctx, false)
			if err != nil || after.Chunks != before.Chunks || after.Vectors != before.Vectors {
				t.Errorf("a forced re-chunk gives %d chunks (%d vectors), the index held %d (%d); want the same", after.Chunks, after.Vectors, before.Chunks, before.Vectors)
			}
		})
	}
}

// TestStaleHandlePendingWording: the search refresh of a handle whose
// chunk size is not the index's stores the note it indexes pending; the
// warning said "1 file is pending embeddings ... run index to retry
// their embeddings" even with no embedder, where nothing is embedded.
// It must say the file waits for the next index run to re-chunk it.
func TestStaleHandlePendingWording(t *testing.T) {
	for _, tc := range embedderCases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			root, old, _ := rechunkedBehind(t, "deploy note one\n", tc.emb)
			memweavetest.WriteFile(t, root, "memory/log.md", "deploy note two, longer\n")
			var pending string
			for _, w := range old.Refresh(ctx, time.Second) {
				if strings.Contains(w.Error(), "pending") || strings.Contains(w.Error(), "wait") && !errors.Is(w.Err, indexer.ErrChunkingChanged) {
					pending = w.Error()
				}
			}
			if !strings.Contains(pending, "1 file waits for the next index run to re-chunk it") || strings.Contains(pending, "embedding") {
				t.Errorf("the stale handle's pending warning = %q; want it to say 1 file waits for the next index run to re-chunk it, not embeddings", pending)
			}
		})
	}
}

package indexer

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/store"
	"github.com/memweave/memweave-go/workspace"
)

// The two versions of a note: the same size, different words.
const (
	oldNote = "# Note\n\nthe colour is amber\n"
	newNote = "# Note\n\nthe colour is green\n"
)

// heldEmbedder is the offline embedder with a gate: after hold, the next
// EmbedDocuments call reports that it started and waits for release, as
// a slow remote embedder keeps an index run between its reads and its
// write.
type heldEmbedder struct {
	embed.Embedder

	// mu guards held.
	mu   sync.Mutex
	held *hold
}

// hold is one held embedding call.
type hold struct {
	entered, release chan struct{}
}

// hold makes the next embedding call wait.
func (h *heldEmbedder) hold() *hold {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.held = &hold{entered: make(chan struct{}), release: make(chan struct{})}
	return h.held
}

func (h *heldEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	h.mu.Lock()
	w := h.held
	h.held = nil
	h.mu.Unlock()
	if w != nil {
		close(w.entered)
		select {
		case <-w.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return h.Embedder.EmbedDocuments(ctx, texts)
}

// coarseWorkspace is an Engine over a workspace on a simulated
// whole-second file system: the files' mtimes are set to whole seconds,
// the change time is not reported (as on platforms without one), and the
// engine's clock stands still within the second the files were written
// in, so a rewrite in that second leaves size, mtime and inode as they
// were.
type coarseWorkspace struct {
	e    *Engine
	emb  *heldEmbedder
	root string
	// second is the whole second the files are written in.
	second time.Time
	clock  atomic.Int64
}

func newCoarseWorkspace(t *testing.T) *coarseWorkspace {
	t.Helper()
	ctx := context.Background()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, workspace.MemoryDir), 0o755); err != nil {
		t.Fatal(err)
	}
	db, err := index.Open(ctx, filepath.Join(root, ".memweave", "index.db"), index.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	emb := &heldEmbedder{Embedder: embed.NewHash(0)}
	if err := db.ResetVectors(ctx, emb.Identity().Dims); err != nil {
		t.Fatal(err)
	}
	w := &coarseWorkspace{root: root, emb: emb,
		// A minute ago, so that the time an index row is written (the
		// real clock) lies far past the file's mtime.
		second: time.Now().Truncate(time.Second).Add(-time.Minute)}
	w.e = New(db, Options{Root: root, MaxFileBytes: 1 << 20, Chunk: chunker.Options{MaxTokens: 400}, Embedder: emb})
	t.Cleanup(w.e.Close)
	w.setClock(300 * time.Millisecond)
	w.e.now = w.clock.Load
	w.e.statOf = func(fi fs.FileInfo) (size, mtime, ctime, inode int64) {
		size, mtime, _, inode = workspace.StatOf(fi)
		return size, mtime, 0, inode
	}
	return w
}

// setClock sets the engine's clock to d past w.second.
func (w *coarseWorkspace) setClock(d time.Duration) { w.clock.Store(w.second.Add(d).UnixNano()) }

// write writes content to rel in place (the inode stays) and sets its
// mtime to mtime.
func (w *coarseWorkspace) write(t *testing.T, rel, content string, mtime time.Time) {
	t.Helper()
	abs := filepath.Join(w.root, filepath.FromSlash(rel))
	if err := os.WriteFile(abs, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(abs, mtime, mtime); err != nil {
		t.Fatal(err)
	}
}

// rewriteWhileEmbedding runs run with the next embedding call held and,
// while it is held (the files have been read and their rows are not
// written yet), rewrites rel with newNote in the same whole second.
func (w *coarseWorkspace) rewriteWhileEmbedding(t *testing.T, rel string, run func() error) {
	t.Helper()
	h := w.emb.hold()
	errc := make(chan error, 1)
	go func() { errc <- run() }()
	select {
	case <-h.entered:
	case err := <-errc:
		t.Fatalf("the run ended (%v) without embedding", err)
	}
	w.write(t, rel, newNote, w.second)
	close(h.release)
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
}

// wantNewNote fails unless a keyword search finds newNote's word in rel
// and nothing finds oldNote's.
func (w *coarseWorkspace) wantNewNote(t *testing.T, rel string) {
	t.Helper()
	ctx := context.Background()
	for word, want := range map[string][]string{"green": {rel}, "amber": nil} {
		hits, err := w.e.db.Keyword(ctx, word, 10, store.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		ids := make([]int64, len(hits))
		for i, h := range hits {
			ids[i] = h.ID
		}
		chunks, err := w.e.db.Chunks(ctx, ids)
		if err != nil {
			t.Fatal(err)
		}
		var paths []string
		for _, c := range chunks {
			paths = append(paths, c.Path)
		}
		if !slices.Equal(paths, want) {
			t.Errorf("keyword search for %q finds %q, want %q", word, paths, want)
		}
	}
}

// TestRacySyncSlowEmbedder checks the racy-timestamp rule of an index
// run on a whole-second file system: a same-size rewrite in the second
// of the first version, made while that version's embeddings are
// computed, is found by the next run, because the row's read time is
// taken before the file is read, not when the row is written.
func TestRacySyncSlowEmbedder(t *testing.T) {
	w := newCoarseWorkspace(t)
	ctx := context.Background()
	const rel = "memory/a.md"
	w.write(t, rel, oldNote, w.second)
	w.rewriteWhileEmbedding(t, rel, func() error { _, err := w.e.Sync(ctx, SyncOptions{}); return err })
	res, err := w.e.Sync(ctx, SyncOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Indexed, []string{rel}) {
		t.Errorf("the run after a rewrite during embedding indexed %q, want [%s]", res.Indexed, rel)
	}
	w.wantNewNote(t, rel)

	// Once the clock is past the granularity, a read finds the content
	// unchanged and the row takes that read's time; from then on the row
	// is trusted without reading the file.
	w.setClock(10 * time.Second)
	d, err := w.e.Diff(ctx)
	if err != nil || len(d.Retouch) != 1 || d.Retouch[0].IndexedAt != w.clock.Load() {
		t.Fatalf("Diff after the granularity = Retouch %+v, %v; want memory/a.md read at the clock", d.Retouch, err)
	}
	if _, err := w.e.Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	rows, err := w.e.db.FilesAt(ctx, []string{rel})
	if err != nil || rows[rel].IndexedAt != w.clock.Load() || Racy(rows[rel]) {
		t.Errorf("row after the refresh = %+v, %v; want the read time %d, not racy", rows[rel], err, w.clock.Load())
	}
	if d, err := w.e.Diff(ctx); err != nil || len(d.Retouch) != 0 || len(d.Unchanged) != 1 {
		t.Errorf("Diff after the refresh = %+v, %v; want memory/a.md unchanged, nothing to refresh", d, err)
	}
}

// TestRacyAddSlowEmbedder checks the same for an explicit add (what
// Weave.Write, Weave.Append and the watcher run): the search's freshness
// check after the add finds the rewrite and indexes it.
func TestRacyAddSlowEmbedder(t *testing.T) {
	w := newCoarseWorkspace(t)
	ctx := context.Background()
	const rel = "memory/a.md"
	w.write(t, rel, oldNote, w.second)
	w.rewriteWhileEmbedding(t, rel, func() error { _, err := w.e.AddPaths(ctx, SyncOptions{}, rel); return err })
	d, err := w.e.Diff(ctx)
	if err != nil || len(d.Changed) != 1 {
		t.Errorf("Diff after a rewrite during an add's embedding = %+v, %v; want memory/a.md changed", d, err)
	}
	if warns := w.e.Refresh(ctx, time.Second); len(warns) != 0 {
		t.Errorf("Refresh warned %q", warns)
	}
	w.wantNewNote(t, rel)
}

// TestRacyTouchSlowEmbedder checks the touch of a file whose mtime
// changed and content did not: its row is written with the group's
// other files, after their embeddings, and must take the time of the
// read that found the content unchanged. A rewrite made while the other
// file was embedded is found by the next run.
func TestRacyTouchSlowEmbedder(t *testing.T) {
	w := newCoarseWorkspace(t)
	ctx := context.Background()
	const rel, other = "memory/a.md", "memory/b.md"
	before := w.second.Add(-30 * time.Second)
	w.write(t, rel, oldNote, before)
	w.write(t, other, "# Other\n\nfirst\n", before)
	if _, err := w.e.Sync(ctx, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	// a.md is touched; b.md is edited and has to be embedded.
	w.write(t, rel, oldNote, w.second)
	w.write(t, other, "# Other\n\nsecond version\n", w.second)
	w.rewriteWhileEmbedding(t, rel, func() error {
		res, err := w.e.Sync(ctx, SyncOptions{})
		if err == nil && res.FilesSkipped != 1 {
			t.Errorf("the run with a touched file skipped %d files, want 1 (the touch)", res.FilesSkipped)
		}
		return err
	})
	res, err := w.e.Sync(ctx, SyncOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Indexed, []string{rel}) {
		t.Errorf("the run after a rewrite during the touch's run indexed %q, want [%s]", res.Indexed, rel)
	}
	w.wantNewNote(t, rel)
}

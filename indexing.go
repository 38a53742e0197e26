package memweave

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/sync/errgroup"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/workspace"
)

// IndexResult counts what an index run did.
type IndexResult struct {
	FilesScanned       int           `json:"files_scanned"`
	FilesIndexed       int           `json:"files_indexed"`
	FilesSkipped       int           `json:"files_skipped"`
	FilesDeleted       int           `json:"files_deleted"`
	FilesPending       int           `json:"files_pending"`
	ChunksCreated      int           `json:"chunks_created"`
	ChunksRemoved      int           `json:"chunks_removed"`
	EmbeddingsCached   int           `json:"embeddings_cached"`
	EmbeddingsComputed int           `json:"embeddings_computed"`
	Warnings           []string      `json:"warnings"`
	Duration           time.Duration `json:"-"`
}

// IndexOptions tune [Weave.Index].
type IndexOptions struct {
	// Force re-reads, re-chunks and re-stores every file, ignoring sizes,
	// times and hashes. Embeddings still come from the cache.
	Force bool
	// Progress, when set, is called after each batch of files with the
	// number of files done and the number to do.
	Progress func(done, total int)
	// LockTimeout bounds the wait for another index run, in this or
	// another process, to finish; past it Index fails with ErrBusy.
	// Default 0: wait as long as ctx allows.
	LockTimeout time.Duration
}

// FileError reports a file that could not be indexed. Its path is
// workspace-relative.
type FileError struct {
	Path string
	Err  error
}

// Error names the file and what went wrong.
func (e *FileError) Error() string { return e.Path + ": " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *FileError) Unwrap() error { return e.Err }

// Batching bounds: a write transaction covers at most this many files or
// chunks, which bounds memory and keeps transactions short.
const (
	batchFiles  = 256
	batchChunks = 4096
	// checkpointChunks is the size of an index run after which the WAL is
	// folded back into the database file.
	checkpointChunks = 1000
)

// Index brings the index up to date with the files: new and changed files
// are chunked and embedded (cache misses only), deleted files removed.
// A file whose size and mtime are unchanged is skipped without being read.
// Concurrent Index runs, in this or other processes, take turns.
func (w *Weave) Index(ctx context.Context, opts IndexOptions) (*IndexResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	start := time.Now()
	res := &IndexResult{}
	// Discovery runs under the index lock, so that a run that waited for
	// another process sees the files as they are after it.
	discover := func() ([]workspace.File, error) {
		files, warns, err := workspace.Discover(w.cfg.Workspace, w.cfg.ExtraPaths)
		if err != nil {
			return nil, fmt.Errorf("memweave: index: %w", err)
		}
		for i := range files {
			// Discovered files are managed by discovery: pruned when gone.
			files[i].External = false
		}
		res.FilesScanned = len(files)
		for _, e := range warns {
			res.Warnings = append(res.Warnings, e.Error())
		}
		return files, nil
	}
	if err := w.sync(ctx, discover, true, opts, res); err != nil {
		return res, err
	}
	res.Duration = time.Since(start)
	return res, nil
}

// Add indexes the given files now. Relative paths resolve against the
// workspace. A file outside memory/ and the extra paths is indexed with
// source "external" and kept: later index runs do not prune it.
func (w *Weave) Add(ctx context.Context, paths ...string) (*IndexResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	start := time.Now()
	// A file is "known" when discovery finds it; others are kept as
	// explicit additions. Files under memory/ need no walk to tell.
	var known map[string]bool
	if len(w.cfg.ExtraPaths) > 0 {
		discovered, _, err := workspace.Discover(w.cfg.Workspace, w.cfg.ExtraPaths)
		if err != nil {
			return nil, fmt.Errorf("memweave: add: %w", err)
		}
		known = make(map[string]bool, len(discovered))
		for _, f := range discovered {
			known[f.Rel] = true
		}
	}
	discoverable := func(rel string) bool {
		if known != nil {
			return known[rel]
		}
		if !workspace.InMemory(rel) {
			return false
		}
		for _, part := range strings.Split(rel, "/") {
			if workspace.IsIgnoredName(part) {
				return false
			}
		}
		return true
	}
	var files []workspace.File
	for _, p := range paths {
		abs, rel, err := workspace.Resolve(w.cfg.Workspace, p)
		if err != nil {
			return nil, fmt.Errorf("memweave: add %s: %w", p, err)
		}
		fi, err := os.Stat(abs)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil, fmt.Errorf("memweave: add %s: %w", p, ErrNotFound)
			}
			return nil, fmt.Errorf("memweave: add %s: %w", p, err)
		}
		if fi.IsDir() {
			return nil, fmt.Errorf("memweave: add %s: is a folder; add files, or list it in ExtraPaths", p)
		}
		source := workspace.Source(rel)
		files = append(files, workspace.File{Abs: abs, Rel: rel, Source: source, Size: fi.Size(),
			MTime: fi.ModTime().UnixNano(), External: !discoverable(rel)})
	}
	res := &IndexResult{FilesScanned: len(files)}
	list := func() ([]workspace.File, error) { return files, nil }
	if err := w.sync(ctx, list, false, IndexOptions{}, res); err != nil {
		return res, err
	}
	res.Duration = time.Since(start)
	return res, nil
}

// prepared is a changed file, read and chunked, waiting to be stored.
type prepared struct {
	file   workspace.File
	hash   string
	chunks []index.Chunk
	// touch is set when only the mtime or size changed.
	touch bool
}

// sync indexes the files list returns, called under the index lock; with
// prune, rows of files not among them (and not added explicitly) are
// deleted.
func (w *Weave) sync(ctx context.Context, list func() ([]workspace.File, error), prune bool, opts IndexOptions, res *IndexResult) error {
	return w.withIndexLock(ctx, opts.LockTimeout, func() error {
		return w.syncLocked(ctx, list, prune, opts, res)
	})
}

// syncLocked is sync under the index lock.
func (w *Weave) syncLocked(ctx context.Context, list func() ([]workspace.File, error), prune bool, opts IndexOptions, res *IndexResult) error {
	files, err := list()
	if err != nil {
		return err
	}
	var rows map[string]index.File
	if prune {
		rows, err = w.db.Files(ctx)
	} else {
		// A few named files: read only their rows.
		paths := make([]string, len(files))
		for i, f := range files {
			paths[i] = f.Rel
		}
		rows, err = w.db.FilesAt(ctx, paths)
	}
	if err != nil {
		return err
	}
	var todo []workspace.File
	for _, f := range files {
		row, ok := rows[f.Rel]
		if !opts.Force && ok && row.Size == f.Size && row.MTime == f.MTime && !row.Pending && row.Hash != "" && row.External == f.External {
			res.FilesSkipped++
			continue
		}
		todo = append(todo, f)
	}
	if err := w.pipeline(ctx, todo, rows, opts, res); err != nil {
		return err
	}
	if prune {
		seen := make(map[string]bool, len(files))
		for _, f := range files {
			seen[f.Rel] = true
		}
		var deletes []string
		for p, row := range rows {
			if !seen[p] && !row.External {
				deletes = append(deletes, p)
			} else if row.External {
				if _, err := os.Stat(externalAbs(w.cfg.Workspace, p)); errors.Is(err, os.ErrNotExist) {
					deletes = append(deletes, p)
				}
			}
		}
		if len(deletes) > 0 {
			ch, err := w.db.Apply(ctx, nil, deletes, nil)
			if err != nil {
				return err
			}
			res.FilesDeleted += len(deletes)
			res.ChunksRemoved += ch.ChunksRemoved
		}
	}
	if w.cfg.CacheMaxEntries > 0 {
		if _, err := embedcache.Prune(ctx, w.db.SQL(), w.cfg.CacheMaxEntries); err != nil {
			return err
		}
	}
	if res.ChunksCreated+res.ChunksRemoved >= checkpointChunks {
		if err := w.db.Checkpoint(ctx); err != nil {
			return err
		}
	}
	res.FilesPending, err = w.db.PendingFiles(ctx)
	if err != nil {
		return err
	}
	return nil
}

func externalAbs(root, rel string) string {
	if filepath.IsAbs(filepath.FromSlash(rel)) {
		return filepath.FromSlash(rel)
	}
	return filepath.Join(root, filepath.FromSlash(rel))
}

// group is a unit of the index pipeline: files read, chunked and
// embedded, ready for one write transaction.
type group struct {
	updates  []*prepared
	touches  []index.File
	warnings []string
	// fresh are newly computed vectors; hits are embedding cache keys
	// whose recency to refresh.
	fresh              map[embedcache.Key][]float32
	hits               []embedcache.Key
	cached, computed   int
	filesDone, ofFiles int
}

// pipeline indexes files in two overlapping stages: a producer reads,
// chunks (fanned out over the CPUs) and embeds the next group while the
// caller's goroutine writes the previous one in a short transaction.
// Embedding never happens inside a write transaction.
func (w *Weave) pipeline(ctx context.Context, files []workspace.File, rows map[string]index.File, opts IndexOptions, res *IndexResult) error {
	g, gctx := errgroup.WithContext(ctx)
	groups := make(chan *group, 1)
	g.Go(func() error {
		defer close(groups)
		for start := 0; start < len(files); {
			end := min(start+batchFiles, len(files))
			if err := w.produce(gctx, files[start:end], rows, opts.Force, end, len(files), groups); err != nil {
				return err
			}
			start = end
		}
		return nil
	})
	g.Go(func() error {
		for gr := range groups {
			if err := w.consume(gctx, gr, res); err != nil {
				return err
			}
			if opts.Progress != nil && gr.filesDone > 0 {
				opts.Progress(gr.filesDone, gr.ofFiles)
			}
		}
		return nil
	})
	return g.Wait()
}

// produce prepares one batch of files and sends it as groups of at most
// batchChunks chunks.
func (w *Weave) produce(ctx context.Context, files []workspace.File, rows map[string]index.File, force bool, done, total int, out chan<- *group) error {
	preps := make([]*prepared, len(files))
	errs := make([]error, len(files))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, f := range files {
		g.Go(func() error {
			p, err := w.prepare(gctx, f, rows[f.Rel], force)
			preps[i], errs[i] = p, err
			return gctx.Err()
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	first := &group{}
	var updates []*prepared
	for i, p := range preps {
		var ferr *FileError
		switch {
		case errors.As(errs[i], &ferr) && errors.Is(ferr.Err, errWarning):
			first.warnings = append(first.warnings, ferr.Error())
			if p == nil {
				continue
			}
		case errs[i] != nil:
			first.warnings = append(first.warnings, errs[i].Error())
			continue
		}
		if p.touch {
			first.touches = append(first.touches, index.File{Path: p.file.Rel, MTime: p.file.MTime, Size: p.file.Size})
			continue
		}
		updates = append(updates, p)
	}
	gr := first
	for start := 0; start < len(updates) || gr == first; {
		end, n := start, 0
		for end < len(updates) && (end == start || n+len(updates[end].chunks) <= batchChunks) {
			n += len(updates[end].chunks)
			end++
		}
		gr.updates = updates[start:end]
		if err := w.vectors(ctx, gr); err != nil {
			return err
		}
		if end == len(updates) {
			gr.filesDone, gr.ofFiles = done, total
		}
		select {
		case out <- gr:
		case <-ctx.Done():
			return ctx.Err()
		}
		start = end
		if start >= len(updates) {
			break
		}
		gr = &group{}
	}
	return nil
}

// consume writes one group in one transaction.
func (w *Weave) consume(ctx context.Context, gr *group, res *IndexResult) error {
	res.Warnings = append(res.Warnings, gr.warnings...)
	res.EmbeddingsCached += gr.cached
	res.EmbeddingsComputed += gr.computed
	res.FilesSkipped += len(gr.touches)
	if err := w.db.Touch(ctx, gr.touches); err != nil {
		return err
	}
	if len(gr.updates) == 0 {
		return nil
	}
	updates := make([]index.Update, len(gr.updates))
	for i, p := range gr.updates {
		updates[i] = index.Update{
			File: index.File{Path: p.file.Rel, Source: p.file.Source, Hash: p.hash, MTime: p.file.MTime,
				Size: p.file.Size, External: p.file.External},
			Chunks: p.chunks,
		}
	}
	var extra func(tx *sql.Tx) error
	if len(gr.hits) > 0 {
		extra = func(tx *sql.Tx) error { return w.cache.Touch(ctx, tx, gr.hits) }
	}
	ch, err := w.db.Apply(ctx, updates, nil, extra)
	if err != nil {
		return err
	}
	res.FilesIndexed += len(gr.updates)
	res.ChunksCreated += ch.ChunksCreated
	res.ChunksRemoved += ch.ChunksRemoved
	return nil
}

// readStat reads f and sets its size and mtime from the open file, so the
// recorded stat matches the content read even if the file changes after
// discovery.
func readStat(f *workspace.File) ([]byte, error) {
	fh, err := os.Open(f.Abs)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	fi, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	f.Size, f.MTime = fi.Size(), fi.ModTime().UnixNano()
	return io.ReadAll(io.LimitReader(fh, max(f.Size, 0)+1<<20))
}

// withIndexLock runs fn holding the index lock: the in-process mutex and
// the cross-process file lock, so that index runs in this and other
// processes take turns. With a timeout > 0 it waits at most that long,
// then fails with ErrBusy.
func (w *Weave) withIndexLock(ctx context.Context, timeout time.Duration, fn func() error) error {
	lctx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		lctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	for !w.indexMu.TryLock() {
		select {
		case <-lctx.Done():
			return w.lockErr(ctx, lctx)
		case <-time.After(5 * time.Millisecond):
		}
	}
	defer w.indexMu.Unlock()
	if err := w.checkOpen(); err != nil {
		return err
	}
	if _, err := w.lock.TryLockContext(lctx, 10*time.Millisecond); err != nil {
		if ctx.Err() == nil && lctx.Err() != nil {
			return w.lockErr(ctx, lctx)
		}
		return fmt.Errorf("memweave: lock %s: %w", w.lock.Path(), err)
	}
	defer w.lock.Unlock()
	return fn()
}

// lockErr reports a failed wait for the index lock: ErrBusy when the
// lock timeout passed, the caller's context error otherwise.
func (w *Weave) lockErr(ctx, lctx context.Context) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return fmt.Errorf("memweave: another index run holds %s: %w", w.lock.Path(), ErrBusy)
}

// errWarning marks per-file problems that are reported but do not stop
// the run.
var errWarning = errors.New("skipped")

// prepare reads and chunks one file. It returns p.touch when the content
// is unchanged.
func (w *Weave) prepare(ctx context.Context, f workspace.File, row index.File, force bool) (*prepared, error) {
	if f.Size > w.cfg.MaxFileBytes {
		return nil, &FileError{Path: f.Rel, Err: fmt.Errorf("%w: %d bytes is over the %d-byte limit (Config.MaxFileBytes)", errWarning, f.Size, w.cfg.MaxFileBytes)}
	}
	data, err := readStat(&f)
	if err != nil {
		return nil, &FileError{Path: f.Rel, Err: fmt.Errorf("%w: %w", errWarning, err)}
	}
	if f.Size > w.cfg.MaxFileBytes {
		return nil, &FileError{Path: f.Rel, Err: fmt.Errorf("%w: %d bytes is over the %d-byte limit (Config.MaxFileBytes)", errWarning, f.Size, w.cfg.MaxFileBytes)}
	}
	sum := sha256.Sum256(data)
	hash := hex.EncodeToString(sum[:])
	p := &prepared{file: f, hash: hash}
	if !force && row.Hash == hash && !row.Pending && row.External == f.External {
		p.touch = true
		return p, nil
	}
	var warn error
	if !utf8.Valid(data) {
		data = []byte(strings.ToValidUTF8(string(data), "\uFFFD"))
		warn = &FileError{Path: f.Rel, Err: fmt.Errorf("%w: not valid UTF-8; indexed with replacement characters", errWarning)}
	}
	chunks := chunker.Split(data, chunker.Options{MaxTokens: w.cfg.ChunkTokens, Overlap: w.cfg.ChunkOverlap})
	p.chunks = make([]index.Chunk, len(chunks))
	for i, c := range chunks {
		prefix := indexPrefix(c)
		key := embedcache.KeyOf(prefix + c.Text)
		p.chunks[i] = index.Chunk{
			ID: index.ChunkID(f.Rel, i, key), Seq: i, StartLine: c.StartLine, EndLine: c.EndLine,
			Headings: c.Headings, Hash: key, Text: c.Text, Prefix: prefix,
		}
	}
	return p, warn
}

// indexPrefix is what precedes a chunk's text when it is embedded and
// keyword-indexed: its heading path, when the chunk does not itself start
// with a heading, so that every chunk of a section carries its topic.
func indexPrefix(c chunker.Chunk) string {
	if len(c.Headings) == 0 || strings.HasPrefix(c.Text, "#") {
		return ""
	}
	return strings.Join(c.Headings, " > ") + "\n"
}

// vectors fills in the vectors the group's chunks lack: from the
// embedding cache where it can, by embedding the misses (each distinct
// text once) otherwise. An embedding failure is a warning: the chunks stay
// without vectors and their files pending.
func (w *Weave) vectors(ctx context.Context, gr *group) error {
	if w.emb == nil || len(gr.updates) == 0 {
		return nil
	}
	need := make(map[embedcache.Key]bool)
	for _, p := range gr.updates {
		have, err := w.db.EmbeddedChunks(ctx, p.file.Rel)
		if err != nil {
			return err
		}
		for i := range p.chunks {
			if c := &p.chunks[i]; !have[c.ID] {
				need[c.Hash] = true
			}
		}
	}
	keys := make([]embedcache.Key, 0, len(need))
	for k := range need {
		keys = append(keys, k)
	}
	// A vector is stored once: with a live chunk of the same text, or in
	// the embedding cache once no live chunk holds it.
	cached, err := w.db.LiveVectors(ctx, keys)
	if err != nil {
		return err
	}
	var rest []embedcache.Key
	for _, k := range keys {
		if _, ok := cached[k]; !ok {
			rest = append(rest, k)
		}
	}
	dead, err := w.cache.Lookup(ctx, w.db.SQL(), rest)
	if err != nil {
		return err
	}
	for k, v := range dead {
		cached[k] = v
		gr.hits = append(gr.hits, k)
	}
	gr.cached = len(cached)
	var texts []string
	var textKeys []embedcache.Key
	seen := make(map[embedcache.Key]bool)
	for _, p := range gr.updates {
		for i := range p.chunks {
			c := &p.chunks[i]
			if !need[c.Hash] {
				continue
			}
			if v, ok := cached[c.Hash]; ok {
				c.Vector = v
			} else if !seen[c.Hash] {
				seen[c.Hash] = true
				texts = append(texts, c.Prefix+c.Text)
				textKeys = append(textKeys, c.Hash)
			}
		}
	}
	if len(texts) == 0 {
		return nil
	}
	vecs, err := w.emb.EmbedDocuments(ctx, texts)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		gr.warnings = append(gr.warnings, fmt.Sprintf("embedding %d chunks failed; %d files stay pending and searchable by keyword until the next index: %v", len(texts), len(gr.updates), err))
		return nil
	}
	gr.computed = len(texts)
	gr.fresh = make(map[embedcache.Key][]float32, len(texts))
	for i, k := range textKeys {
		gr.fresh[k] = vecs[i]
	}
	for _, p := range gr.updates {
		for i := range p.chunks {
			if c := &p.chunks[i]; need[c.Hash] && c.Vector == nil {
				c.Vector = gr.fresh[c.Hash]
			}
		}
	}
	return nil
}

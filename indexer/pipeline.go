package indexer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"strings"
	"unicode/utf8"

	"golang.org/x/sync/errgroup"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// Batching bounds: a write transaction covers at most this many files or
// chunks, which bounds memory and keeps transactions short.
const (
	batchFiles  = 256
	batchChunks = 4096
	// checkpointChunks is the size of an index run after which the WAL is
	// folded back into the database file.
	checkpointChunks = 1000
)

// prepared is a changed file, read and chunked, waiting to be stored.
type prepared struct {
	file   workspace.File
	hash   string
	chunks []index.Chunk
	// meta is the JSON of the front matter fields, "" for none; tags
	// and expires are two of them, which searches filter on.
	meta    string
	tags    []string
	expires string
	// readAt is the read time, taken before the file was opened: the
	// racy-timestamp rule's reference (index.File.IndexedAt).
	readAt int64
	// touch is set when only the mtime or size changed.
	touch bool
}

// group is a unit of the pipeline: files read, chunked and embedded,
// ready for one write transaction.
type group struct {
	updates  []*prepared
	touches  []index.File
	warnings []Warning
	// hits are embedding cache keys whose recency to refresh.
	hits               []embedcache.Key
	cached, computed   int
	filesDone, ofFiles int
	// deferred are texts left for a networked embedder (see
	// [Engine.vectors]).
	deferred map[embedcache.Key]string
}

// pipeline indexes files in two overlapping stages: a producer reads,
// chunks (fanned out over the CPUs) and embeds the next group while the
// caller's goroutine writes the previous one in a short transaction.
// Embedding never happens inside a write transaction.
func (e *Engine) pipeline(ctx context.Context, files []workspace.File, rows map[string]index.File, opts SyncOptions, res *Result) error {
	g, gctx := errgroup.WithContext(ctx)
	groups := make(chan *group, 1)
	g.Go(func() error {
		defer close(groups)
		for start := 0; start < len(files); {
			end := min(start+batchFiles, len(files))
			if err := e.produce(gctx, files[start:end], rows, opts.Force, end, len(files), groups); err != nil {
				return err
			}
			start = end
		}
		return nil
	})
	g.Go(func() error {
		for gr := range groups {
			if err := e.consume(gctx, gr, res); err != nil {
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
func (e *Engine) produce(ctx context.Context, files []workspace.File, rows map[string]index.File, force bool, done, total int, out chan<- *group) error {
	preps := make([]*prepared, len(files))
	warns := make([]*Warning, len(files))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	zones := e.zones()
	for i, f := range files {
		g.Go(func() error {
			if gctx.Err() != nil {
				return gctx.Err()
			}
			preps[i], warns[i] = e.prepare(zones, f, rows[f.Rel], force)
			return gctx.Err()
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	first := &group{}
	var updates []*prepared
	for i, p := range preps {
		if warns[i] != nil {
			first.warnings = append(first.warnings, *warns[i])
		}
		switch {
		case p == nil:
		case p.touch:
			first.touches = append(first.touches, index.File{Path: p.file.Rel, MTime: p.file.MTime, Size: p.file.Size,
				CTime: p.file.CTime, Inode: p.file.Inode, IndexedAt: p.readAt})
		default:
			updates = append(updates, p)
		}
	}
	gr := first
	for start := 0; ; gr = new(group) {
		end, n := start, 0
		for end < len(updates) && (end == start || n+len(updates[end].chunks) <= batchChunks) {
			n += len(updates[end].chunks)
			end++
		}
		gr.updates = updates[start:end]
		if err := e.vectors(ctx, gr); err != nil {
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
		if start = end; start >= len(updates) {
			return nil
		}
	}
}

// consume writes one group in one transaction.
func (e *Engine) consume(ctx context.Context, gr *group, res *Result) error {
	res.Warnings = append(res.Warnings, gr.warnings...)
	res.EmbeddingsCached += gr.cached
	res.EmbeddingsComputed += gr.computed
	res.FilesSkipped += len(gr.touches)
	if err := e.db.Touch(ctx, gr.touches); err != nil {
		return err
	}
	for _, t := range gr.touches {
		res.Indexed = append(res.Indexed, t.Path)
	}
	if len(gr.updates) == 0 {
		return nil
	}
	updates := make([]index.Update, len(gr.updates))
	for i, p := range gr.updates {
		updates[i] = index.Update{
			File: index.File{Path: p.file.Rel, Source: p.file.Source, Hash: p.hash, MTime: p.file.MTime,
				Size: p.file.Size, External: p.file.External, CTime: p.file.CTime, Inode: p.file.Inode, IndexedAt: p.readAt, Meta: p.meta},
			Tags: p.tags, Expires: p.expires,
			Chunks: p.chunks, NeedVectors: e.opts.Embedder != nil || e.foreign,
		}
		res.Indexed = append(res.Indexed, p.file.Rel)
	}
	var extra func(index.CacheTable) error
	if len(gr.hits) > 0 {
		extra = func(t index.CacheTable) error { return e.cache().Touch(ctx, t, gr.hits) }
	}
	ch, err := e.db.Apply(ctx, updates, nil, extra)
	if err != nil {
		return err
	}
	if len(gr.deferred) > 0 {
		d := deferredGroup{texts: gr.deferred, files: make([]workspace.File, len(gr.updates))}
		for i, p := range gr.updates {
			d.files[i] = p.file
		}
		res.deferred = append(res.deferred, d)
	}
	res.FilesIndexed += len(gr.updates)
	res.ChunksCreated += ch.ChunksCreated
	res.ChunksRemoved += ch.ChunksRemoved
	return nil
}

// readStat reads f and sets its size and mtime from the open file, so the
// recorded stat matches the content read even if the file changes after
// discovery. It returns the read time, taken before the file is opened:
// the content read is the file as it was at that time or later, so a
// row recording it is racy when its mtime is within the timestamp
// granularity of that time (see [Racy]). It reads at most limit+1 bytes.
// The file is opened as [workspace.OpenFile] opens it: without blocking
// (a FIFO swapped in is refused with [ErrNotRegular], not waited on), and
// a file under memory/ through the memory folder's os.Root.
func (e *Engine) readStat(zones *workspace.Zones, f *workspace.File, limit int64) (data []byte, readAt int64, err error) {
	readAt = e.now()
	data, fi, err := zones.ReadIndexed(f.Rel, limit)
	if err != nil {
		return nil, 0, err
	}
	f.Size, f.MTime, f.CTime, f.Inode = e.statOf(fi)
	return data, readAt, nil
}

// tooLarge is the warning for a file over the size limit.
func (e *Engine) tooLarge(rel string, size int64) *Warning {
	return &Warning{Path: rel, Err: fmt.Errorf("%d bytes is over the %d-byte limit (Config.MaxFileBytes): %w", size, e.opts.MaxFileBytes, ErrTooLarge)}
}

// binarySample is how much of a file [binary] looks at, as git does.
const binarySample = 8000

// binary reports whether data is not text: its first bytes hold a NUL,
// or more than a tenth of them are not valid UTF-8.
func binary(data []byte) bool {
	sample := data[:min(len(data), binarySample)]
	if bytes.IndexByte(sample, 0) >= 0 {
		return true
	}
	bad := 0
	for i := 0; i < len(sample); {
		r, n := utf8.DecodeRune(sample[i:])
		if r == utf8.RuneError && n == 1 && len(sample)-i >= utf8.UTFMax {
			bad++
		}
		i += n
	}
	return bad*10 > len(sample)
}

// prepare reads and chunks one file. It returns p.touch when the content
// is unchanged, and a nil p with a warning when the file cannot be
// indexed.
func (e *Engine) prepare(zones *workspace.Zones, f workspace.File, row index.File, force bool) (*prepared, *Warning) {
	if f.Size > e.opts.MaxFileBytes {
		return nil, e.tooLarge(f.Rel, f.Size)
	}
	data, readAt, err := e.readStat(zones, &f, e.opts.MaxFileBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &Warning{Path: f.Rel, Err: ErrVanished}
	}
	if err != nil {
		return nil, &Warning{Path: f.Rel, Err: err}
	}
	if f.Size > e.opts.MaxFileBytes || int64(len(data)) > e.opts.MaxFileBytes {
		return nil, e.tooLarge(f.Rel, max(f.Size, int64(len(data))))
	}
	hash := memfile.Hash(data)
	p := &prepared{file: f, hash: hash, readAt: readAt}
	if !force && row.Hash == hash && !row.Pending && row.External == f.External {
		p.touch = true
		return p, nil
	}
	var warn *Warning
	if binary(data) {
		p.chunks = []index.Chunk{}
		return p, &Warning{Path: f.Rel, Err: ErrBinary}
	}
	if line := memfile.ConflictMarkers(data); line > 0 {
		p.chunks = []index.Chunk{}
		return p, &Warning{Path: f.Rel, Line: line, Err: ErrConflictMarkers}
	}
	if !utf8.Valid(data) {
		data = []byte(strings.ToValidUTF8(string(data), "\uFFFD"))
		warn = &Warning{Path: f.Rel, Err: ErrInvalidUTF8}
	}
	if line := curate.OldMarker(data); line > 0 && warn == nil {
		warn = &Warning{Path: f.Rel, Line: line, Err: ErrOldSupersession}
	}
	chunks, meta, err := Chunk(data, e.opts.Chunk)
	var fe *frontmatter.Error
	switch {
	case errors.As(err, &fe):
		if warn == nil {
			warn = &Warning{Path: f.Rel, Line: fe.Line, Err: fmt.Errorf("%w; its fields are ignored", err)}
		}
	case !meta.IsZero():
		b, _ := json.Marshal(meta)
		p.meta, p.tags, p.expires = string(b), meta.Tags, meta.Expires
	}
	p.chunks = make([]index.Chunk, len(chunks))
	maxTokens := e.opts.Chunk.MaxTokens
	if maxTokens <= 0 {
		maxTokens = chunker.DefaultMaxTokens
	}
	for i, c := range chunks {
		prefix := indexPrefix(c, maxTokens)
		key := embedcache.KeyOf(prefix + c.Text)
		p.chunks[i] = index.Chunk{
			ID: index.ChunkID(f.Rel, i, key), Seq: i, StartLine: c.StartLine, EndLine: c.EndLine,
			Headings: c.Headings, Hash: key, Text: c.Text, Prefix: prefix,
		}
	}
	return p, warn
}

// Chunk cuts the note data as the index does: with opts (the index's
// size and overlap) as [curate.Cut] sets them, a valid front matter block
// in no chunk and each supersession in chunks of its own. It also returns
// the block's fields and the error reading them (a *frontmatter.Error),
// which the index reports as a warning.
//
// The chunks share one copy of the text, and data is not kept past it:
// a large file is held once while it is chunked, not twice.
func Chunk(data []byte, opts chunker.Options) ([]chunker.Chunk, frontmatter.Meta, error) {
	opts, meta, err := curate.Cut(data, opts)
	return chunker.SplitString(string(data), opts), meta, err
}

// indexPrefix is what precedes a chunk's text when it is embedded and
// keyword-indexed: its heading path, when the chunk does not itself start
// with a heading, so that every chunk of a section carries its topic.
//
// The prefix is capped at a quarter of the chunk's size cap: at most
// maxTokens bytes (maxTokens/4 estimated tokens), cut at a rune boundary
// and ended by "…" when longer, so prefix and text together stay within
// 1.25 times the cap. The chunker already bounds the path (3 headings of
// at most 200 bytes); this cap bounds what every chunk of a section
// repeats when chunks are small, and keeps the topic from crowding out
// the text in the embedding.
func indexPrefix(c chunker.Chunk, maxTokens int) string {
	if len(c.Headings) == 0 || strings.HasPrefix(c.Text, "#") {
		return ""
	}
	path := strings.Join(c.Headings, " > ")
	if len(path)+1 <= maxTokens {
		return path + "\n"
	}
	const tail = "…\n"
	n := maxTokens - len(tail)
	if n <= 0 {
		return ""
	}
	for n > 0 && !utf8.RuneStart(path[n]) {
		n--
	}
	return path[:n] + tail
}

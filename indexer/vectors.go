package indexer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/internal/plural"
)

// vectors fills in the vectors the group's chunks lack: from the index
// and the embedding cache where it can, by embedding the misses (each
// distinct text once) otherwise. An embedding failure is a warning: the
// chunks stay without vectors and their files pending. A networked
// embedder is not called here, under the lock: the misses are left in
// gr.deferred for [Engine.embedDeferred].
func (e *Engine) vectors(ctx context.Context, gr *group) error {
	if e.opts.Embedder == nil || e.foreign || len(gr.updates) == 0 {
		return nil
	}
	need, err := e.missingVectors(ctx, gr)
	if err != nil {
		return err
	}
	cached, err := e.storedVectors(ctx, gr, need)
	if err != nil {
		return err
	}
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
	if embed.IsNetworked(e.opts.Embedder) {
		// No network call under the lock: the files are stored pending
		// and their texts embedded once the lock is released.
		gr.deferred = make(map[embedcache.Key]string, len(texts))
		for i, k := range textKeys {
			gr.deferred[k] = texts[i]
		}
		return nil
	}
	vecs, err := e.embedNow(ctx, texts)
	if vecs == nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		gr.warnings = append(gr.warnings, Warning{Err: embedFailed(len(texts), 0, len(gr.updates), err)})
		return nil
	}
	fresh := make(map[embedcache.Key][]float32, len(texts))
	for i, k := range textKeys {
		if vecs[i] != nil {
			fresh[k] = vecs[i]
		}
	}
	gr.computed = len(fresh)
	if left := gr.assign(need, fresh); len(left) > 0 {
		gr.warnings = append(gr.warnings, Warning{Err: fmt.Errorf("embedding failed for chunks of %s, which stay pending and searchable by keyword until the next index: %w", namedFiles(left), err)})
	}
	return nil
}

// assign gives each chunk of the group that needs a vector its vector
// in fresh, and returns the files, in order, of the chunks left without
// one.
func (gr *group) assign(need map[embedcache.Key]bool, fresh map[embedcache.Key][]float32) (left []string) {
	for _, p := range gr.updates {
		for i := range p.chunks {
			if c := &p.chunks[i]; need[c.Hash] && c.Vector == nil {
				c.Vector = fresh[c.Hash]
				if c.Vector == nil && !slices.Contains(left, p.file.Rel) {
					left = append(left, p.file.Rel)
				}
			}
		}
	}
	return left
}

// embedFailed is the error of an embedding of chunks texts that failed
// with err, leaving files pending, after kept texts were embedded.
func embedFailed(chunks, kept, files int, err error) error {
	before := ""
	if kept > 0 {
		before = fmt.Sprintf(" (%d embedded before %s kept for the next index)", kept, plural.Verb(kept, "is", "are"))
	}
	return fmt.Errorf("embedding %s failed%s; %s %s pending and searchable by keyword until the next index: %w",
		plural.Count(chunks, "chunk"), before, plural.Count(files, "file"), plural.Verb(files, "stays", "stay"), err)
}

// maxNamedFiles bounds the files a warning names one by one.
const maxNamedFiles = 5

// namedFiles names files in a warning: the first maxNamedFiles, then
// how many more.
func namedFiles(files []string) string {
	if len(files) <= maxNamedFiles {
		return strings.Join(files, ", ")
	}
	return fmt.Sprintf("%s and %s", strings.Join(files[:maxNamedFiles], ", "), plural.Count(len(files)-maxNamedFiles, "more file"))
}

// embedNow embeds texts with the in-process embedder, and checks what a
// custom one returns: one vector per text, each of the index's length
// and finite. A vector that breaks this is left out (nil, with an error
// saying how many and why): its text stays without a vector, and the
// others are kept, so that one text a model breaks on (a static model
// with a NaN row) does not keep every note indexed with it keyword-only.
// A call that failed returns no vectors.
func (e *Engine) embedNow(ctx context.Context, texts []string) ([][]float32, error) {
	vecs, err := e.opts.Embedder.EmbedDocuments(ctx, texts)
	if err != nil {
		return nil, err
	}
	if len(vecs) != len(texts) {
		return nil, fmt.Errorf("the embedder returned %d vectors for %d texts", len(vecs), len(texts))
	}
	dims := e.IdentityOf().Dims
	if dims == 0 && len(vecs) > 0 {
		dims = len(vecs[0])
	}
	bad, first := 0, 0
	for i, v := range vecs {
		if !usable(v, dims) {
			if bad == 0 {
				first = len(v)
			}
			vecs[i] = nil
			bad++
		}
	}
	if bad > 0 {
		err = fmt.Errorf("the embedder %s returned an unusable vector for %d of %d texts (the first of %d dimensions, want %d, or with a value not finite)", e.IdentityOf().Embedder, bad, len(texts), first, dims)
	}
	return vecs, err
}

// missingVectors returns the cache keys of the group's chunks that the
// index holds no vector for under the same chunk id.
func (e *Engine) missingVectors(ctx context.Context, gr *group) (map[embedcache.Key]bool, error) {
	need := make(map[embedcache.Key]bool)
	for _, p := range gr.updates {
		have, err := e.db.EmbeddedChunks(ctx, p.file.Rel)
		if err != nil {
			return nil, err
		}
		for i := range p.chunks {
			if c := &p.chunks[i]; !have[c.ID] {
				need[c.Hash] = true
			}
		}
	}
	return need, nil
}

// storedVectors looks the needed keys up where vectors are stored: a
// vector is stored once, with a live chunk of the same text, or in the
// embedding cache once no live chunk holds it. Cache hits are recorded in
// gr so their recency is refreshed in the write transaction.
func (e *Engine) storedVectors(ctx context.Context, gr *group, need map[embedcache.Key]bool) (map[embedcache.Key][]float32, error) {
	keys := make([]embedcache.Key, 0, len(need))
	for k := range need {
		keys = append(keys, k)
	}
	cached, err := e.db.LiveVectors(ctx, keys)
	if err != nil {
		return nil, err
	}
	var rest []embedcache.Key
	for _, k := range keys {
		if _, ok := cached[k]; !ok {
			rest = append(rest, k)
		}
	}
	dims := e.IdentityOf().Dims
	dead, err := e.cache().Lookup(ctx, e.db.CacheTable(), dims, rest)
	if err != nil {
		return nil, err
	}
	for k, v := range dead {
		if !usable(v, dims) {
			// A damaged entry is a miss: handed to the index, it would
			// fail every write of its file.
			continue
		}
		cached[k] = v
		gr.hits = append(gr.hits, k)
	}
	gr.cached = len(cached)
	return cached, nil
}

// usable reports whether a cached vector can be stored in an index of
// dims dimensions: of that length, and finite (the cache lives in the
// index file, which may be damaged or crafted).
func usable(v []float32, dims int) bool {
	return len(v) == dims && embed.Finite(v)
}

// embedDeferred embeds the texts an index run left for a networked
// embedder, outside the lock, one written group at a time: it stores a
// group's vectors in the embedding cache in one short transaction, then
// runs again over the group's files, which now find their vectors there.
// Memory stays that of one group. The files are read again, so a file
// changed meanwhile is indexed as it is now; its new texts, if any, stay
// pending. An embedding failure, or opts.EmbedTimeout passing, is a
// warning: the files not done stay pending and searchable by keyword.
func (e *Engine) embedDeferred(ctx context.Context, res *Result, opts SyncOptions) error {
	groups := res.deferred
	res.deferred = nil
	if len(groups) == 0 {
		return nil
	}
	ectx, wait := ctx, opts.EmbedTimeout
	if wait > 0 {
		// A server known to fail (a query server in a cool-down) is
		// waited for as a search waits for it.
		wait = embed.DocumentWait(e.opts.Embedder, wait)
		var cancel context.CancelFunc
		ectx, cancel = context.WithTimeout(ctx, wait)
		defer cancel()
	}
	for i, g := range groups {
		keys := make([]embedcache.Key, 0, len(g.texts))
		texts := make([]string, 0, len(g.texts))
		for k, t := range g.texts {
			keys = append(keys, k)
			texts = append(texts, t)
		}
		kept, err, storeErr := e.embedStore(ctx, ectx, keys, texts)
		res.EmbeddingsComputed += kept
		if storeErr != nil {
			return storeErr
		}
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if ectx.Err() != nil {
				// The embedder did not answer in time: unavailable to
				// this run, as a failing one is.
				if !errors.Is(err, embed.ErrUnavailable) {
					err = fmt.Errorf("%w: %w", err, embed.ErrUnavailable)
				}
				cut := ""
				if wait < opts.EmbedTimeout {
					cut = fmt.Sprintf(" (not %v: the server failed searches and is in a cool-down)", opts.EmbedTimeout)
				}
				err = fmt.Errorf("no vectors within %v%s: %w", wait, cut, err)
			}
			chunks, files := -kept, 0
			for _, rest := range groups[i:] {
				chunks += len(rest.texts)
				files += len(rest.files)
			}
			res.Warnings = append(res.Warnings, Warning{Err: embedFailed(chunks, kept, files, err)})
			return nil
		}
		again, err := e.Add(ctx, g.files, SyncOptions{LockTimeout: opts.LockTimeout, again: true})
		if again != nil {
			res.Warnings = append(res.Warnings, again.Warnings...)
			res.FilesPending = again.FilesPending
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// deferredSlice is how many texts [Engine.embedStore] embeds before it
// stores their vectors.
const deferredSlice = 256

// embedStore embeds texts (under ectx) and stores their vectors in the
// embedding cache under keys, deferredSlice texts at a time, so that a
// slow embedder that fails part way loses one slice, not the whole
// group: the next index finds the rest in the cache. The vectors a
// failed call got (see [embed.Embedder]) are stored too: a server that
// answers a few requests per run (a rate limit) still sees the work
// done over the runs. It returns how many texts it embedded and stored,
// the embedder's error and the cache's.
func (e *Engine) embedStore(ctx, ectx context.Context, keys []embedcache.Key, texts []string) (done int, embedErr, storeErr error) {
	for start := 0; start < len(texts); start += deferredSlice {
		end := min(start+deferredSlice, len(texts))
		vecs, err := e.opts.Embedder.EmbedDocuments(ectx, texts[start:end])
		fresh := make(map[embedcache.Key][]float32, end-start)
		for j, k := range keys[start:end] {
			if j < len(vecs) && vecs[j] != nil {
				fresh[k] = vecs[j]
			}
		}
		if len(fresh) > 0 {
			if err := e.cache().Store(ctx, e.db.CacheTable(), fresh); err != nil {
				return done, nil, err
			}
		}
		done += len(fresh)
		if err != nil {
			return done, err, nil
		}
	}
	return done, nil, nil
}

package query

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/search"
	"golang.org/x/sync/errgroup"
)

// Embedding cache keys of what the background derives from the embedder:
// the background questions' vectors (embedded as queries, which an
// embedder may prefix differently from documents) and the statistics
// measured with a sample of the index, kept under the sample's text
// hashes. The prefixes set them apart from any document's text; the
// version changes with the questions, the way the sample is drawn or the
// way the vectors measured are stored. v3: vectors stored at unit length,
// where v2's releases kept a vector past a half float's range as
// infinities and measured a background of zero cosines against it, which
// outlived the vectors once they were stored again.
const (
	probeKeyPrefix      = "memweave background question\x00"
	backgroundKeyPrefix = "memweave background v3\x00"
)

// probeFanOut bounds how many background questions are embedded at once.
const probeFanOut = 4

// Backgrounds measures and keeps the background of one index under its
// embedder (see [search.NewIndexBackground]) for [search.Hybrid]: the
// cosines of [search.ProbeQuestions] with the index's sample
// ([index.DB.Sample]). The sample changes with few writes, so the
// background is kept in the index's embedding cache under the sample's
// text hashes: a fresh process finds it there, and so does a search
// after a write that left the sample as it was, which then reads the
// sample's hashes but no vector. The questions' vectors are kept there
// too, so that an embedding server is asked for them once per model.
// Both are derived from the files alone: an index rebuilt from them
// measures the same. A Backgrounds is safe for concurrent use by
// multiple goroutines; no lock is held over an embedding call.
type Backgrounds struct {
	// Engine names the embedder identity the cache entries are kept
	// under; required.
	Engine *indexer.Engine
	// DB is the index measured and the cache's home; required.
	DB *index.DB
	// Embedder embeds the background questions as queries; required.
	Embedder embed.Embedder
	// Wait bounds the embedding of the background questions in one call
	// to a networked embedder, as its query timeout bounds a query's:
	// past it the call fails, wrapping [search.ErrProbes], and the
	// questions embedded meanwhile are kept for the next call. 0 means
	// no bound.
	Wait time.Duration

	// mu guards the fields below.
	mu sync.Mutex
	// identity is the embedder identity the fields below are of: an
	// OpenAI-compatible embedder's is completed when it learns its dims.
	identity string
	probes   [][]float32
	// key is the cache key of the sample bg was measured with, and gen
	// the last index generation that sample was read at; valid reports
	// that they are set. bg's Standout is of the index at gen.
	key   embedcache.Key
	gen   int64
	bg    search.Background
	valid bool
}

// Background returns the index's background, for [search.Hybrid]'s
// Background, given the query vector q: one of the index's dims, else
// the zero Background. Its Decoy is the query's ([search.Decoy]). An
// embedding failure wraps [search.ErrProbes]; on an index opened
// read-only ([index.DB.ReadOnly]) that does not hold the questions'
// vectors of a networked embedder, the error wraps
// [search.ErrNoBackground] and nothing is asked of the server.
func (b *Backgrounds) Background(ctx context.Context, q []float32) (search.Background, error) {
	bg, err := b.background(ctx, q)
	if err != nil || bg == (search.Background{}) {
		return bg, err
	}
	probes, err := b.probesOf(ctx)
	if err != nil {
		return search.Background{}, err
	}
	bg.Decoy = search.Decoy(q, probes, index.Dots)
	return bg, nil
}

// probesOf returns the background questions' vectors under the current
// embedder: those kept, else from the embedding cache or the embedder
// (see [Backgrounds.embedProbes]), then kept.
func (b *Backgrounds) probesOf(ctx context.Context) ([][]float32, error) {
	identity := b.Engine.IdentityOf().Embedder
	b.mu.Lock()
	probes := b.probes
	if b.identity != identity {
		probes = nil
	}
	b.mu.Unlock()
	if probes != nil {
		return probes, nil
	}
	probes, err := b.embedProbes(ctx, embedcache.New(identity))
	if errors.Is(err, search.ErrNoBackground) {
		return nil, err
	} else if err != nil {
		return nil, fmt.Errorf("%w: %w", search.ErrProbes, err)
	}
	b.mu.Lock()
	if b.identity == identity || b.identity == "" {
		b.identity, b.probes = identity, probes
	}
	b.mu.Unlock()
	return probes, nil
}

// background is [Backgrounds.Background] without the query's decoy
// level.
func (b *Backgrounds) background(ctx context.Context, q []float32) (search.Background, error) {
	gen, err := b.DB.Generation(ctx)
	if err != nil {
		return search.Background{}, err
	}
	identity := b.Engine.IdentityOf().Embedder
	b.mu.Lock()
	if b.valid && b.gen == gen && b.identity == identity {
		bg := b.bg
		b.mu.Unlock()
		return bg, nil
	}
	b.mu.Unlock()
	s, err := b.DB.Sample(ctx, search.CosineSample)
	if err != nil || s.Dims != len(q) || len(s.IDs) == 0 {
		return search.Background{}, err
	}
	n, err := b.DB.ChunkCount(ctx)
	if err != nil {
		return search.Background{}, err
	}
	key := sampleKey(s)
	b.mu.Lock()
	probes := b.probes
	if b.identity != identity {
		probes = nil
	}
	if b.valid && b.key == key && b.identity == identity {
		bg := b.bg.OfIndex(n)
		if s.Gen > b.gen {
			b.gen, b.bg = s.Gen, bg
		}
		b.mu.Unlock()
		return bg, nil
	}
	b.mu.Unlock()
	bg, probes, kept, err := b.measure(ctx, s, key, n, identity, probes)
	if err != nil {
		return search.Background{}, err
	}
	b.mu.Lock()
	b.identity, b.probes = identity, probes
	if kept {
		b.key, b.gen, b.bg, b.valid = key, s.Gen, bg, true
	}
	b.mu.Unlock()
	return bg, nil
}

// sampleKey is the embedding cache key of the background measured with
// the sample s.
func sampleKey(s index.Sample) embedcache.Key {
	text := make([]byte, 0, len(backgroundKeyPrefix)+len(s.Hashes)*len(embedcache.Key{}))
	text = append(text, backgroundKeyPrefix...)
	for _, h := range s.Hashes {
		text = append(text, h[:]...)
	}
	return embedcache.KeyOf(string(text))
}

// measure returns the background of an index of n chunks measured with
// the sample s, whose cache key is key: from the embedding cache, or
// measured and stored there, with the questions' vectors (probes when
// not nil). kept reports that the background is the sample's, not one of
// a sample a write changed while it was read, so that it may be kept.
func (b *Backgrounds) measure(ctx context.Context, s index.Sample, key embedcache.Key, n int, identity string, probes [][]float32) (bg search.Background, _ [][]float32, kept bool, _ error) {
	cache := embedcache.New(identity)
	found, err := cache.Lookup(ctx, b.DB.CacheTable(), 3, []embedcache.Key{key})
	if err != nil {
		return search.Background{}, nil, false, err
	}
	if v := found[key]; len(v) == 3 && finite(v) {
		return search.Background{Base: float64(v[0]), Center: float64(v[1]), Spread: float64(v[2])}.OfIndex(n), probes, true, nil
	}
	sample, err := b.DB.SampleVectors(ctx, s)
	if err != nil {
		return search.Background{}, nil, false, err
	}
	if probes == nil {
		if probes, err = b.probesOf(ctx); err != nil {
			return search.Background{}, nil, false, err
		}
	}
	bg = search.NewIndexBackground(probes, sample, n, index.Dots)
	// Kept as float32, as the cache keeps it, so that a measure and a
	// cache hit score alike.
	v := []float32{float32(bg.Base), float32(bg.Center), float32(bg.Spread)}
	bg.Base, bg.Center, bg.Spread = float64(v[0]), float64(v[1]), float64(v[2])
	// Kept only when nothing was written since the sample was read, so
	// that the vectors are the sample's, and when they are finite: the
	// key outlives a vector an older release stored as infinities, which
	// 'check --repair' drops and embedding stores again. A failed store
	// costs only a later process the same measure.
	if now, err := b.DB.Generation(ctx); err != nil || now != s.Gen || !allFinite(sample) {
		return bg, probes, false, nil
	}
	_ = cache.Store(ctx, b.DB.CacheTable(), map[embedcache.Key][]float32{key: v})
	return bg, probes, true, nil
}

// finite reports whether v holds no NaN or infinity: a cache entry of
// the index file, which may be damaged or crafted, is measured again
// when it does.
func finite(v []float32) bool {
	for _, f := range v {
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			return false
		}
	}
	return true
}

// allFinite reports whether every vector of vs is [finite].
func allFinite(vs [][]float32) bool {
	for _, v := range vs {
		if !finite(v) {
			return false
		}
	}
	return true
}

// embedProbes returns the vectors of the background questions: from the
// embedding cache, else embedded as queries (within Wait) and stored
// there, those embedded before a failure too.
func (b *Backgrounds) embedProbes(ctx context.Context, cache *embedcache.Cache) ([][]float32, error) {
	texts := search.ProbeQuestions()
	out := make([][]float32, len(texts))
	keys := make([]embedcache.Key, len(texts))
	for i, t := range texts {
		keys[i] = embedcache.KeyOf(probeKeyPrefix + t)
	}
	dims := b.Embedder.Identity().Dims
	found, err := cache.Lookup(ctx, b.DB.CacheTable(), dims, keys)
	if err != nil {
		return nil, err
	}
	if embed.IsNetworked(b.Embedder) && len(found) < len(texts) {
		if ro := b.DB.ReadOnly(); ro != nil {
			// Asked of a server in every process, as the index cannot
			// keep them: the search calibrates with its own cosines.
			return nil, fmt.Errorf("%w: %w", search.ErrNoBackground, ro)
		}
	}
	var missing []int
	ectx := ctx
	if b.Wait > 0 && embed.IsNetworked(b.Embedder) {
		var cancel context.CancelFunc
		ectx, cancel = context.WithTimeoutCause(ctx, b.Wait, errProbeWait)
		defer cancel()
	}
	g, gctx := errgroup.WithContext(ectx)
	g.SetLimit(probeFanOut)
	for i, t := range texts {
		if v := found[keys[i]]; v != nil && finite(v) && (dims == 0 || len(v) == dims) {
			out[i] = v
			continue
		}
		missing = append(missing, i)
		g.Go(func() error {
			v, err := b.Embedder.EmbedQuery(gctx, t)
			if err == nil {
				out[i] = v
			}
			return err
		})
	}
	err = g.Wait()
	fresh := make(map[embedcache.Key][]float32, len(missing))
	for _, i := range missing {
		if out[i] != nil {
			fresh[keys[i]] = out[i]
		}
	}
	if len(fresh) > 0 {
		// A failed store costs only a later process the same requests:
		// this handle keeps the vectors.
		_ = cache.Store(ctx, b.DB.CacheTable(), fresh)
	}
	if err != nil {
		if ctx.Err() == nil && context.Cause(ectx) == errProbeWait {
			err = fmt.Errorf("%d of %d not embedded within %v, kept for the next search: %w", len(missing)-len(fresh), len(texts), b.Wait, embed.ErrUnavailable)
		}
		return nil, err
	}
	return out, nil
}

// errProbeWait is the cause of the background questions' context that
// ran out of [Backgrounds.Wait].
var errProbeWait = errors.New("background questions' wait")

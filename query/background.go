package query

import (
	"context"
	"fmt"
	"strconv"
	"sync"

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
// measured with a sample of the index. The prefixes set them apart from
// any document's text; the version changes with the questions.
const (
	probeKeyPrefix      = "memweave background question\x00"
	backgroundKeyPrefix = "memweave background v1\x00"
)

// probeFanOut bounds how many background questions are embedded at once.
const probeFanOut = 4

// Backgrounds measures and keeps the background of one index under its
// embedder (see [search.NewIndexBackground]) for [search.Hybrid]: the
// cosines of [search.ProbeQuestions] with the index's calibration
// sample. It is measured once per index generation and kept in the
// index's embedding cache under that generation, so that a fresh process
// finds it there until the next write; the questions' vectors are kept
// there too, so that an embedding server is asked for them once per
// model. Both are derived from the files alone: an index rebuilt from
// them measures the same. A
// Backgrounds is safe for concurrent use by multiple goroutines; no lock
// is held over an embedding call.
type Backgrounds struct {
	// Engine names the embedder identity the cache entries are kept
	// under; required.
	Engine *indexer.Engine
	// DB is the index measured and the cache's home; required.
	DB *index.DB
	// Embedder embeds the background questions as queries; required.
	Embedder embed.Embedder

	// mu guards the fields below.
	mu sync.Mutex
	// identity is the embedder identity the fields below are of: an
	// OpenAI-compatible embedder's is completed when it learns its dims.
	identity string
	probes   [][]float32
	// gen is the index generation bg was measured at; valid reports that
	// it was.
	gen   int64
	bg    search.Background
	valid bool
}

// Background returns the index's background, for [search.Hybrid]'s
// Background, given the query vector q (whose scan a one-shot handle
// reads the sample from). An embedding failure wraps [search.ErrProbes].
func (b *Backgrounds) Background(ctx context.Context, q []float32) (search.Background, error) {
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
	probes := b.probes
	if b.identity != identity {
		probes = nil
	}
	b.mu.Unlock()
	bg, probes, err := b.measure(ctx, q, gen, identity, probes)
	if err != nil {
		return search.Background{}, err
	}
	b.mu.Lock()
	b.identity, b.probes = identity, probes
	b.gen, b.bg, b.valid = gen, bg, true
	b.mu.Unlock()
	return bg, nil
}

// measure returns the background of generation gen from the embedding
// cache, or measures and stores it, with the questions' vectors (probes
// when not nil).
func (b *Backgrounds) measure(ctx context.Context, q []float32, gen int64, identity string, probes [][]float32) (search.Background, [][]float32, error) {
	n, err := b.DB.ChunkCount(ctx)
	if err != nil {
		return search.Background{}, nil, err
	}
	cache := embedcache.New(identity)
	key := embedcache.KeyOf(backgroundKeyPrefix + strconv.FormatInt(gen, 10))
	found, err := cache.Lookup(ctx, b.DB.CacheTable(), []embedcache.Key{key})
	if err != nil {
		return search.Background{}, nil, err
	}
	if v := found[key]; len(v) == 3 {
		return search.Background{Base: float64(v[0]), Center: float64(v[1]), Spread: float64(v[2])}.OfIndex(n), probes, nil
	}
	sample, err := b.DB.SampleVectors(ctx, q, search.CosineSample)
	if err != nil {
		return search.Background{}, nil, err
	}
	if probes == nil {
		if probes, err = b.embedProbes(ctx, cache); err != nil {
			return search.Background{}, nil, fmt.Errorf("%w: %w", search.ErrProbes, err)
		}
	}
	bg := search.NewIndexBackground(probes, sample, n, index.Dots)
	// Kept as float32, as the cache keeps it, so that a measure and a
	// cache hit score alike.
	v := []float32{float32(bg.Base), float32(bg.Center), float32(bg.Spread)}
	// Stored only when nothing was written since gen was read, so that
	// the entry is the measure of gen. A failed store costs only a later
	// process the same measure.
	if now, err := b.DB.Generation(ctx); err == nil && now == gen {
		_ = cache.Store(ctx, b.DB.CacheTable(), map[embedcache.Key][]float32{key: v})
	}
	bg.Base, bg.Center, bg.Spread = float64(v[0]), float64(v[1]), float64(v[2])
	return bg, probes, nil
}

// embedProbes returns the vectors of the background questions: from the
// embedding cache, else embedded as queries and stored there.
func (b *Backgrounds) embedProbes(ctx context.Context, cache *embedcache.Cache) ([][]float32, error) {
	texts := search.ProbeQuestions()
	out := make([][]float32, len(texts))
	keys := make([]embedcache.Key, len(texts))
	for i, t := range texts {
		keys[i] = embedcache.KeyOf(probeKeyPrefix + t)
	}
	found, err := cache.Lookup(ctx, b.DB.CacheTable(), keys)
	if err != nil {
		return nil, err
	}
	var missing []int
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(probeFanOut)
	for i, t := range texts {
		if out[i] = found[keys[i]]; out[i] != nil {
			continue
		}
		missing = append(missing, i)
		g.Go(func() error {
			v, err := b.Embedder.EmbedQuery(gctx, t)
			out[i] = v
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if len(missing) > 0 {
		fresh := make(map[embedcache.Key][]float32, len(missing))
		for _, i := range missing {
			fresh[keys[i]] = out[i]
		}
		// A failed store costs only a later process the same requests:
		// this handle keeps the vectors.
		_ = cache.Store(ctx, b.DB.CacheTable(), fresh)
	}
	return out, nil
}

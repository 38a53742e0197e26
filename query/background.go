package query

import (
	"context"
	"fmt"
	"sync"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/search"
	"golang.org/x/sync/errgroup"
)

// probeKeyPrefix sets the embedding cache keys of the background
// questions apart from any document's text: they are embedded as
// queries, which an embedder may prefix differently.
const probeKeyPrefix = "memweave background question\x00"

// probeFanOut bounds how many background questions are embedded at once.
const probeFanOut = 4

// Backgrounds measures and keeps the background of one index under its
// embedder (see [search.NewIndexBackground]) for [search.Hybrid]: the
// cosines of [search.ProbeQuestions] with the index's calibration
// sample, measured once per index generation, not per search. The
// questions' vectors are kept for the handle's life; an embedder that
// calls a server finds them in the index's embedding cache, so a server
// is asked for them once per model, not once per process. A Backgrounds
// is safe for concurrent use by multiple goroutines; no lock is held
// over an embedding call.
type Backgrounds struct {
	Engine   *indexer.Engine
	DB       *index.DB
	Embedder embed.Embedder

	// mu guards the fields below.
	mu sync.Mutex
	// identity is the embedder identity the probes are of: an
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
// Background, given the query vector q (whose code set a one-shot
// handle reads the sample from). An embedding failure wraps
// [search.ErrProbes].
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
	if probes == nil {
		if probes, err = b.embedProbes(ctx, identity); err != nil {
			return search.Background{}, fmt.Errorf("%w: %w", search.ErrProbes, err)
		}
	}
	cos, err := b.DB.ProbeCosines(ctx, q, probes, search.CosineSample)
	if err != nil {
		return search.Background{}, err
	}
	n, err := b.DB.ChunkCount(ctx)
	if err != nil {
		return search.Background{}, err
	}
	bg := search.NewIndexBackground(cos, n)
	b.mu.Lock()
	b.identity, b.probes = identity, probes
	b.gen, b.bg, b.valid = gen, bg, true
	b.mu.Unlock()
	return bg, nil
}

// embedProbes returns the vectors of the background questions under the
// embedder of the given identity: from the embedding cache when the
// embedder calls a server, embedded as queries otherwise (and then
// stored in the cache for the next process).
func (b *Backgrounds) embedProbes(ctx context.Context, identity string) ([][]float32, error) {
	texts := search.ProbeQuestions()
	out := make([][]float32, len(texts))
	networked := embed.IsNetworked(b.Embedder)
	cache := embedcache.New(identity)
	keys := make([]embedcache.Key, len(texts))
	for i, t := range texts {
		keys[i] = embedcache.KeyOf(probeKeyPrefix + t)
	}
	if networked {
		found, err := cache.Lookup(ctx, b.DB.CacheTable(), keys)
		if err != nil {
			return nil, err
		}
		for i, k := range keys {
			out[i] = found[k]
		}
	}
	var missing []int
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(probeFanOut)
	for i, t := range texts {
		if out[i] != nil {
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
	if networked && len(missing) > 0 {
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

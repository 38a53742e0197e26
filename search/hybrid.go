package search

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/memweave/memweave-go/store"
)

// Warnings of a degraded retrieval, for errors.Is.
var (
	// ErrNoEmbedder: a vector or hybrid search without an embedder ran
	// keyword-only.
	ErrNoEmbedder = errors.New("search: no embedder configured: keyword search only")
	// ErrNoVectors: the index holds no vector yet (embedding failed or is
	// pending), so the vector backend could not contribute.
	ErrNoVectors = errors.New("search: no chunk has a vector yet (embedding failed or pending; run index): keyword search only")
	// ErrMissingVectors: some chunks have no vector yet; they match by
	// keyword only.
	ErrMissingVectors = errors.New("search: some chunks have no vector yet and match by keyword only; run index")
)

// Hybrid is the first stage of a search: it runs the keyword and vector
// backends concurrently and fuses their candidates into scored results.
// It is a composition of named steps: [Hybrid.Retrieve] says which.
type Hybrid struct {
	// Keyword is the full-text backend; required.
	Keyword KeywordBackend
	// Vector is the vector backend; nil means keyword-only.
	Vector VectorBackend
	// Embedder embeds the query for Vector; nil means keyword-only.
	Embedder QueryEmbedder
	// Fusion configures [Fuse].
	Fusion FusionOptions
}

// Request is one retrieval.
type Request struct {
	Query string
	// Mode is the mode asked for; "" means [ModeHybrid].
	Mode Mode
	// Pool is how many candidates each backend returns.
	Pool int
	// Filter limits the chunks considered.
	Filter store.Filter
}

// Retrieved is what [Hybrid.Retrieve] found.
type Retrieved struct {
	// Mode is the mode actually used: a hybrid search whose query could
	// not be embedded reports [ModeKeyword].
	Mode Mode
	// Results are sorted by descending score, with Path, lines, Source,
	// Headings and Text filled in; no threshold has been applied.
	Results []Result
	// Warnings explain a degraded mode: [ErrNoEmbedder], or a query
	// embedding failure wrapping the embedder's error.
	Warnings []error
	// Terms are the words the keyword side searched for ([QueryTerms]
	// under the fusion's [QueryOptions]), for [Snippet]: the query is
	// planned once per retrieval.
	Terms []string
}

// Retrieve runs the backends the mode needs, concurrently: the keyword
// query plus the phrase query of adjacent query words, and the query
// embedding followed by the vector search. When the query cannot be
// embedded it falls back to keyword results and says so in Warnings. It
// then scores keyword candidates the vector pool missed by their exact
// cosine, calibrates both sides' scores (keyword scores against the
// document frequencies of the query's terms, cosines against the query's
// similarity to a sample of the index: see [TermWeights.KeywordScore] and
// [Background.VectorScore]), fuses, and attaches each chunk's location and text.
func (h *Hybrid) Retrieve(ctx context.Context, req Request) (*Retrieved, error) {
	qp := h.Fusion.Query.planQuery(req.Query)
	out := &Retrieved{Mode: cmp.Or(req.Mode, ModeHybrid), Terms: qp.terms}
	if req.Filter.Paths != nil && len(req.Filter.Paths) == 0 {
		return out, nil // the filter allows no file
	}
	wantKw, wantVec := out.Mode != ModeVector, out.Mode != ModeKeyword
	if wantVec && (h.Embedder == nil || h.Vector == nil) {
		out.Warnings = append(out.Warnings, ErrNoEmbedder)
		wantVec, wantKw = false, true
	}
	count := h.chunkCounter(ctx)
	if wantVec {
		var warn error
		if wantVec, warn = h.coverage(ctx, count); warn != nil {
			out.Warnings = append(out.Warnings, warn)
			wantKw = wantKw || !wantVec
		}
	}
	r, err := h.run(ctx, req, qp, wantKw, wantVec)
	if err != nil {
		return nil, err
	}
	if wantVec && r.embedErr != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		out.Warnings = append(out.Warnings, fmt.Errorf("query embedding failed, results are keyword-only: %w", r.embedErr))
		wantVec = false
		if !wantKw {
			if r.kw, err = h.keywordHits(ctx, req, qp); err != nil {
				return nil, err
			}
			wantKw = true
		}
	}
	opts := h.Fusion
	switch {
	case wantKw && wantVec:
	case wantKw:
		opts.Method, out.Mode = KeywordOnly, ModeKeyword
	default:
		opts.Method, out.Mode = VectorOnly, ModeVector
	}
	cands := candidates(r.kw, r.vec)
	if wantKw && wantVec {
		if err := h.fillCosines(ctx, r.qvec, cands); err != nil {
			return nil, err
		}
	}
	ids := make([]int64, len(cands))
	for i, c := range cands {
		ids[i] = c.ChunkID
	}
	chunks, err := h.Keyword.Chunks(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	cal, err := h.calibration(ctx, qp.terms, r.qvec, wantKw && len(r.kw) > 0, wantVec, count)
	if err != nil {
		return nil, err
	}
	h.calibrate(cal, cands, chunks)
	out.Results = attach(Fuse(cands, opts), chunks)
	return out, nil
}

// coverage checks how many chunks the vector backend can see: none means
// it cannot contribute (want false, with [ErrNoVectors]), some missing
// means a warning wrapping [ErrMissingVectors].
func (h *Hybrid) coverage(ctx context.Context, count func() (int, error)) (want bool, warn error) {
	vecs, err := h.Vector.VectorCount(ctx)
	if err != nil {
		return true, nil // the vector search reports it
	}
	chunks, err := count()
	switch {
	case err != nil || vecs >= chunks:
		return true, nil
	case vecs == 0:
		return false, ErrNoVectors
	}
	return true, fmt.Errorf("%w (%d of %d chunks)", ErrMissingVectors, chunks-vecs, chunks)
}

// calibration reads what calibrating a query's scores needs: the
// document frequencies of its terms when kw, its cosines with a sample
// of the index when vec.
func (h *Hybrid) calibration(ctx context.Context, terms []string, qvec []float32, kw, vec bool, count func() (int, error)) (*calibration, error) {
	c := &calibration{}
	if kw {
		counts, err := h.Keyword.TermCounts(ctx, termMatches(terms))
		if err != nil {
			return nil, errCalibrate(err)
		}
		n, err := count()
		if err != nil {
			return nil, errCalibrate(err)
		}
		c.kw, c.weights = true, NewTermWeights(terms, counts, n)
	}
	if vec && qvec != nil {
		sample, err := h.Vector.SampleCosines(ctx, qvec, CosineSample)
		if err != nil {
			return nil, errCalibrate(err)
		}
		n, err := count()
		if err != nil {
			return nil, errCalibrate(err)
		}
		c.vec, c.background = true, NewBackground(sample, n)
	}
	return c, nil
}

// chunkCounter returns a function that reads the index's chunk count at
// most once per retrieval: coverage and the calibration both need it.
func (h *Hybrid) chunkCounter(ctx context.Context) func() (int, error) {
	var (
		n    int
		err  error
		done bool
	)
	return func() (int, error) {
		if !done {
			n, err = h.Keyword.ChunkCount(ctx)
			done = true
		}
		return n, err
	}
}

// backendHits are the raw outputs of the backends.
type backendHits struct {
	kw       []store.KeywordHit
	vec      []store.VectorHit
	qvec     []float32
	embedErr error
}

// run runs the wanted backends concurrently. An embedding failure is
// returned in embedErr, not as an error.
func (h *Hybrid) run(ctx context.Context, req Request, qp queryPlan, wantKw, wantVec bool) (*backendHits, error) {
	var (
		r             backendHits
		wg            sync.WaitGroup
		kwErr, vecErr error
	)
	if wantKw {
		wg.Go(func() { r.kw, kwErr = h.keywordHits(ctx, req, qp) })
	}
	if wantVec {
		wg.Go(func() {
			if r.qvec, r.embedErr = h.Embedder.EmbedQuery(ctx, req.Query); r.embedErr == nil {
				r.vec, vecErr = h.Vector.Vector(ctx, r.qvec, req.Pool, req.Filter)
			}
		})
	}
	wg.Wait()
	if err := cmp.Or(kwErr, vecErr); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return &r, nil
}

// keywordHits runs the planned keyword query and phrase query, and adds
// the phrase weight times a chunk's phrase bm25() to its keyword bm25(),
// re-ranking the keyword hits by the sum (see [QueryOptions]).
func (h *Hybrid) keywordHits(ctx context.Context, req Request, qp queryPlan) ([]store.KeywordHit, error) {
	hits, err := h.Keyword.Keyword(ctx, qp.keyword, req.Pool, req.Filter)
	if err != nil || len(hits) == 0 || qp.phrase == "" {
		return hits, err
	}
	phits, err := h.Keyword.Keyword(ctx, qp.phrase, req.Pool, req.Filter)
	if err != nil || len(phits) == 0 {
		return hits, err
	}
	pw := h.Fusion.Query.phraseWeight()
	pos := make(map[int64]int, len(hits))
	for i, hit := range hits {
		pos[hit.ID] = i
	}
	for _, ph := range phits {
		if i, ok := pos[ph.ID]; ok {
			hits[i].BM25 += pw * ph.BM25
		}
	}
	slices.SortStableFunc(hits, func(a, b store.KeywordHit) int { return cmp.Compare(a.BM25, b.BM25) })
	return hits, nil
}

// candidates merges the two backends' hits into fusion candidates, in
// order of first appearance (keyword hits first).
func candidates(kw []store.KeywordHit, vec []store.VectorHit) []Candidate {
	cands := make([]Candidate, 0, len(kw)+len(vec))
	pos := make(map[int64]int, len(kw)+len(vec))
	cand := func(id int64) *Candidate {
		i, ok := pos[id]
		if !ok {
			i = len(cands)
			pos[id] = i
			cands = append(cands, Candidate{ChunkID: id})
		}
		return &cands[i]
	}
	for _, hit := range kw {
		cand(hit.ID).BM25 = &hit.BM25
	}
	for _, hit := range vec {
		cand(hit.ID).Cosine = &hit.Cosine
	}
	return cands
}

// fillCosines scores keyword candidates the vector pool missed by their
// exact cosine, so fusion compares like with like.
func (h *Hybrid) fillCosines(ctx context.Context, qvec []float32, cands []Candidate) error {
	var missing []int64
	for _, c := range cands {
		if c.Cosine == nil {
			missing = append(missing, c.ChunkID)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	cos, err := h.Vector.Cosines(ctx, qvec, missing)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	for i := range cands {
		if v, ok := cos[cands[i].ChunkID]; ok && cands[i].Cosine == nil {
			cands[i].Cosine = &v
		}
	}
	return nil
}

// attach fills in each result's location and text from its chunk, drops
// results whose chunk is gone (removed between retrieval and read), and
// breaks ties of score by cosine (as [Fuse] does), then path, then start
// line, so that equal scores
// come out in the same order whatever order the chunks were stored in
// (row ids differ between an incremental index and a rebuild).
func attach(fused []Result, chunks map[int64]store.Chunk) []Result {
	out := fused[:0]
	for _, r := range fused {
		c, ok := chunks[r.ChunkID]
		if !ok {
			continue
		}
		r.Path, r.Source, r.StartLine, r.EndLine = c.Path, c.Source, c.StartLine, c.EndLine
		r.Headings, r.Text = c.Headings, c.Text
		if r.Headings == nil {
			r.Headings = []string{}
		}
		out = append(out, r)
	}
	slices.SortStableFunc(out, func(a, b Result) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(cosine(b), cosine(a)), cmp.Compare(a.Path, b.Path), cmp.Compare(a.StartLine, b.StartLine))
	})
	return out
}

// cosine is r's cosine, -Inf when the vector backend did not score it.
func cosine(r Result) float64 {
	if c := r.Explain.Cosine; c != nil && !math.IsNaN(*c) {
		return *c
	}
	return math.Inf(-1)
}

package search

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/memweave/memweave-go/embed"
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
	// ErrNoWords: the query holds no word (letter, digit or emoji), only
	// punctuation or symbols, which the keyword index does not keep: the
	// keyword side had nothing to search for.
	ErrNoWords = errors.New("search: the query has no words (letters, digits or emoji) for keyword search: punctuation and symbols alone are not indexed; add a word")
	// ErrQueryCut: the query has more words than the keyword query takes
	// ([MaxQueryTerms]); those after them were not searched by keyword.
	ErrQueryCut = fmt.Errorf("search: the query has more words than the keyword search takes (%d): those after them were not searched by keyword", MaxQueryTerms)
	// ErrProbes is wrapped by a [Hybrid.Background] error that comes from
	// the embedder: the search degrades to keyword results, as when the
	// query cannot be embedded.
	ErrProbes = errors.New("search: the background questions could not be embedded")
	// ErrNoBackground is returned by a [Hybrid.Background] that has no
	// background to give and will not measure one (it could not keep
	// it): the search measures the query against its own cosines with a
	// sample of the index, as with no Background function.
	ErrNoBackground = errors.New("search: no index background at hand")
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
	// Semantic reports that Embedder's similarity is semantic (a sentence
	// encoder, a word-embedding model), not lexical like the hash
	// embedder's: its cosine is then evidence apart from the words, and a
	// partial keyword match it places among the query's unrelated chunks
	// loses its keyword floor (see [Confirm]). Without it a chunk holding
	// no query word scores at most [LexicalAlone], under the default
	// threshold: a lexical cosine is letter overlap, not meaning; its
	// vector score counts only when it shares a letter run of the query
	// (see [runs]), not a hashed bucket alone; and it orders keyword
	// matches only where their keyword scores tie (see [Support]).
	Semantic bool
	// Background returns the index's background under Embedder (see
	// [NewIndexBackground]) for the query vector q, the zero Background
	// when q has other dims than the index; it is called after the vector
	// search, which reports such a q first. An error wrapping [ErrProbes]
	// degrades the search to keyword results with a warning; one wrapping
	// [ErrNoBackground] measures as nil does; any other fails it. Nil
	// measures each query against its own cosines with a sample of the
	// index instead ([NewBackground]).
	Background func(ctx context.Context, q []float32) (Background, error)
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
	// embedding failure wrapping the embedder's error (or [ErrProbes]).
	Warnings []error
	// Terms are the words the keyword side searched for ([QueryTerms]
	// under the fusion's [QueryOptions]) and the words of the other
	// spellings it searched (an identifier's parts, a number's unit, a
	// date, a numeronym: see [KeywordQuery]), for [Snippet]: the query is
	// planned once per retrieval.
	Terms []string
}

// Retrieve runs the backends the mode needs, concurrently: the keyword
// query plus the phrase query of adjacent query words, and the query
// embedding followed by the vector search. When the query cannot be
// embedded it falls back to keyword results and says so in Warnings. It
// then scores keyword candidates the vector pool missed by their exact
// cosine, calibrates both sides' scores (keyword scores against the
// document frequencies of the query's terms, cosines against the index's
// background, [Hybrid.Background]: see [TermWeights.KeywordScore] and
// [Background.VectorScore]), fuses, and attaches each chunk's location and text.
func (h *Hybrid) Retrieve(ctx context.Context, req Request) (*Retrieved, error) {
	var excluded []string
	req.Query, excluded = splitExclusions(req.Query)
	qp := h.Fusion.Query.planQuery(req.Query)
	out := &Retrieved{Mode: cmp.Or(req.Mode, ModeHybrid), Terms: qp.highlight}
	if req.Filter.Paths != nil && len(req.Filter.Paths) == 0 {
		return out, nil // the filter allows no file
	}
	wantKw, wantVec := out.Mode != ModeVector, out.Mode != ModeKeyword
	if wantVec && (h.Embedder == nil || h.Vector == nil) {
		out.Warnings = append(out.Warnings, ErrNoEmbedder)
		wantVec, wantKw = false, true
	}
	count := sync.OnceValues(func() (int, error) { return h.Keyword.ChunkCount(ctx) })
	if wantVec {
		var warn error
		if wantVec, warn = h.coverage(ctx, count); warn != nil {
			out.Warnings = append(out.Warnings, warn)
			wantKw = wantKw || !wantVec
		}
	}
	r, err := h.run(ctx, req, qp, wantKw, wantVec, count)
	if err != nil {
		return nil, err
	}
	var respelled [][]string
	if wantKw {
		if respelled, err = h.addRespelled(ctx, req, qp.terms, qp.keywords, r); err != nil {
			return nil, err
		}
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
	opts.words = len(qp.terms)
	opts.semantic, opts.lexical = h.Semantic, !h.Semantic
	switch {
	case wantKw && wantVec:
	case wantKw:
		opts.Method, out.Mode = KeywordOnly, ModeKeyword
	default:
		opts.Method, out.Mode = VectorOnly, ModeVector
	}
	if wantKw && qp.keyword == "" {
		out.Warnings = append(out.Warnings, ErrNoWords)
	}
	if wantKw && qp.cut != "" {
		out.Warnings = append(out.Warnings, fmt.Errorf("%w; the first left out is %q: shorten the query to the words that matter", ErrQueryCut, qp.cut))
	}
	cands := candidates(r.kw, r.vec)
	chunks, err := h.finish(ctx, r, cands, wantKw && wantVec)
	if err != nil {
		return nil, err
	}
	if cands, err = h.exclude(ctx, req.Filter, excluded, cands, chunks, count); err != nil {
		return nil, err
	}
	sp := termSpellings(qp, respelled, chunks)
	out.Terms = append(slices.Clip(out.Terms), sp.shown...)
	cal, err := h.calibration(ctx, qp.terms, sp, r, wantKw && len(r.kw) > 0, wantVec, count)
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
	if err == nil && vecs < chunks {
		// Two reads: a write committed between them (chunks with their
		// vectors) shows chunks without vectors that never were. Vectors
		// counted after the chunks are at least as many unless some are
		// really missing.
		if again, err := h.Vector.VectorCount(ctx); err == nil {
			vecs = again
		}
	}
	switch {
	case err != nil || vecs >= chunks:
		return true, nil
	case vecs == 0:
		return false, ErrNoVectors
	}
	return true, fmt.Errorf("%w (%d of %d chunks)", ErrMissingVectors, chunks-vecs, chunks)
}

// spellings are the other spellings of a query's terms the keyword side
// searched, for its keyword scores: a chunk holding one holds the term.
type spellings struct {
	// others are, for each term, their FTS5 terms, and alts their words,
	// as a chunk's text holds them (nil: none).
	others, alts [][]string
	// respelled reports that the search respelled a term, after the
	// keyword side read the query's weights without it.
	respelled bool
	// shown are the words of the chunks the query's words were respelled
	// as, for snippets.
	shown []string
}

// termSpellings returns the other spellings of qp's terms: the plan's
// ([queryPlan.alts]) and, in a query of keywords, those respelled
// (the index's words each term was respelled as, by [Hybrid.respell];
// the words of chunks found by them count as the term). In a sentence
// the words respelled are searched and shown, but the other words carry
// it (see [queryPlan.keywords]).
func termSpellings(qp queryPlan, respelled [][]string, chunks map[int64]store.Chunk) spellings {
	sp := spellings{others: rendered(qp.alts, quote), alts: qp.alts, respelled: respelled != nil && qp.keywords}
	if sp.respelled {
		others, alts := make([][]string, len(respelled)), make([][]string, len(respelled))
		copy(others, sp.others)
		copy(alts, sp.alts)
		sp.others, sp.alts = others, alts
	}
	for i, stems := range respelled {
		words := respelledWords(stems, chunks)
		sp.shown = append(sp.shown, words...)
		if !sp.respelled {
			continue
		}
		for _, st := range stems {
			sp.others[i] = append(slices.Clip(sp.others[i]), stemMatch(st))
		}
		sp.alts[i] = append(slices.Clip(sp.alts[i]), words...)
	}
	return sp
}

// calibration reads what calibrating a query's scores needs: the
// document frequencies of its terms when kw, its cosines with a sample
// of the index when vec (taken by [Hybrid.run] with the vector search).
// A term searched by other spellings too (sp) counts as held by a chunk
// holding one of them, and its frequency is that of the term or any of
// them: a note found by "accommodation" for "accomodation" weighs as one
// holding the word typed would.
func (h *Hybrid) calibration(ctx context.Context, terms []string, sp spellings, r *backendHits, kw, vec bool, count func() (int, error)) (*calibration, error) {
	c := &calibration{}
	if kw {
		c.kw, c.weights, c.covers = true, r.weights, r.covers
		if r.weights.Terms == nil || sp.respelled {
			w, err := h.termWeights(ctx, terms, sp.others, count)
			if err != nil {
				return nil, err
			}
			w.alts = sp.alts
			c.weights, c.covers = w, nil
		}
	}
	if vec && r.qvec != nil {
		if !h.Semantic {
			c.runs = newRuns(terms)
		}
		if r.sampleErr != nil {
			return nil, errCalibrate(r.sampleErr)
		}
		if r.background != nil {
			c.vec, c.background = true, *r.background
			if len(r.sample) > 0 {
				m := c.background.within(NewBackground(r.sample, 0))
				c.matches = &m
			}
			return c, nil
		}
		n, err := count()
		if err != nil {
			return nil, errCalibrate(err)
		}
		c.vec, c.background = true, NewBackground(r.sample, n)
	}
	return c, nil
}

// termWeights reads the term weights of the query's terms, each counted
// with the FTS5 terms others holds for it (nil: none), its other
// spellings.
func (h *Hybrid) termWeights(ctx context.Context, terms []string, others [][]string, count func() (int, error)) (TermWeights, error) {
	matches := termMatches(terms)
	for i, os := range others {
		if i < len(matches) && matches[i] != "" && len(os) > 0 {
			matches[i] = strings.Join(append([]string{matches[i]}, os...), " OR ")
		}
	}
	counts, err := h.Keyword.TermCounts(ctx, matches)
	if err != nil {
		return TermWeights{}, errCalibrate(err)
	}
	n, err := count()
	if err != nil {
		return TermWeights{}, errCalibrate(err)
	}
	return NewTermWeights(terms, counts, n), nil
}

// backendHits are the raw outputs of the backends, with what the
// goroutines that ran them read next: the chunks of the keyword hits and
// the query's cosines with the calibration sample.
type backendHits struct {
	kw        []store.KeywordHit
	vec       []store.VectorHit
	qvec      []float32
	embedErr  error
	chunks    map[int64]store.Chunk
	weights   TermWeights
	covers    map[int64]cover
	sample    []float64
	sampleErr error
	// background is the index's, from [Hybrid.Background]; nil: measure
	// the query's own from sample.
	background *Background
	// cos holds the exact cosines of the keyword hits the vector side
	// did not find, read while the keyword side reads its hits' chunks
	// and term weights when the vector side was done by then (see
	// [Hybrid.kwCosines]); nil when they were not read.
	cos map[int64]float64
}

// run runs the wanted backends concurrently, each followed by what only
// its own results are needed for, so that it overlaps the other side:
// the keyword query, the chunks of its hits, then the query's term
// weights and what the hits' text holds of its words (see [cover]); the
// phrase query (see
// [Hybrid.keywordHits]); the query embedding, the vector search, then the
// calibration sample ([VectorBackend.SampleCosines]); and, when the
// vector search is over by the time the keyword hits are in, the exact
// cosines of those it did not find ([Hybrid.kwCosines]). An embedding
// failure is returned in embedErr, not as an error.
func (h *Hybrid) run(ctx context.Context, req Request, qp queryPlan, wantKw, wantVec bool, count func() (int, error)) (*backendHits, error) {
	var (
		r                    backendHits
		wg                   sync.WaitGroup
		phits                []store.KeywordHit
		kwErr, phErr, vecErr error
		calErr               error // already wrapped by errCalibrate
	)
	// vecDone is closed when the vector search is over: r.qvec and r.vec
	// are then the vector side's when vecOK.
	vecDone := make(chan struct{})
	var vecOK bool
	if !wantVec {
		close(vecDone)
	}
	if wantKw {
		wg.Go(func() {
			if r.kw, kwErr = h.Keyword.Keyword(ctx, qp.keyword, req.Pool, req.Filter); kwErr == nil && len(r.kw) > 0 {
				select {
				case <-vecDone:
					if vecOK {
						wg.Go(func() { r.cos = h.kwCosines(ctx, r.qvec, r.kw, r.vec) })
					}
				default: // finish reads them, and the vector side is not held up
				}
				if r.chunks, kwErr = h.Keyword.Chunks(ctx, hitIDs(r.kw)); kwErr == nil {
					if r.weights, calErr = h.termWeights(ctx, qp.terms, rendered(qp.alts, quote), count); calErr == nil {
						r.weights.alts = qp.alts
						r.covers = r.weights.covers(r.kw, r.chunks)
					}
				}
			}
		})
		if qp.phrase != "" {
			wg.Go(func() { phits, phErr = h.Keyword.Keyword(ctx, qp.phrase, req.Pool, req.Filter) })
		}
	}
	if wantVec {
		wg.Go(func() {
			var once sync.Once
			publish := func(ok bool) { once.Do(func() { vecOK = ok; close(vecDone) }) }
			defer publish(false)
			vecErr = h.vectorSide(ctx, req, &r, func() { publish(true) })
		})
	}
	wg.Wait()
	if err := cmp.Or(kwErr, phErr, vecErr); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	if calErr != nil {
		return nil, calErr
	}
	r.kw = h.addPhrase(r.kw, phits)
	return &r, nil
}

// vectorSide runs the vector side of run into r: the query embedding,
// the vector search, then (searched called in between) the calibration
// sample or the index's background. An embedding failure, or vectors
// of other dimensions than the index's, goes to r.embedErr; the error
// returned is the vector search's.
func (h *Hybrid) vectorSide(ctx context.Context, req Request, r *backendHits, searched func()) error {
	if r.qvec, r.embedErr = h.Embedder.EmbedQuery(ctx, req.Query); r.embedErr != nil {
		return nil
	}
	if !embed.Finite(r.qvec) {
		// Every cosine would be NaN: the vector side would match
		// nothing while the search claimed to be hybrid. The
		// indexer refuses such document vectors likewise.
		r.embedErr = errors.New("search: the embedder's query vector holds a value that is not finite (NaN or infinity)")
		return nil
	}
	var vecErr error
	r.vec, vecErr = h.Vector.Vector(ctx, r.qvec, req.Pool, req.Filter)
	if vecErr == nil {
		searched()
	}
	switch {
	case errors.Is(vecErr, store.ErrDims):
		// The embedder's vectors are not the index's: an
		// embedding failure, which the search survives.
		r.embedErr, vecErr = vecErr, nil
	case vecErr == nil && h.Background != nil:
		b, err := h.Background(ctx, r.qvec)
		switch {
		case errors.Is(err, ErrProbes):
			r.embedErr = err
		case errors.Is(err, ErrNoBackground):
			r.sample, r.sampleErr = h.Vector.SampleCosines(ctx, r.qvec, CosineSample)
		case err != nil:
			r.sampleErr = err
		default:
			r.background = &b
			if h.Semantic {
				// The query's own cosines, for its keyword matches'
				// background (see [Background.within]); without them
				// the index's serves, and the search does not fail.
				if s, err := h.Vector.SampleCosines(ctx, r.qvec, CosineSample); err == nil {
					r.sample = s
				}
			}
		}
	case vecErr == nil:
		r.sample, r.sampleErr = h.Vector.SampleCosines(ctx, r.qvec, CosineSample)
	}
	return vecErr
}

// kwCosines returns the exact cosines between q and those of the
// keyword hits kw the vector hits vec do not hold: the chunks
// [Hybrid.finish] reads them for, since its candidates without a cosine
// are those keyword hits. It returns nil when the read fails (finish
// then reads them and fails as it did). It runs while the keyword side
// reads its hits' chunks and term weights, when the vector side was done
// by then: finish read them after both sides, with one processor idle
// (measured in docs/performance.md, stop 54, cold42's cut 2).
func (h *Hybrid) kwCosines(ctx context.Context, q []float32, kw []store.KeywordHit, vec []store.VectorHit) map[int64]float64 {
	found := make(map[int64]bool, len(vec))
	for _, v := range vec {
		found[v.ID] = true
	}
	var ids []int64
	for _, k := range kw {
		if !found[k.ID] {
			ids = append(ids, k.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	cos, err := h.Vector.Cosines(ctx, q, ids)
	if err != nil {
		return nil
	}
	return cos
}

// keywordHits runs the planned keyword query and phrase query one after
// the other, for a retrieval that finds it needs them late (see
// [Hybrid.addPhrase]).
func (h *Hybrid) keywordHits(ctx context.Context, req Request, qp queryPlan) ([]store.KeywordHit, error) {
	hits, err := h.Keyword.Keyword(ctx, qp.keyword, req.Pool, req.Filter)
	if err != nil || len(hits) == 0 || qp.phrase == "" {
		return hits, err
	}
	phits, err := h.Keyword.Keyword(ctx, qp.phrase, req.Pool, req.Filter)
	if err != nil {
		return nil, err
	}
	return h.addPhrase(hits, phits), nil
}

// addPhrase adds the phrase weight times a chunk's phrase bm25() (phits,
// the hits of the phrase query) to its keyword bm25(), re-ranking the
// keyword hits by the sum (see [QueryOptions]). The phrase query matches
// only chunks the keyword query matches: it asks for pairs of its words.
func (h *Hybrid) addPhrase(hits, phits []store.KeywordHit) []store.KeywordHit {
	if len(hits) == 0 || len(phits) == 0 {
		return hits
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
	return hits
}

// rendered returns the FTS5 terms of each list of spellings, as render
// writes one.
func rendered(spellings [][]string, render func(string) string) [][]string {
	if spellings == nil {
		return nil
	}
	out := make([][]string, len(spellings))
	for i, ss := range spellings {
		for _, s := range ss {
			out[i] = append(out[i], render(s))
		}
	}
	return out
}

// hitIDs returns the ids of keyword hits.
func hitIDs(hits []store.KeywordHit) []int64 {
	ids := make([]int64, len(hits))
	for i, hit := range hits {
		ids[i] = hit.ID
	}
	return ids
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

// finish reads, concurrently, what fusing cands needs that [Hybrid.run]
// did not: with fill, the exact cosines of the keyword candidates the
// vector pool missed, so fusion compares like with like; and the chunks
// of the candidates whose chunk r does not hold. It returns every
// candidate's chunk (a chunk removed since is absent).
func (h *Hybrid) finish(ctx context.Context, r *backendHits, cands []Candidate, fill bool) (map[int64]store.Chunk, error) {
	var noCos, noChunk []int64
	for _, c := range cands {
		if c.Cosine == nil {
			noCos = append(noCos, c.ChunkID)
		}
		if _, ok := r.chunks[c.ChunkID]; !ok {
			noChunk = append(noChunk, c.ChunkID)
		}
	}
	var (
		wg            sync.WaitGroup
		cos           map[int64]float64
		chunks        map[int64]store.Chunk
		cosErr, chErr error
	)
	switch {
	case !fill || len(noCos) == 0:
	case r.cos != nil:
		cos = r.cos // read early, of the same chunks (see kwCosines)
	default:
		wg.Go(func() { cos, cosErr = h.Vector.Cosines(ctx, r.qvec, noCos) })
	}
	if len(noChunk) > 0 {
		chunks, chErr = h.Keyword.Chunks(ctx, noChunk)
	}
	wg.Wait()
	if err := cmp.Or(cosErr, chErr); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	for i := range cands {
		if v, ok := cos[cands[i].ChunkID]; ok && cands[i].Cosine == nil {
			cands[i].Cosine = &v
		}
	}
	if chunks == nil {
		return r.chunks, nil
	}
	maps.Copy(chunks, r.chunks)
	return chunks, nil
}

// attach fills in each result's location and text from its chunk, drops
// results whose chunk is gone (removed between retrieval and read), and
// breaks ties of score as [Fuse] does, then by path, then start line,
// so that equal scores
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
		return cmp.Or(cmp.Compare(b.Score, a.Score), a.order.compare(b.order), cmp.Compare(a.Path, b.Path), cmp.Compare(a.StartLine, b.StartLine))
	})
	return out
}

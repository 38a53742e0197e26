package memweave

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/postprocess"
	"github.com/memweave/memweave-go/search"
)

// Result is one search hit; see [search.Result].
type Result = search.Result

// Search modes.
const (
	ModeHybrid  = "hybrid"
	ModeKeyword = "keyword"
	ModeVector  = "vector"
)

// SearchResponse is what [Weave.Search] returns.
type SearchResponse struct {
	Query string `json:"query"`
	// Mode is the mode actually used: a hybrid search that could not
	// embed the query reports "keyword".
	Mode string `json:"mode"`
	// Warnings explain degraded results, e.g. an unreachable embedder or
	// files that could not be refreshed.
	Warnings []string `json:"warnings"`
	Results  []Result `json:"results"`
}

// SearchOption sets a per-call search option.
type SearchOption func(*searchSettings)

type searchSettings struct {
	maxResults int
	minScore   float64
	sources    []string
	mode       string
	// decay: 0 off, 1 on with halfLife, 2 on with the configured default.
	decay      int
	halfLife   float64
	lambda     float64
	mmr        bool
	mmrDefault bool
	now        time.Time
	noSync     bool
}

// MaxResults sets how many results to return (default Config.MaxResults, 6).
func MaxResults(n int) SearchOption { return func(s *searchSettings) { s.maxResults = n } }

// MinScore drops results below score; 0 keeps everything.
func MinScore(score float64) SearchOption { return func(s *searchSettings) { s.minScore = score } }

// Sources limits results to the given namespaces.
func Sources(sources ...string) SearchOption {
	return func(s *searchSettings) { s.sources = append(s.sources, sources...) }
}

// Mode selects "hybrid" (default), "keyword" or "vector" retrieval.
func Mode(mode string) SearchOption { return func(s *searchSettings) { s.mode = mode } }

// Decay enables temporal decay for this call with the given half-life in
// days; 0 uses Config.DecayHalfLifeDays. A negative or NaN half-life is
// an error.
func Decay(halfLifeDays float64) SearchOption {
	return func(s *searchSettings) {
		s.decay, s.halfLife = 1, halfLifeDays
		if halfLifeDays == 0 {
			s.decay = 2
		}
	}
}

// MMR enables maximal-marginal-relevance re-ranking for this call with
// the given lambda in [0,1] (1 = pure relevance, 0 = pure diversity).
func MMR(lambda float64) SearchOption {
	return func(s *searchSettings) { s.lambda, s.mmr, s.mmrDefault = lambda, true, false }
}

// MMRDefault enables MMR re-ranking with Config.MMRLambda (default 0.7).
func MMRDefault() SearchOption {
	return func(s *searchSettings) { s.mmr, s.mmrDefault = true, true }
}

// Now sets the time decay measures ages against.
func Now(t time.Time) SearchOption { return func(s *searchSettings) { s.now = t } }

// NoSync skips the pre-search scan for changed files for this call.
func NoSync() SearchOption { return func(s *searchSettings) { s.noSync = true } }

// Search runs the five-stage pipeline: hybrid retrieval and fusion,
// threshold, temporal decay (opt-in), MMR (opt-in), then the registered
// postprocessors. Before searching it re-indexes files changed on disk
// (unless disabled). When the query cannot be embedded it degrades to
// keyword search and says so in Warnings; it never fails for that reason.
func (w *Weave) Search(ctx context.Context, query string, opts ...SearchOption) (*SearchResponse, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	s := searchSettings{maxResults: w.cfg.MaxResults, minScore: w.cfg.MinScore, mode: ModeHybrid}
	for _, o := range opts {
		o(&s)
	}
	if s.maxResults <= 0 {
		return nil, fmt.Errorf("memweave: search: MaxResults must be positive, got %d", s.maxResults)
	}
	if !(s.minScore >= 0 && s.minScore <= 1) {
		return nil, fmt.Errorf("memweave: search: MinScore must be in [0,1], got %g", s.minScore)
	}
	if s.mmrDefault {
		s.lambda = w.cfg.MMRLambda
	}
	if !(s.lambda >= 0 && s.lambda <= 1) {
		return nil, fmt.Errorf("memweave: search: MMR lambda must be in [0,1], got %g", s.lambda)
	}
	switch s.decay {
	case 1:
		if !(s.halfLife > 0) || math.IsInf(s.halfLife, 0) {
			return nil, fmt.Errorf("memweave: search: Decay half-life must be a positive number of days, got %g", s.halfLife)
		}
	case 2:
		s.halfLife = w.cfg.DecayHalfLifeDays
	default:
		s.halfLife = 0
	}
	switch s.mode {
	case ModeHybrid, ModeKeyword, ModeVector:
	case "":
		s.mode = ModeHybrid
	default:
		return nil, fmt.Errorf("memweave: search: unknown mode %q (want hybrid, keyword or vector)", s.mode)
	}
	if s.now.IsZero() {
		s.now = w.now()
	}
	resp := &SearchResponse{Query: query, Mode: s.mode, Warnings: []string{}, Results: []Result{}}
	if !s.noSync && !w.cfg.NoSyncOnSearch {
		resp.Warnings = append(resp.Warnings, w.syncStale(ctx)...)
	}

	results, err := w.retrieve(ctx, query, s, resp)
	if err != nil {
		return nil, err
	}
	procs := []postprocess.Postprocessor{postprocess.Threshold{Min: s.minScore}}
	if s.halfLife > 0 {
		procs = append(procs, postprocess.Decay{HalfLifeDays: s.halfLife, Now: s.now.In(w.cfg.TimeZone)})
	}
	if s.mmr {
		procs = append(procs, postprocess.MMR{Lambda: s.lambda})
	}
	w.mu.Lock()
	procs = append(procs, w.procs...)
	w.mu.Unlock()
	results, err = postprocess.Run(ctx, query, results, procs...)
	if err != nil {
		return nil, fmt.Errorf("memweave: search: %w", err)
	}
	if len(results) > s.maxResults {
		results = results[:s.maxResults]
	}
	terms := search.QueryTerms(query)
	for i := range results {
		results[i].Snippet = search.Snippet(results[i].Text, terms, w.cfg.SnippetChars)
	}
	resp.Results = results
	return resp, nil
}

// syncStale re-indexes files changed on disk since the last index run and
// returns warnings when it could not.
func (w *Weave) syncStale(ctx context.Context) []string {
	if w.watchFresh.Load() {
		// An active watcher has indexed every change it was told of.
		return nil
	}
	stale, err := w.staleFiles(ctx)
	if err != nil {
		return []string{fmt.Sprintf("could not check for changed files: %v", err)}
	}
	if len(stale) == 0 {
		return nil
	}
	res, _, _, _, err := w.refresh(ctx, stale, syncLockTimeout)
	if err != nil {
		return []string{fmt.Sprintf("could not refresh %d changed files; results may be stale: %v", len(stale), err)}
	}
	// Every per-file problem is worth a warning here: a file that could
	// not be read stays stale, and the caller should know.
	warns := res.Warnings
	if res.FilesPending > 0 {
		warns = append(warns, fmt.Sprintf("%d files are pending embeddings and match by keyword only", res.FilesPending))
	}
	return warns
}

// syncLockTimeout bounds how long a search waits for another index run
// before searching what is there, with a warning.
const syncLockTimeout = 2 * time.Second

// retrieve runs the keyword and vector backends concurrently and fuses
// their candidates. The keyword backend is two FTS5 queries: the keyword
// query and the phrase query of adjacent query words, whose bm25() counts
// search.PhraseWeight in the keyword score.
func (w *Weave) retrieve(ctx context.Context, query string, s searchSettings, resp *SearchResponse) ([]Result, error) {
	pool := s.maxResults * w.cfg.CandidateMultiplier
	if s.mmr && pool < 3*s.maxResults {
		pool = 3 * s.maxResults
	}
	wantKeyword := s.mode != ModeVector
	wantVector := s.mode != ModeKeyword
	if wantVector && w.emb == nil {
		resp.Warnings = append(resp.Warnings, "no embedder configured: keyword search only")
		wantVector, wantKeyword = false, true
	}

	// keyword runs the keyword query and the phrase query, and adds
	// PhraseWeight times a chunk's phrase bm25() to its keyword bm25(),
	// re-ranking the keyword hits by the sum.
	keyword := func() ([]index.KeywordHit, error) {
		hits, err := w.db.Keyword(ctx, search.KeywordQuery(query), pool, s.sources)
		if err != nil || len(hits) == 0 {
			return hits, err
		}
		phrase := search.PhraseQuery(query)
		if phrase == "" {
			return hits, nil
		}
		phits, err := w.db.Keyword(ctx, phrase, pool, s.sources)
		if err != nil || len(phits) == 0 {
			return hits, err
		}
		pos := make(map[int64]int, len(hits))
		for i, h := range hits {
			pos[h.ID] = i
		}
		for _, h := range phits {
			if i, ok := pos[h.ID]; ok {
				hits[i].BM25 += search.PhraseWeight * h.BM25
			}
		}
		slices.SortStableFunc(hits, func(a, b index.KeywordHit) int { return cmp.Compare(a.BM25, b.BM25) })
		return hits, nil
	}

	var (
		wg       sync.WaitGroup
		kwHits   []index.KeywordHit
		kwErr    error
		vecHits  []index.VectorHit
		qvec     []float32
		vecErr   error
		embedErr error
	)
	if wantKeyword {
		wg.Go(func() {
			kwHits, kwErr = keyword()
		})
	}
	if wantVector {
		wg.Go(func() {
			qvec, embedErr = w.emb.EmbedQuery(ctx, query)
			if embedErr != nil {
				return
			}
			vecHits, vecErr = w.db.Vector(ctx, qvec, pool, s.sources)
		})
	}
	wg.Wait()
	if kwErr != nil {
		return nil, fmt.Errorf("memweave: search: %w", kwErr)
	}
	if vecErr != nil {
		return nil, fmt.Errorf("memweave: search: %w", vecErr)
	}
	if wantVector && embedErr != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		resp.Warnings = append(resp.Warnings, fmt.Sprintf("query embedding failed, results are keyword-only: %v", embedErr))
		wantVector = false
		if !wantKeyword {
			kwHits, kwErr = keyword()
			if kwErr != nil {
				return nil, fmt.Errorf("memweave: search: %w", kwErr)
			}
			wantKeyword = true
		}
	}
	method := w.cfg.Fusion
	switch {
	case wantKeyword && wantVector:
	case wantKeyword:
		method.Method = search.KeywordOnly
		resp.Mode = ModeKeyword
	default:
		method.Method = search.VectorOnly
		resp.Mode = ModeVector
	}

	byID := make(map[int64]*search.Candidate, len(kwHits)+len(vecHits))
	var order []int64
	cand := func(id int64) *search.Candidate {
		c, ok := byID[id]
		if !ok {
			c = &search.Candidate{ChunkID: id}
			byID[id] = c
			order = append(order, id)
		}
		return c
	}
	for i, h := range kwHits {
		c := cand(h.ID)
		bm := h.BM25
		c.BM25, c.KeywordRank = &bm, i+1
	}
	for i, h := range vecHits {
		c := cand(h.ID)
		cos := h.Cosine
		c.Cosine, c.VectorRank = &cos, i+1
	}
	if wantVector && wantKeyword {
		// Score keyword candidates the vector pool missed by their exact
		// cosine, so fusion compares like with like.
		var missing []int64
		for _, id := range order {
			if byID[id].Cosine == nil {
				missing = append(missing, id)
			}
		}
		if len(missing) > 0 {
			cos, err := w.db.Cosines(ctx, qvec, missing)
			if err != nil {
				return nil, fmt.Errorf("memweave: search: %w", err)
			}
			for id, c := range cos {
				c := c
				byID[id].Cosine = &c
			}
		}
	}
	chunks, err := w.db.Chunks(ctx, order)
	if err != nil {
		return nil, fmt.Errorf("memweave: search: %w", err)
	}
	// In a tiny index BM25 cannot weigh terms (a term in every document
	// gets an inverse document frequency of about 0), so an exact match
	// would score near 0. There, a keyword match is scored at least by the
	// fraction of query terms it contains, fading out as the index grows.
	// (The floor is 0.9 times that fraction plus 0.1 times its bm25()
	// relative to the best keyword hit.)
	var floorWeight float64
	var terms []string
	if wantKeyword && len(kwHits) > 0 {
		n, err := w.db.ChunkCount(ctx)
		if err != nil {
			return nil, fmt.Errorf("memweave: search: %w", err)
		}
		floorWeight = smallIndexWeight(n)
		if floorWeight > 0 {
			terms = search.QueryTerms(query)
		}
	}
	// BM25's order stays informative in a tiny index even where its
	// values are not: a tenth of the floor follows it, so that chunks
	// covering as many terms keep BM25's order.
	best := 0.0
	for _, h := range kwHits {
		best = min(best, h.BM25)
	}
	cands := make([]search.Candidate, len(order))
	for i, id := range order {
		cands[i] = *byID[id]
		if floorWeight > 0 && cands[i].BM25 != nil {
			if c, ok := chunks[id]; ok {
				rel := 0.0
				if best < 0 {
					rel = *cands[i].BM25 / best
				}
				cands[i].KeywordFloor = floorWeight * (0.9*search.Coverage(c.Text, terms) + 0.1*rel)
			}
		}
	}
	fused := search.Fuse(cands, method)
	out := fused[:0]
	for _, r := range fused {
		c, ok := chunks[r.ChunkID]
		if !ok {
			continue // removed between retrieval and read
		}
		r.Path, r.Source, r.StartLine, r.EndLine = c.Path, c.Source, c.StartLine, c.EndLine
		r.Headings, r.Text = c.Headings, c.Text
		if r.Headings == nil {
			r.Headings = []string{}
		}
		out = append(out, r)
	}
	return out, nil
}

// Index sizes, in chunks, between which the coverage floor of a keyword
// match fades from full to none: BM25's IDF is degenerate in a handful of
// documents and meaningful in a few dozen.
const (
	smallIndexFull = 8
	smallIndexNone = 32
)

// smallIndexWeight is the weight of the coverage floor for an index of n
// chunks: 1 up to smallIndexFull, 0 from smallIndexNone, linear between.
func smallIndexWeight(n int) float64 {
	switch {
	case n <= smallIndexFull:
		return 1
	case n >= smallIndexNone:
		return 0
	}
	return float64(smallIndexNone-n) / float64(smallIndexNone-smallIndexFull)
}

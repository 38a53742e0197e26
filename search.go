package memweave

import (
	"context"
	"fmt"
	"time"

	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/store"

	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/postprocess"
	"github.com/memweave/memweave-go/search"
)

// Result is one search hit; see [search.Result].
type Result = search.Result

// Mode is which retrieval backends a search runs: [ModeHybrid] (default),
// [ModeKeyword] or [ModeVector]. [SearchResponse].Mode and
// [Status].SearchMode use the same words.
type Mode = search.Mode

// Search modes.
const (
	ModeHybrid  = search.ModeHybrid
	ModeKeyword = search.ModeKeyword
	ModeVector  = search.ModeVector
)

// SearchResponse is what [Weave.Search] returns.
type SearchResponse struct {
	Query string `json:"query"`
	// Mode is the mode actually used: a hybrid search that could not
	// embed the query reports "keyword".
	Mode Mode `json:"mode" jsonschema:"retrieval used: hybrid, keyword or vector"`
	// Warnings explain degraded results, e.g. an unreachable embedder
	// (errors.Is(w, ErrEmbedderUnavailable)) or files that could not be
	// refreshed. Never nil.
	Warnings []Warning `json:"warnings" jsonschema:"why results may be degraded"`
	// Results are ordered by descending score. Never nil.
	Results []Result `json:"results"`
	// At is the full commit id [Weave.SearchAt] searched, "" otherwise.
	At string `json:"at,omitempty" jsonschema:"the full commit id searched"`
	// EmbeddingsComputed is how many chunks [Weave.SearchAt] embedded to
	// index the revision (the cache had the rest); nil otherwise.
	EmbeddingsComputed *int `json:"embeddings_computed,omitempty" jsonschema:"embeddings computed to index that revision"`
	// FilteredBelowThreshold counts the candidates min_score dropped; BestFilteredScore is the best of their scores (0: none).
	FilteredBelowThreshold int     `json:"filtered_below_threshold" jsonschema:"how many more candidates scored below min_score and were dropped"`
	BestFilteredScore      float64 `json:"best_filtered_score" jsonschema:"the best score among the dropped candidates (0 when none): lower min_score to at most this to see them"`
	// Hidden counts what the search's filters left out, each with the
	// option that shows it.
	Hidden Hidden `json:"hidden" jsonschema:"what the filters left out: below_threshold (lower min_score), expired (include_expired), superseded (superseded: mark)"`
}

// Hidden counts what a search's filters left out of its results.
type Hidden struct {
	// BelowThreshold is FilteredBelowThreshold: candidates scoring under
	// MinScore; a lower [MinScore] shows them.
	BelowThreshold int `json:"below_threshold"`
	// Expired counts passages of notes past their expiry date that match
	// the query by keyword (by vector in ModeVector), at most MaxResults;
	// [IncludeExpired] shows them.
	Expired int `json:"expired"`
	// Superseded counts the passages a resolution supersedes that
	// Superseded("hide") left out of the results; Superseded("mark")
	// shows them.
	Superseded int `json:"superseded"`
}

// Any reports whether the filters left anything out.
func (h Hidden) Any() bool { return h.BelowThreshold+h.Expired+h.Superseded > 0 }

// Search runs the seven-stage pipeline: (1) hybrid retrieval and
// fusion, within the filters (sources, path prefix, dates, tags, expiry:
// see [indexer.Scope]); (2) threshold; (3) curation; (4) temporal decay,
// opt-in; (5) MMR, opt-in; (6) the supersede stage (passages a
// resolution in the files supersedes: see [Superseded]); (7) the
// registered postprocessors. Before searching it re-indexes files
// changed on disk (unless disabled). When the query cannot be embedded
// it degrades to keyword search and says so in Warnings; it never fails
// for that reason. What the filters left out is counted in
// [SearchResponse].Hidden.
func (w *Weave) Search(ctx context.Context, query string, opts ...SearchOption) (*SearchResponse, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	s, err := w.searchOptions(query, opts)
	if err != nil {
		return nil, err
	}
	resp := &SearchResponse{Query: query, Mode: s.Mode, Warnings: []Warning{}, Results: []Result{}}
	var check *indexer.Check
	if !s.NoSync && !w.cfg.NoSyncOnSearch {
		// The watcher's events say what changed. Without a watcher, the
		// workspace is diffed while the index is read as it is; the read
		// is kept unless the diff found something to index.
		warns, watched := w.syncWatched(ctx)
		resp.Warnings = append(resp.Warnings, warns...)
		if !watched {
			check = w.eng.StartCheck(ctx)
		}
	}
	got, expired, warns, err := w.retrieve(ctx, query, s)
	if check != nil {
		changed, cw := check.Finish(ctx, syncLockTimeout)
		resp.Warnings = append(resp.Warnings, cw...)
		if changed {
			got, expired, warns, err = w.retrieve(ctx, query, s)
		}
	}
	if err != nil {
		return nil, err
	}
	if resp.Hidden.Expired, err = w.countExpired(ctx, query, s, expired); err != nil {
		return nil, err
	}
	resp.Warnings = append(resp.Warnings, warns...)
	resp.Mode = got.Mode
	resp.FilteredBelowThreshold, resp.BestFilteredScore = postprocess.Below(got.Results, s.MinScore)
	resp.Hidden.BelowThreshold = resp.FilteredBelowThreshold
	for _, e := range got.Warnings {
		resp.Warnings = append(resp.Warnings, Warning{Err: e})
	}
	results, err := postprocess.Run(ctx, query, got.Results, w.stages(s, &resp.Hidden.Superseded)...)
	if err != nil {
		return nil, fmt.Errorf("memweave: search: %w", err)
	}
	if len(results) > s.MaxResults {
		results = results[:s.MaxResults]
	}
	terms := got.Terms // the words the keyword side searched, planned once
	for i := range results {
		results[i].Snippet = search.Snippet(results[i].Text, terms, w.cfg.SnippetChars)
		if results[i].Headings == nil {
			results[i].Headings = []string{}
		}
	}
	if err := w.fileHashes(ctx, results); err != nil {
		return nil, fmt.Errorf("memweave: search: %w", err)
	}
	if results != nil {
		resp.Results = results
	}
	return resp, nil
}

// fileHashes sets each result's Hash from the index: the hash of the
// file as indexed, the content the result's text comes from.
func (w *Weave) fileHashes(ctx context.Context, results []Result) error {
	if len(results) == 0 {
		return nil
	}
	paths := make([]string, 0, len(results))
	for _, r := range results {
		paths = append(paths, r.Path)
	}
	rows, err := w.db.FilesAt(ctx, paths)
	if err != nil {
		return err
	}
	for i := range results {
		results[i].Hash = rows[results[i].Path].Hash
	}
	return nil
}

// retrieve runs stage 1 of a search, the hybrid retrieval, within the
// filter s asks for, and returns the expired notes the filter left out
// and its warnings.
func (w *Weave) retrieve(ctx context.Context, query string, s search.Options) (*search.Retrieved, []string, []Warning, error) {
	filter, expired, warns, err := w.filter(ctx, s)
	if err != nil {
		return nil, nil, nil, err
	}
	got, warns, err := w.retrieveIn(ctx, query, s, filter, warns)
	return got, expired, warns, err
}

// countExpired counts the passages of the expired notes that match
// query, as [Hidden].Expired says: a keyword retrieval (vector in
// ModeVector) of at most s.MaxResults within them, at s.MinScore.
func (w *Weave) countExpired(ctx context.Context, query string, s search.Options, expired []string) (int, error) {
	if len(expired) == 0 {
		return 0, nil
	}
	if s.Mode != ModeVector {
		s.Mode = ModeKeyword
	}
	s.MMR = false
	got, _, err := w.retrieveIn(ctx, query, s, store.Filter{Sources: s.Sources, Paths: expired}, nil)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, r := range got.Results {
		if r.Score >= s.MinScore && n < s.MaxResults {
			n++
		}
	}
	return n, nil
}

// retrieveIn runs the hybrid retrieval within filter, adding to warns.
func (w *Weave) retrieveIn(ctx context.Context, query string, s search.Options, filter store.Filter, warns []Warning) (*search.Retrieved, []Warning, error) {
	var err error
	h := search.Hybrid{Keyword: w.db, Fusion: w.cfg.Fusion}
	if w.emb != nil {
		foreign, err := w.eng.Foreign(ctx)
		switch {
		case err != nil:
			return nil, nil, fmt.Errorf("memweave: search: %w", err)
		case foreign != "":
			warns = append(warns, w.eng.ForeignWarning(foreign))
			if s.Mode == ModeHybrid {
				s.Mode = ModeKeyword
			}
		default:
			h.Vector, h.Embedder = w.db, w.emb
		}
	}
	pool := s.MaxResults * w.cfg.CandidateMultiplier
	if s.MMR {
		pool = max(pool, 3*s.MaxResults)
	}
	got, err := h.Retrieve(ctx, search.Request{Query: query, Mode: s.Mode, Pool: pool, Filter: filter})
	if err != nil {
		return nil, nil, fmt.Errorf("memweave: search: %w", err)
	}
	return got, warns, nil
}

// stages returns stages 2 to 7 of a search: threshold, curation, decay
// and MMR as s asks, the supersede stage (counting in hidden what it
// hides), then the registered postprocessors.
func (w *Weave) stages(s search.Options, hidden *int) []postprocess.Postprocessor {
	procs := []postprocess.Postprocessor{postprocess.Threshold{Min: s.MinScore}, postprocess.Curate{Meta: w.fileMeta}}
	if s.HalfLifeDays > 0 {
		procs = append(procs, postprocess.Decay{HalfLifeDays: s.HalfLifeDays, Now: s.Now.In(w.cfg.TimeZone)})
	}
	if s.MMR {
		procs = append(procs, postprocess.MMR{Lambda: s.Lambda})
	}
	if p := postprocess.NewSupersede(s.Superseded, s.MaxResults, hidden, w.passages); p != nil {
		procs = append(procs, p)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return append(procs, w.procs...)
}

// filter translates the settings' sources, path prefix, date range,
// tags and expiry into a backend filter, with the expired notes it left
// out and warnings about unknown sources.
func (w *Weave) filter(ctx context.Context, s search.Options) (store.Filter, []string, []Warning, error) {
	sc := indexer.Scope{Sources: s.Sources, Prefix: s.PathPrefix, From: s.From, To: s.To, Tags: s.Tags}
	if !s.IncludeExpired {
		sc.Today = s.Now.In(w.cfg.TimeZone).Format(time.DateOnly)
	}
	paths, expired, warns, err := w.eng.PathsIn(ctx, sc)
	if err != nil {
		return store.Filter{}, nil, nil, fmt.Errorf("memweave: search: %w", err)
	}
	return store.Filter{Sources: s.Sources, Paths: paths}, expired, warns, nil
}

// fileMeta returns the front matter fields of those of paths that have
// any, for [postprocess.Curate].
func (w *Weave) fileMeta(ctx context.Context, paths []string) map[string]frontmatter.Meta {
	files, err := w.db.Files(ctx)
	if err != nil {
		return nil
	}
	var out map[string]frontmatter.Meta
	for _, p := range paths {
		if f, ok := files[p]; ok && f.Meta != "" {
			if out == nil {
				out = make(map[string]frontmatter.Meta)
			}
			out[p] = frontmatter.Decode(f.Meta)
		}
	}
	return out
}

// passages reads the stored passages of the file path, for the
// supersede stage.
func (w *Weave) passages(ctx context.Context, path string) ([]postprocess.Passage, error) {
	chunks, err := w.db.FileChunks(ctx, path)
	out := make([]postprocess.Passage, len(chunks))
	for i, c := range chunks {
		out[i] = postprocess.Passage{Text: c.Text, StartLine: c.StartLine}
	}
	return out, err
}

// syncLockTimeout bounds how long a search waits for another index run
// before searching what is there, with a warning.
const syncLockTimeout = 2 * time.Second

// SearchOption sets a per-call search option. Options not given keep
// their defaults (most from [Config]); an option given with an invalid
// value makes Search fail with an error naming it. A SearchOption is
// also a [PackOption].
type SearchOption func(*search.Options)

// MaxResults sets how many results to return (default Config.MaxResults, 6).
func MaxResults(n int) SearchOption { return func(o *search.Options) { o.MaxResults = n } }

// MinScore drops results below score, in [0,1]; MinScore(0) keeps
// everything. Default Config.MinScore, 0.35.
func MinScore(score float64) SearchOption { return func(o *search.Options) { o.MinScore = score } }

// Sources limits results to the given namespaces.
func Sources(sources ...string) SearchOption {
	return func(o *search.Options) { o.Sources = append(o.Sources, sources...) }
}

// PathPrefix limits results to files whose workspace-relative path, as
// results show it, starts with prefix, e.g. "memory/projects/"; as with
// every path, the "memory/" may be left out ("projects/").
func PathPrefix(prefix string) SearchOption {
	return func(o *search.Options) { o.PathPrefix = prefix }
}

// DateRange limits results to dated files (YYYY-MM-DD.md) whose date is
// from from to to, both included; a zero time leaves that end open.
// Evergreen files are left out. The dates are the calendar dates of from
// and to in their own locations.
func DateRange(from, to time.Time) SearchOption {
	return func(o *search.Options) { o.SetDateRange(from, to) }
}

// Tags keeps only notes whose front matter lists every one of tags
// (compared without case and a leading '#'), e.g. Tags("infra"). Repeated
// calls add tags.
func Tags(tags ...string) SearchOption {
	return func(o *search.Options) { o.Tags = append(o.Tags, tags...) }
}

// IncludeExpired keeps notes whose front matter's expires date is past,
// which searches leave out by default. "Past" is before today's date in
// Config.TimeZone, today being the search's [Now] (default Config.Now).
func IncludeExpired() SearchOption { return func(o *search.Options) { o.IncludeExpired = true } }

// SearchMode selects [ModeHybrid] (default), [ModeKeyword] or [ModeVector].
func SearchMode(m Mode) SearchOption { return func(o *search.Options) { o.Mode = m } }

// Decay enables temporal decay for this call with the given half-life in
// days, which must be positive; [DecayDefault] uses Config.DecayHalfLifeDays.
func Decay(halfLifeDays float64) SearchOption {
	return func(o *search.Options) { o.Decay, o.DecayDefault, o.HalfLifeDays = true, false, halfLifeDays }
}

// DecayDefault enables temporal decay with Config.DecayHalfLifeDays
// (default 30).
func DecayDefault() SearchOption {
	return func(o *search.Options) { o.Decay, o.DecayDefault = true, true }
}

// MMR enables maximal-marginal-relevance re-ranking for this call with
// the given lambda in [0,1] (1 = pure relevance, 0 = pure diversity).
func MMR(lambda float64) SearchOption {
	return func(o *search.Options) { o.MMR, o.MMRDefault, o.Lambda = true, false, lambda }
}

// MMRDefault enables MMR re-ranking with Config.MMRLambda (default 0.7).
func MMRDefault() SearchOption {
	return func(o *search.Options) { o.MMR, o.MMRDefault = true, true }
}

// Now sets the time decay measures ages against.
func Now(t time.Time) SearchOption { return func(o *search.Options) { o.Now = t } }

// NoSync skips the pre-search scan for changed files for this call.
func NoSync() SearchOption { return func(o *search.Options) { o.NoSync = true } }

// searchOptions applies opts over the configured defaults and validates
// the result.
func (w *Weave) searchOptions(query string, opts []SearchOption) (search.Options, error) {
	o := search.Options{Query: query, MaxResults: w.cfg.MaxResults, MinScore: *w.cfg.MinScore}
	for _, opt := range opts {
		opt(&o)
	}
	if o.Now.IsZero() {
		o.Now = w.now()
	}
	if o.MMRDefault {
		o.Lambda = *w.cfg.MMRLambda
	}
	if o.DecayDefault {
		o.HalfLifeDays = w.cfg.DecayHalfLifeDays
	}
	if err := o.Validate(); err != nil {
		return o, fmt.Errorf("memweave: search: %w", err)
	}
	return o, nil
}

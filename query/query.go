package query

import (
	"context"
	"math"
	"slices"
	"time"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/postprocess"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/store"
)

// Searcher runs the searches of one workspace's index. Every field is
// required unless it says otherwise; the root package fills them from its
// Config.
type Searcher struct {
	Engine *indexer.Engine
	DB     *index.DB
	// Embedder embeds the query; nil means keyword-only.
	Embedder embed.Embedder
	Fusion   search.FusionOptions
	// CandidateMultiplier sizes each backend's candidate pool as a
	// multiple of MaxResults.
	CandidateMultiplier int
	// SnippetChars is the maximum snippet length in bytes.
	SnippetChars int
	// TimeZone is where "today" is, for expiry and decay.
	TimeZone *time.Location
	// Watched brings the index up to date with the files through a file
	// watcher before a search and returns its warnings; ok is false when
	// no watcher serves, and the search diffs the workspace instead.
	Watched func(ctx context.Context) (warns []indexer.Warning, ok bool)
	// LockTimeout bounds how long the freshness check waits for another
	// index run before the search reads what is there, with a warning.
	LockTimeout time.Duration
	// Procs are the registered postprocessors, run after the built-in
	// stages; optional.
	Procs []postprocess.Postprocessor
	// Backgrounds measures the index's vector background once per
	// sample ([index.DB.Sample]) for every search of the handle; nil
	// measures each query's own (see [search.Hybrid]).
	Backgrounds *Backgrounds
}

// Search runs the search o asks for (validated, its defaults filled in):
// unless o.NoSync, a freshness check first; then stage 1, the hybrid
// retrieval and fusion within the filters; the stages of [Searcher.Stages];
// the cut to o.MaxResults; and each result's snippet and file hash. Its
// errors are the causes, unwrapped.
func (s *Searcher) Search(ctx context.Context, o search.Options) (*Response, error) {
	resp := &Response{Query: o.Query, Mode: o.Mode, Warnings: []indexer.Warning{}, Results: []search.Result{}}
	got, expired, warns, err := s.retrieveFresh(ctx, o, resp)
	if err != nil {
		return nil, err
	}
	if resp.Hidden.Expired, err = s.countExpired(ctx, o, expired); err != nil {
		return nil, err
	}
	for _, w := range warns {
		// The freshness check's run says what the retrieval says again
		// of an index of another embedder's vectors: said once.
		if !slices.ContainsFunc(resp.Warnings, func(v indexer.Warning) bool { return v.Error() == w.Error() }) {
			resp.Warnings = append(resp.Warnings, w)
		}
	}
	resp.Mode = got.Mode
	resp.FilteredBelowThreshold, resp.BestFilteredScore = postprocess.Below(got.Results, o.MinScore)
	resp.Hidden.BelowThreshold = resp.FilteredBelowThreshold
	for _, e := range got.Warnings {
		resp.Warnings = append(resp.Warnings, indexer.Warning{Err: e})
	}
	results, err := postprocess.Run(ctx, o.Query, got.Results, s.Stages(o, &resp.Hidden.Superseded, expired)...)
	if err != nil {
		return nil, err
	}
	if len(results) > o.MaxResults {
		results = results[:o.MaxResults]
	}
	terms := got.Terms // the words the keyword side searched, planned once
	for i := range results {
		results[i].Snippet = search.Snippet(results[i].Text, terms, s.SnippetChars)
		results[i].Passage = curate.PassageKey(results[i].Headings, results[i].Text)
		if results[i].Headings == nil {
			results[i].Headings = []string{}
		}
	}
	if err := s.fileHashes(ctx, results); err != nil {
		return nil, err
	}
	if results != nil {
		resp.Results = results
	}
	return resp, nil
}

// retrieveFresh runs stage 1 after the freshness check, adding the
// check's warnings to resp. The watcher's events say what changed.
// Without a watcher, the workspace is diffed while the index is read as
// it is; the read is kept unless the diff found something to index.
func (s *Searcher) retrieveFresh(ctx context.Context, o search.Options, resp *Response) (*search.Retrieved, []string, []indexer.Warning, error) {
	var check *indexer.Check
	if !o.NoSync {
		warns, watched := s.Watched(ctx)
		resp.Warnings = append(resp.Warnings, warns...)
		if !watched {
			check = s.Engine.StartCheck(ctx)
		}
	}
	got, expired, warns, err := s.retrieve(ctx, o)
	if check != nil {
		changed, cw := check.Finish(ctx, s.LockTimeout)
		resp.Warnings = append(resp.Warnings, cw...)
		if changed {
			got, expired, warns, err = s.retrieve(ctx, o)
		}
	}
	return got, expired, warns, err
}

// retrieve runs stage 1 of a search, the hybrid retrieval, within the
// filter o asks for, and returns the expired notes the filter left out
// and its warnings.
func (s *Searcher) retrieve(ctx context.Context, o search.Options) (*search.Retrieved, []string, []indexer.Warning, error) {
	filter, expired, warns, err := s.Filter(ctx, o)
	if err != nil {
		return nil, nil, nil, err
	}
	got, warns, err := s.Retrieve(ctx, o, filter, warns)
	return got, expired, warns, err
}

// countExpired counts the passages of the expired notes that match the
// query, as [Hidden].Expired says: a keyword retrieval (vector in
// ModeVector) of at most o.MaxResults within them, at o.MinScore.
func (s *Searcher) countExpired(ctx context.Context, o search.Options, expired []string) (int, error) {
	if len(expired) == 0 {
		return 0, nil
	}
	if o.Mode != search.ModeVector {
		o.Mode = search.ModeKeyword
	}
	o.MMR = false
	got, _, err := s.Retrieve(ctx, o, store.Filter{Sources: o.Sources, Paths: expired}, nil)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, r := range got.Results {
		if r.Score >= o.MinScore && n < o.MaxResults {
			n++
		}
	}
	return n, nil
}

// Retrieve runs stage 1, the hybrid retrieval, within filter, adding to
// warns. An index whose vectors are of another embedder is searched by
// keyword only, with a warning.
func (s *Searcher) Retrieve(ctx context.Context, o search.Options, filter store.Filter, warns []indexer.Warning) (*search.Retrieved, []indexer.Warning, error) {
	h := search.Hybrid{Keyword: s.DB, Fusion: s.Fusion}
	if s.Embedder != nil {
		foreign, err := s.Engine.Foreign(ctx)
		blocked, isBlocked := s.Engine.BlockedWarning(ctx)
		switch {
		case err != nil:
			return nil, nil, err
		case isBlocked:
			// No query is embedded: say why, not "run index" nor
			// "no embedder configured" (a vector search falls back too).
			warns = append(warns, blocked)
			o.Mode = search.ModeKeyword
		case foreign != "":
			warns = append(warns, s.Engine.ForeignWarning(ctx, foreign))
			o.Mode = search.ModeKeyword
		default:
			h.Vector, h.Embedder = s.DB, s.Embedder
			h.Semantic = !s.Embedder.Identity().Lexical()
			// A lexical embedder's v only re-orders keyword matches (its
			// word-free chunks stay under the threshold, see
			// search.LexicalAlone), so the query's own sample serves it,
			// and the first search after a write does not measure the
			// index's background.
			if s.Backgrounds != nil && h.Semantic {
				h.Background = s.Backgrounds.Background
			}
		}
	}
	mult := s.CandidateMultiplier
	if o.MMR {
		mult = max(mult, 3)
	}
	// A MaxResults past what the index can hold ("everything") saturates
	// the pool instead of overflowing it to a negative size.
	pool := math.MaxInt
	if o.MaxResults <= math.MaxInt/max(mult, 1) {
		pool = o.MaxResults * mult
	}
	got, err := h.Retrieve(ctx, search.Request{Query: o.Query, Mode: o.Mode, Pool: pool, Filter: filter})
	if err != nil {
		return nil, nil, err
	}
	return got, warns, nil
}

// Stages returns stages 2 to 7 of a search: threshold, curation, decay
// and MMR as o asks, the supersede stage (counting in hidden what it
// hides, and taking a line kept in one of the expired notes the search
// leaves out for no line), then the registered postprocessors. A supersede stage that
// hides runs before decay and MMR: MMR would otherwise push a result
// down for resembling a passage the caller never sees, and the line
// that replaced a superseded one says nearly the same words.
func (s *Searcher) Stages(o search.Options, hidden *int, expired []string) []postprocess.Postprocessor {
	procs := []postprocess.Postprocessor{postprocess.Threshold{Min: o.MinScore}, postprocess.Curate{Meta: s.FileMeta, Passages: s.Passages}}
	// Decay and MMR reorder what comes after them: a hide before them
	// checks (and counts) every candidate, not only the first
	// MaxResults, any of which they may bring to the top.
	limit := o.MaxResults
	if o.Superseded == "hide" && (o.HalfLifeDays > 0 || o.MMR) {
		limit = 0
	}
	supersede := postprocess.NewSupersede(o.Superseded, limit, hidden, expired, s.Passages)
	if o.Superseded == "hide" {
		procs = append(procs, supersede)
	}
	if o.HalfLifeDays > 0 {
		procs = append(procs, postprocess.Decay{HalfLifeDays: o.HalfLifeDays, Now: o.Now.In(s.TimeZone)})
	}
	if o.MMR {
		procs = append(procs, postprocess.MMR{Lambda: o.Lambda, CompareSuperseded: o.Superseded == "off"})
	}
	if supersede != nil && o.Superseded != "hide" {
		procs = append(procs, supersede)
	}
	return append(procs, s.Procs...)
}

// Filter translates o's sources, path prefix, date range, tags and
// expiry into a backend filter, with the expired notes it left out and
// warnings about unknown sources.
func (s *Searcher) Filter(ctx context.Context, o search.Options) (store.Filter, []string, []indexer.Warning, error) {
	sc := indexer.Scope{Sources: o.Sources, Prefix: o.PathPrefix, From: o.From, To: o.To, Tags: o.Tags}
	if !o.IncludeExpired {
		sc.Today = o.Now.In(s.TimeZone).Format(time.DateOnly)
	}
	paths, expired, warns, err := s.Engine.PathsIn(ctx, sc)
	if err != nil {
		return store.Filter{}, nil, nil, err
	}
	return store.Filter{Sources: o.Sources, Paths: paths}, expired, warns, nil
}

// FileMeta returns the front matter fields of those of paths that have
// any, for [postprocess.Curate]. It reads those rows alone: after a
// write, the whole table would cost more than the search.
func (s *Searcher) FileMeta(ctx context.Context, paths []string) map[string]frontmatter.Meta {
	files, err := s.DB.FilesAt(ctx, paths)
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

// Passages reads the stored passages of the file path, for the
// supersede stage.
func (s *Searcher) Passages(ctx context.Context, path string) ([]postprocess.Passage, error) {
	chunks, err := s.DB.FileChunks(ctx, path)
	out := make([]postprocess.Passage, len(chunks))
	for i, c := range chunks {
		out[i] = postprocess.Passage{Text: c.Text, StartLine: c.StartLine, Headings: c.Headings}
	}
	return out, err
}

// fileHashes sets each result's Hash from the index: the hash of the
// file as indexed, the content the result's text comes from.
func (s *Searcher) fileHashes(ctx context.Context, results []search.Result) error {
	if len(results) == 0 {
		return nil
	}
	paths := make([]string, 0, len(results))
	for _, r := range results {
		paths = append(paths, r.Path)
	}
	rows, err := s.DB.FilesAt(ctx, paths)
	if err != nil {
		return err
	}
	for i := range results {
		results[i].Hash = rows[results[i].Path].Hash
	}
	return nil
}

package memweave

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/memweave/memweave-go/pack"
	"github.com/memweave/memweave-go/query"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/store"
	"github.com/memweave/memweave-go/workspace"
)

// The types of a search; packages search and query document their fields.
type (
	// Result is one search hit; see [search.Result].
	Result = search.Result
	// Mode is which retrieval backends a search runs: [ModeHybrid]
	// (default), [ModeKeyword] or [ModeVector], as [Status].SearchMode says.
	Mode = search.Mode
	// SearchResponse is what [Weave.Search] returns; see [query.Response].
	SearchResponse = query.Response
	// Hidden counts what a search's filters left out; see [query.Hidden].
	Hidden = query.Hidden
)

// Search modes.
const (
	ModeHybrid  = search.ModeHybrid
	ModeKeyword = search.ModeKeyword
	ModeVector  = search.ModeVector
)

// MaxQueryBytes bounds the length of a query in bytes; a longer one is
// refused with [ErrQueryTooLong]. See [search.MaxQueryBytes].
const MaxQueryBytes = search.MaxQueryBytes

// Search runs the seven-stage pipeline of [query.Searcher.Search]:
// retrieval and fusion within the filters, threshold, curation, decay and
// MMR (opt-in), the supersede stage ([Superseded]), then the registered
// postprocessors. Before searching it re-indexes files changed on disk
// (unless disabled). A query that cannot be embedded degrades to keyword
// search with a Warning, never an error; [SearchResponse].Hidden counts
// what the filters left out.
func (w *Weave) Search(ctx context.Context, query string, opts ...SearchOption) (*SearchResponse, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	s, err := w.searchOptions(query, opts)
	if err != nil {
		return nil, err
	}
	s.NoSync = s.NoSync || w.cfg.NoSyncOnSearch
	resp, err := w.searcher().Search(ctx, s)
	if err != nil {
		return nil, fmt.Errorf("memweave: search: %w", err)
	}
	return resp, nil
}

// searcher runs w's searches, with the postprocessors registered so far.
func (w *Weave) searcher() *query.Searcher {
	w.mu.Lock()
	procs := w.procs
	w.mu.Unlock()
	return &query.Searcher{Engine: w.eng, DB: w.db, Embedder: w.emb, Fusion: w.cfg.Fusion,
		CandidateMultiplier: w.cfg.CandidateMultiplier, SnippetChars: w.cfg.SnippetChars, TimeZone: w.cfg.TimeZone,
		Watched: w.fresh.SyncWatched, LockTimeout: syncLockTimeout, Procs: procs, Backgrounds: w.backgrounds}
}

// filter is [query.Searcher.Filter] for w.
func (w *Weave) filter(ctx context.Context, s search.Options) (store.Filter, []string, []Warning, error) {
	f, expired, warns, err := w.searcher().Filter(ctx, s)
	if err != nil {
		return f, nil, nil, fmt.Errorf("memweave: search: %w", err)
	}
	return f, expired, warns, nil
}

// syncLockTimeout bounds how long a freshness check waits for another
// index run before searching what is there, with a warning: as long as
// writes and index runs wait before they say they are waiting.
const syncLockTimeout = workspace.LockNoticeDelay

// SearchOption sets a per-call search option ([search.Options]).
// Options not given keep their defaults (most from [Config]); an invalid
// value makes Search fail with an error naming it. A SearchOption is also
// a [PackOption].
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

// PathPrefix limits results to files whose workspace-relative path starts
// with prefix, e.g. "memory/projects/" (or "projects/": "memory/" may be left out).
func PathPrefix(prefix string) SearchOption { return func(o *search.Options) { o.PathPrefix = prefix } }

// DateRange limits results to dated files (YYYY-MM-DD.md) dated from from
// to to, both included, each the calendar date in its own location; a
// zero time leaves that end open. Evergreen files are left out.
func DateRange(from, to time.Time) SearchOption {
	return func(o *search.Options) { o.SetDateRange(from, to) }
}

// Tags keeps only notes whose front matter lists every one of tags
// (without case and a leading '#'). Repeated calls add tags.
func Tags(tags ...string) SearchOption {
	return func(o *search.Options) { o.Tags = append(o.Tags, tags...) }
}

// IncludeExpired keeps notes whose front matter's expires date is before
// the search's [Now] in Config.TimeZone, which searches leave out.
func IncludeExpired() SearchOption { return func(o *search.Options) { o.IncludeExpired = true } }

// Superseded sets how a search treats a passage a resolution supersedes
// ([Weave.Resolve]): "mark" (default) sets its SupersededBy, "hide"
// leaves it out (counted in [SearchResponse].Hidden), "off" skips the
// check; see [search.Options].Superseded.
func Superseded(mode string) SearchOption { return func(o *search.Options) { o.Superseded = mode } }

// SearchMode selects [ModeHybrid] (default), [ModeKeyword] or [ModeVector].
func SearchMode(m Mode) SearchOption { return func(o *search.Options) { o.Mode = m } }

// Decay enables temporal decay with a half-life in days, which must be
// positive; [DecayDefault] uses Config.DecayHalfLifeDays (default 30).
func Decay(halfLifeDays float64) SearchOption {
	return func(o *search.Options) { o.Decay, o.DecayDefault, o.HalfLifeDays = true, false, halfLifeDays }
}

// DecayDefault enables temporal decay with Config.DecayHalfLifeDays.
func DecayDefault() SearchOption {
	return func(o *search.Options) { o.Decay, o.DecayDefault = true, true }
}

// MMR enables maximal-marginal-relevance re-ranking with lambda in [0,1]
// (1 = pure relevance, 0 = pure diversity); [MMRDefault] uses Config.MMRLambda (0.7).
func MMR(lambda float64) SearchOption {
	return func(o *search.Options) { o.MMR, o.MMRDefault, o.Lambda = true, false, lambda }
}

// MMRDefault enables MMR re-ranking with Config.MMRLambda.
func MMRDefault() SearchOption { return func(o *search.Options) { o.MMR, o.MMRDefault = true, true } }

// Now sets the time decay measures ages against and expiry compares with.
func Now(t time.Time) SearchOption { return func(o *search.Options) { o.Now = t } }

// NoSync skips the pre-search scan for changed files for this call.
func NoSync() SearchOption { return func(o *search.Options) { o.NoSync = true } }

// searchOptions applies opts over the configured defaults, completes
// and validates the result.
func (w *Weave) searchOptions(q string, opts []SearchOption) (search.Options, error) {
	o := search.Options{Query: q, MaxResults: w.cfg.MaxResults, MinScore: *w.cfg.MinScore}
	for _, opt := range opts {
		opt(&o)
	}
	if err := query.Complete(&o, w.now, *w.cfg.MMRLambda, w.cfg.DecayHalfLifeDays); err != nil {
		return o, fmt.Errorf("memweave: search: %w", err)
	}
	return o, nil
}

// PackedItem is one passage of a [Pack]; see [pack.Passage].
type PackedItem = pack.Passage

// Pack is the answer of [Weave.Pack]: a [pack.Result] and the warnings
// of the search it packed, plus one for each candidate note that could
// not be read and so was left out.
type Pack struct {
	pack.Result
	// Warnings explain a degraded pack, as [SearchResponse].Warnings do
	// a search; never nil.
	Warnings []Warning `json:"warnings" jsonschema:"why the pack may be degraded, e.g. a note left out because it could not be read"`
	// Hidden counts what the filters of the search it packed left out,
	// as [SearchResponse].Hidden does.
	Hidden Hidden `json:"hidden" jsonschema:"what the search's filters left out: below_threshold, expired (include_expired), superseded (superseded: mark)"`
}

// PackOption sets a per-call option of [Weave.Pack]. Every [SearchOption]
// is also a PackOption that applies to the underlying search.
type PackOption interface{ applyPack(*packSettings) }

type packSettings struct {
	pack.Options
	search []SearchOption
}

// packOptionFunc adapts a func to [PackOption].
type packOptionFunc func(*packSettings)

func (f packOptionFunc) applyPack(s *packSettings) { f(s) }
func (o SearchOption) applyPack(s *packSettings)   { s.search = append(s.search, o) }

// PackCandidates sets how many search results are considered; see
// [pack.Options].Candidates.
func PackCandidates(n int) PackOption {
	return packOptionFunc(func(s *packSettings) { s.SetCandidates(n) })
}

// PackDedupe sets the similarity above which passages are
// near-duplicates; see [pack.Options].Dedupe.
func PackDedupe(threshold float64) PackOption {
	return packOptionFunc(func(s *packSettings) { s.SetDedupe(threshold) })
}

// TokenCounter sets how the tokens of a passage are counted; see
// [pack.Options].Counter.
func TokenCounter(count func(string) int) PackOption {
	return packOptionFunc(func(s *packSettings) { s.SetCounter(count) })
}

// Pack returns the passages for query that together carry the most
// relevance within budgetTokens (positive), ready to paste into a
// prompt: [Weave.Search] results widened to whole lines, near-duplicates
// dropped, then an exact 0/1 knapsack; see [pack.Build]. A passage over
// the budget is left out, never cut. The configured MinScore applies
// unless a [MinScore] option is given.
func (w *Weave) Pack(ctx context.Context, query string, budgetTokens int, opts ...PackOption) (*Pack, error) {
	s := packSettings{Options: pack.Defaults()}
	for _, o := range opts {
		o.applyPack(&s)
	}
	if err := s.Check(budgetTokens); err != nil {
		return nil, fmt.Errorf("memweave: pack: %w", err)
	}
	resp, err := w.Search(ctx, query, append(s.search, MaxResults(s.Candidates))...)
	if err != nil {
		return nil, err
	}
	warnings := resp.Warnings
	// A note that is not valid UTF-8 is read as the index holds it, with
	// replacement characters: the passages are counted as they are
	// given, and JSON would replace the invalid bytes anyway. A note
	// that cannot be read now (permissions, a looping link) is left out
	// with a warning naming it: the other notes are still packed.
	read := func(ctx context.Context, path string) ([]byte, error) {
		data, _, err := w.eng.ReadFile(ctx, path)
		var pe *fs.PathError
		if err != nil && errors.As(err, &pe) && ctx.Err() == nil && !pack.Skipped(err) {
			warnings = append(warnings, Warning{Path: path, Err: fmt.Errorf("left out of the pack: %w", err)})
			return nil, nil
		}
		if err == nil && !utf8.Valid(data) {
			data = []byte(strings.ToValidUTF8(string(data), "\uFFFD"))
		}
		return data, err
	}
	p, err := pack.Build(ctx, query, budgetTokens, resp.Results, s.Options, read)
	if err != nil {
		return nil, fmt.Errorf("memweave: %w", err)
	}
	return &Pack{Result: *p, Warnings: warnings, Hidden: resp.Hidden}, nil
}

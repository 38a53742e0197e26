// Package langchaingo plugs a memweave memory into langchaingo
// (github.com/tmc/langchaingo) as a [vectorstores.VectorStore] and,
// through [Store.Retriever], a [schema.Retriever].
//
//	store := langchaingo.NewStore(w)
//	ids, err := store.AddDocuments(ctx, []schema.Document{{PageContent: "We deploy on Fridays."}})
//	docs, err := store.SimilaritySearch(ctx, "when do we deploy", 3, vectorstores.WithScoreThreshold(0.5))
//
// The Markdown files under memory/ stay the truth: AddDocuments writes
// each document as a file (when its metadata has a "path") or as a note
// in today's dated log (otherwise), through [memweave.Weave.Write] and
// [memweave.Weave.Append], and SimilaritySearch is [memweave.Weave.Search]:
// hybrid keyword and vector retrieval with memweave's own embedder.
//
// Metadata maps both ways with the keys of docmeta: a document found has
// "path", "start_line", "end_line", "source", "score" and "headings"
// (and its Score field set); a document to store may have "path",
// "source" and "headings". langchaingo's options map as follows:
//
//   - WithScoreThreshold(s), s > 0: [memweave.MinScore](s); 0, the
//     option's zero value, keeps the store's default.
//   - WithNameSpace(ns): search only the namespace ns
//     ([memweave.Sources]); AddDocuments appends notes to its dated log.
//   - WithFilters(f): f is a [Filter] (or *Filter), or a map (of any or
//     of strings) with the keys "source" or "sources" (a string or a list
//     of strings; "" names no source) and "path_prefix" (a string). With
//     WithNameSpace, a filter narrows the search within the namespace:
//     sources that leave it out find nothing.
//   - WithDeduplicater(fn): documents for which fn returns true are
//     skipped by AddDocuments.
//   - WithEmbedder: refused; memweave embeds with the embedder its
//     [memweave.Config] names.
//
// There is no chat-history type: a chat history must give back every
// message exactly, in order, with its role, which is a transcript, not
// the durable facts memweave keeps and searches; store what a
// conversation taught with AddDocuments (or the flush package) instead.
package langchaingo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/tmc/langchaingo/schema"
	"github.com/tmc/langchaingo/vectorstores"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/adapters/internal/docmeta"
	"github.com/memweave/memweave-go/adapters/internal/scope"
)

// A Store is a langchaingo vector store over a memweave memory. It is
// safe for concurrent use by multiple goroutines, as its Weave is. It
// does not own the Weave: the caller closes it.
type Store struct {
	w    *memweave.Weave
	opts []memweave.SearchOption
	warn func(context.Context, memweave.Warning)
}

var _ vectorstores.VectorStore = (*Store)(nil)

// NewStore returns a Store over w. The search options opts apply to every
// SimilaritySearch before the options of the call, for example
// memweave.MinScore(0) to keep results of any score, or memweave.DecayDefault().
// Their memweave.Sources and memweave.PathPrefix bound every search: a
// call's namespace or filter narrows within them and never widens them.
func NewStore(w *memweave.Weave, opts ...memweave.SearchOption) *Store {
	return &Store{w: w, opts: opts}
}

// WithWarnings returns a copy of s that calls fn with each warning of
// its searches and writes, which langchaingo's interfaces have no place
// for: a search that fell back to keyword matching (the embedding
// endpoint failed) or left out a note it could not read, a document
// stored but not searchable as written (a NUL byte, conflict markers, an
// embedding endpoint that failed). Without it they are dropped. For
// example, to log them:
//
//	store = store.WithWarnings(func(ctx context.Context, w memweave.Warning) {
//		logger.WarnContext(ctx, "memweave", "warning", w.Error())
//	})
func (s *Store) WithWarnings(fn func(ctx context.Context, w memweave.Warning)) *Store {
	c := *s
	c.warn = fn
	return &c
}

// Retriever returns a langchaingo retriever ([schema.Retriever]) that
// calls SimilaritySearch with numDocuments and options.
func (s *Store) Retriever(numDocuments int, options ...vectorstores.Option) vectorstores.Retriever {
	return vectorstores.ToRetriever(s, numDocuments, options...)
}

// Filter is a value for vectorstores.WithFilters.
type Filter struct {
	// Sources limits results to these namespaces.
	Sources []string
	// PathPrefix limits results to files whose workspace-relative path
	// starts with it, such as "memory/projects/".
	PathPrefix string
	// From and To limit results to dated files of these dates, both
	// included; a zero time leaves that end open.
	From, To time.Time
}

// ErrEmbedderOption is returned for a call with vectorstores.WithEmbedder.
var ErrEmbedderOption = errors.New("memweave: langchaingo: WithEmbedder is not supported: memweave embeds with the embedder of its Config")

// AddDocuments stores docs in the memory, in order, and returns the
// workspace-relative path each was written to. A document whose metadata
// has a "path" becomes that Markdown file, whole; any other becomes a
// note in today's dated log of its "source", or of the namespace of
// WithNameSpace, or of memory/ itself. Its "headings" are written as
// Markdown headings before its text. A document found by a search, which
// has a line range, is refused: writing it to its path would replace the
// whole file. On an error, the documents before the failing one are
// stored, and their paths returned.
func (s *Store) AddDocuments(ctx context.Context, docs []schema.Document, options ...vectorstores.Option) ([]string, error) {
	o := apply(options)
	if o.Embedder != nil {
		return nil, ErrEmbedderOption
	}
	if err := memweave.CheckAppendOptions(memweave.InSource(o.NameSpace)); err != nil {
		return nil, fmt.Errorf("memweave: langchaingo: namespace %q: %w", o.NameSpace, err)
	}
	ids := make([]string, 0, len(docs))
	for i, doc := range docs {
		if o.Deduplicater != nil && o.Deduplicater(ctx, doc) {
			continue
		}
		n, err := docmeta.NoteOf(doc.PageContent, doc.Metadata)
		if err != nil {
			return ids, fmt.Errorf("memweave: langchaingo: document %d: %w", i, err)
		}
		path, err := docmeta.Store(ctx, s.w, n, o.NameSpace, s.warn)
		if err != nil {
			return ids, fmt.Errorf("memweave: langchaingo: document %d: %w", i, err)
		}
		ids = append(ids, path)
	}
	return ids, nil
}

// SimilaritySearch returns up to numDocuments passages for query, best
// first (numDocuments 0 or less: the store's default, 6). Each document's
// PageContent is the whole passage, its Score the memweave score in
// [0,1], and its Metadata the passage's path, line range, source, score
// and headings.
func (s *Store) SimilaritySearch(ctx context.Context, query string, numDocuments int, options ...vectorstores.Option) ([]schema.Document, error) {
	o := apply(options)
	if o.Embedder != nil {
		return nil, ErrEmbedderOption
	}
	var opts []memweave.SearchOption
	if numDocuments > 0 {
		opts = append(opts, memweave.MaxResults(numDocuments))
	}
	if o.ScoreThreshold != 0 {
		if s := o.ScoreThreshold; !(s > 0 && s <= 1) {
			return nil, fmt.Errorf("memweave: langchaingo: WithScoreThreshold(%g): want a score in (0,1] (0 keeps the store's default)", s)
		}
		opts = append(opts, memweave.MinScore(float64(o.ScoreThreshold)))
	}
	f, err := filterOf(o.Filters)
	if err != nil {
		return nil, err
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	// An empty source names none (memweave.Sources ignores it too).
	f.Sources = slices.DeleteFunc(slices.Clone(f.Sources), func(s string) bool { return s == "" })
	// The filter narrows the search within the namespace, never widens it.
	if o.NameSpace != "" {
		if len(f.Sources) > 0 && !slices.Contains(f.Sources, o.NameSpace) {
			return []schema.Document{}, nil
		}
		f.Sources = []string{o.NameSpace}
	}
	// And the call narrows the search within the store's own scope.
	opts, ok := scope.Narrow(s.opts, append(opts, f.options()...))
	if !ok {
		return []schema.Document{}, nil
	}
	resp, err := s.w.Search(ctx, query, opts...)
	if err != nil {
		return nil, fmt.Errorf("memweave: langchaingo: %w", err)
	}
	docmeta.Warn(ctx, s.warn, resp.Warnings)
	docs := make([]schema.Document, 0, len(resp.Results))
	for _, r := range resp.Results {
		docs = append(docs, schema.Document{PageContent: r.Text, Metadata: docmeta.Of(r), Score: float32(r.Score)})
	}
	return docs, nil
}

// apply returns the options set by options.
func apply(options []vectorstores.Option) vectorstores.Options {
	var o vectorstores.Options
	for _, opt := range options {
		opt(&o)
	}
	return o
}

// filterOf returns the Filter of a WithFilters value.
func filterOf(f any) (Filter, error) {
	switch f := f.(type) {
	case nil:
		return Filter{}, nil
	case *Filter:
		if f == nil {
			return Filter{}, nil
		}
		return *f, nil
	case Filter:
		return f, nil
	case map[string]string:
		m := make(map[string]any, len(f))
		for k, v := range f {
			m[k] = v
		}
		return filterOf(m)
	case map[string]any:
		var out Filter
		for k, v := range f {
			switch k {
			case "source", "sources":
				srcs, err := stringList(k, v)
				if err != nil {
					return Filter{}, err
				}
				out.Sources = append(out.Sources, srcs...)
			case "path_prefix":
				p, ok := v.(string)
				if !ok {
					return Filter{}, fmt.Errorf("memweave: langchaingo: filter %s is a %T, want a string", k, v)
				}
				out.PathPrefix = p
			default:
				return Filter{}, fmt.Errorf("memweave: langchaingo: unknown filter %q (known: source, sources, path_prefix)", k)
			}
		}
		return out, nil
	default:
		return Filter{}, fmt.Errorf("memweave: langchaingo: filters of type %T are not supported; use a langchaingo.Filter or a map[string]any", f)
	}
}

// check refuses dates the wrong way round, naming the Filter's fields
// (memweave.DateRange would name itself, which the caller never wrote).
// Dates compare as memweave.DateRange compares them: calendar dates, each
// in its own location.
func (f Filter) check() error {
	if f.From.IsZero() || f.To.IsZero() {
		return nil
	}
	if from, to := f.From.Format(time.DateOnly), f.To.Format(time.DateOnly); from > to {
		return fmt.Errorf("memweave: langchaingo: Filter.From %s is after Filter.To %s", from, to)
	}
	return nil
}

// options returns the search options of f.
func (f Filter) options() []memweave.SearchOption {
	var opts []memweave.SearchOption
	if len(f.Sources) > 0 {
		opts = append(opts, memweave.Sources(f.Sources...))
	}
	if f.PathPrefix != "" {
		opts = append(opts, memweave.PathPrefix(f.PathPrefix))
	}
	if !f.From.IsZero() || !f.To.IsZero() {
		opts = append(opts, memweave.DateRange(f.From, f.To))
	}
	return opts
}

// stringList returns v, a string or a list of strings, as a list.
func stringList(key string, v any) ([]string, error) {
	switch v := v.(type) {
	case string:
		return []string{v}, nil
	case []string:
		return v, nil
	case []any:
		out := make([]string, 0, len(v))
		for _, e := range v {
			s, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("memweave: langchaingo: filter %s holds a %T, want strings", key, e)
			}
			out = append(out, s)
		}
		return out, nil
	default:
		return nil, fmt.Errorf("memweave: langchaingo: filter %s is a %T, want a string or a list of strings", key, v)
	}
}

// Package eino plugs a memweave memory into CloudWeGo Eino
// (github.com/cloudwego/eino) as a retriever ([retriever.Retriever]) and
// an indexer ([indexer.Indexer]) component, usable directly or as graph
// nodes (compose.Graph's AddRetrieverNode and AddIndexerNode).
//
//	r := eino.NewRetriever(w)
//	docs, err := r.Retrieve(ctx, "when do we deploy", retriever.WithTopK(3))
//	ids, err := eino.NewIndexer(w).Store(ctx, []*schema.Document{{Content: "We deploy on Fridays."}})
//
// The Markdown files under memory/ stay the truth: the indexer writes each
// document as a file (when its metadata has a "path") or as a note in
// today's dated log (otherwise), through [memweave.Weave.Write] and
// [memweave.Weave.Append]; the retriever is [memweave.Weave.Search], with
// memweave's own embedder.
//
// Metadata maps both ways with the keys of docmeta: a document found has
// the ID "path:start-end", the whole passage as Content, and "path",
// "start_line", "end_line", "source", "score" and "headings" in MetaData,
// with its score also set by [schema.Document.WithScore]; a document to
// store may have "path", "source" and "headings". Eino's options map as
// follows:
//
//   - retriever.WithTopK(k): [memweave.MaxResults](k).
//   - retriever.WithScoreThreshold(s): [memweave.MinScore](s); 0 keeps
//     every result.
//   - retriever.WithSubIndex(ns): search only the namespace ns
//     ([memweave.Sources]); WithSubIndex("") means no sub-index.
//   - [WithSearchOptions]: any other [memweave.SearchOption], such as
//     memweave.PathPrefix or memweave.DateRange.
//   - indexer.WithSubIndexes([]string{ns}), or a document's sub-indexes:
//     the namespace whose dated log notes go to (one at most).
//   - retriever.WithIndex, retriever.WithDSLInfo and the WithEmbedding
//     options are refused: a Weave has one index and embeds with the
//     embedder its [memweave.Config] names.
//
// A call narrows the search within the sources and the path prefix the
// retriever was made with ([NewRetriever] with memweave.Sources or
// memweave.PathPrefix), never widens it: a call's sub-index, sources or
// path prefix, which a model may write, keep only what lies within the
// retriever's, and a call naming none of it finds nothing.
package eino

import (
	"context"
	"errors"
	"fmt"

	"github.com/cloudwego/eino/components/indexer"
	"github.com/cloudwego/eino/components/retriever"
	"github.com/cloudwego/eino/schema"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/adapters/internal/docmeta"
	"github.com/memweave/memweave-go/adapters/internal/scope"
)

// componentType is what GetType returns: components are named
// "MemweaveRetriever" and "MemweaveIndexer".
const componentType = "Memweave"

// ErrUnsupportedOption is returned for an Eino option that a Weave cannot
// honour: an index name, DSL, or an embedder.
var ErrUnsupportedOption = errors.New("memweave: eino: unsupported option")

// A Retriever is an Eino retriever over a memweave memory. It is safe for
// concurrent use by multiple goroutines, as its Weave is. It does not own
// the Weave: the caller closes it.
type Retriever struct {
	w    *memweave.Weave
	opts []memweave.SearchOption
	warn func(context.Context, memweave.Warning)
}

var _ retriever.Retriever = (*Retriever)(nil)

// NewRetriever returns a Retriever over w. The search options opts apply
// to every call before the options of the call; sources among them bound
// every call, whose own sources narrow the search within them.
func NewRetriever(w *memweave.Weave, opts ...memweave.SearchOption) *Retriever {
	return &Retriever{w: w, opts: opts}
}

// WithWarnings returns a copy of r that calls fn with each warning of its
// searches, which Eino's interface has no place for: a search that fell
// back to keyword matching (the embedding endpoint failed) or left out a
// note it could not read. Without it they are dropped. For example, to
// log them:
//
//	r = r.WithWarnings(func(ctx context.Context, w memweave.Warning) {
//		logger.WarnContext(ctx, "memweave", "warning", w.Error())
//	})
func (r *Retriever) WithWarnings(fn func(ctx context.Context, w memweave.Warning)) *Retriever {
	c := *r
	c.warn = fn
	return &c
}

// searchOptions are the implementation-specific options of a Retriever.
type searchOptions struct {
	opts []memweave.SearchOption
}

// WithSearchOptions passes memweave search options to a call of
// [Retriever.Retrieve], after the Eino options.
func WithSearchOptions(opts ...memweave.SearchOption) retriever.Option {
	return retriever.WrapImplSpecificOptFn(func(o *searchOptions) { o.opts = append(o.opts, opts...) })
}

// GetType names the component for Eino's callbacks.
func (r *Retriever) GetType() string { return componentType }

// Retrieve returns the passages that best match query, best first (by
// default Config.MaxResults of them, 6). Each document's ID is
// "path:start-end", its Content the whole passage, and its MetaData the
// passage's path, line range, source, score and headings.
func (r *Retriever) Retrieve(ctx context.Context, query string, opts ...retriever.Option) ([]*schema.Document, error) {
	o := retriever.GetCommonOptions(nil, opts...)
	switch {
	case o.Index != nil:
		return nil, fmt.Errorf("%w: WithIndex(%q): a Weave has one index", ErrUnsupportedOption, *o.Index)
	case o.DSLInfo != nil:
		return nil, fmt.Errorf("%w: WithDSLInfo", ErrUnsupportedOption)
	case o.Embedding != nil:
		return nil, fmt.Errorf("%w: WithEmbedding: memweave embeds with the embedder of its Config", ErrUnsupportedOption)
	}
	var call []memweave.SearchOption
	if o.TopK != nil {
		if *o.TopK <= 0 {
			return nil, fmt.Errorf("memweave: eino: WithTopK(%d): want a positive number of documents", *o.TopK)
		}
		call = append(call, memweave.MaxResults(*o.TopK))
	}
	if o.ScoreThreshold != nil {
		if s := *o.ScoreThreshold; !(s >= 0 && s <= 1) {
			return nil, fmt.Errorf("memweave: eino: WithScoreThreshold(%g): want a score in [0,1]", s)
		}
		call = append(call, memweave.MinScore(*o.ScoreThreshold))
	}
	if o.SubIndex != nil {
		call = append(call, memweave.Sources(*o.SubIndex))
	}
	call = append(call, retriever.GetImplSpecificOptions(&searchOptions{}, opts...).opts...)
	sopts, ok := scope.Narrow(r.opts, call)
	if !ok {
		return []*schema.Document{}, nil
	}
	resp, err := r.w.Search(ctx, query, sopts...)
	if err != nil {
		return nil, fmt.Errorf("memweave: eino: %w", err)
	}
	docmeta.Warn(ctx, r.warn, resp.Warnings)
	docs := make([]*schema.Document, 0, len(resp.Results))
	for _, res := range resp.Results {
		d := &schema.Document{ID: docmeta.ID(res), Content: res.Text, MetaData: docmeta.Of(res)}
		docs = append(docs, d.WithScore(res.Score))
	}
	return docs, nil
}

// An Indexer is an Eino indexer that stores documents in a memweave
// memory as Markdown. It is safe for concurrent use by multiple
// goroutines. It does not own the Weave: the caller closes it.
type Indexer struct {
	w    *memweave.Weave
	warn func(context.Context, memweave.Warning)
}

var _ indexer.Indexer = (*Indexer)(nil)

// NewIndexer returns an Indexer over w.
func NewIndexer(w *memweave.Weave) *Indexer { return &Indexer{w: w} }

// WithWarnings returns a copy of ix that calls fn with each warning of
// its writes, which Eino's interface has no place for: a document stored
// but not searchable as written (a NUL byte, conflict markers, an
// embedding endpoint that failed). Without it they are dropped; see
// [Retriever.WithWarnings].
func (ix *Indexer) WithWarnings(fn func(ctx context.Context, w memweave.Warning)) *Indexer {
	c := *ix
	c.warn = fn
	return &c
}

// GetType names the component for Eino's callbacks.
func (ix *Indexer) GetType() string { return componentType }

// Store stores docs in the memory, in order, and returns the
// workspace-relative path each was written to. A document whose metadata
// has a "path" becomes that Markdown file, whole; any other becomes a
// note in today's dated log of its "source", else of its one sub-index,
// else of the one sub-index of indexer.WithSubIndexes, else of memory/
// itself. Its "headings" are written as Markdown headings before its
// content. A document found by a search, which has a line range, is
// refused: writing it to its path would replace the whole file. On an
// error, the documents before the failing one are stored, and their paths
// returned.
func (ix *Indexer) Store(ctx context.Context, docs []*schema.Document, opts ...indexer.Option) ([]string, error) {
	o := indexer.GetCommonOptions(nil, opts...)
	if o.Embedding != nil {
		return nil, fmt.Errorf("%w: WithEmbedding: memweave embeds with the embedder of its Config", ErrUnsupportedOption)
	}
	source, err := oneSource(o.SubIndexes)
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(docs))
	for i, doc := range docs {
		if doc == nil {
			return ids, fmt.Errorf("memweave: eino: document %d is nil", i)
		}
		md := withoutReserved(doc.MetaData)
		n, err := docmeta.NoteOf(doc.Content, md)
		if err != nil {
			return ids, fmt.Errorf("memweave: eino: document %d: %w", i, err)
		}
		src, err := oneSource(doc.SubIndexes())
		if err != nil {
			return ids, fmt.Errorf("memweave: eino: document %d: %w", i, err)
		}
		if src == "" {
			src = source
		}
		path, err := docmeta.Store(ctx, ix.w, n, src, ix.warn)
		if err != nil {
			return ids, fmt.Errorf("memweave: eino: document %d: %w", i, err)
		}
		ids = append(ids, path)
	}
	return ids, nil
}

// oneSource returns the namespace of sub-indexes: "" for none, the one
// given, or an error for more.
func oneSource(subIndexes []string) (string, error) {
	switch len(subIndexes) {
	case 0:
		return "", nil
	case 1:
		return subIndexes[0], nil
	default:
		return "", fmt.Errorf("%w: sub-indexes %q: a note goes to one namespace", ErrUnsupportedOption, subIndexes)
	}
}

// withoutReserved returns md without Eino's reserved keys ("_score",
// "_sub_indexes", ...), which docmeta does not read.
func withoutReserved(md map[string]any) map[string]any {
	if md == nil {
		return nil
	}
	out := make(map[string]any, len(md))
	for k, v := range md {
		if len(k) > 0 && k[0] == '_' {
			continue
		}
		out[k] = v
	}
	return out
}

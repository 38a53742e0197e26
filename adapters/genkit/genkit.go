// Package genkit plugs a memweave memory into Firebase Genkit for Go
// (github.com/firebase/genkit/go) as a plugin that defines a retriever,
// with [Index] to store documents. Its name clashes with Genkit's own
// genkit package, so import it under another name:
//
//	import memgenkit "github.com/memweave/memweave-go/adapters/genkit"
//
//	g := genkit.Init(ctx, genkit.WithPlugins(&memgenkit.Plugin{Weave: w}))
//	ids, err := memgenkit.Index(ctx, w, []*ai.Document{ai.DocumentFromText("We deploy on Fridays.", nil)}, nil)
//	resp, err := genkit.Retrieve(ctx, g, ai.WithRetriever(memgenkit.Retriever(g, "memory")),
//		ai.WithTextDocs("when do we deploy"), ai.WithConfig(&memgenkit.RetrieverOptions{K: 3}))
//
// The Markdown files under memory/ stay the truth: [Index] writes each
// document as a file (when its metadata has a "path") or as a note in
// today's dated log (otherwise), through [memweave.Weave.Write] and
// [memweave.Weave.Append]; the retriever is [memweave.Weave.Search], with
// memweave's own embedder. Genkit for Go has no indexer action (its
// vector-store plugins export an Index function, as this one does).
//
// Metadata maps both ways with the keys of docmeta: a document found has
// the whole passage as its one text part and "path", "start_line",
// "end_line", "source", "score" and "headings" in Metadata; a document to
// store may have "path", "source" and "headings". A retrieval's options
// are [RetrieverOptions], given as a value, a pointer, or the JSON object
// Genkit's tools send. A request narrows the search within the sources
// the retriever was defined with, never widens it.
package genkit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/core"
	"github.com/firebase/genkit/go/core/api"
	gk "github.com/firebase/genkit/go/genkit"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/adapters/internal/docmeta"
	"github.com/memweave/memweave-go/adapters/internal/scope"
)

// Provider is the plugin's name and the prefix of its retrievers'
// names: "memweave/memory".
const Provider = "memweave"

// DefaultRetriever is the default of Plugin.Retriever.
const DefaultRetriever = "memory"

// A Plugin is a Genkit plugin that defines a retriever over a memweave
// memory, named "memweave/" + Retriever. It does not own the Weave: the
// caller closes it once Genkit is done with it. Given to genkit.Init it
// defines its retriever there; [Plugin.Define] defines one more in a
// running Genkit (a second memory, other options).
type Plugin struct {
	// Weave is the memory to search. Required.
	Weave *memweave.Weave
	// Retriever names the retriever the plugin defines, after
	// "memweave/". Default: [DefaultRetriever], "memory".
	Retriever string
	// SearchOptions apply to every retrieval, before the request's
	// options, such as memweave.MinScore(0) or memweave.DecayDefault().
	// Sources among them (memweave.Sources) bound every retrieval: a
	// request's sources narrow the search within them.
	SearchOptions []memweave.SearchOption
	// Warnings, when not nil, is called with each warning of a
	// retrieval, which Genkit's retriever response has no place for: a
	// search that fell back to keyword matching (the embedding endpoint
	// failed) or left out a note it could not read. Default: dropped.
	// For example, to log them:
	//
	//	Warnings: func(ctx context.Context, w memweave.Warning) {
	//		logger.WarnContext(ctx, "memweave", "warning", w.Error())
	//	},
	Warnings func(ctx context.Context, w memweave.Warning)
}

var _ api.Plugin = (*Plugin)(nil)

// Name returns [Provider].
func (p *Plugin) Name() string { return Provider }

// Init returns the plugin's retriever; Genkit calls it once, from
// genkit.Init. It panics when Weave is nil, as Genkit's own plugins do
// when misconfigured.
func (p *Plugin) Init(context.Context) []api.Action {
	return []api.Action{p.NewRetriever().(api.Action)}
}

// Define defines and registers in g the retriever p describes, without
// genkit.Init: for a second memory, or other search options or warnings
// than the plugin's. It panics when Weave is nil.
func (p *Plugin) Define(g *gk.Genkit) ai.Retriever {
	r := p.NewRetriever()
	gk.RegisterAction(g, r)
	return r
}

// NewRetriever returns the retriever p describes, unregistered, for a
// plugin of your own. It panics when Weave is nil.
func (p *Plugin) NewRetriever() ai.Retriever {
	if p.Weave == nil {
		panic("memweave genkit plugin: Plugin.Weave is nil")
	}
	name := p.Retriever
	if name == "" {
		name = DefaultRetriever
	}
	w, opts, warn := p.Weave, p.SearchOptions, p.Warnings
	return ai.NewRetriever(api.NewName(Provider, name), &ai.RetrieverOptions{
		Label:        "memweave memory " + name,
		ConfigSchema: core.InferSchemaMap(RetrieverOptions{}),
	}, func(ctx context.Context, req *ai.RetrieverRequest) (*ai.RetrieverResponse, error) {
		return retrieve(ctx, w, opts, warn, req)
	})
}

// Retriever returns the retriever named "memweave/" + name that a
// [Plugin] registered in g (through genkit.Init or [Plugin.Define]), or
// nil.
func Retriever(g *gk.Genkit, name string) ai.Retriever {
	return gk.LookupRetriever(g, api.NewName(Provider, name))
}

// RetrieverOptions are the options of a retrieval, given with
// ai.WithConfig. The zero value means the defaults.
type RetrieverOptions struct {
	// K is how many passages to return (default Config.MaxResults, 6).
	K int `json:"k,omitempty"`
	// MinScore drops passages scoring below it, in [0,1]; nil keeps the
	// default (Config.MinScore, 0.35), 0 keeps every passage.
	MinScore *float64 `json:"minScore,omitempty"`
	// Sources limits results to these namespaces. With a retriever
	// defined with memweave.Sources, it narrows the search within those
	// and never widens it: sources all outside them find nothing.
	Sources []string `json:"sources,omitempty"`
	// PathPrefix limits results to files whose workspace-relative path
	// starts with it, such as "memory/projects/". With a retriever
	// defined with memweave.PathPrefix, it narrows the search within that
	// folder and never widens it: a prefix outside it finds nothing.
	PathPrefix string `json:"pathPrefix,omitempty"`
}

// retrieve answers a retrieval request with a search of w.
func retrieve(ctx context.Context, w *memweave.Weave, base []memweave.SearchOption, warn func(context.Context, memweave.Warning), req *ai.RetrieverRequest) (*ai.RetrieverResponse, error) {
	if req == nil || req.Query == nil {
		return nil, errors.New("memweave: genkit: the request has no query document")
	}
	query, err := text(req.Query)
	if err != nil {
		return nil, fmt.Errorf("memweave: genkit: query: %w", err)
	}
	o, err := retrieverOptions(req.Options)
	if err != nil {
		return nil, err
	}
	var opts []memweave.SearchOption
	if o.K < 0 {
		return nil, fmt.Errorf("memweave: genkit: k must not be negative, got %d", o.K)
	}
	if o.K > 0 {
		opts = append(opts, memweave.MaxResults(o.K))
	}
	if o.MinScore != nil {
		opts = append(opts, memweave.MinScore(*o.MinScore))
	}
	if len(o.Sources) > 0 {
		opts = append(opts, memweave.Sources(o.Sources...))
	}
	if o.PathPrefix != "" {
		opts = append(opts, memweave.PathPrefix(o.PathPrefix))
	}
	opts, ok := scope.Narrow(base, opts)
	if !ok {
		return &ai.RetrieverResponse{Documents: []*ai.Document{}}, nil
	}
	resp, err := w.Search(ctx, query, opts...)
	if err != nil {
		return nil, fmt.Errorf("memweave: genkit: %w", err)
	}
	docmeta.Warn(ctx, warn, resp.Warnings)
	out := &ai.RetrieverResponse{Documents: make([]*ai.Document, 0, len(resp.Results))}
	for _, r := range resp.Results {
		out.Documents = append(out.Documents, ai.DocumentFromText(r.Text, docmeta.Of(r)))
	}
	return out, nil
}

// retrieverOptions reads the options of a request: nil, a
// RetrieverOptions, a pointer to one, or anything that encodes to the
// JSON of one (the map Genkit's tools send).
func retrieverOptions(v any) (RetrieverOptions, error) {
	switch o := v.(type) {
	case nil:
		return RetrieverOptions{}, nil
	case RetrieverOptions:
		return o, nil
	case *RetrieverOptions:
		if o == nil {
			return RetrieverOptions{}, nil
		}
		return *o, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return RetrieverOptions{}, fmt.Errorf("memweave: genkit: options of type %T: %w", v, err)
	}
	var o RetrieverOptions
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&o); err != nil {
		return RetrieverOptions{}, fmt.Errorf("memweave: genkit: options %s: want the fields of RetrieverOptions (k, minScore, sources, pathPrefix): %w", b, err)
	}
	return o, nil
}

// text returns the text of d's parts, refusing media.
func text(d *ai.Document) (string, error) {
	var b strings.Builder
	for _, p := range d.Content {
		if p == nil {
			continue
		}
		if !p.IsText() {
			return "", fmt.Errorf("a %s part: only text can be stored or searched", p.ContentType)
		}
		b.WriteString(p.Text)
	}
	return b.String(), nil
}

// IndexOptions configure [Index]. The zero value means the defaults.
type IndexOptions struct {
	// Source is the namespace whose dated log a document without a "path"
	// or a "source" in its metadata goes to. Default: memory/ itself.
	Source string
	// Warnings, when not nil, is called with each warning of a write: a
	// document stored but not searchable as written (a NUL byte, conflict
	// markers, an embedding endpoint that failed). Default: dropped; see
	// [Plugin.Warnings].
	Warnings func(ctx context.Context, w memweave.Warning)
}

// Index stores docs in the memory of w, in order, and returns the
// workspace-relative path each was written to. A document whose metadata
// has a "path" becomes that Markdown file, whole; any other becomes a
// note in today's dated log of its "source", else of opts.Source, else of
// memory/ itself. Its "headings" are written as Markdown headings before
// its text. Only text parts are stored; a document with media is
// refused, and so is one found by a search, which has a line range:
// writing it to its path would replace the whole file. On an error, the
// documents before the failing one are stored, and their paths returned.
// A nil opts means the defaults.
func Index(ctx context.Context, w *memweave.Weave, docs []*ai.Document, opts *IndexOptions) ([]string, error) {
	var o IndexOptions
	if opts != nil {
		o = *opts
	}
	ids := make([]string, 0, len(docs))
	for i, doc := range docs {
		if doc == nil {
			return ids, fmt.Errorf("memweave: genkit: document %d is nil", i)
		}
		t, err := text(doc)
		if err != nil {
			return ids, fmt.Errorf("memweave: genkit: document %d: %w", i, err)
		}
		n, err := docmeta.NoteOf(t, doc.Metadata)
		if err != nil {
			return ids, fmt.Errorf("memweave: genkit: document %d: %w", i, err)
		}
		path, err := docmeta.Store(ctx, w, n, o.Source, o.Warnings)
		if err != nil {
			return ids, fmt.Errorf("memweave: genkit: document %d: %w", i, err)
		}
		ids = append(ids, path)
	}
	return ids, nil
}

// Package scope narrows a framework adapter's search: the sources a
// retriever was made with bound every call, and a call's own sources,
// which a model may write, narrow the search within them, never widen it.
package scope

import (
	"slices"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/search"
)

// Narrow returns the search options of a call, base (the retriever's
// options) then call (the call's), with the sources of the search those
// the two have in common when both name some: memweave.Sources adds to
// the sources before it, which would let call reach namespaces base
// leaves out. ok is false when call names only sources outside base's:
// the search would find nothing, and is not to be run. Empty source
// names are dropped: a framework's empty sub-index means none.
func Narrow(base, call []memweave.SearchOption) (opts []memweave.SearchOption, ok bool) {
	opts = append(slices.Clip(base), call...)
	bs, cs := sources(base), sources(call)
	var keep []string
	switch {
	case len(bs) > 0 && len(cs) > 0:
		for _, s := range cs {
			if slices.Contains(bs, s) && !slices.Contains(keep, s) {
				keep = append(keep, s)
			}
		}
		if len(keep) == 0 {
			return nil, false
		}
	case len(bs) > 0:
		keep = bs
	default:
		keep = cs
	}
	return append(opts, func(o *search.Options) { o.Sources = keep }), true
}

// sources returns the non-empty sources opts set.
func sources(opts []memweave.SearchOption) []string {
	var o search.Options
	for _, opt := range opts {
		opt(&o)
	}
	return slices.DeleteFunc(o.Sources, func(s string) bool { return s == "" })
}

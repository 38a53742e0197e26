// Package scope narrows a framework adapter's search: the sources and
// the path prefix a retriever was made with bound every call, and a
// call's own, which a model may write, narrow the search within them,
// never widen it.
package scope

import (
	"slices"
	"strings"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/search"
)

// Narrow returns the search options of a call, base (the retriever's
// options) then call (the call's), with the sources of the search those
// the two have in common when both name some: memweave.Sources adds to
// the sources before it, which would let call reach namespaces base
// leaves out; and the narrower path prefix of the two. ok is false when
// call names only sources outside base's, or a path prefix outside
// base's: the search would find nothing, and is not to be run. Empty source
// names are dropped: a framework's empty sub-index means none.
func Narrow(base, call []memweave.SearchOption) (opts []memweave.SearchOption, ok bool) {
	opts = append(slices.Clip(base), call...)
	bo, co := settings(base), settings(call)
	bs, cs := bo.Sources, co.Sources
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
	prefix, ok := narrowPrefix(bo.PathPrefix, co.PathPrefix)
	if !ok {
		return nil, false
	}
	return append(opts, func(o *search.Options) { o.Sources, o.PathPrefix = keep, prefix }), true
}

// narrowPrefix returns the path prefix of a search limited by both the
// retriever's prefix base and the call's prefix call: the narrower of
// the two when one lies within the other, and ok false when neither
// does (the two name different folders: the search would find nothing).
// memweave.PathPrefix, the last one given, would otherwise let call
// replace base with a wider prefix.
func narrowPrefix(base, call string) (prefix string, ok bool) {
	switch {
	case base == "" || within(call, base):
		return call, true
	case call == "" || within(base, call):
		return base, true
	case within("memory/"+call, base):
		// "ops/db/" names memory/ops/db/ and a folder ops/db/ outside
		// memory/; only the first is in a base of "memory/ops/".
		return "memory/" + call, true
	}
	return "", false
}

// within reports whether every path the prefix p matches is matched by
// the prefix q, a prefix matching paths that start with it or with
// "memory/" and it, as the search reads them.
func within(p, q string) bool {
	in := func(x string) bool { return strings.HasPrefix(x, q) || strings.HasPrefix(x, "memory/"+q) }
	return in(p) && (strings.HasPrefix(p, "memory/") || in("memory/"+p))
}

// settings returns what opts set, without empty source names.
func settings(opts []memweave.SearchOption) search.Options {
	var o search.Options
	for _, opt := range opts {
		opt(&o)
	}
	o.Sources = slices.DeleteFunc(o.Sources, func(s string) bool { return s == "" })
	return o
}

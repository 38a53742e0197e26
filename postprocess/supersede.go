package postprocess

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/memweave/memweave-go/conflict"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/workspace"
)

// Supersede marks results that a newer result of the same response
// contradicts: [conflict.Detect], run over the top results, finds a
// likely conflict between the two, and its Newer says which side is
// newer (the file's date, else its modification time, else, in one
// file, the later lines). The older result gets SupersededBy, pointing at
// the newer one, and Explain.Superseded, the reason; with Hide it is
// dropped instead. Only the first Window results are compared, so the
// cost is bounded whatever the pool size; the others pass unchanged.
//
// A result whose text holds a supersession line (a contradiction settled
// by memweave's Resolve; see [frontmatter.Superseded]) is superseded by
// the passage that line names, with Explain.Superseded "resolved" and its
// reason. It takes no part in the comparison, and it moves after every
// result that is not so resolved, or is dropped with Hide.
type Supersede struct {
	// Hide drops superseded results instead of marking them.
	Hide bool
	// Window is how many of the top results are compared. Default 12.
	Window int
	// Claims, when set, keeps the claims parsed from result texts
	// between searches (see [conflict.Claims]).
	Claims *conflict.Claims
	// MTimes returns the modification times of files; nil, or a path
	// missing from the map, leaves dated file names and line order to
	// decide.
	MTimes func(ctx context.Context, paths []string) map[string]time.Time
}

// Name returns "supersede".
func (Supersede) Name() string { return "supersede" }

// Process marks or drops superseded results; the order is kept. It does
// not modify results.
func (s Supersede) Process(ctx context.Context, _ string, results []search.Result) ([]search.Result, error) {
	window := s.Window
	if window <= 0 {
		window = 12
	}
	n := min(len(results), window)
	out := slices.Clone(results)
	type at struct {
		path string
		line int
	}
	index := make(map[at]int, n)
	chunks := make([]conflict.Chunk, n)
	var mtimes map[string]time.Time
	if s.MTimes != nil && n > 1 {
		paths := make([]string, n)
		for i := range n {
			paths[i] = out[i].Path
		}
		mtimes = s.MTimes(ctx, paths)
	}
	resolved := false
	for i := range out {
		r := &out[i]
		if sup, ok := frontmatter.Superseded(r.Text); ok {
			r.SupersededBy = &search.Ref{Path: sup.Path, StartLine: sup.Line}
			r.Explain.Superseded = strings.TrimSuffix("resolved: "+sup.Reason, ": ")
			resolved = true
		}
	}
	for i := range n {
		r := &out[i]
		if _, dup := index[at{r.Path, r.StartLine}]; !dup {
			index[at{r.Path, r.StartLine}] = i
		}
		text := r.Text
		if r.SupersededBy != nil {
			text = "" // resolved: no claims
		}
		chunks[i] = conflict.Chunk{Path: r.Path, StartLine: r.StartLine, EndLine: r.EndLine, Text: text, MTime: mtimes[r.Path]}
		if d, ok := workspace.DateOf(r.Path); ok {
			chunks[i].Date = d
		}
	}
	res, err := conflict.Detect(ctx, chunks, conflict.Options{Limit: n * n, Claims: s.Claims})
	if err != nil {
		return nil, err
	}
	found := res.Conflicts
	// Detect lists conflicts by path and line; mark the older side of
	// each with the best-ranked newer result that contradicts it.
	slices.SortStableFunc(found, func(x, y conflict.Conflict) int {
		return min(index[at{x.A.Path, x.A.StartLine}], index[at{x.B.Path, x.B.StartLine}]) -
			min(index[at{y.A.Path, y.A.StartLine}], index[at{y.B.Path, y.B.StartLine}])
	})
	for _, c := range found {
		if c.Kind != conflict.Likely {
			continue
		}
		older, newer := c.A, c.B
		if c.Newer == "a" {
			older, newer = c.B, c.A
		}
		r := &out[index[at{older.Path, older.StartLine}]]
		if r.SupersededBy == nil {
			r.SupersededBy = &search.Ref{Path: newer.Path, StartLine: newer.StartLine}
			r.Explain.Superseded = c.Reason
		}
	}
	if s.Hide {
		out = slices.DeleteFunc(out, func(r search.Result) bool { return r.SupersededBy != nil })
	} else if resolved {
		isResolved := func(r search.Result) int {
			if r.SupersededBy != nil && strings.HasPrefix(r.Explain.Superseded, "resolved") {
				return 1
			}
			return 0
		}
		slices.SortStableFunc(out, func(a, b search.Result) int { return isResolved(a) - isResolved(b) })
	}
	return out, nil
}

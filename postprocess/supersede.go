package postprocess

import (
	"context"
	"strings"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/search"
)

// Supersede marks the results a resolution in the files supersedes: a
// passage that [curate.Superseded] finds wholly superseded by the
// supersession marker in it (memweave resolve writes one; the index
// keeps the lines it supersedes in passages of their own). Such a result
// gets SupersededBy, the line kept, and Explain.Superseded, "resolved"
// and the reason; with Hide it is dropped instead. Nothing else is
// marked, moved or dropped: a contradiction no resolution settled is
// only a hint ([conflict.Detect], memweave conflicts), never a reason to
// hide a result. The order of the results is kept.
//
// The stage reads each result's text, and the index only for the kept
// line of a marked result, so its cost does not grow with the index.
type Supersede struct {
	// Hide drops superseded results instead of marking them.
	Hide bool
	// KeptLine returns the number of the line of the file path whose
	// content key is key ([curate.FindLine]), 0 when there is none; nil
	// leaves SupersededBy's line 0.
	KeptLine func(ctx context.Context, path, key string) int
	// Limit, when positive, is how many results the caller returns (a
	// search's MaxResults): KeptLine is asked only for results among the
	// first Limit, and Hidden counts only results Hide dropped from
	// among them.
	Limit int
	// Hidden, when set, is added the number of results Hide dropped.
	Hidden *int
}

// Name returns "supersede".
func (Supersede) Name() string { return "supersede" }

// Process marks or drops superseded results; the order is kept. It does
// not modify results.
func (s Supersede) Process(ctx context.Context, _ string, results []search.Result) ([]search.Result, error) {
	var out []search.Result
	for i, r := range results {
		m, ok := curate.Superseded(r.Text)
		if !ok {
			if out != nil {
				out = append(out, r)
			}
			continue
		}
		if out == nil {
			out = append(make([]search.Result, 0, len(results)), results[:i]...)
		}
		within := s.Limit <= 0 || len(out) < s.Limit
		if s.Hide {
			if s.Hidden != nil && within {
				*s.Hidden++
			}
			continue
		}
		ref := &search.Ref{Path: m.Path}
		why := strings.TrimSuffix("resolved: "+m.Reason, ": ")
		if s.KeptLine != nil && within {
			if ref.StartLine = s.KeptLine(ctx, m.Path, m.KeptKey); ref.StartLine == 0 {
				why += " (the line kept is no longer in " + m.Path + ")"
			}
		}
		r.SupersededBy = ref
		r.Explain.Superseded = why
		out = append(out, r)
	}
	if out == nil {
		return results, nil
	}
	return out, nil
}

// Passage is a stored passage of a file as the supersede stage reads it
// to find the line a resolution kept: its text and the number of its
// first line.
type Passage struct {
	Text      string
	StartLine int
}

// NewSupersede returns the supersede stage of a search's Superseded
// mode: nil for "off", one that drops superseded results for "hide"
// (adding their number to hidden), one that marks them otherwise. limit
// is the search's MaxResults (see [Supersede].Limit). It finds the line
// kept in the passages read returns for its file ([curate.FindLine]),
// reading each file once per search; a file read cannot read gives no
// line.
func NewSupersede(mode string, limit int, hidden *int, read func(ctx context.Context, path string) ([]Passage, error)) Postprocessor {
	if mode == "off" {
		return nil
	}
	files := map[string][]Passage{}
	kept := func(ctx context.Context, path, key string) int {
		passages, ok := files[path]
		if !ok {
			passages, _ = read(ctx, path) // an unreadable file: no line
			files[path] = passages
		}
		for _, p := range passages {
			if line, n := curate.FindLine(p.Text, key); n > 0 {
				return p.StartLine + line - 1
			}
		}
		return 0
	}
	return Supersede{Hide: mode == "hide", KeptLine: kept, Hidden: hidden, Limit: limit}
}

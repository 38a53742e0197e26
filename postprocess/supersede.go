package postprocess

import (
	"context"
	"slices"
	"strconv"
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
// With Hide and Kept set, a result among the first Limit is dropped only
// when its resolution leads to a live line: the line kept, or the line
// that supersedes it in turn. One whose line kept is gone, or in a note
// the search leaves out as expired, or whose resolutions go round (two agents each kept their own line, and sync
// merged both markers), is marked instead, the reason saying why it was
// not hidden: hiding it would leave no version of the fact.
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
	// Kept, when set, returns what KeptLine does, and the marker of the
	// passage holding that line when a resolution supersedes it too
	// (superseded true): Hide then drops a result only when its
	// resolutions lead to a live line. Nil hides every superseded result.
	Kept func(ctx context.Context, path, key string) (line int, by curate.Marker, superseded bool)
	// Expired, when set, reports whether the search leaves the note path
	// out as expired: a line kept there is not live, as no result shows
	// it.
	Expired func(path string) bool
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
		unsettled := ""
		if s.Hide && s.Kept != nil && within {
			unsettled = s.Unsettled(ctx, m)
		}
		if s.Hide && unsettled == "" {
			if s.Hidden != nil && within {
				*s.Hidden++
			}
			continue
		}
		ref := &search.Ref{Path: m.Path}
		why := strings.TrimSuffix("resolved: "+m.Reason, ": ")
		if unsettled != "" {
			ref.StartLine, _, _ = s.Kept(ctx, m.Path, m.KeptKey)
			why += " (not hidden: " + unsettled + ")"
		} else if s.KeptLine != nil && within {
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

// maxChain is how many resolutions in a row [Supersede.Unsettled]
// follows before it gives up and leaves the result shown.
const maxChain = 64

// Unsettled returns "" when the resolution m leads to a live line (the
// line kept, or the one superseding it, and so on), else why not: the
// line kept is gone or its note expired, or the resolutions go round.
// It asks s.Kept, which must be set ([NewKept]).
func (s Supersede) Unsettled(ctx context.Context, m curate.Marker) string {
	seen := map[string]bool{}
	for range maxChain {
		id := m.Path + "#" + m.KeptKey
		if seen[id] {
			return "the lines kept supersede each other, through " + m.Path
		}
		seen[id] = true
		line, next, superseded := s.Kept(ctx, m.Path, m.KeptKey)
		switch {
		case line == 0:
			return "the line kept is no longer in " + m.Path
		case s.Expired != nil && s.Expired(m.Path):
			return "the note kept, " + m.Path + ", has expired"
		case !superseded:
			return ""
		}
		m = next
	}
	return "more than " + strconv.Itoa(maxChain) + " resolutions in a row"
}

// Passage is a stored passage of a file as the supersede stage reads it
// to find the line a resolution kept: its text and the number of its
// first line.
type Passage struct {
	Text      string
	StartLine int
	// Headings is its heading path (chunker.Chunk.Headings), for the
	// feedback keys [Curate] reads.
	Headings []string
}

// NewSupersede returns the supersede stage of a search's Superseded
// mode: nil for "off", one that drops superseded results for "hide"
// (adding their number to hidden), one that marks them otherwise. limit
// is the search's MaxResults (see [Supersede].Limit); expired are the notes
// the search leaves out as expired (see [Supersede].Expired). It finds the line
// kept in the passages read returns for its file ([curate.FindLine]),
// reading each file once per search; a file read cannot read gives no
// line.
func NewSupersede(mode string, limit int, hidden *int, expired []string, read func(ctx context.Context, path string) ([]Passage, error)) Postprocessor {
	if mode == "off" {
		return nil
	}
	find := NewKept(read)
	kept := func(ctx context.Context, path, key string) int {
		line, _, _ := find(ctx, path, key)
		return line
	}
	gone := func(path string) bool { return slices.Contains(expired, path) }
	return Supersede{Hide: mode == "hide", KeptLine: kept, Kept: find, Expired: gone, Hidden: hidden, Limit: limit}
}

// NewKept returns a [Supersede].Kept that finds the line kept in the
// passages read returns for its file ([curate.FindLine]), reading each
// file once; a file read cannot read gives no line.
func NewKept(read func(ctx context.Context, path string) ([]Passage, error)) func(ctx context.Context, path, key string) (int, curate.Marker, bool) {
	files := map[string][]Passage{}
	return func(ctx context.Context, path, key string) (int, curate.Marker, bool) {
		passages, ok := files[path]
		if !ok {
			passages, _ = read(ctx, path) // an unreadable file: no line
			files[path] = passages
		}
		for _, p := range passages {
			if line, n := curate.FindLine(p.Text, key); n > 0 {
				by, superseded := curate.Superseded(p.Text)
				return p.StartLine + line - 1, by, superseded
			}
		}
		return 0, curate.Marker{}, false
	}
}

package postprocess

import (
	"context"
	"slices"
	"time"

	"github.com/memweave/memweave-go/conflict"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/workspace"
)

// Supersede marks results that a newer result of the same response
// contradicts: [conflict.JudgeParsed] finds a likely conflict between
// the two, and [conflict.Newer] says which side is newer (the file's
// date, else its modification time, else, in one file, the later
// lines). The older result gets SupersededBy, pointing at the newer one,
// and Explain.Superseded, the reason; with Hide it is dropped instead.
// Only the first Window results are compared, so the cost is bounded
// whatever the pool size; the others pass unchanged. Chunks of one file
// whose lines overlap are never compared.
type Supersede struct {
	// Hide drops superseded results instead of marking them.
	Hide bool
	// Window is how many of the top results are compared. Default 12.
	Window int
	// MTime returns a file's modification time; nil or a zero time
	// leaves only dated file names and line order to decide.
	MTime func(ctx context.Context, path string) time.Time
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
	parsed := make([]conflict.Parsed, n)
	chunks := make([]conflict.Chunk, n)
	for i := range n {
		r := &out[i]
		parsed[i] = conflict.Parse(r.Text)
	}
	// chunk returns what Newer reads of result i, asking for its
	// modification time only once a conflict needs it.
	timed := make([]bool, n)
	chunk := func(i int) conflict.Chunk {
		if !timed[i] {
			r := &out[i]
			chunks[i] = conflict.Chunk{Path: r.Path, StartLine: r.StartLine, EndLine: r.EndLine}
			if d, ok := workspace.DateOf(r.Path); ok {
				chunks[i].Date = d
			}
			if s.MTime != nil {
				chunks[i].MTime = s.MTime(ctx, r.Path)
			}
			timed[i] = true
		}
		return chunks[i]
	}
	for i := range n {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for j := i + 1; j < n; j++ {
			a, b := &out[i], &out[j]
			if a.Path == b.Path && a.StartLine <= b.EndLine && b.StartLine <= a.EndLine {
				continue
			}
			v, ok := conflict.JudgeParsed(parsed[i], parsed[j])
			if !ok || v.Kind != conflict.Likely {
				continue
			}
			older, newer := a, b
			if conflict.Newer(chunk(i), chunk(j), nil) == "a" {
				older, newer = b, a
			}
			if older.SupersededBy == nil {
				older.SupersededBy = &search.Ref{Path: newer.Path, StartLine: newer.StartLine}
				older.Explain.Superseded = v.Reason
			}
		}
	}
	if s.Hide {
		out = slices.DeleteFunc(out, func(r search.Result) bool { return r.SupersededBy != nil })
	}
	return out, nil
}

package postprocess

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/memweave/memweave-go/search"
)

// ErrPanicked is wrapped by [Run]'s error when a custom processor
// panicked; the error wraps the panic's value too when that is an error.
var ErrPanicked = errors.New("panicked")

// ErrBadScore is wrapped by [Run]'s error when a custom processor returns
// a score that is NaN or infinite, or when the last custom processor to
// run returns one outside [0, 1].
var ErrBadScore = errors.New("score must be a number in [0, 1]")

// Run passes results through procs in order and returns what the last one
// returns. Nil processors are skipped.
//
// For each custom processor (any but [Threshold], [Curate], [Decay], [MMR] and
// [Supersede], which record their own Explain fields) Run appends a [search.ProcessorChange]
// to Explain.Processors of every result it returns: the score and 1-based
// rank before and after, results being matched by ChunkID (a result the
// processor added has RankBefore 0 and ScoreBefore 0).
//
// An error from a processor, or a cancelled ctx before one runs, is
// returned as "postprocess: <name>: <err>"; so is a custom processor's
// panic (wrapping [ErrPanicked]), a custom processor's result whose
// score is NaN or infinite, and a score outside [0, 1] in what the last
// custom processor returns (both wrapping [ErrBadScore]): scores are
// compared with min_score, read by hints and packs, and shown, on one
// scale; one processor may step out of it for the next to bring back
// (a boost, then a squash). Lines a processor set out of
// the file's range are returned as they are (a pack skips them). Run
// does not modify the results slice it is given.
func Run(ctx context.Context, query string, results []search.Result, procs ...Postprocessor) ([]search.Result, error) {
	var last Postprocessor // the last custom processor run
	for _, p := range procs {
		if p == nil {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("postprocess: %s: %w", p.Name(), err)
		}
		if !custom(p) {
			out, err := p.Process(ctx, query, results)
			if err != nil {
				return nil, fmt.Errorf("postprocess: %s: %w", p.Name(), err)
			}
			results = out
			continue
		}
		type state struct {
			score float64
			rank  int
		}
		before := make(map[int64]state, len(results))
		for i, r := range results {
			if _, dup := before[r.ChunkID]; !dup {
				before[r.ChunkID] = state{r.Score, i + 1}
			}
		}
		// A custom processor may return (part of) the slice it was given:
		// clone before recording, so no caller-visible result is changed.
		out, err := processGuarded(ctx, p, query, slices.Clone(results))
		if err != nil {
			return nil, fmt.Errorf("postprocess: %s: %w", p.Name(), err)
		}
		if err := checkOut(out, math.Inf(-1), math.Inf(1)); err != nil {
			return nil, fmt.Errorf("postprocess: %s: %w", p.Name(), err)
		}
		last = p
		out = slices.Clone(out)
		for i := range out {
			r := &out[i]
			b := before[r.ChunkID]
			r.Explain.Processors = append(slices.Clip(r.Explain.Processors), search.ProcessorChange{
				Name:        p.Name(),
				ScoreBefore: b.score,
				ScoreAfter:  r.Score,
				RankBefore:  b.rank,
				RankAfter:   i + 1,
			})
		}
		results = out
	}
	if last != nil {
		if err := checkOut(results, 0, 1); err != nil {
			return nil, fmt.Errorf("postprocess: %s: %w", last.Name(), err)
		}
	}
	return results, nil
}

// processGuarded runs a custom processor, turning a panic in it into an
// error wrapping [ErrPanicked] (and the panic's value, when an error): a
// caller's bug fails its search, not the program that serves others.
func processGuarded(ctx context.Context, p Postprocessor, query string, results []search.Result) (out []search.Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			out = nil
			if e, ok := v.(error); ok {
				err = fmt.Errorf("%w: %w", ErrPanicked, e)
			} else {
				err = fmt.Errorf("%w: %v", ErrPanicked, v)
			}
		}
	}()
	return p.Process(ctx, query, results)
}

// checkOut rejects what a custom processor returned when a result's score
// is not a finite number in [lo, hi]: the caller sorts and thresholds by
// it, and JSON (the CLI's, the MCP server's) has no NaN nor infinity.
func checkOut(out []search.Result, lo, hi float64) error {
	for i, r := range out {
		if !(r.Score >= lo && r.Score <= hi) || math.IsInf(r.Score, 0) {
			return fmt.Errorf("result %d (%s:%d-%d) has score %v, %w", i+1, r.Path, r.StartLine, r.EndLine, r.Score, ErrBadScore)
		}
	}
	return nil
}

// custom reports whether p is a caller's processor rather than one of the
// built-in stages.
func custom(p Postprocessor) bool {
	switch p.(type) {
	case Threshold, *Threshold, Curate, *Curate, Decay, *Decay, MMR, *MMR, Supersede, *Supersede:
		return false
	}
	return true
}

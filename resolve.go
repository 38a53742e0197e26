package memweave

import (
	"context"
	"fmt"

	"github.com/memweave/memweave-go/curator"
	"github.com/memweave/memweave-go/search"
)

// Ref points at lines of a note: a file, its first line and, for more
// than one, its last (EndLine; 0 for StartLine alone).
type Ref = search.Ref

// ResolveResult is what [Weave.Resolve] did.
type ResolveResult = curator.ResolveResult

// Resolve settles a contradiction by keeping one line: it supersedes the
// lines drop names (drop.StartLine through drop.EndLine, or that line
// alone) and nothing else, with a marker right after them in plain
// Markdown that names them and the kept line by content, the day
// (Config.Now in Config.TimeZone) and the reason, then re-indexes:
//
//	The staging database runs PostgreSQL 15.
//	> Superseded (1 line above, #3f2a9c1b) by memory/stack.md#7d0e4a21 (2026-12-01): moved to 16
//
// Searches mark those lines with SupersededBy, or leave them out with
// Superseded("hide"); [Weave.Conflicts] no longer reports pairs with
// them. Resolving them again replaces the marker; deleting it undoes it.
// Lines that name nothing give an error wrapping [ErrNoPassage]. The
// edit follows the rules of [Weave.Write]; with [ExpectHash], drop's
// file must hold the expected content, or the error wraps [ErrChanged].
// See [curator.Notes.Resolve] for the rules.
func (w *Weave) Resolve(ctx context.Context, keep, drop Ref, reason string, opts ...WriteOption) (*ResolveResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	res, abs, err := w.notes().Resolve(ctx, keep, drop, reason, w.editOptions(opts))
	if err != nil {
		return nil, fmt.Errorf("memweave: resolve: %w", err)
	}
	if _, err := w.Add(ctx, abs); err != nil {
		return res, err
	}
	return res, nil
}

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

// ResolveResult is what [Weave.Resolve] did: the line kept and the lines
// dropped, as numbered after the edit, and the marker written.
type ResolveResult = curator.ResolveResult

// Resolve settles a contradiction by keeping one line: it supersedes the
// lines drop names (drop.StartLine through drop.EndLine, or that line
// alone) and nothing else, by writing a supersession marker right after
// them ([curate.Supersede]), in plain Markdown:
//
//	The staging database runs PostgreSQL 15.
//	> Superseded (1 line above, #3f2a9c1b) by memory/stack.md#7d0e4a21 (2026-12-01): moved to 16
//
// The marker names the superseded lines by content (a key of their
// text) and the line kept by its file and content key, so an edit above
// either leaves it right; an edit of a superseded line voids it. The
// date is Config.Now's day in Config.TimeZone; the reason is optional.
// Then the note is re-indexed: the index keeps the superseded lines and
// their marker in a passage of their own ([curate.Split]), so the other
// lines of their passage, and notes appended later, stay ordinary
// results. Searches mark that passage with SupersededBy, the kept line,
// or leave it out with Superseded("hide"); [Weave.Conflicts] no longer
// reports pairs with it. Resolving the same lines again replaces the
// marker; deleting the marker undoes it; git log -p is the audit trail.
//
// The kept line must hold text, appear once in its file and not be
// superseded itself. The dropped lines must hold text, hold no marker,
// fit in one passage (Config.ChunkTokens), and overlap no other
// supersession unless they end where it ends (then it is replaced).
// Lines that name nothing (past the end, blank, front matter) give an
// error wrapping [ErrNoPassage]; other refusals name the line. Both
// paths follow the rules of [Weave.Write] (files under memory/); the edit
// is atomic ([memfile.Edit]), takes the workspace's write lock and
// respects Config.MaxFileBytes. With [ExpectHash], drop's file must hold
// the expected content, or nothing is written and the error wraps
// [ErrChanged].
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

package memweave

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/search"
)

// Ref points at lines of a note: a file, its first line and, for more
// than one, its last (EndLine; 0 for StartLine alone).
type Ref = search.Ref

// ResolveResult is what [Weave.Resolve] did.
type ResolveResult struct {
	// Kept is the line kept, as numbered after the edit.
	Kept Ref `json:"kept"`
	// Dropped are the lines superseded: StartLine through EndLine.
	Dropped Ref `json:"dropped"`
	// Line is the supersession marker written right after them, and
	// MarkerLine its line number.
	Line       string `json:"line" jsonschema:"the supersession marker written after the superseded lines"`
	MarkerLine int    `json:"marker_line" jsonschema:"the marker's line number"`
}

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
	keepAbs, keepRel, err := memfile.Target(w.cfg.Workspace, keep.Path)
	if err != nil {
		return nil, fmt.Errorf("memweave: resolve: keep %s: %w", keep.Path, err)
	}
	data, err := os.ReadFile(keepAbs)
	if err != nil {
		return nil, fmt.Errorf("memweave: resolve: keep %s: %w", keepRel, err)
	}
	key, err := keptKey(data, keep.StartLine)
	if err != nil {
		return nil, fmt.Errorf("memweave: resolve: keep %s: %w", keepRel, err)
	}
	from, to := drop.StartLine, max(drop.EndLine, drop.StartLine)
	res := &ResolveResult{Kept: Ref{Path: keepRel, StartLine: keep.StartLine}}
	abs, err := memfile.EditWith(ctx, w.cfg.Workspace, drop.Path, w.editOptions(opts), func(rel string, old []byte) ([]byte, error) {
		res.Kept.StartLine = keep.StartLine
		if rel == keepRel {
			// The kept line as this edit reads it.
			if k, err := keptKey(old, keep.StartLine); err != nil {
				return nil, fmt.Errorf("keep %s: %w", keepRel, err)
			} else if k != key {
				return nil, fmt.Errorf("keep %s: line %d changed while resolving; run resolve again", keepRel, keep.StartLine)
			}
			if from <= keep.StartLine && keep.StartLine <= to {
				return nil, fmt.Errorf("line %d is both kept and dropped", keep.StartLine)
			}
		}
		out, m, err := curate.Supersede(old, from, to, curate.Marker{Path: keepRel, KeptKey: key, Date: w.now().In(w.cfg.TimeZone).Format(time.DateOnly), Reason: reason})
		if errors.Is(err, curate.ErrNoLines) {
			return nil, noPassage{err}
		}
		if err != nil {
			return nil, err
		}
		// The marker's passage must be wholly superseded: lines too many
		// for one passage would leave part of them live.
		for _, c := range curate.Split(out, w.chunkOptions(out)) {
			if c.StartLine <= to+1 && from <= c.EndLine {
				if _, ok := curate.Superseded(c.Text); !ok {
					return nil, fmt.Errorf("lines %d-%d do not fit in one passage (Config.ChunkTokens); supersede fewer at a time", from, to)
				}
			}
		}
		inserted := len(curate.SplitLines(string(out))) > len(curate.SplitLines(string(old)))
		if rel == keepRel && keep.StartLine > to && inserted {
			res.Kept.StartLine++
		}
		res.Dropped = Ref{Path: rel, StartLine: from, EndLine: to}
		res.Line, res.MarkerLine = m.String(), to+1
		return out, nil
	})
	if err != nil {
		return nil, fmt.Errorf("memweave: resolve: %w", err)
	}
	if _, err := w.Add(ctx, abs); err != nil {
		return res, err
	}
	return res, nil
}

// keptKey returns the content key of line of the note data, the line a
// resolution keeps: it must hold text, be no marker, sit after the front
// matter, appear once in the note and not be superseded itself.
func keptKey(data []byte, line int) (string, error) {
	lines := curate.SplitLines(string(data))
	text := ""
	if line >= 1 && line <= len(lines) {
		text = lines[line-1]
	}
	switch {
	case line < 1 || strings.TrimSpace(text) == "":
		return "", noPassage{fmt.Errorf("line %d: blank or past the end; name the line that holds what is kept", line)}
	case line <= frontmatter.Find(data).Lines:
		return "", noPassage{fmt.Errorf("line %d: in the front matter", line)}
	}
	if _, ok := curate.ParseMarker(text); ok {
		return "", fmt.Errorf("line %d is a supersession marker", line)
	}
	for _, s := range curate.Spans(data) {
		if s.From <= line && line <= s.To {
			return "", fmt.Errorf("line %d is itself superseded by the marker at line %d", line, s.To+1)
		}
	}
	key := curate.LinesKey([]string{text})
	if first, n := curate.FindLine(string(data), key); n > 1 {
		return "", fmt.Errorf("line %d: its text is on %d lines of the note (first line %d); keep a line that appears once", line, n, first)
	}
	return key, nil
}

// noPassage is an error about lines that name nothing: it wraps both
// its cause and [ErrNoPassage].
type noPassage struct{ err error }

func (e noPassage) Error() string   { return e.err.Error() }
func (e noPassage) Unwrap() []error { return []error{e.err, ErrNoPassage} }

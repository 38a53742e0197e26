package curator

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/search"
)

// ResolveResult is what [Notes.Resolve] did.
type ResolveResult struct {
	// Kept is the line kept, as numbered after the edit.
	Kept search.Ref `json:"kept"`
	// Dropped are the lines superseded: StartLine through EndLine.
	Dropped search.Ref `json:"dropped"`
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
// text, [curate.LinesKey]) and the line kept by its file and content
// key, so an edit above either leaves it right; an edit of a superseded
// line voids it. The date is Now's day; the reason is optional. The
// index keeps the superseded lines and their marker in a passage of
// their own ([indexer.Chunk]), so the other lines of their passage, and
// notes appended later, stay ordinary results. Resolving the same lines
// again replaces the marker; deleting the marker undoes it. It returns
// what it did and the absolute path of drop's note, for the caller to
// re-index.
//
// The kept line must hold text, appear once in its file and not be
// superseded itself; it is read first, and again in each attempt of the
// edit, under the write lock (a save to both notes between the read and
// the rename may have changed it: a kept line no longer there, or
// changed, refuses the resolution, the error wrapping
// [memfile.ErrChanged] when the line changed). The dropped lines must hold text, hold no marker, fit in
// one passage (Chunk.MaxTokens), and overlap no other supersession
// unless they end where it ends (then it is replaced). Lines that name
// nothing (past the end, blank, front matter) give an error wrapping
// [ErrNoPassage]; other refusals name the line. Both paths follow the
// path rules of memfile (files under memory/); the edit is atomic
// ([memfile.EditWith] with opts), takes the workspace's write lock and
// respects opts.MaxBytes. It waits for a consolidate apply in progress
// ([memfile.LockApply]). With opts.ExpectHash, drop's file must hold the
// expected content, or nothing is written; the hash is of that file
// alone, so a kept line in another note is checked by keep.Text only
// (the CLI refuses --expect-hash there without --keep-text). A save another program makes
// to drop's file during the edit is kept and the resolution redone on
// it, unless drop has no Text and the save changed a line at or above
// the lines drop names by number (they may have moved): then the error
// wraps [memfile.ErrChanged] and nothing is written.
//
// keep.Text and drop.Text, when set, are the text of keep.StartLine and
// drop.StartLine as the caller read them (a conflicts listing): a line
// that no longer reads so, moved by an edit since (the marker of an
// earlier resolution from the same listing, an editor's insert), is
// found by its text, the dropped range moving with its first line; a
// text that no line of the note, or several, reads is refused, naming
// the file, the line and the text, and nothing is written. drop.Text
// may hold every line of the range, one per line: the range is then
// found whole, and one edited inside since is refused ([rangeOf]);
// with its first line alone, such an edit goes unseen. With
// opts.ExpectHash too, nothing moved since the caller read the note: a
// drop.StartLine that does not read drop.Text is refused, naming the
// line that does.
func (n *Notes) Resolve(ctx context.Context, keep, drop search.Ref, reason string, opts memfile.EditOptions) (*ResolveResult, string, error) {
	// Not during a consolidate apply: it checks once for markers written
	// since its listing, and the kept line, read here before the write
	// lock, may be a copy it is about to drop.
	unlock, err := n.lockApply(ctx, keep.Path, drop.Path)
	if err != nil {
		return nil, "", err
	}
	defer unlock()
	_, keepRel, err := memfile.Target(n.Dir, keep.Path)
	if err != nil {
		return nil, "", fmt.Errorf("keep %s: %w", keep.Path, err)
	}
	data, err := n.read(keepRel)
	if err != nil {
		return nil, "", fmt.Errorf("keep %s: %w", keepRel, err)
	}
	kept, err := lineOf(data, keep.StartLine, keep.Text)
	if err != nil {
		return nil, "", fmt.Errorf("keep %s: %w", keepRel, err)
	}
	key, err := keptKey(data, kept)
	if err != nil {
		return nil, "", fmt.Errorf("keep %s: %w", keepRel, err)
	}
	marker := curate.Marker{Path: keepRel, KeptKey: key, Date: n.Now().Format(time.DateOnly), Reason: reason}
	res := &ResolveResult{Kept: search.Ref{Path: keepRel, StartLine: kept}}
	var first []byte // the note as the first attempt read it
	abs, err := memfile.EditWith(ctx, n.Dir, drop.Path, opts, func(rel string, old []byte) ([]byte, error) {
		if first == nil {
			first = old
		} else if drop.Text == "" && !sameLinesThrough(first, old, max(drop.EndLine, drop.StartLine)) {
			// Redone on a save another program made meanwhile, which
			// changed the lines up to those named by number alone:
			// they may have moved with it.
			return nil, fmt.Errorf("line %d: saved by another program while resolving, with a change at or above the lines named by number alone, which may have moved; run resolve again, or give the text of the lines: %w", drop.StartLine, memfile.ErrChanged)
		}
		from, to, err := dropRange(old, drop, opts.ExpectHash != "")
		if err != nil {
			return nil, err
		}
		// The kept line as this attempt reads it, under the write lock:
		// in the note edited, or read again (a save to both notes may
		// have changed it since the read above).
		keepData := old
		if rel != keepRel {
			if keepData, err = n.read(keepRel); err != nil {
				return nil, fmt.Errorf("keep %s: %w", keepRel, err)
			}
		}
		if res.Kept.StartLine, err = lineOf(keepData, keep.StartLine, keep.Text); err != nil {
			return nil, fmt.Errorf("keep %s: %w", keepRel, err)
		}
		if k, err := keptKey(keepData, res.Kept.StartLine); err != nil {
			return nil, fmt.Errorf("keep %s: %w", keepRel, err)
		} else if k != key {
			return nil, fmt.Errorf("keep %s: line %d changed while resolving; run resolve again: %w", keepRel, res.Kept.StartLine, memfile.ErrChanged)
		}
		if rel == keepRel && from <= res.Kept.StartLine && res.Kept.StartLine <= to {
			return nil, fmt.Errorf("line %d is both kept and dropped", res.Kept.StartLine)
		}
		out, m, err := n.supersede(old, from, to, marker)
		if err != nil {
			return nil, err
		}
		inserted := len(curate.SplitLines(string(out))) > len(curate.SplitLines(string(old)))
		if rel == keepRel && res.Kept.StartLine > to && inserted {
			res.Kept.StartLine++
		}
		res.Dropped = search.Ref{Path: rel, StartLine: from, EndLine: to}
		res.Line, res.MarkerLine = m.String(), to+1
		return out, nil
	})
	if err != nil {
		return nil, "", err
	}
	return res, abs, nil
}

// supersede writes the marker m after lines from through to of the note
// old ([curate.Supersede]), refusing lines that do not fit in one
// passage: they would leave part of them live.
func (n *Notes) supersede(old []byte, from, to int, m curate.Marker) ([]byte, curate.Marker, error) {
	out, m, err := curate.Supersede(old, from, to, m)
	if errors.Is(err, curate.ErrNoLines) {
		return nil, m, noPassage{err}
	}
	if err != nil {
		return nil, m, err
	}
	for _, c := range n.split(out) {
		if c.StartLine <= to+1 && from <= c.EndLine {
			if _, ok := curate.Superseded(c.Text); !ok {
				return nil, m, fmt.Errorf("lines %d-%d do not fit in one passage (Config.ChunkTokens); supersede fewer at a time", from, to)
			}
		}
	}
	return out, m, nil
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

// dropRange is [rangeOf], and, when hashed (the note is as the caller
// read it: nothing moved), an error when drop.StartLine does not read
// drop.Text: the line named and the line of the text are two lines.
func dropRange(data []byte, drop search.Ref, hashed bool) (from, to int, err error) {
	from, to, err = rangeOf(data, drop)
	if err == nil && hashed && drop.Text != "" && from != drop.StartLine {
		return 0, 0, fmt.Errorf("line %d does not read the text given, which stands at line %d, though the note is as expected (its hash): the line and the text name two lines; name line %d", drop.StartLine, from, from)
	}
	return from, to, err
}

// rangeOf returns the first and last lines of the note data that drop
// names: drop.StartLine through drop.EndLine (or that line alone) as
// [lineOf] finds the first by drop.Text, the range moving with it. A
// drop.Text of several lines is the text of every line of the range
// (the listing's passage; drop.EndLine, when set, must agree): the
// range is where those lines stand together, at drop.StartLine or, moved
// since, the one place of the note that holds them; none (a line of it
// edited, one inserted inside it), or several, is an error naming the
// line and nothing is written. With the first line's text alone, an
// edit inside the range goes unseen.
func rangeOf(data []byte, drop search.Ref) (from, to int, err error) {
	text := strings.TrimRight(strings.ReplaceAll(drop.Text, "\r\n", "\n"), "\n")
	if !strings.Contains(text, "\n") {
		from, err = lineOf(data, drop.StartLine, text)
		return from, max(drop.EndLine, drop.StartLine) + from - drop.StartLine, err
	}
	want := strings.Split(text, "\n")
	k := len(want)
	if drop.EndLine != 0 && drop.EndLine-drop.StartLine+1 != k {
		return 0, 0, fmt.Errorf("lines %d-%d: the text given for them has %d lines; give the text of each line of the range", drop.StartLine, drop.EndLine, k)
	}
	key := curate.LinesKey(want)
	lines := curate.SplitLines(string(data))
	if s := drop.StartLine; s >= 1 && s-1+k <= len(lines) && curate.LinesKey(lines[s-1:s-1+k]) == key {
		return s, s + k - 1, nil
	}
	var at []int
	for i := 0; i+k <= len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "" && curate.LinesKey(lines[i:i+k]) == key {
			at = append(at, i+1)
		}
	}
	switch {
	case len(at) == 1:
		return at[0], at[0] + k - 1, nil
	case len(at) > 1:
		return 0, 0, fmt.Errorf("line %d: the %d lines given do not stand there, and stand at %d places (lines %d and %d); name one of them", drop.StartLine, k, len(at), at[0], at[1])
	}
	return 0, 0, fmt.Errorf("line %d: the %d lines given, from %q, no longer stand together in the note (one edited, or a line inserted among them, since they were listed); list the conflicts again", drop.StartLine, k, want[0])
}

// lineOf returns the line of the note data that line and text name: line
// itself when text is "" or the line reads text (white space around
// either aside), else the note's only line that reads text, which an edit
// since the caller read it moved. None, or several, is an error naming
// the line and the text.
func lineOf(data []byte, line int, text string) (int, error) {
	if text == "" {
		return line, nil
	}
	if strings.ContainsAny(text, "\r\n") {
		return 0, fmt.Errorf("line %d: the text given for it is more than one line; give the text of that line alone", line)
	}
	want := curate.LinesKey([]string{text})
	lines := curate.SplitLines(string(data))
	if line >= 1 && line <= len(lines) && curate.LinesKey(lines[line-1:line]) == want {
		return line, nil
	}
	var at []int
	for i, l := range lines {
		if strings.TrimSpace(l) != "" && curate.LinesKey([]string{l}) == want {
			at = append(at, i+1)
		}
	}
	switch {
	case len(at) == 1:
		return at[0], nil
	case len(at) > 1:
		return 0, fmt.Errorf("line %d does not read %q, and %d lines do (lines %d and %d); name one of them", line, text, len(at), at[0], at[1])
	}
	return 0, fmt.Errorf("line %d: no line of the note reads %q any more (edited or removed since it was listed); list the conflicts again", line, text)
}

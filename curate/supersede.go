package curate

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/internal/mdfence"
)

// A supersession marker is the line memweave resolve writes right after
// the lines it supersedes, as a block quote so the note still reads as
// Markdown and git diff shows the decision:
//
//	We run PostgreSQL 15.
//	> Superseded (1 line above, #3f2a9c1b) by memory/stack.md#7d0e4a21 (2026-12-01): moved to 16
//
// It names the superseded lines by content: their count above it and a
// key of their text ([LinesKey]). A marker whose lines no longer match
// its key (they were edited, or a line was inserted between them and the
// marker) supersedes nothing. It names the line kept instead by file and
// content key, never by line number, so an edit above that line leaves
// the reference valid. Deleting the marker undoes the resolution.
// It is compiled on first use: most commands never read a marker.
var markerLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([ \t]*)> Superseded \(([1-9][0-9]{0,5}) lines? above, #([0-9a-f]{8})\) by (.+?)#([0-9a-f]{8}) \(([0-9]{4}-[0-9]{2}-[0-9]{2})\)(?:: (.*?))?[ \t]*$`)
})

// markerHint is a substring of every marker line, to skip text that
// holds none without running the expression.
const markerHint = "> Superseded ("

// Errors of [Supersede], wrapped with the line they concern.
var (
	// ErrNoLines is for lines that name nothing to supersede: past the
	// end of the note, blank, or in its front matter.
	ErrNoLines = errors.New("curate: no lines to supersede there")
	// ErrMarkerInRange is for lines that hold a supersession marker, or
	// that overlap the lines an existing marker supersedes without ending
	// where they end.
	ErrMarkerInRange = errors.New("curate: the lines overlap a supersession")
)

// Marker is what a supersession marker line says.
type Marker struct {
	// Lines is how many lines directly above the marker it supersedes,
	// and Key the content key of those lines ([LinesKey]).
	Lines int
	Key   string
	// Path is the workspace-relative file of the line kept instead, and
	// KeptKey that line's content key ([LinesKey] of it alone).
	Path, KeptKey string
	// Date is the YYYY-MM-DD day of the decision; Reason is "" when none
	// was given.
	Date, Reason string
}

// String returns the marker line for m, without indentation or line
// ending; the reason's white space runs become single spaces.
func (m Marker) String() string {
	s := "s"
	if m.Lines == 1 {
		s = ""
	}
	line := fmt.Sprintf("> Superseded (%d line%s above, #%s) by %s#%s (%s)", m.Lines, s, m.Key, m.Path, m.KeptKey, m.Date)
	if r := strings.Join(strings.Fields(m.Reason), " "); r != "" {
		line += ": " + r
	}
	return line
}

// ParseMarker reads a marker line (with or without its line ending).
func ParseMarker(line string) (Marker, bool) {
	if !strings.Contains(line, markerHint) {
		return Marker{}, false
	}
	g := markerLine().FindStringSubmatch(strings.TrimRight(line, "\r\n"))
	if g == nil {
		return Marker{}, false
	}
	n, _ := strconv.Atoi(g[2])
	return Marker{Lines: n, Key: g[3], Path: g[4], KeptKey: g[5], Date: g[6], Reason: g[7]}, true
}

// Span is a run of superseded lines and the marker after it.
type Span struct {
	// From and To are the superseded lines, 1-based, inclusive; the
	// marker is line To+1.
	From, To int
	Marker   Marker
}

// Spans returns the supersessions of the document src that hold: each
// marker whose Lines lines above it hold no marker and match its Key, in
// document order. Lines are counted as [chunker.Split] counts them (LF,
// CRLF and a lone CR each end one), so the spans of a chunk's Text are
// relative to its first line. Spans never overlap.
func Spans(src []byte) []Span {
	if !bytes.Contains(src, []byte(markerHint)) || uint64(len(src)) > math.MaxUint32 {
		return nil
	}
	// The indexer calls Spans on every note holding a marker, however
	// large: line ends as 4-byte offsets, not a string header (16 bytes)
	// a line, keep its memory a small multiple of the note's.
	text := string(src)
	ends := make([]uint32, 0, strings.Count(text, "\n")+strings.Count(text, "\r")+1)
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			ends = append(ends, uint32(i+1))
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			ends = append(ends, uint32(i+1))
		}
	}
	if len(ends) == 0 || int(ends[len(ends)-1]) < len(text) {
		ends = append(ends, uint32(len(text)))
	}
	return spansOf(len(ends), func(i int) string {
		start := uint32(0)
		if i > 0 {
			start = ends[i-1]
		}
		return text[start:ends[i]]
	})
}

// spans is [Spans] of a note split by [SplitLines].
func spans(lines []string) []Span {
	return spansOf(len(lines), func(i int) string { return lines[i] })
}

// spansOf returns the supersessions of the n lines that line returns,
// each with its line ending. A marker in a fenced code block is code
// (an example of one, say), and lines above a marker that reach into a
// fenced block are not superseded: neither makes a span.
func spansOf(n int, line func(i int) string) []Span {
	var out []Span
	var above []string
	var f mdfence.Fence
	last := -1     // the last marker line so far, valid or not
	lastCode := -1 // the last line of a fenced block so far, fences included
	for i := 0; i < n; i++ {
		l := line(i)
		if f.Code(l) {
			lastCode = i
			continue
		}
		m, ok := ParseMarker(l)
		if !ok {
			continue
		}
		from := i - m.Lines
		// The lines above hold no marker: each line is hashed for one
		// marker at most, so the work stays linear in the document.
		if from > last && from > lastCode {
			above = above[:0]
			for j := from; j < i; j++ {
				above = append(above, line(j))
			}
			if LinesKey(above) == m.Key {
				out = append(out, Span{From: from + 1, To: i, Marker: m})
			}
		}
		last = i
	}
	return out
}

// Split chunks the note src with opts as the index does ([Cut]), so that
// a chunk is either wholly superseded or holds no superseded line, and a
// front matter block (a feedback mark) is in no chunk.
func Split(src []byte, opts chunker.Options) []chunker.Chunk {
	opts, _, _ = Cut(src, opts)
	return chunker.Split(src, opts)
}

// Cut returns the options the index chunks the note src with, the one
// place that decides them: opts, with a front matter block in no chunk
// when it is valid or over its budget (its fields are not text to find,
// and a block over budget would cost the chunker and the embedder its
// size; an invalid block stays text), and each supersession (its lines
// and its marker, [Apart]) in chunks of its own. It also returns the
// block's fields and the error reading them (a *frontmatter.Error).
func Cut(src []byte, opts chunker.Options) (chunker.Options, frontmatter.Meta, error) {
	meta, fm, err := frontmatter.Parse(src)
	var fe *frontmatter.Error
	switch {
	case errors.As(err, &fe):
		opts.DropFrontMatter = errors.Is(err, frontmatter.ErrTooLarge)
	case fm.Lines > 0:
		opts.DropFrontMatter = true
	}
	opts.Apart = append(opts.Apart, Apart(src)...)
	return boundPassages(len(src), opts), meta, err
}

// maxPassages bounds the passages a note's size cuts it into: each one
// holds its text, terms and vector through the note's write. The
// default chunks (400 tokens, overlap 80) cut the largest note (16 MiB)
// into 13,108.
const maxPassages = 16384

// boundPassages returns opts for a note of size bytes with its chunk
// size and overlap multiplied alike, when at the size opts gives (each
// passage moving on by the size less the overlap) the note would be cut
// into more than [maxPassages]: the smallest chunks a settings file may
// set (16 tokens, overlap 8) made a passage of every 32 bytes.
func boundPassages(size int, opts chunker.Options) chunker.Options {
	tokens, overlap := opts.MaxTokens, 80
	if tokens <= 0 {
		tokens = 400
	}
	if opts.Overlap != nil {
		overlap = max(*opts.Overlap, 0)
	}
	step := (tokens - min(overlap, tokens-1)) * 4 // bytes; EstimateTokens's 4 a token
	if f := (size + maxPassages*step - 1) / (maxPassages * step); f > 1 {
		opts.MaxTokens, opts.Overlap = tokens*f, new(overlap*f)
	}
	return opts
}

// Apart returns the line ranges of src's supersessions, each its lines
// and its marker, for [chunker.Options].Apart; nil when there are none.
func Apart(src []byte) []chunker.Span {
	var out []chunker.Span
	for _, s := range Spans(src) {
		out = append(out, chunker.Span{Start: s.From, End: s.To + 1})
	}
	return out
}

// Superseded reports whether a chunk's text, as [Split] cuts it, is
// superseded: every non-blank line of it is a line a marker in it
// supersedes, or that marker, or a heading before them (Split puts a
// section's heading with the superseded lines that directly follow it
// rather than leave it alone in a chunk). It returns the last marker.
// Split keeps a supersession in one chunk unless its lines alone exceed
// the chunk size.
func Superseded(text string) (Marker, bool) {
	if !strings.Contains(text, markerHint) {
		return Marker{}, false
	}
	lines := SplitLines(text)
	ss := spans(lines)
	if len(ss) == 0 {
		return Marker{}, false
	}
	covered := make([]bool, len(lines))
	for _, s := range ss {
		for i := s.From - 1; i <= s.To; i++ {
			covered[i] = true
		}
	}
	head := headingLines(lines[:ss[0].From-1])
	for i, l := range lines {
		if !covered[i] && !(i < head) && strings.TrimSpace(l) != "" {
			return Marker{}, false
		}
	}
	return ss[len(ss)-1].Marker, true
}

// FindLine returns the 1-based number of the first line of text whose
// content key is key ([LinesKey] of it alone), not counting marker
// lines, and how many lines have that key.
func FindLine(text, key string) (line, count int) {
	for i, l := range SplitLines(text) {
		if strings.TrimSpace(l) == "" || LinesKey([]string{l}) != key {
			continue
		}
		if _, ok := ParseMarker(l); ok {
			continue
		}
		if count++; count == 1 {
			line = i + 1
		}
	}
	return line, count
}

// Supersede returns src with a supersession marker right after lines
// from to to (1-based, inclusive), saying m (its Lines and Key are set
// from those lines, and returned). A marker already directly after them
// is replaced: resolving the same lines again changes the decision.
//
// The surgery is exact: only the marker line is added or replaced, and
// every other line stays byte for byte, except that a last line without
// a line ending gets one before the marker. The marker takes the file's
// line ending (its first one; LF when none) and the indentation of the
// first superseded line's content, so that a superseded list item keeps
// its marker inside the item.
//
// It fails, wrapping [ErrNoLines], for lines past the end, all blank, or
// in the front matter; for lines ending on a row of a table that goes on
// after them (the marker would end the table, the rows below losing
// their header); for lines ending in the text of a setext heading (the
// marker would part it from its "---" or "===" underline); for lines
// ending inside an HTML comment (the marker would be hidden); for lines
// ending mid-paragraph or mid list item (the marker, a quote line, would
// take the next line in, see [lazyAfter]); and,
// wrapping [ErrMarkerInRange], for lines that
// hold a marker, or that overlap lines an existing marker supersedes
// without ending where they end (resolve exactly those lines, or delete
// that marker first).
func Supersede(src []byte, from, to int, m Marker) ([]byte, Marker, error) {
	lines := SplitLines(string(src))
	switch {
	case from < 1 || to < from:
		return nil, m, fmt.Errorf("lines %d-%d: not a range of lines: %w", from, to, ErrNoLines)
	case to > len(lines):
		return nil, m, fmt.Errorf("line %d: past the end of the note (%d lines): %w", to, len(lines), ErrNoLines)
	case from <= frontmatter.Find(src).Lines:
		return nil, m, fmt.Errorf("line %d: in the front matter: %w", from, ErrNoLines)
	}
	var f mdfence.Fence
	comment := 0 // the line that opened the HTML comment still open, 1-based
	for i, l := range lines[:to] {
		if f.Code(l) {
			if i >= from-1 {
				return nil, m, fmt.Errorf("line %d is in a code block (fenced or indented), where a marker would be code, not a resolution: %w", i+1, ErrNoLines)
			}
			continue
		}
		if open := commentOpen(comment > 0, l); !open {
			comment = 0
		} else if comment == 0 {
			comment = i + 1
		}
	}
	if comment > 0 {
		return nil, m, fmt.Errorf("line %d is inside the HTML comment opened at line %d, where a marker would be hidden, not a resolution: %w", to, comment, ErrNoLines)
	}
	if err := layoutRefusal(lines, to); err != nil {
		return nil, m, err
	}
	named := lines[from-1 : to]
	first := -1
	for i, l := range named {
		if _, ok := ParseMarker(l); ok {
			return nil, m, fmt.Errorf("line %d is a supersession marker: %w", from+i, ErrMarkerInRange)
		}
		if first < 0 && strings.TrimSpace(l) != "" {
			first = i
		}
	}
	if first < 0 {
		return nil, m, fmt.Errorf("%s: blank: %w", rangeName(from, to), ErrNoLines)
	}
	for _, s := range spans(lines) {
		if s.From <= to && from <= s.To && s.To != to {
			return nil, m, fmt.Errorf("%s overlap %s, which the marker at line %d supersedes; name exactly those lines to replace it, or delete it first: %w",
				rangeName(from, to), rangeName(s.From, s.To), s.To+1, ErrMarkerInRange)
		}
	}
	m.Lines, m.Key = len(named), LinesKey(named)
	m.Reason = strings.Join(strings.Fields(m.Reason), " ")
	if back, ok := ParseMarker(m.String()); !ok || back != m {
		return nil, m, fmt.Errorf("cannot write a marker naming %q#%s dated %q: it would not read back", m.Path, m.KeptKey, m.Date)
	}
	nl := lineEnding(lines)
	out := make([]string, 0, len(lines)+1)
	out = append(out, lines[:to]...)
	if !strings.HasSuffix(out[to-1], "\n") && !strings.HasSuffix(out[to-1], "\r") {
		out[to-1] += nl
	}
	rest := lines[to:]
	end := nl
	if len(rest) > 0 {
		if _, ok := ParseMarker(rest[0]); ok {
			end = rest[0][len(strings.TrimRight(rest[0], "\r\n")):]
			rest = rest[1:]
		}
	}
	out = append(out, indentOf(named[first])+m.String()+end)
	out = append(out, rest...)
	return []byte(strings.Join(out, "")), m, nil
}

// commentOpen reports whether an HTML comment is open after line, given
// whether one was open before it: "<!--" opens one, "-->" closes it.
func commentOpen(open bool, line string) bool {
	for {
		mark := "<!--"
		if open {
			mark = "-->"
		}
		i := strings.Index(line, mark)
		if i < 0 {
			return open
		}
		open, line = !open, line[i+len(mark):]
	}
}

// layoutRefusal returns why a marker written after line to would change
// how the lines around it read: it would end a table, part a setext
// heading from its underline, or take the next line in (see
// [lazyAfter]); nil when none.
func layoutRefusal(lines []string, to int) error {
	if next := nextLine(lines, to); next < len(lines) {
		if kinds := blocks(lines); kinds[to-1] == tableRow && kinds[next] == tableRow {
			return fmt.Errorf("line %d is a row of a table that goes on at line %d: a marker after it would end the table there, and the rows below would lose their header; move the row last in the table, or out of it, then resolve it", to, next+1)
		}
	}
	if u := underlineAfter(lines, to); u > 0 {
		return fmt.Errorf("line %d is the text of a heading underlined at line %d: a marker after it would make the heading a paragraph and its underline a break, and the lines below would lose the heading; resolve the lines under the heading, or write it as \"## ...\" first", to, u)
	}
	if next := lazyAfter(lines, to); next > 0 {
		return fmt.Errorf("line %d goes on at line %d, in the same paragraph: a marker between them, a quote line, would take line %d in as its own text in a viewer; resolve the lines through the paragraph's end, or put a blank line after line %d first", to, next, next, to)
	}
	return nil
}

// lazyAfter returns the line (1-based) after line to that goes on the
// paragraph or list item line to ends, which a marker written between
// them would take in as its lazy continuation, or 0: a line of text, not
// blank and not one that opens a block of its own (a heading, a quote, a
// list item, a fence, HTML, a thematic break).
func lazyAfter(lines []string, to int) int {
	next := nextLine(lines, to)
	if next >= len(lines) || strings.TrimSpace(lines[to-1]) == "" || strings.TrimSpace(lines[next]) == "" {
		return 0
	}
	kinds := blocks(lines)
	if kinds[to-1] != prose || kinds[next] != prose || opensBlock().MatchString(lines[next]) || listItem().MatchString(lines[next]) {
		return 0
	}
	return next + 1
}

// opensBlock matches a line that opens a block of its own after a
// paragraph: an ATX heading, a quote, a fence, HTML, a thematic break.
var opensBlock = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^ {0,3}(?:#{1,6}(?:[ \t]|\r?\n?$)|>|` + "```" + `|~~~|<|(?:[-*_][ \t]*){3,}\r?\n?$)`)
})

// nextLine returns the index (0-based) of the line after line to
// (1-based) that a marker written after to would stand before: the line
// after to, or after the marker there, which the new one replaces.
func nextLine(lines []string, to int) int {
	if to < len(lines) {
		if _, ok := ParseMarker(lines[to]); ok {
			return to + 1
		}
	}
	return to
}

// rangeName is "line N" or "lines N-M".
func rangeName(from, to int) string {
	if from == to {
		return "line " + strconv.Itoa(from)
	}
	return fmt.Sprintf("lines %d-%d", from, to)
}

// headingLines returns how many of lines, the lines of a chunk before
// its first supersession, are a heading: all of them when each non-blank
// one is an ATX heading, or when the last non-blank one underlines a
// setext heading; else 0.
func headingLines(lines []string) int {
	last := ""
	atx := true
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		last = l
		atx = atx && atxHeading().MatchString(l)
	}
	if last == "" || atx || setextUnderline().MatchString(last) {
		return len(lines)
	}
	return 0
}

// atxHeading matches an ATX heading line, setextUnderline the line under
// a setext heading.
var (
	atxHeading      = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^ {0,3}#{1,6}(?:[ \t]|$)`) })
	setextUnderline = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^ {0,3}(?:=+|-+)[ \t]*\r?\n?$`) })
)

// listItem matches the indentation and marker of a list item's first
// line ([mdfence.ListItem], which the fence tracker reads lists with).
var listItem = mdfence.ListItem

// indentOf returns the white space that puts a line at the content
// column of line: its own indentation, plus the width of a list marker.
func indentOf(line string) string {
	if g := listItem().FindString(line); g != "" {
		lead := len(g) - len(strings.TrimLeft(g, " \t"))
		return g[:lead] + strings.Repeat(" ", len(g)-lead)
	}
	return line[:len(line)-len(strings.TrimLeft(line, " \t"))]
}

// lineEnding returns the first line ending of lines, "\n" when none.
func lineEnding(lines []string) string {
	for _, l := range lines {
		switch {
		case strings.HasSuffix(l, "\r\n"):
			return "\r\n"
		case strings.HasSuffix(l, "\n"):
			return "\n"
		case strings.HasSuffix(l, "\r"):
			return "\r"
		}
	}
	return "\n"
}

// SplitLines returns the lines of s, each with its line ending: LF, CRLF
// or a lone CR, as [chunker.CountLines] counts them. The last line may
// have none; an empty s has no lines.
func SplitLines(s string) []string {
	out := make([]string, 0, strings.Count(s, "\n")+1)
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n':
			out = append(out, s[start:i+1])
			start = i + 1
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			out = append(out, s[start:i+1])
			start = i + 1
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// oldMarkerHint starts the supersession line of memweave before
// line-level resolve ("> Superseded by memory/stack.md:12 (2026-12-01):
// reason"), which named its kept side by line number and superseded a
// whole passage.
const oldMarkerHint = "> Superseded by "

var oldMarkerLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[ \t]*> Superseded by \S+:[0-9]+ \([0-9]{4}-[0-9]{2}-[0-9]{2}\)`)
})

// OldMarker returns the 1-based line of the first supersession line of
// the old form in src, 0 when there is none. Such a line is no longer
// read: the resolution it records has to be made again with [Supersede].
func OldMarker(src []byte) int {
	// Each line is matched once at most, so the work stays linear.
	for from := 0; ; {
		i := bytes.Index(src[from:], []byte(oldMarkerHint))
		if i < 0 {
			return 0
		}
		at := from + i
		start := from + bytes.LastIndexAny(src[from:at], "\r\n") + 1
		end := len(src)
		if j := bytes.IndexAny(src[at:], "\r\n"); j >= 0 {
			end = at + j
		}
		if oldMarkerLine().Match(src[start:end]) {
			return chunker.CountLines(string(src[:start])) + 1
		}
		from = end
	}
}

// underlineAfter returns the line (1-based) of the setext underline of
// the paragraph that the line numbered to (1-based) is in, when to is
// not that underline itself: 0 when the paragraph (prose lines up to a
// blank one) ends without one.
func underlineAfter(lines []string, to int) int {
	kinds := blocks(lines)
	if kinds[to-1] != prose || setextUnderline().MatchString(lines[to-1]) {
		return 0
	}
	for i := to; i < len(lines) && kinds[i] == prose && strings.TrimSpace(lines[i]) != ""; i++ {
		if setextUnderline().MatchString(lines[i]) {
			return i + 1
		}
	}
	return 0
}

package chunker

import (
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxOption bounds MaxTokens and Overlap so that byte budgets cannot
// overflow an int.
const maxOption = math.MaxInt / 8

// Split cuts the Markdown document src into chunks of at most
// opts.MaxTokens estimated tokens each (see [EstimateTokens]), in document
// order.
//
// Every top-level heading starts a new chunk, which holds the heading line
// and the start of its section; sections are never merged, except that a
// heading with no content of its own (directly followed by another
// heading) is folded into the next section. A section too
// big for one chunk is cut at the best place the budget allows: before a
// top-level block, then before a list item or nested block, then at a
// blank line, then between lines. Code blocks are cut only when they alone
// exceed the budget, and a single line only when it alone does, at a rune
// boundary (preferably after a space); such a chunk holds part of a line.
// The chunk after a cut inside a section starts with the trailing whole
// lines of the previous chunk, up to opts.Overlap tokens, when they fit.
//
// Chunks hold no leading or trailing blank lines; an empty or blank
// document gives no chunks. CRLF and CR line endings give the same chunks
// as LF, and a leading byte order mark is dropped. A YAML front matter
// block ("---" ... "---" at the top) is a section of its own with no
// headings, or in no chunk with opts.DropFrontMatter. Split never splits a UTF-8 sequence and never panics, even on
// invalid UTF-8.
//
// Split runs in time linear in len(src). Lines whose shape would make the
// Markdown parser slow (longer than 8 KB; more than 16 list or quote
// markers, or more than 64 columns of indentation and markers, at the
// start; more than 256 '[' and '(') are not parsed: the region holding
// one, the run of non-blank lines around it, is cut by blank lines and
// line breaks alone, and a heading in it does not start a section.
//
// Split's memory is proportional to len(src), whatever its shape: a few
// bytes a line and none kept per heading. The Markdown parser, whose state
// grows by dozens of bytes a line, reads the document in pieces of a
// bounded number of lines, so a top-level block longer than a piece (a
// paragraph or code block of many thousands of lines) is cut into blocks
// of a piece each; a document longer than 4 GiB is chunked in parts of at
// most that size, each its own document but for line numbers.
//
// The chunks' Text fields share one copy of the document, and chunks of
// the same section share their Headings slice: treat it as read-only.
// Split is safe for concurrent use.
func Split(src []byte, opts Options) []Chunk {
	return splitWith(string(src), opts, maxLinesBytes)
}

// SplitString is [Split] for a document held in a string. Its chunks'
// Text fields are substrings of src unless src has CR line endings: a
// caller that holds its document in a string needs no second copy.
func SplitString(src string, opts Options) []Chunk {
	return splitWith(src, opts, maxLinesBytes)
}

// splitWith is SplitString with documents of more than most bytes cut
// into parts (see splitParts).
func splitWith(src string, opts Options, most int) []Chunk {
	maxTokens := opts.MaxTokens
	if maxTokens <= 0 {
		maxTokens = DefaultMaxTokens
	}
	overlap := DefaultOverlap
	if opts.Overlap != nil {
		overlap = max(*opts.Overlap, 0)
	}
	maxTokens = min(maxTokens, maxOption)
	overlap = min(overlap, maxOption)

	norm := strings.TrimPrefix(src, "\ufeff")
	if strings.IndexByte(norm, '\r') >= 0 {
		norm = string(normalize([]byte(norm)))
	}
	return splitParts(nil, norm, 4*maxTokens, 4*overlap, opts.DropFrontMatter, opts.Apart, most)
}

// splitParts appends the chunks of the LF-normalised document norm to
// out, cut into chunks of at most budget bytes with overlap bytes of
// overlap. A document longer than most bytes, more than a line table
// holds, is cut into parts of at most most bytes, after a line feed when
// one is in the second half of the part, each chunked on its own: a
// section and its heading path end with the part, and only the first part
// may hold front matter.
func splitParts(out []Chunk, norm string, budget, overlap int, dropFM bool, apart []Span, most int) []Chunk {
	first := true
	shift := 0 // lines of norm before the part
	for len(norm) > most {
		cut := strings.LastIndexByte(norm[most/2:most], '\n') + most/2 + 1
		if cut == most/2 {
			cut = most
			for c := most; c > most-utf8.UTFMax; c-- {
				if utf8.RuneStart(norm[c]) {
					cut = c
					break
				}
			}
		}
		n := len(out)
		out = splitDoc(out, norm[:cut], budget, overlap, dropFM, first, shiftSpans(apart, shift))
		for i := n; i < len(out); i++ {
			out[i].StartLine += shift
			out[i].EndLine += shift
		}
		shift += CountLines(norm[:cut])
		if norm[cut-1] != '\n' {
			shift-- // the part ends inside a line the next part goes on with
		}
		norm, first = norm[cut:], false
	}
	n := len(out)
	out = splitDoc(out, norm, budget, overlap, dropFM, first, shiftSpans(apart, shift))
	for i := n; i < len(out); i++ {
		out[i].StartLine += shift
		out[i].EndLine += shift
	}
	return out
}

// splitDoc appends the chunks of the LF-normalised document norm, of at
// most maxLinesBytes bytes, to out; it looks for front matter when fm is
// set, and keeps the line ranges apart in chunks of their own (see
// Options.Apart).
func splitDoc(out []Chunk, norm string, budget, overlap int, dropFM, fm bool, apart []Span) []Chunk {
	l := newLines(norm)
	if l.lastNB(l.n()) == 0 {
		return out // empty or blank
	}
	sp := splitter{
		l:       l,
		budget:  budget,
		overlap: overlap,
	}
	o := analyze(l, sp.budget, dropFM, fm)
	sp.prio = o.prio
	secs := o.sections
	if len(apart) > 0 {
		secs = cutApart(l, secs, apart)
	}
	out = slices.Grow(out, len(secs)+len(norm)/sp.budget+1)
	for _, sec := range secs {
		out = sp.section(out, sec)
	}
	return out
}

// shiftSpans returns the spans of a document as line numbers of its part
// that starts after shift lines, clipped to start at the part's first
// line; spans that end before the part are left out.
func shiftSpans(apart []Span, shift int) []Span {
	if shift == 0 || len(apart) == 0 {
		return apart
	}
	out := make([]Span, 0, len(apart))
	for _, a := range apart {
		if a.End-shift < 1 {
			continue
		}
		out = append(out, Span{Start: max(a.Start-shift, 1), End: a.End - shift})
	}
	return out
}

// cutApart cuts secs at the ends of the line ranges apart (1-based,
// inclusive; see Options.Apart), so that no section holds lines both
// inside and outside one, except that a section's heading with nothing
// else before a range goes with the range rather than stand alone. A
// piece after a cut keeps its section's heading path but not its heading.
func cutApart(l *lines, secs []section, apart []Span) []section {
	n := l.n()
	// cuts are 0-based lines a piece starts at, ascending: a range's
	// first line at even indices, the line after it at odd ones.
	cuts := make([]int, 0, 2*len(apart))
	last := 0
	for _, a := range apart {
		if a.Start < 1 || a.End < a.Start || a.Start <= last || a.Start > n {
			continue
		}
		cuts = append(cuts, a.Start-1, min(a.End, n))
		last = a.End
	}
	if len(cuts) == 0 {
		return secs
	}
	out := make([]section, 0, len(secs)+len(cuts))
	k := 0
	for _, s := range secs {
		for k < len(cuts) && cuts[k] <= s.start {
			k++
		}
		for ; k < len(cuts) && cuts[k] < s.end; k++ {
			if k%2 == 0 && s.headEnd >= 0 && l.lastNB(cuts[k]) <= s.headEnd+1 {
				continue // the heading alone: it goes with the next piece
			}
			head := s
			head.end = cuts[k]
			if head.headEnd >= head.end {
				head.headEnd = -1
			}
			out = append(out, head)
			s.start, s.headEnd = cuts[k], -1
		}
		out = append(out, s)
	}
	return out
}

// splitter cuts the sections of one document into chunks.
type splitter struct {
	l       *lines
	prio    []int8
	budget  int // hard cap on a chunk's Text, in bytes
	overlap int // cap on the overlap, in bytes; 0 for none
}

// section appends the chunks of sec to out.
func (sp *splitter) section(out []Chunk, sec section) []Chunk {
	l := sp.l
	line, z := sec.start, l.lastNB(sec.end)
	off := 0 // bytes of line already in earlier chunks
	// Overlap may start at lines ovFrom..ovTo-1, the previous chunk's lines
	// but its first; ovFrom < 0 when the previous chunk ended inside a
	// line, or there was none.
	ovFrom, ovTo := -1, -1
	first := true
	for line < z {
		var skipped bool
		if line, off, skipped = sp.skipBlank(line, off); skipped {
			continue
		}
		base := l.start(line) + off
		if l.end(line)-base > sp.budget {
			// The rest of the line alone is too big: cut it.
			out, off = sp.cutLong(out, line, base, sec.headings)
			ovFrom, first = -1, false
			continue
		}

		headEnd := -1
		if first {
			headEnd = sec.headEnd
		}
		e := sp.window(line, base, z)
		j, p := sp.best(line, e, z, headEnd)

		if p <= prioHeadingOnly && e < z && l.end(e)-l.start(e) > sp.budget {
			// The heading would stand alone before a line too long for
			// any chunk: fill up with the start of that line instead.
			if cut := sp.cutLine(l.start(e), sp.budget-(l.start(e)-base)); cut > l.start(e) {
				out = append(out, Chunk{Text: l.s[base:cut], StartLine: line + 1, EndLine: e + 1, Headings: sec.headings})
				line, off = e, cut-l.start(e)
				ovFrom, first = -1, false
				continue
			}
		}

		from := line
		if ovFrom >= 0 && sp.overlap > 0 && off == 0 {
			// Repeat trailing lines of the previous chunk; then cut at the
			// latest place of the chosen rank the shorter window allows.
			from = sp.overlapStart(line, e, z, headEnd, p, ovFrom, ovTo)
			if from < line {
				e = sp.window(from, l.start(from), z)
				j = sp.latest(line, e, z, headEnd, p)
			}
		}

		last := l.lastNB(j) - 1
		start := l.start(from)
		if from == line {
			start = base
		}
		out = append(out, Chunk{
			Text:      l.s[start:l.end(last)],
			StartLine: from + 1,
			EndLine:   last + 1,
			Headings:  sec.headings,
		})
		ovFrom, ovTo = from+1, j
		line, off, first = j, 0, false
	}
	return out
}

// skipBlank moves the position off bytes into line past white space that
// must not start a chunk: the leading white space of the rest of a line
// already partly chunked (off > 0), or a whole blank line. It reports
// whether it moved to the next line, which the caller must check against
// the end of the section.
func (sp *splitter) skipBlank(line, off int) (int, int, bool) {
	l := sp.l
	if off > 0 {
		// A piece of a long line starts after any white space.
		rest := l.s[l.start(line)+off : l.end(line)]
		off += len(rest) - len(strings.TrimLeftFunc(rest, unicode.IsSpace))
		if l.start(line)+off == l.end(line) {
			return line + 1, 0, true
		}
	}
	if off == 0 && l.blank(line) {
		return line + 1, 0, true
	}
	return line, off, false
}

// cutLong appends to out the chunk holding as much of line from byte base
// on as the budget allows, unless that piece is blank, and returns the
// offset in line where the rest starts.
func (sp *splitter) cutLong(out []Chunk, line, base int, headings []string) ([]Chunk, int) {
	l := sp.l
	cut := sp.cutLine(base, sp.budget)
	if t := l.s[base:cut]; !isBlank(t) {
		out = append(out, Chunk{Text: t, StartLine: line + 1, EndLine: line + 1, Headings: headings})
	}
	return out, cut - l.start(line)
}

// overlapStart returns the first line of the chunk that starts at line
// when it repeats trailing lines of the previous chunk, lines
// ovFrom..ovTo-1: as many as fit both the overlap and, with the chunk's
// earliest cut ranked p or better in (line, e], the budget. It returns
// line when none fit.
func (sp *splitter) overlapStart(line, e, z, headEnd int, p int8, ovFrom, ovTo int) int {
	l := sp.l
	c := sp.earliest(line, e, z, headEnd, p)
	prevEnd := l.end(l.lastNB(ovTo) - 1)
	cEnd := l.end(l.lastNB(c) - 1)
	from := line
	for i := ovTo - 1; i >= ovFrom; i-- {
		if prevEnd-l.start(i) > sp.overlap || cEnd-l.start(i) > sp.budget {
			break
		}
		if !l.blank(i) {
			from = i
		}
	}
	return from
}

// window returns the largest j <= z such that the chunk from byte base of
// line to the end of line j-1 fits the budget. The rest of line must fit.
func (sp *splitter) window(line, base, z int) int {
	l := sp.l
	j := line + 1
	for j < z && (l.blank(j) || l.end(j)-base <= sp.budget) {
		j++
	}
	return j
}

// rank returns the priority of cutting before line j when the chunk
// starts at a line before j. headEnd is the last line of the section's
// heading if the chunk starts with it, else -1.
func (sp *splitter) rank(j, z, headEnd int) int8 {
	if j == z {
		return prioEnd
	}
	p := sp.prio[j]
	if headEnd >= 0 && sp.l.lastNB(j) <= headEnd+1 && p > prioHeadingOnly {
		p = prioHeadingOnly
	}
	return p
}

// best returns the best-ranked cut j in (line, e], the latest among
// equals, and its rank.
func (sp *splitter) best(line, e, z, headEnd int) (int, int8) {
	bj, bp := e, sp.rank(e, z, headEnd)
	for j := e - 1; j > line && bp < prioBlock; j-- {
		if p := sp.rank(j, z, headEnd); p > bp {
			bj, bp = j, p
		}
	}
	return bj, bp
}

// earliest returns the first cut in (line, e] ranked p or better.
func (sp *splitter) earliest(line, e, z, headEnd int, p int8) int {
	for j := line + 1; j < e; j++ {
		if sp.rank(j, z, headEnd) >= p {
			return j
		}
	}
	return e
}

// latest returns the last cut in (line, e] ranked p or better, or line+1
// if there is none.
func (sp *splitter) latest(line, e, z, headEnd int, p int8) int {
	for j := e; j > line+1; j-- {
		if sp.rank(j, z, headEnd) >= p {
			return j
		}
	}
	return line + 1
}

// cutLine returns where to end a chunk that takes at most room bytes of
// a line from byte base on, when the rest of the line is longer: after the
// last space in the second half of room, else at the last rune boundary
// within room. It returns base if no rune fits.
func (sp *splitter) cutLine(base, room int) int {
	s := sp.l.s
	if room <= 0 {
		return base
	}
	cut := base + room
	if i := strings.LastIndexByte(s[base+room/2:cut], ' '); i >= 0 {
		return base + room/2 + i + 1
	}
	for c := cut; c > base && cut-c < utf8.UTFMax; c-- {
		if utf8.RuneStart(s[c]) {
			return c
		}
	}
	if room < utf8.UTFMax {
		return base
	}
	return cut // invalid UTF-8: no rune boundary near
}

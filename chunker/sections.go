package chunker

// Packing thresholds: see [Split].
const (
	smallSections     = 64
	smallSectionBytes = 128
)

// A sectioner cuts a document into sections as its top-level headings are
// found, in order, each with the heading path in effect in it. It keeps
// what the chunks need and no more: a section that holds only its heading
// is folded into the next one, and once a document is known to have more
// than smallSections sections averaging under smallSectionBytes bytes,
// each run of sections that fits a chunk is packed into one as it comes.
// A heading's text is kept only while it is in the path in effect.
type sectioner struct {
	l      *lines
	budget int // chunk size cap, in bytes
	bytes  int // the document's length
	out    []section
	// cur is the section being read, from its heading (or the start of
	// the document, or the end of the front matter) to the next heading.
	cur section
	// stack holds the headings in effect, outermost first: one per level
	// at most.
	stack []level
	// count counts the sections found, after folding; packing is set
	// once they are many and small.
	count   int
	packing bool
}

// level is a heading in a path.
type level struct {
	level int
	text  string
}

// newSectioner returns the sectioner of a document of the given bytes
// whose line table is l and whose front matter ends at line fm (-1 for
// none); with drop, the front matter is in no section.
func newSectioner(l *lines, fm int, drop bool, budget, bytes int) *sectioner {
	s := &sectioner{l: l, budget: budget, bytes: bytes, cur: section{headEnd: -1}}
	if fm >= 0 {
		if !drop {
			s.emit(section{start: 0, end: fm + 1, headEnd: -1})
		}
		s.cur.start = fm + 1
	}
	return s
}

// heading starts the section of the top-level heading of the given level
// and text on lines sp.first..sp.last.
func (s *sectioner) heading(sp span, lvl int, text string) {
	cur := s.cur
	cur.end = sp.first
	start := sp.first
	switch {
	case cur.end <= cur.start:
		// Empty: a heading on the document's first line.
	case cur.headEnd >= 0 && s.l.lastNB(cur.end) <= cur.headEnd+1:
		// Only a heading: fold it into this section, so that a heading
		// directly followed by a subheading does not become a chunk of
		// its own, which has no content yet ranks high for its words
		// because it is short.
		start = cur.start
	default:
		s.emit(cur)
	}
	for len(s.stack) > 0 && s.stack[len(s.stack)-1].level >= lvl {
		s.stack = s.stack[:len(s.stack)-1]
	}
	s.stack = append(s.stack, level{lvl, text})
	s.cur = section{start: start, headEnd: sp.last}
}

// finish ends the document at its last line and returns the sections.
func (s *sectioner) finish() []section {
	s.cur.end = s.l.n()
	if s.cur.end > s.cur.start {
		s.emit(s.cur)
	}
	return s.out
}

// emit adds section sec, whose heading, if any, is the innermost of the
// path in effect.
func (s *sectioner) emit(sec section) {
	s.count++
	if !s.packing && s.count > smallSections && s.bytes < s.count*smallSectionBytes {
		s.packing = true
		held := s.out
		s.out = s.out[:0]
		for _, h := range held {
			s.pack(h)
		}
	}
	if sec.headEnd >= 0 {
		inner := s.stack[max(len(s.stack)-maxHeadingLevels, 0):]
		if !s.packing || !s.fits(sec) {
			sec.headings = make([]string, len(inner))
			for i, h := range inner {
				sec.headings[i] = h.text
			}
		}
	}
	if s.packing {
		s.pack(sec)
		return
	}
	s.out = append(s.out, sec)
}

// fits reports whether sec joins the last section when packing: when the
// two fit one chunk.
func (s *sectioner) fits(sec section) bool {
	if len(s.out) == 0 {
		return false
	}
	last := &s.out[len(s.out)-1]
	e := s.l.lastNB(sec.end) // 1 + the last non-blank line of sec
	return e <= last.start || s.l.end(e-1)-s.l.start(last.start) <= s.budget
}

// pack merges sec into the last section when they fit one chunk, with
// the first one's heading and path, else adds it. The cut before a merged
// section's heading keeps its rank, should the merged section need
// cutting after all.
func (s *sectioner) pack(sec section) {
	if s.fits(sec) {
		s.out[len(s.out)-1].end = sec.end
		return
	}
	s.out = append(s.out, sec)
}

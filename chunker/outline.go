package chunker

import (
	"bytes"
	"strings"
	"sync"

	"github.com/memweave/memweave-go/frontmatter"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Cut priorities. prio[j] ranks a cut before line j (between lines j-1 and
// j); the splitter takes the best-ranked cut that fits the budget, the
// latest one among equals.
const (
	prioForbidden   int8 = -3 // inside a heading, or inside a code block that fits the budget on its own
	prioHeadingOnly int8 = -2 // would leave a heading alone in its chunk (set while splitting)
	prioCode        int8 = 0  // inside a code block too big for one chunk
	prioCodeBlank   int8 = 1  // the same, next to a blank line
	prioLine        int8 = 2  // between two lines of a paragraph, table or HTML block
	prioBlank       int8 = 3  // next to a blank line
	prioNested      int8 = 4  // before a block nested in a list item or block quote
	prioItem        int8 = 5  // before a list item
	prioBlock       int8 = 6  // before a top-level block
	prioEnd         int8 = 7  // at the end of the section (set while splitting)
)

// A section is the run of lines from one top-level heading to the next.
// The front matter and the text before the first heading are sections too.
type section struct {
	start, end int // lines [start, end)
	// headEnd is the last line of the heading opening the section (a setext
	// heading spans several lines), or -1 when there is none.
	headEnd  int
	headings []string
}

// outline is what Split needs to know about a document's structure.
type outline struct {
	prio     []int8 // len n+1; see the prio constants
	sections []section
	// cuts counts the top-level blocks cut because they were longer than
	// what goldmark parses at once (see [walker.parse]).
	cuts int
}

var (
	// blockParser finds the block structure. It parses no inlines, which
	// halves the cost of a parse; headingText parses those it needs.
	// goldmark parsers are safe for concurrent use.
	blockParser = sync.OnceValue(func() parser.Parser {
		return parser.NewParser(
			parser.WithBlockParsers(parser.DefaultBlockParsers()...),
			parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
			parser.WithParagraphTransformers(util.Prioritized(paragraphStart{}, 0)),
		)
	})
	// inlineParser parses the text of a heading as one paragraph.
	inlineParser = sync.OnceValue(func() parser.Parser {
		return parser.NewParser(
			parser.WithBlockParsers(util.Prioritized(parser.NewParagraphParser(), 100)),
			parser.WithInlineParsers(parser.DefaultInlineParsers()...),
		)
	})
)

// lastParagraphKey holds, in a parse's context, the span of the last
// top-level paragraph closed: the offsets of its first and last lines.
var lastParagraphKey = parser.NewContextKey()

// paragraphStart records where each top-level paragraph starts under
// lastParagraphKey, before the link reference definition transformer
// takes definitions from its start or the whole paragraph away.
type paragraphStart struct{}

// Transform implements [parser.ParagraphTransformer].
func (paragraphStart) Transform(node *ast.Paragraph, _ text.Reader, pc parser.Context) {
	if p := node.Parent(); p != nil && p.Kind() == ast.KindDocument && node.Lines().Len() > 0 {
		lines := node.Lines()
		pc.Set(lastParagraphKey, span{lines.At(0).Start, lines.At(lines.Len() - 1).Start})
	}
}

// span is a block's inclusive line range.
type span struct{ first, last int }

// analyze parses the LF-normalised document src, whose line table is l,
// and returns its outline. budget is the chunk size cap in bytes; it
// decides which code blocks may be cut and which sections are packed. It
// looks for front matter, to drop when dropFM is set, only when fm is set.
func analyze(l *lines, budget int, dropFM, fm bool) outline {
	return analyzeIn(l, budget, dropFM, fm, parseLines)
}

// analyzeIn is analyze with goldmark parsing pieces of at most
// pieceLines lines.
func analyzeIn(l *lines, budget int, dropFM, fm bool, pieceLines int) outline {
	prio := linePriorities(l)
	end := -1
	if fm {
		// The line closing a fenced block at the top, front matter or
		// not: frontmatter.Find also wants a YAML mapping inside.
		end = frontmatter.FenceLines(l.s) - 1
	}
	if end >= 0 && end+1 < l.n() {
		prio[end+1] = prioBlock
	}
	secs := newSectioner(l, end, dropFM, budget, len(l.s))
	cuts := parseBlocks(l, end, prio, budget, secs, pieceLines)
	return outline{prio: prio, sections: secs.finish(), cuts: cuts}
}

// linePriorities returns the priorities of cuts before each line from
// blank lines alone: prioBlank next to a blank line, prioLine elsewhere,
// prioBlock at the end of a non-empty document.
func linePriorities(l *lines) []int8 {
	n := l.n()
	prio := make([]int8, n+1)
	for j := 1; j < n; j++ {
		prio[j] = prioLine
		if l.blank(j) || l.blank(j-1) {
			prio[j] = prioBlank
		}
	}
	if n > 0 {
		prio[n] = prioBlock
	}
	return prio
}

// parseBlocks parses the document src after the front matter that ends at
// line fm (-1 for none), in pieces of at most pieceLines lines, and
// records its blocks: in prio, cuts inside a code block (forbidden when
// the block fits budget bytes), before a block, and inside a heading
// (forbidden); in secs, the top-level headings. Nothing is recorded when
// nothing follows the front matter, and what was when goldmark panicked
// stays (blank lines rank the rest, and no more headings start sections).
// goldmark sees hostile regions blanked (see maskHostile). It returns the
// number of blocks cut because they were longer than a piece.
func parseBlocks(l *lines, fm int, prio []int8, budget int, secs *sectioner, pieceLines int) int {
	if fm+1 >= l.n() {
		return 0
	}
	doc, masked := maskHostile(l)
	w := walker{l: l, doc: doc, masked: masked, pend: -1, pieceLines: pieceLines, prio: prio, budget: budget, secs: secs}
	w.parse(fm + 1)
	return w.cuts
}

// parseLines is the most lines goldmark parses at once. Its parser keeps
// some bytes per line of the block being parsed, whatever the line's
// length, and its tree holds every block: parsing a document in pieces
// keeps that proportional to the piece, not the document, when lines are
// short.
const parseLines = 1 << 14

// walker collects block structure from goldmark ASTs of a document.
type walker struct {
	l *lines
	// doc is the document as goldmark sees it when hostile regions are
	// blanked (see maskHostile), else nil: goldmark then sees l.s, copied
	// a piece at a time into buf.
	doc, buf []byte
	src      []byte // the piece being walked
	base     int    // offset of src in the document
	// pieceLines is the most lines parsed at once; cuts counts the
	// top-level blocks cut because they were longer.
	pieceLines, cuts int
	// prio receives the cuts the blocks rank (see parseBlocks); budget
	// decides which code blocks fit a chunk.
	prio   []int8
	budget int
	// secs receives the top-level headings.
	secs *sectioner

	// masked[j] reports whether goldmark saw line j blanked; nil if none.
	masked []bool

	// pend is the line where the last code block or top-level heading
	// starts, or -1. Its last line is found when the next block starts.
	pend     int
	pendNode ast.Node
}

// parse parses the document from line first on and walks its blocks. It
// reports false if goldmark panicked, which it should never do; Split
// promises not to.
//
// A document of more than parseLines lines is parsed in pieces of at
// most parseLines lines. A piece's last top-level block may go on past
// it, so it is parsed again as the start of the next piece; a block ends
// when a line does not continue it, so the blocks before it are those a
// parse of the whole document finds, and the next piece starts where a
// parse of the whole document opens a block with nothing open. Only a
// top-level block longer than a piece is cut, into blocks of a piece each.
func (w *walker) parse(first int) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	l := w.l
	for a := first; a < l.n(); {
		b := min(a+w.pieceLines, l.n())
		end := len(l.s)
		if b < l.n() {
			end = l.start(b)
		}
		if w.doc != nil {
			w.src = w.doc[l.start(a):end]
		} else {
			w.buf = append(w.buf[:0], l.s[l.start(a):end]...)
			w.src = w.buf
		}
		w.base = l.start(a)
		pc := parser.NewContext()
		doc := blockParser().Parse(text.NewReader(w.src), parser.WithContext(pc))
		next := b
		if b < l.n() {
			// Parse the last top-level block again with the next piece,
			// unless it is the only one.
			if last := w.lastStart(doc, pc); last > a {
				next = last
			} else {
				w.cuts++
			}
		}
		w.visit(doc, true, next)
		w.close(next)
		a = next
	}
	w.src = nil
	return true
}

// lastStart returns the first line of the last top-level block of doc, a
// piece's tree parsed with context pc, or -1 if it has none. A paragraph
// counts from its first line, link reference definitions included: the
// blocks made of its lines start there.
func (w *walker) lastStart(doc ast.Node, pc parser.Context) int {
	for c := doc.LastChild(); c != nil; c = c.PreviousSibling() {
		if c.Type() != ast.TypeBlock || c.Pos() < 0 {
			continue
		}
		last := w.l.lineOf(c.Pos() + w.base)
		if p, ok := pc.Get(lastParagraphKey).(span); ok {
			if first := w.l.lineOf(p.first + w.base); first <= last && last <= w.l.lineOf(p.last+w.base) {
				return first
			}
		}
		return last
	}
	return -1
}

// visit records the blocks below parent that start before line stop; top
// is set for the document.
func (w *walker) visit(parent ast.Node, top bool, stop int) {
	for c := parent.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Type() != ast.TypeBlock {
			continue
		}
		if pos := c.Pos(); pos >= 0 {
			line := w.l.lineOf(pos + w.base)
			if line >= stop {
				return
			}
			w.close(line)
			p := prioNested
			switch {
			case top:
				p = prioBlock
			case c.Kind() == ast.KindListItem:
				p = prioItem
			}
			if p > w.prio[line] && w.prio[line] > prioCodeBlank {
				w.prio[line] = p
			}
			switch c.Kind() {
			case ast.KindFencedCodeBlock, ast.KindCodeBlock:
				w.pend, w.pendNode = line, c
			case ast.KindHeading:
				if top {
					w.pend, w.pendNode = line, c
				}
			}
		}
		if fc := c.FirstChild(); fc != nil && fc.Type() == ast.TypeBlock {
			w.visit(c, false, stop)
		}
	}
}

// close ends the pending block, if any, before line next.
func (w *walker) close(next int) {
	if w.pend < 0 {
		return
	}
	sp := span{w.pend, next - 1}
	for sp.last > sp.first && (w.l.blank(sp.last) || w.masked != nil && w.masked[sp.last]) {
		sp.last--
	}
	if sp.last < sp.first {
		sp.last = sp.first
	}
	l, prio := w.l, w.prio
	if h, ok := w.pendNode.(*ast.Heading); ok {
		for j := sp.first + 1; j <= sp.last; j++ {
			prio[j] = prioForbidden
		}
		w.secs.heading(sp, h.Level, headingText(h, w.src))
	} else {
		fits := l.end(sp.last)-l.start(sp.first) <= w.budget
		for j := sp.first + 1; j <= sp.last; j++ {
			switch {
			case fits:
				prio[j] = prioForbidden
			case l.blank(j) || l.blank(j-1):
				prio[j] = prioCodeBlank
			default:
				prio[j] = prioCode
			}
		}
	}
	w.pend, w.pendNode = -1, nil
}

// headingText returns the plain text of heading h: inline markup removed,
// escapes and entities resolved, white space collapsed, cut to
// maxHeadingBytes (see capHeading). Only the first maxHeadingSource bytes
// of its markup are parsed.
func headingText(h ast.Node, src []byte) string {
	var raw []byte
	lines := h.Lines()
	for i := 0; i < lines.Len() && len(raw) < maxHeadingSource; i++ {
		if i > 0 {
			raw = append(raw, '\n')
		}
		seg := lines.At(i)
		raw = append(raw, seg.Value(src)...)
	}
	raw = raw[:runeCut(string(raw), min(len(raw), maxHeadingSource))]
	if plainText(raw) {
		return capHeading(string(raw))
	}
	if bytes.ContainsAny(raw, "\\`*_[<&") {
		raw = appendPlain(nil, inlineParser().Parse(text.NewReader(raw)), raw, false)
	}
	return capHeading(strings.ToValidUTF8(strings.Join(strings.Fields(string(raw)), " "), "\uFFFD"))
}

// plainText reports whether raw is its own plain text: printable ASCII
// without markup, single spaces between words, none at either end.
func plainText(raw []byte) bool {
	if len(raw) == 0 || raw[0] == ' ' || raw[len(raw)-1] == ' ' {
		return false
	}
	for i, c := range raw {
		switch {
		case c <= ' ' && !(c == ' ' && raw[i-1] != ' '), c >= 0x7f:
			return false
		case c == '\\', c == '`', c == '*', c == '_', c == '[', c == '<', c == '&':
			return false
		}
	}
	return true
}

// appendPlain appends the plain text of the inlines below n to b; code is
// set inside a code span, where escapes and entities stay as written.
func appendPlain(b []byte, n ast.Node, src []byte, code bool) []byte {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			v := c.Segment.Value(src)
			if !code {
				v = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
			}
			b = append(b, v...)
			if c.SoftLineBreak() || c.HardLineBreak() {
				b = append(b, ' ')
			}
		case *ast.String:
			b = append(b, c.Value...)
		case *ast.AutoLink:
			b = append(b, c.Label(src)...)
		case *ast.RawHTML:
			// Tags are not text.
		case *ast.CodeSpan:
			b = appendPlain(b, c, src, true)
		default:
			b = appendPlain(b, c, src, code)
		}
	}
	return b
}

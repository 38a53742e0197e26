package curate

import (
	"bytes"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/memweave/memweave-go/tokenize"
)

// maxRendered is the longest passage [rendered] parses; a longer one is
// compared by its words alone.
const maxRendered = 64 << 10

// form is a document as [rendered] writes it: text, each code block's
// info string, link's title and footnote marker written as \x04 or left
// out of it and listed apart, as two copies may differ in them and still
// say the same.
type form struct {
	text string
	// infos are the code blocks' info strings ("" for indented code),
	// titles the links' and images' titles, in the text's order.
	infos, titles []string
	// marks are the footnote markers ("[^1]") of prose, each as the
	// word before it and its label, the label numbered by
	// [footnotesNumbered]; written are the same markers as the text
	// writes them ("[^tax]"), for what a copy would lose.
	marks, written []string
	// levels are the headings' levels, in the text's order (the text
	// holds each one's rank, [headingRanks]).
	levels []int
}

// oneText reports whether f and g are one text in two forms: the same
// text, each code block's language and each link's title the same or
// written in one copy only (a language or title added is form, one
// changed is not), and one copy's footnote markers all in the other.
func (f form) oneText(g form) bool {
	return f.text == g.text && languagesAlike(f.infos, g.infos) && alikeOrOne(f.titles, g.titles) &&
		(within(f.marks, g.marks) || within(g.marks, f.marks)) && shifted(f.levels, g.levels)
}

// shifted reports whether the heading levels b are those of a, each
// moved by one delta: a section copied deeper or shallower ("## X" as
// "### X", "X ===" as "### X") is form, as the words rule already reads
// ATX headings; the place of the passage in its note's outline is
// compared apart ([Passage.Under]). A delta that differs between two
// headings (one section put under another, or two made siblings) is
// held.
func shifted(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if b[i]-a[i] != b[0]-a[0] {
			return false
		}
	}
	return true
}

// covers reports whether f, the form of keptText and one text with
// dropped ([form.oneText]), loses nothing of it when dropped goes: each
// footnote marker of dropped is in f (a marker gone would leave its
// footnote without a reference), and each link title of dropped that f
// lacks holds no content word keptText lacks ("Design review" on a link
// to the design review checklist is form; "Owned by the SRE guild" is
// not); nor does f add a title that says more than droppedText
// ([form.adds]). A code block's language either copy lacks is form
// alone.
func (f form) covers(dropped form, keptText, droppedText string) bool {
	return len(f.loses(dropped, keptText)) == 0 && len(f.adds(dropped, droppedText)) == 0
}

// adds returns the link titles of f that dropped, the form of
// droppedText, lacks and that hold a word droppedText lacks that says
// something ([titleSaysMore]), quoted: a title "Deprecated" or "Do not
// use" on a link says what the text does not, as the word would in
// prose ([Adds]); "Alert runbook" on the alert runbook link does not.
func (f form) adds(dropped form, droppedText string) []string {
	var out []string
	for i, t := range f.titles {
		if t == "" || dropped.titles[i] != "" {
			continue
		}
		if titleSaysMore(t, droppedText) {
			out = append(out, strconv.Quote(t))
		}
	}
	return out
}

// loses returns the footnote markers of dropped that f, the form of
// keptText, lacks, and the link titles of dropped whose content words
// keptText lacks, quoted ([Forms.Loses]).
func (f form) loses(dropped form, keptText string) []string {
	var out []string
	have := map[string]int{}
	for _, m := range f.marks {
		have[m]++
	}
	for i, m := range dropped.marks {
		if have[m]--; have[m] < 0 {
			w := dropped.written[i]
			out = append(out, w[strings.LastIndexByte(w, '|')+1:])
		}
	}
	for i, t := range dropped.titles {
		if t == "" || t == f.titles[i] {
			continue
		}
		if titleSaysMore(t, keptText) {
			out = append(out, strconv.Quote(t))
		}
	}
	return out
}

// titleSaysMore reports whether the link title t holds a word that
// text, a passage, lacks and that says something: a content word, or a
// value such as a negation ("not the runbook" on a link to the runbook)
// or a number. Adverbs of manner and fillers ([Changes]) do not count,
// nor does a word of a URL's path ("Holidays" on a link to
// ".../holidays").
func titleSaysMore(t, text string) bool {
	var have []string
	for _, w := range wordsOf(t).list {
		if !(content(w) && Changes(w) || valueKind(w, false) != "") {
			continue
		}
		if have == nil {
			have = wordsOf(text + " " + strings.Map(func(r rune) rune {
				if wordRune(r) {
					return r
				}
				return ' '
			}, text)).list
		}
		if _, ok := slices.BinarySearch(have, w); !ok {
			return true
		}
	}
	return false
}

// languagesAlike reports whether the code blocks' info strings, of
// one length, are at each place the same, or one "" and the other a
// word alone (a language added); "yaml file=prod.yaml" against "" is
// not (a file name is a fact).
func languagesAlike(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && (a[i] != "" || strings.ContainsAny(b[i], " \t")) && (b[i] != "" || strings.ContainsAny(a[i], " \t")) {
			return false
		}
	}
	return true
}

// alikeOrOne reports whether the lists, of one length, hold at each
// place the same string, or "" in one of them.
func alikeOrOne(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && a[i] != "" && b[i] != "" {
			return false
		}
	}
	return true
}

// within reports whether every string of a is in b, as many times.
func within(a, b []string) bool {
	n := map[string]int{}
	for _, s := range b {
		n[s]++
	}
	for _, s := range a {
		if n[s]--; n[s] < 0 {
			return false
		}
	}
	return true
}

// minRenderedSimilarity is the lowest token-set similarity at which
// [Pairs] asks whether two passages are one text in two forms ("[hb]:"
// of a reference definition, "\\_" of an escape are tokens of one form
// only).
const minRenderedSimilarity = 0.5

// Forms holds the [rendered] form of each passage of a list, each parsed
// once, when first compared: [Pairs], and a caller going over its pairs,
// ask it of one passage for many pairs.
type Forms struct {
	ps   []Passage
	done []bool
	form []form
	ok   []bool
	// glossary is what the passages define ([glossaryOf]), read at the
	// first pair of two forms that are not one text.
	glossary map[string]string
	glossed  bool
}

// NewForms returns the forms of ps, none parsed yet.
func NewForms(ps []Passage) *Forms {
	loadTables()
	return &Forms{ps: ps, done: make([]bool, len(ps)), form: make([]form, len(ps)), ok: make([]bool, len(ps))}
}

// OneText reports whether passages a and b of the list are one text in
// two Markdown forms: their parsed documents are one text
// ([form.oneText]) with the same accents. Unlike [OneText] it does not
// ask that a keep b's link titles and footnote markers ([Forms.Loses]).
func (f *Forms) OneText(a, b int) bool {
	for _, i := range []int{a, b} {
		if !f.done[i] {
			f.form[i], f.ok[i] = rendered(f.ps[i].Text)
			f.done[i] = true
		}
	}
	if !f.ok[a] || !f.ok[b] {
		return false
	}
	if f.ps[a].Text == f.ps[b].Text {
		return true // the same bytes: a copy pasted into many notes is in many pairs
	}
	if !f.form[a].oneText(f.form[b]) && !f.oneTextGlossed(a, b) {
		return false
	}
	// rendered reads text Normalized: see accentDiff. Asked last, of
	// forms that are one text: it splits both passages into words.
	_, differ := accentDiff(f.ps[a].Text, f.ps[b].Text)
	return !differ
}

// oneTextGlossed reports whether the forms of passages a and b, which
// are not one text, are once the words of each acronym the passages
// define are written as it ([glossaryOf], [glossed]).
func (f *Forms) oneTextGlossed(a, b int) bool {
	if !f.glossed {
		f.glossary, f.glossed = glossaryOf(f.ps), true
	}
	return glossedOneText(f.form[a], f.form[b], f.glossary)
}

// glossedOneText reports whether the forms fa and fb are one text
// ([form.oneText]) once the words of each acronym of glossary either
// holds are written as it.
func glossedOneText(fa, fb form, glossary map[string]string) bool {
	if len(glossary) == 0 {
		return false
	}
	ta, okA := glossed(fa.text, fb.text, glossary)
	tb, okB := glossed(fb.text, fa.text, glossary)
	if !okA && !okB {
		return false
	}
	fa.text, fb.text = ta, tb
	return fa.oneText(fb)
}

// Loses returns what passage dropped would lose to passage kept when the
// two are one text in two forms ([Forms.OneText]) that [Groups] still
// holds apart: its footnote markers the kept copy lacks ("[^2]") and its
// link titles whose words the kept copy's text lacks, quoted; nil when
// none, or when the two are not one text.
func (f *Forms) Loses(kept, dropped int) []string {
	if !f.OneText(kept, dropped) {
		return nil
	}
	return f.form[kept].loses(f.form[dropped], f.ps[kept].Text)
}

// Adds returns the link titles passage kept adds to passage dropped
// that say what dropped's text does not ("Deprecated"), quoted, when the
// two are one text in two forms ([Forms.OneText]): [Groups] holds such a
// pair apart. Nil when none, or when the two are not one text.
func (f *Forms) Adds(kept, dropped int) []string {
	if !f.OneText(kept, dropped) {
		return nil
	}
	return f.form[kept].adds(f.form[dropped], f.ps[dropped].Text)
}

// markdown parses CommonMark alone: goldmark's GFM extension package
// builds regexps and tables in its initialisers, which every memweave
// process would pay at start (issue 36). GitHub's forms are handled
// here instead: a table (a paragraph of pipe rows to CommonMark) is
// compared row by row ([renderer.table]); strikethrough, task boxes and
// bare links stay text as written, so their forms are held apart, and a
// text whose escapes could make or unmake one is not compared
// ([gfmEscape]). goldmark parsers are safe for concurrent use.
var markdown = sync.OnceValue(func() parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(parser.DefaultInlineParsers()...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)
})

// rendered returns text's Markdown document written one way: each block
// and inline node by its kind and what it holds, so that the forms of
// one document give one string: a setext heading and an ATX one, a
// list numbered "1. 1. 1." and "1. 2. 3." (other numbers are kept),
// any bullet, "**", "__", <b> and <strong>, "*", "_", <em> and <i>, a
// link written inline, by reference or as an autolink, a table's
// alignment row, padding and outer pipes, a lazy quote line, a hard
// break and white space in prose, a backslash escape and an HTML
// character reference (decoded), indented and unlabelled fenced code,
// a heading's level by its rank among the passage's (a passage of one
// heading: any level), a bare URL and its autolink, a collapsed
// reference "[x][]" and a shortcut "[x]" left as text, a number word
// from two to twenty or a ten and its digits ("three" and "3"), and the
// items of a bullet list in any order when nothing in the passage says
// its order counts ([orderWords]). Code blocks' info strings, link
// titles and footnote markers are listed apart ([form]). Letter case,
// accents, code and link destinations are kept as written, and a
// reference definition no link uses is kept too. It returns false for a
// node kind it does not know, a text too long, or text holding the
// control characters it writes.
func rendered(src string) (f form, ok bool) {
	loadTables()
	if len(src) > maxRendered || strings.ContainsAny(src, "\x01\x02\x03\x04") {
		return form{}, false
	}
	defer func() {
		if recover() != nil {
			f, ok = form{}, false
		}
	}()
	source := []byte(src)
	doc := markdown().Parse(text.NewReader(source))
	r := renderer{source: source, dests: map[string]bool{}, out: &strings.Builder{}, ranks: headingRanks(doc)}
	if !r.block(doc) {
		return form{}, false
	}
	for _, def := range r.defs {
		if d := string(util.URLEscape(def.Destination, true)); !r.dests[d] {
			fmt.Fprintf(r.out, "\x01def(%s|%s|%s)", strings.ToLower(string(def.Label)), d, def.Title)
		}
	}
	r.form.text = r.out.String()
	r.form.written, r.form.marks = r.form.marks, footnotesNumbered(src, r.form.marks)
	return r.form, true
}

// footnotesNumbered returns the footnote markers marks of the passage src
// ("word|[^label]", [inline.flush]) with each label written as its place
// among the labels by first use ("[^tax]" as "[^#1]"), when the passage
// defines every label it uses ("[^tax]: ..." at a line's start): a
// footnote renamed in its markers and its definition alike is form.
// Markers swapped, or a definition's text changed, still differ; a label
// defined elsewhere in the note is kept as written (two notes' "[^1]"
// and "[^2]" may be one footnote or two).
func footnotesNumbered(src string, marks []string) []string {
	if len(marks) == 0 {
		return marks
	}
	number := map[string]string{}
	out := make([]string, len(marks))
	for i, m := range marks {
		at := strings.LastIndex(m, "|[^")
		label := m[at+1:]
		if !strings.HasPrefix(src, label+":") && !strings.Contains(src, "\n"+label+":") {
			return marks
		}
		if number[label] == "" {
			number[label] = "[^#" + strconv.Itoa(len(number)+1) + "]"
		}
		out[i] = m[:at+1] + number[label]
	}
	return out
}

// hasDigit reports whether s holds an ASCII digit.
func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

// headingRanks returns the rank of each heading level a document holds
// among its levels, 1 for the highest: "## A" over "### B" is "# A"
// over "## B", and a document's one heading is of rank 1 at any level.
func headingRanks(doc ast.Node) map[int]int {
	levels := map[int]bool{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering {
			levels[h.Level] = true
		}
		return ast.WalkContinue, nil
	})
	ranks := map[int]int{}
	for _, l := range slices.Sorted(maps.Keys(levels)) {
		ranks[l] = len(ranks) + 1
	}
	return ranks
}

// renderer writes a document for [rendered].
type renderer struct {
	source []byte
	out    *strings.Builder
	// form collects the info strings, titles and marks listed apart.
	form form
	// ranks are the heading levels' ranks ([headingRanks]).
	ranks map[int]int
	// ordered is whether a word of the passage says a bullet list's
	// order counts ([renderer.orderSaid]); 0 when not read yet.
	ordered int8
	// dests are the destinations of the links and images written.
	dests map[string]bool
	// defs are the reference definitions, every one written: a link
	// uses the first of a label's.
	defs []*ast.LinkReferenceDefinition
}

// block writes a block node and its children; false for a kind it does
// not know.
func (r *renderer) block(n ast.Node) bool {
	open, close := "", "\n"
	switch n := n.(type) {
	case *ast.Document:
		close = ""
	case *ast.Paragraph, *ast.TextBlock:
		if r.boxEscaped(n) {
			return false
		}
		if written, ok := r.table(n); written {
			return ok
		}
		return r.inlines(n)
	case *ast.Heading:
		r.form.levels = append(r.form.levels, n.Level)
		r.out.WriteString("\x01h" + strconv.Itoa(r.ranks[n.Level]) + "(")
		ok := r.inlines(n)
		r.out.WriteString(")\n")
		return ok
	case *ast.LinkReferenceDefinition:
		r.defs = append(r.defs, n) // written at the end when no link uses it
		return true
	case *ast.ThematicBreak:
		r.out.WriteString("\x01hr\n")
		return true
	case *ast.CodeBlock:
		r.code("", n.Lines())
		return true
	case *ast.FencedCodeBlock:
		info := ""
		if n.Info != nil {
			info = strings.TrimSpace(string(n.Info.Segment.Value(r.source)))
		}
		r.code(info, n.Lines())
		return true
	case *ast.HTMLBlock:
		r.out.WriteString("\x01html(" + r.lines(n.Lines()))
		if n.HasClosure() {
			r.out.Write(n.ClosureLine.Value(r.source))
		}
		r.out.WriteString(")\n")
		return true
	case *ast.Blockquote:
		open = "\x01quote(\n"
		close = ")\n"
	case *ast.List:
		return r.list(n)
	default:
		return false
	}
	r.out.WriteString(open)
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if !r.block(c) {
			return false
		}
	}
	r.out.WriteString(close)
	return true
}

// list writes a list: ordered with its start, and each item's number
// when the items are numbered neither all alike nor one by one.
func (r *renderer) list(n *ast.List) bool {
	numbers := []int{}
	for c := n.FirstChild(); c != nil && n.IsOrdered(); c = c.NextSibling() {
		numbers = append(numbers, r.itemNumber(c))
	}
	alike, counted := true, true
	for i, v := range numbers {
		alike = alike && v == n.Start
		counted = counted && v == n.Start+i
	}
	if n.IsOrdered() {
		r.out.WriteString("\x01ol" + strconv.Itoa(n.Start) + "(\n")
	} else {
		r.out.WriteString("\x01ul(\n")
	}
	out, listed := r.out, len(r.form.infos)+len(r.form.titles)+len(r.form.marks)
	var items []string
	i := 0
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		r.out = &strings.Builder{}
		r.out.WriteString("\x01li(")
		if !alike && !counted {
			r.out.WriteString(strconv.Itoa(numbers[i]) + ".")
		}
		i++
		for cc := c.FirstChild(); cc != nil; cc = cc.NextSibling() {
			if !r.block(cc) {
				return false
			}
		}
		r.out.WriteString(")\n")
		items = append(items, r.out.String())
	}
	r.out = out
	// A bullet list of set members is a set: its items in any order,
	// unless the passage says the order counts, an item holds a digit
	// (addresses, versions and times are often tried or read in order:
	// nameservers), an item lists something apart (its place in those
	// lists would move), or an item is longer than a member (a step or
	// a statement: "generate the new key pair" before "publish the
	// public key", under a heading that names no order).
	if !n.IsOrdered() && !r.orderSaid() && listed == len(r.form.infos)+len(r.form.titles)+len(r.form.marks) &&
		!slices.ContainsFunc(items, hasDigit) && !slices.ContainsFunc(items, longerThanMember) {
		slices.Sort(items)
	}
	for _, it := range items {
		r.out.WriteString(it)
	}
	r.out.WriteString(")\n")
	return true
}

// itemMarker matches what an ordered list item's first line holds before
// its text: the number and its delimiter.
var itemMarker = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(\d{1,9})[.)][ \t]*$`) })

// itemNumber returns the number an ordered list item is written with,
// -1 when it cannot be read (an empty item).
func (r *renderer) itemNumber(item ast.Node) int {
	first := item.FirstChild()
	if first == nil || first.Lines().Len() == 0 {
		return -1
	}
	at := first.Lines().At(0).Start
	start := bytes.LastIndexByte(r.source[:at], '\n') + 1
	m := itemMarker().FindSubmatch(r.source[start:at])
	if m == nil {
		return -1
	}
	v, _ := strconv.Atoi(string(m[1]))
	return v
}

// table writes a paragraph GitHub reads as a table: its rows cell by
// cell, each cell trimmed and as written, the delimiter row (alignment,
// padding) left out; lines before the header are written as they
// stand (their Markdown forms held apart). written is false for a
// paragraph holding no line a table's delimiter row could be; ok is
// false (not compared) for one that holds such a line but is not the
// plain form handled here: one delimiter row, holding a pipe, header
// and delimiter of one width, every row at most that wide (GitHub
// drops cells beyond, a note's reader sees them).
func (r *renderer) table(n ast.Node) (written, ok bool) {
	var rows []string
	lines := n.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		rows = append(rows, strings.TrimRight(string(seg.Value(r.source)), "\r\n"))
	}
	delim := -1
	for i := 1; i < len(rows); i++ {
		if delimiterLike(rows[i]) {
			if delim >= 0 {
				return true, false
			}
			delim = i
		}
	}
	if delim < 0 {
		return false, false
	}
	head, cols := splitCells(rows[delim-1]), splitCells(rows[delim])
	if !strings.Contains(rows[delim], "|") || len(head) != len(cols) {
		return true, false
	}
	for _, c := range cols {
		if !delimiterCell().MatchString(c) {
			return true, false
		}
	}
	if delim > 1 {
		r.out.WriteString("\x01raw(" + strings.Join(rows[:delim-1], "\n") + ")\n")
	}
	r.out.WriteString("\x01table(\n")
	var body [][]string
	for i, row := range rows[delim-1:] {
		cells := splitCells(row)
		if i == 1 {
			continue
		}
		if len(cells) > len(cols) {
			return true, false
		}
		for len(cells) < len(cols) {
			cells = append(cells, "") // GitHub shows a short row's missing cells empty
		}
		if i == 0 {
			writeRow(r.out, cells)
			continue
		}
		body = append(body, cells)
	}
	if r.rowsAreASet(body) {
		slices.SortFunc(body, func(a, b []string) int { return strings.Compare(a[0], b[0]) })
	}
	for _, cells := range body {
		writeRow(r.out, cells)
	}
	r.out.WriteString(")\n")
	return true, true
}

// writeRow writes a table row, cell by cell.
func writeRow(out *strings.Builder, cells []string) {
	out.WriteString("\x01tr(")
	for _, c := range cells {
		out.WriteString("\x01td(" + c + ")")
	}
	out.WriteString(")\n")
}

// rowsAreASet reports whether a table's body rows are records of a
// set, which a reader reads the same in any order, as [renderer.list]
// reads a bullet list of members: no word of the passage says the order
// counts ([orderWords]: "escalation", "ranked", "rota"), each row is
// named by a first cell no other row holds, and no cell holds more than
// a member's words ([longerThanMember]: a step or a statement, whose
// place may be the fact). A cell changed, or moved to another row,
// still differs.
func (r *renderer) rowsAreASet(body [][]string) bool {
	if len(body) < 2 || r.orderSaid() {
		return false
	}
	first := map[string]bool{}
	for _, cells := range body {
		if cells[0] == "" || first[cells[0]] {
			return false
		}
		first[cells[0]] = true
		for _, c := range cells {
			if longerThanMember(c) {
				return false
			}
		}
	}
	return true
}

// delimiterCell matches a cell of a table's delimiter row, trimmed.
var delimiterCell = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^:?-+:?$`) })

// delimiterLike reports whether line could be a table's delimiter row
// to GitHub (goldmark's test): indented at most three columns, only
// "-", ":", "|" and white space, not dashes alone.
func delimiterLike(line string) bool {
	if strings.HasPrefix(strings.ReplaceAll(line, "\t", "    "), "    ") {
		return false
	}
	return strings.Trim(line, "-:| \t\v\f") == "" && strings.Trim(line, "-") != ""
}

// splitCells returns the cells of a table row, trimmed, its outer pipes
// left out; an escaped pipe does not split.
func splitCells(line string) []string {
	line = strings.TrimSpace(line)
	var cells []string
	from := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '|':
			cells = append(cells, strings.TrimSpace(line[from:i]))
			from = i + 1
		}
	}
	cells = append(cells, strings.TrimSpace(line[min(from, len(line)):]))
	if strings.HasPrefix(line, "|") {
		cells = cells[1:]
	}
	if len(line) > 1 && strings.HasSuffix(line, "|") && !strings.HasSuffix(line, "\\|") {
		cells = cells[:len(cells)-1]
	}
	return cells
}

// memberWords is the most content words (not stop words) a bullet item
// holds that [renderer.list] reads as a member of a set, in any order:
// a tag, a name, a topic ("Dmitri from payments", "needs-triage").
const memberWords = 3

// longerThanMember reports whether the rendered bullet item holds more
// than [memberWords] content words (the names of the marks [rendered]
// writes, "\x01li(", left out).
func longerThanMember(item string) bool {
	n := 0
	for _, w := range tokenize.Words(markName().ReplaceAllString(item, " ")) {
		if !tokenize.IsStopWord(w) {
			n++
		}
	}
	return n > memberWords
}

// markName matches the opening of a mark [rendered] writes: "\x01li(".
var markName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("\x01[a-z0-9]*\\(") })

// orderSaid reports whether a word or a phrase of the passage says the
// order of its bullet lists and tables counts ([orderWords],
// [orderPhrases]), read once, for the first
// bullet list: a passage without one is not split into words.
func (r *renderer) orderSaid() bool {
	if r.ordered == 0 {
		r.ordered = -1
		words := tokenize.Words(string(r.source))
		if slices.ContainsFunc(words, func(w string) bool { return orderWords[w] }) || orderPhrase(words) {
			r.ordered = 1
		}
	}
	return r.ordered > 0
}

// orderPhrases are the phrases of words that say a list or table is
// read or tried in order though no word of them does alone ("try these
// in turn", "go down this list", "one by one", "work your way down",
// "as listed", "starting with"), as [renderer.orderSaid]
// reads them.
var orderPhrases = [][]string{
	{"in", "turn"}, {"by", "turns"}, {"one", "by", "one"}, {"one", "at", "a", "time"},
	{"down", "the", "list"}, {"down", "this", "list"}, {"down", "the", "table"}, {"down", "this", "table"},
	{"round", "robin"}, {"fall", "back"}, {"falls", "back"}, {"falling", "back"},
	{"way", "down"}, {"as", "listed"}, {"as", "shown"}, {"starting", "with"}, {"beginning", "with"},
	{"start", "with"}, {"begin", "with"}, {"left", "to", "right"},
}

// orderPhrase reports whether words hold one of [orderPhrases].
func orderPhrase(words []string) bool {
	for i := range words {
		for _, ph := range orderPhrases {
			if i+len(ph) <= len(words) && slices.Equal(words[i:i+len(ph)], ph) {
				return true
			}
		}
	}
	return false
}

// code writes a code block: its lines as written, its info string
// listed apart without the flags that only number the lines
// ([withoutLineNumbers]).
func (r *renderer) code(info string, lines *text.Segments) {
	r.form.infos = append(r.form.infos, withoutLineNumbers(info))
	r.out.WriteString("\x01code(\x04\n" + r.lines(lines) + ")\n")
}

// lines returns a block's lines as written.
func (r *renderer) lines(lines *text.Segments) string {
	var b strings.Builder
	for i := range lines.Len() {
		seg := lines.At(i)
		b.Write(seg.Value(r.source))
	}
	return b.String()
}

// inlines writes a block's inline children, white space outside code
// collapsed.
func (r *renderer) inlines(n ast.Node) bool {
	var in inline
	in.r = r
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if !in.node(c) {
			return false
		}
	}
	in.flush()
	r.out.WriteString(withoutFullStop(strings.Join(strings.Fields(in.b.String()), " ")) + r.indents(n) + "\n")
	return true
}

// indents returns the white space that opens each line of a paragraph
// after its first (after a quote's ">"), when one holds some: prose shows a line wrapped,
// but a note's reader sees the lines indented as code ("    notify(job)"
// is not "        notify(job)"), so an indent is kept as written.
func (r *renderer) indents(n ast.Node) string {
	lines := n.Lines()
	var ind []string
	some := false
	for i := 1; i < lines.Len(); i++ {
		start, end := lines.At(i).Start, lines.At(i).Start
		for start > 0 && (r.source[start-1] == ' ' || r.source[start-1] == '\t') {
			start--
		}
		for end < len(r.source) && (r.source[end] == ' ' || r.source[end] == '\t') {
			end++
		}
		if start > 0 && start < end && r.source[start-1] == '>' && r.source[start] == ' ' {
			start++ // the space of the quote's marker "> "
		}
		ind = append(ind, indentMarks.Replace(string(r.source[start:end])))
		some = some || end > start
	}
	if !some {
		return ""
	}
	return "\x01indent(" + strings.Join(ind, ",") + ")"
}

// indentMarks writes an indent's spaces and tabs as letters, which
// collapsing white space leaves; codeSpaces writes code's white space as
// \x03, a tab as two.
var (
	indentMarks = strings.NewReplacer(" ", "s", "\t", "t")
	codeSpaces  = strings.NewReplacer(" ", "\x03", "\n", "\x03", "\t", "\x03\x03")
)

// inline writes inline nodes; code's white space is written as \x03 so
// that collapsing the rest leaves it. Text nodes in a row are gathered
// in prose and written as one ([inline.flush]).
type inline struct {
	r     *renderer
	b     strings.Builder
	prose strings.Builder
	// inLink is whether the prose is a link's text (a URL there is no
	// link of its own).
	inLink bool
}

// write writes s after the prose gathered.
func (in *inline) write(s string) {
	in.flush()
	in.b.WriteString(s)
}

// flush writes the prose gathered in the forms of [rendered]: its
// words as curation reads them ([unicodeForms]; goldmark decoded its
// character references) and curly double quotes
// straight (a single quote is not made a double one: 5' is not 5"),
// footnote
// markers listed apart, a collapsed reference "[x][]" as its shortcut,
// a bare URL as its autolink, number words as digits.
func (in *inline) flush() {
	if in.prose.Len() == 0 {
		return
	}
	p := singleQuoted().ReplaceAllString(curlyQuotes.Replace(unicodeForms(in.prose.String())), `$1"$2"$3`)
	in.prose.Reset()
	var b strings.Builder
	for {
		loc := footnoteMark().FindStringIndex(p)
		if loc == nil {
			break
		}
		before := strings.Fields(p[:loc[0]])
		prev := ""
		if len(before) > 0 {
			prev = before[len(before)-1]
		}
		in.r.form.marks = append(in.r.form.marks, prev+"|"+p[loc[0]:loc[1]])
		b.WriteString(p[:loc[0]])
		p = p[loc[1]:]
	}
	b.WriteString(p)
	p = strings.ReplaceAll(b.String(), "][]", "]")
	p = bareURL().ReplaceAllStringFunc(p, func(u string) string {
		if in.inLink {
			return u
		}
		trimmed := urlEnd(u)
		dest := string(util.URLEscape([]byte(trimmed), false))
		in.r.dests[dest] = true
		in.r.form.titles = append(in.r.form.titles, "")
		return "\x01a(" + trimmed + "|" + dest + "|\x04)" + u[len(trimmed):]
	})
	p = unitJoined().ReplaceAllString(minusSign().ReplaceAllString(p, "-$1"), "$1 $2$3")
	in.b.WriteString(proseSpellings(particleJoined(hyphenJoined(numberDigits(p)))))
}

// particleJoined returns p with each verb of [particleHeads] and the
// particle after it ("up", "in", "out", "off", "on", "over", "down",
// "back"), written apart or hyphenated, written closed: "follow up",
// "follow-up" and "followup" are one word, verb or noun, the fact the
// same ("book a follow up visit", "check-in is at eight"). Another
// particle ("check-in", "check-out") or none ("follow the supplier")
// still differs. Kept as written: a head or particle with a capital past
// its first letter, and a word that names a thing ([named]: "the host
// log-in").
func particleJoined(p string) string {
	letter := func(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
	var edits []edit
	for k := 1; k+1 < len(p); k++ {
		if p[k] != ' ' && p[k] != '-' || !letter(p[k-1]) || !letter(p[k+1]) {
			continue
		}
		s, e := k-1, k+1
		for s > 0 && letter(p[s-1]) {
			s--
		}
		for e < len(p) && letter(p[e]) {
			e++
		}
		if !particleWords()[0][p[k+1:e]] || !particleWords()[1][p[s:k]] || !standsAlone(p, s, e) || named(p, s, e) {
			continue
		}
		edits = append(edits, edit{s, e, p[s:k] + p[k+1:e]})
		k = e
	}
	return spliced(p, edits)
}

// particleHeads are the verbs whose particle [particleJoined] joins:
// each makes with it a noun writers hyphenate or close ("follow-up",
// "sign-up", "login", "setup", "backup", "rollout", "kickoff").
const particleHeads = `follow sign log check set back work roll pick drop kick hand take print clean start
shut wrap write look lock warm cool break call hold lay cut fall mark walk`

// particleWords holds the particles of [particleJoined], then the verbs
// of [particleHeads] in lower case and capitalised.
var particleWords = sync.OnceValue(func() [2]map[string]bool {
	heads := setOf(particleHeads)
	for h := range setOf(particleHeads) {
		heads[strings.ToUpper(h[:1])+h[1:]] = true
	}
	return [2]map[string]bool{setOf(`up in out off on over down back`), heads}
})

// compoundHeads are the first words of compounds that writers join
// or hyphenate alike ("on-call", "multi-tenant", "web-site", "log-in", "follow-up",
// "non-profit"), for [hyphenJoined]. A word after a prefix that makes
// another word joined ("re-sign" is not "resign", "co-op" not "coop")
// is none of them, nor is a name's part ("edge-gw", "edge-proxy": a
// host joined is another host).
var compoundHeads = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"on": true, "off": true, "multi": true, "non": true, "sub": true, "web": true, "inter": true,
		"over": true, "under": true, "out": true, "back": true, "set": true, "log": true, "check": true,
		"sign": true, "end": true, "time": true, "data": true, "work": true, "life": true, "follow": true,
	}
})

// hyphenJoined returns p with the hyphens left out of each prose word of
// ASCII letters joined by them where writers spell the compound either
// way: after the prefix "e" ("e-mail" is "email", "e-book" "ebook") or
// one of [compoundHeads] ("on-call" is "oncall"), each other part
// holding a vowel ("web-gw" is a host's name). Kept as written: a word
// with a capital past its first letter ("API-GW"), and one that
// touches a digit, an underscore, "@", "/", a dot or colon before a
// letter or digit (a number range, an identifier, a host, a path), and
// a word that names a thing ([named]: "the host web-app").
func hyphenJoined(p string) string {
	words := asciiWords(p)
	var edits []edit
	for i := 0; i+1 < len(words); i++ {
		first := i
		for i+1 < len(words) && p[words[i][1]] == '-' && words[i+1][0] == words[i][1]+1 {
			i++
		}
		if i == first {
			continue
		}
		s, e := words[first][0], words[i][1]
		w := p[s:e]
		if !compoundHead(p[s:words[first][1]]) || strings.ToLower(w[1:]) != w[1:] || !standsAlone(p, s, e) || named(p, s, e) ||
			bareName(p, s, e, p[words[first][0]:words[first][1]], p[words[i][0]:words[i][1]]) {
			continue
		}
		if slices.ContainsFunc(words[first+1:i+1], func(l [2]int) bool { return !strings.ContainsAny(strings.ToLower(p[l[0]:l[1]]), "aeiouy") }) {
			continue
		}
		edits = append(edits, edit{s, e, strings.ReplaceAll(w, "-", "")})
	}
	return spliced(p, edits)
}

// compoundHead reports whether w may begin a compound [hyphenJoined]
// joins: "e" (electronic, whose closed forms dictionaries give: "email",
// "ebook") or one of [compoundHeads]. Other single letters are not:
// joined, "a-side" is "aside", "x-ray" and "t-shirt" are not written
// closed.
func compoundHead(w string) bool {
	return strings.EqualFold(w, "e") || compoundHeads()[strings.ToLower(w)]
}

// standsAlone reports whether p[s:e] is a prose word: no letter, digit,
// "_", "-", "@", "/", ".", ":" or non-ASCII byte before it, none of the
// first six after it, and no dot or colon after it that a letter or
// digit follows.
func standsAlone(p string, s, e int) bool {
	alnum := func(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' || c >= utf8.RuneSelf }
	if s > 0 && (alnum(p[s-1]) || strings.IndexByte("_-@/.:", p[s-1]) >= 0) {
		return false
	}
	if e < len(p) && (alnum(p[e]) || strings.IndexByte("_-@/", p[e]) >= 0) {
		return false
	}
	return e+1 >= len(p) || strings.IndexByte(".:", p[e]) < 0 || !alnum(p[e+1])
}

// unitJoined matches a number written against a unit of two letters or
// more ("5km", "40GB", "200ms"), which prose writes after a space as
// often; a letter alone ("5m": metres, minutes or millions) and any
// other letters ("2FA") are kept as written, and so is the unit's case.
var unitJoined = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`([0-9])(km|cm|mm|mi|ft|kg|mg|lb|lbs|oz|ms|μs|ns|min|mins|sec|secs|hr|hrs|KB|MB|GB|TB|PB|KiB|MiB|GiB|TiB|kB|Kb|Mb|Gb|Tb|kbps|Mbps|Gbps|kHz|MHz|GHz|kW|MW|kWh|mAh)([^A-Za-z0-9_]|$)`)
})

// minusSign matches the minus sign U+2212 before a digit, which prose
// writes as a hyphen-minus as often ("−18 °C" is "-18 °C"); elsewhere
// (in code, between words) it is kept.
var minusSign = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("\u2212([0-9])") })

// withoutFullStop returns a block's inline text without the full stop
// that ends it after a letter or digit: the pause that ends a passage
// is form, as the word rules read it ("4.2." is "4.2", not "4.2.1"; a
// stop after code or a link is kept).
func withoutFullStop(s string) string {
	if t, ok := strings.CutSuffix(s, "."); ok && t != "" {
		if r, _ := utf8.DecodeLastRuneInString(t); unicode.IsLetter(r) || unicode.IsDigit(r) {
			return t
		}
	}
	return s
}

// singleQuoted matches words in single quotes standing as quotes (a
// space or an opening bracket before, a space, a pause or a closing
// bracket after), which flush writes in double quotes, as the word
// rules read quote styles alike; an apostrophe or a foot mark (5') is
// no quote.
var singleQuoted = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(^|[\s(\[])'([^'\s](?:[^']*[^'\s])?)'([\s.,;:!?)\]]|$)`)
})

// footnoteMark matches a footnote marker, "[^1]", "[^note]"; bareURL an
// http or https URL written bare, as GitHub links it.
var (
	footnoteMark = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\[\^[^\]\s]+\]`) })
	bareURL      = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`https?://[^\s<>]+`) })
)

// urlEnd returns a bare URL without what GitHub leaves out of its link:
// trailing punctuation and a closing parenthesis without its opening
// one.
func urlEnd(u string) string {
	for u != "" {
		c := u[len(u)-1]
		switch {
		case strings.IndexByte("?!.,:*_~'\"", c) >= 0:
			u = u[:len(u)-1]
		case c == ')' && strings.Count(u, ")") > strings.Count(u, "("):
			u = u[:len(u)-1]
		default:
			return u
		}
	}
	return u
}

// numberDigits returns p with each number word from two to twenty and
// each ten ("three", "Twelve", "forty"), each ordinal from first to
// twentieth and each ten's ("third", "fortieth"), and each ten joined by
// a hyphen to a word from one to nine or an ordinal from first to ninth
// ("twenty-one", "Ninety-nine", "twenty-first"), written as its digits
// ("3rd", "21st"); a word joined to another otherwise ("three-quarters",
// "twenty-one-year") is left, and so is "one" alone ("no one", "the one
// that").
func numberDigits(p string) string {
	var b strings.Builder
	at := 0
	words := asciiWords(p)
	for i := 0; i < len(words); i++ {
		l := words[i]
		w := p[l[0]:l[1]]
		d, ok := numberValues[strings.ToLower(w)]
		if !ok || (w != strings.ToLower(w) && w[1:] != strings.ToLower(w[1:])) || joined(p, l[0]-1) {
			continue
		}
		if joined(p, l[1]) {
			u, end := unitAfter(p, words, i)
			if len(d) != 2 || d[0] < '2' || d[1] != '0' || u == "" || joined(p, end) {
				continue
			}
			d, l[1] = d[:1]+u, end
			i++
		}
		b.WriteString(p[at:l[0]])
		b.WriteString(d)
		at = l[1]
	}
	if at == 0 {
		return p
	}
	b.WriteString(p[at:])
	return b.String()
}

// unitAfter returns the digit of the number word from one to nine that
// follows the word words[i] of p after a hyphen ("one" of "twenty-one"),
// or of the ordinal from first to ninth ("1st" of "twenty-first"), and
// where that word ends; "" when there is none.
func unitAfter(p string, words [][2]int, i int) (string, int) {
	if i+1 >= len(words) || p[words[i][1]] != '-' || words[i+1][0] != words[i][1]+1 {
		return "", 0
	}
	u := p[words[i+1][0]:words[i+1][1]]
	if u != strings.ToLower(u) && u[1:] != strings.ToLower(u[1:]) {
		return "", 0
	}
	switch d := numberValues[strings.ToLower(u)]; {
	case strings.EqualFold(u, "one"):
		return "1", words[i+1][1]
	case len(d) == 1 && d != "0", len(d) == 3:
		return d, words[i+1][1] // a digit, or an ordinal's ("1st", "9th")
	}
	return "", 0
}

// joined reports whether the byte of p at i joins a word to the next
// or the one before: a hyphen, or a letter or digit ("three-quarters",
// "threefold" is one word; "é" after "three" too).
func joined(p string, i int) bool {
	if i < 0 || i >= len(p) {
		return false
	}
	c := p[i]
	return c == '-' || c == '_' || c >= utf8.RuneSelf || c >= '0' && c <= '9'
}

// asciiWords returns where each run of ASCII letters of p starts and
// ends.
func asciiWords(p string) [][2]int {
	var out [][2]int
	start := -1
	for i := 0; i <= len(p); i++ {
		letter := i < len(p) && (p[i]|0x20 >= 'a' && p[i]|0x20 <= 'z')
		switch {
		case letter && start < 0:
			start = i
		case !letter && start >= 0:
			out = append(out, [2]int{start, i})
			start = -1
		}
	}
	return out
}

// htmlTags are the inline HTML tags written as the Markdown they stand
// for.
var htmlTags = map[string]string{
	"<b>": "\x01strong(", "</b>": ")", "<strong>": "\x01strong(", "</strong>": ")",
	"<i>": "\x01em(", "</i>": ")", "<em>": "\x01em(", "</em>": ")",
	"<del>": "\x01del(", "</del>": ")", "<s>": "\x01del(", "</s>": ")",
}

// node writes an inline node and its children; false for a kind it does
// not know.
func (in *inline) node(n ast.Node) bool {
	src := in.r.source
	switch n := n.(type) {
	case *ast.Text:
		v := n.Segment.Value(src)
		if !n.IsRaw() && gfmEscape(v) {
			return false
		}
		if !n.IsRaw() {
			v = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
		}
		in.prose.Write(v)
		if n.SoftLineBreak() || n.HardLineBreak() {
			in.prose.WriteString(" ")
		}
		return true
	case *ast.String:
		in.prose.Write(n.Value)
		return true
	case *ast.CodeSpan:
		var code strings.Builder
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if t, ok := c.(*ast.Text); ok {
				code.Write(t.Segment.Value(src))
			} else if s, ok := c.(*ast.String); ok {
				code.Write(s.Value)
			}
		}
		in.write("\x01code(" + codeSpaces.Replace(code.String()) + ")")
		return true
	case *ast.RawHTML:
		var raw strings.Builder
		for i := range n.Segments.Len() {
			seg := n.Segments.At(i)
			raw.Write(seg.Value(src))
		}
		if t, ok := htmlTags[strings.ToLower(raw.String())]; ok {
			in.write(t)
		} else {
			in.write("\x02" + strings.ReplaceAll(raw.String(), " ", "\x03") + "\x02")
		}
		return true
	case *ast.Emphasis:
		return in.wrap(n, map[int]string{1: "\x01em(", 2: "\x01strong("}[n.Level], ")")
	case *ast.Link:
		return in.link("\x01a(", n, n.Destination, n.Title)
	case *ast.Image:
		return in.link("\x01img(", n, n.Destination, n.Title)
	case *ast.AutoLink:
		url := n.URL(src)
		if n.AutoLinkType == ast.AutoLinkEmail && !strings.HasPrefix(strings.ToLower(string(url)), "mailto:") {
			url = append([]byte("mailto:"), url...)
		}
		dest := string(util.URLEscape(url, false))
		in.r.dests[dest] = true
		in.r.form.titles = append(in.r.form.titles, "")
		in.write("\x01a(" + string(n.Label(src)) + "|" + dest + "|\x04)")
		return true
	}
	return false
}

// gfmEscape reports whether text, as written, holds a backslash escape
// or a character reference that could make or unmake one of GitHub's
// inline forms CommonMark reads as text: "\\~~x~~" is no strikethrough,
// "http\\://x" and "a&#64;b.io" no bare link, yet
// CommonMark decodes each to the same text as its plain twin.
func gfmEscape(text []byte) bool {
	s := string(text)
	if !strings.ContainsAny(s, "\\&") {
		return false
	}
	d := strings.ToLower(string(util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(text)))))
	return strings.ContainsAny(d, "~@") || strings.Contains(d, "://") || strings.Contains(d, "www.")
}

// boxEscaped reports whether n opens a list item with an escape or a
// character reference where GitHub reads a task box: "- \\[x] a" shows
// "[x] a", "- [x] a" a ticked box, and CommonMark decodes both alike
// (so does "[&#120;]").
func (r *renderer) boxEscaped(n ast.Node) bool {
	if _, ok := n.Parent().(*ast.ListItem); !ok || n.PreviousSibling() != nil || n.Lines().Len() == 0 {
		return false
	}
	rest := r.source[n.Lines().At(0).Start:]
	head := string(rest[:min(len(rest), 12)])
	return (strings.HasPrefix(head, "[") || strings.HasPrefix(head, "\\[") || strings.HasPrefix(head, "&")) && strings.ContainsAny(head, "\\&")
}

// wrap writes an inline node's children between open and close.
func (in *inline) wrap(n ast.Node, open, close string) bool {
	if open == "" {
		return false
	}
	in.write(open)
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if !in.node(c) {
			return false
		}
	}
	in.write(close)
	return true
}

// link writes a link or an image: its text and destination, its title
// listed apart.
func (in *inline) link(open string, n ast.Node, dest, title []byte) bool {
	d := string(util.URLEscape(dest, true))
	in.r.dests[d] = true
	in.r.form.titles = append(in.r.form.titles, string(title))
	was := in.inLink
	in.inLink = true
	defer func() { in.inLink = was }()
	return in.wrap(n, open, "|"+d+"|\x04)")
}

// OneText reports whether the copy dropped is the copy kept written in
// another Markdown form (a setext heading and its ATX twin, "**x**" and
// "<b>x</b>"), losing nothing: their parsed documents ([rendered]) are
// one text ([Forms.OneText]) and the kept copy holds every link title and
// footnote marker the dropped one does ([form.covers]). Such copies say
// the same to any reader, so no rule on the words that differ (marks,
// order, "1." against "2.", a URL once in a reference definition) can
// hold them apart, and a caller showing why two copies differ shows
// their lines ([LinesDiff]), not words.
func OneText(kept, dropped string) bool {
	f := NewForms([]Passage{{Text: kept}, {Text: dropped}})
	return f.OneText(0, 1) && f.form[0].covers(f.form[1], kept, dropped)
}

// LinesDiff returns the lines only a holds and those only b holds, as
// written but for the white space around them, each in its text's order
// (a line held twice by one text and once by the other counts once): the
// text that differs between two copies whatever their words.
func LinesDiff(a, b string) (onlyA, onlyB []string) {
	count := func(s string) ([]string, map[string]int) {
		var lines []string
		n := map[string]int{}
		for _, l := range SplitLines(s) {
			if l = strings.TrimSpace(l); l != "" {
				lines = append(lines, l)
				n[l]++
			}
		}
		return lines, n
	}
	la, na := count(a)
	lb, nb := count(b)
	only := func(lines []string, mine, other map[string]int) []string {
		var out []string
		for _, l := range lines {
			if mine[l] > other[l] {
				out = append(out, l)
				mine[l]--
			}
		}
		return out
	}
	onlyA = only(la, maps.Clone(na), nb)
	onlyB = only(lb, maps.Clone(nb), na)
	return onlyA, onlyB
}

// shownContext is how many runes [ShowLines] shows on each side of
// where two texts part.
const shownContext = 24

// ShowLines shows the lines only a holds and those only b holds
// ([LinesDiff]), each side joined by spaces and cut to where the two
// sides part, shownContext runes around: "«Failover drill
// --------------» / «## Failover drill»", "«…catalog needs **hb** tags,
// the owner…» / «…catalog needs __hb__ tags, the owner…»".
func ShowLines(a, b string) string {
	onlyA, onlyB := LinesDiff(a, b)
	ra, rb := []rune(strings.Join(onlyA, " ")), []rune(strings.Join(onlyB, " "))
	pre := 0
	for pre < len(ra) && pre < len(rb) && ra[pre] == rb[pre] {
		pre++
	}
	suf := 0
	for suf < len(ra)-pre && suf < len(rb)-pre && ra[len(ra)-1-suf] == rb[len(rb)-1-suf] {
		suf++
	}
	from := max(0, pre-shownContext)
	show := func(r []rune) string {
		to := min(len(r), len(r)-suf+shownContext)
		out := string(r[from:to])
		if from > 0 {
			out = "…" + out
		}
		if to < len(r) {
			out += "…"
		}
		return "«" + out + "»"
	}
	return show(ra) + " / " + show(rb)
}

// fromLineOne reports whether option, after a fence's language outside
// braces, numbers its lines from one (mkdocs' pymdownx.highlight);
// a count from another line ("linenums=\"10\"") says where the code
// stands in its file and is kept.
func fromLineOne(option string) bool {
	switch option {
	case `linenums="1"`, `linenums='1'`, `linenums=1`:
		return true
	}
	return false
}

// lineNumberFlags are the attributes of a fence's info string, in
// braces, that only tell a renderer to number the code's lines
// (Hugo's linenos, Pandoc's .numberLines, Prism's .line-numbers), lower
// case and without a class's dot.
var lineNumberFlags = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"linenos": true, "linenos=true": true, "linenos=table": true, "linenos=inline": true,
		"linenums": true, "numberlines": true, "number-lines": true, "line-numbers": true, "linenumbers": true,
		"showlinenumbers": true,
	}
})

// withoutLineNumbers returns the info string of a code block without
// the attributes in braces that only number its lines
// ([lineNumberFlags]), and without the braces when nothing else is in
// them: "sh {linenos}" is "sh", as a reader sees the same code. A
// quoted value is one attribute, its commas and spaces kept. A class
// that may judge the code ("{.bad}"), any other attribute with a value
// ("hl_lines=", "title=") and a flag outside braces are kept.
func withoutLineNumbers(info string) string {
	open := strings.IndexByte(info, '{')
	if open < 0 {
		f := strings.Fields(info)
		if len(f) == 2 && fromLineOne(strings.ToLower(f[1])) {
			return f[0] // mkdocs' "sh linenums=\"1\""
		}
		return info
	}
	if !strings.HasSuffix(info, "}") || strings.Count(info, "{") != 1 {
		return info
	}
	var kept []string
	for _, a := range attributes(info[open+1 : len(info)-1]) {
		if !lineNumberFlags()[strings.TrimPrefix(strings.ToLower(a), ".")] {
			kept = append(kept, a)
		}
	}
	head := strings.TrimSpace(info[:open])
	if len(kept) == 0 {
		return head
	}
	return strings.TrimSpace(head + " {" + strings.Join(kept, " ") + "}")
}

// attributes splits the inside of an info string's braces at commas and
// spaces, a quoted value ("title=\"a, b.sh\"") kept whole.
func attributes(s string) []string {
	var out []string
	start, quote := -1, rune(0)
	for i, r := range s {
		sep := quote == 0 && (r == ',' || unicode.IsSpace(r))
		switch {
		case r == quote:
			quote = 0
		case quote == 0 && (r == '"' || r == '\''):
			quote = r
		}
		if sep && start >= 0 {
			out = append(out, s[start:i])
			start = -1
		} else if !sep && start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// bareName reports whether the hyphenated word p[s:e], of first part
// head and last part tail, stands where a common noun would need a
// determiner and so names a thing ("copy the dumps to web-app",
// "redeploy work-queue before the jobs"): no determiner or copula right
// before it nor one word before that ("the marketing web-site"), no
// noun after it that it qualifies ("to multi-zone storage"; as a
// clause's subject, a word after it that reads as its verb is none:
// "Web-app serves the pages", [verbAfter]), and neither a particle's
// compound ("during sign-up", "log-in") nor "e"'s ("by e-mail"), which
// name acts and media, not things.
func bareName(p string, s, e int, head, tail string) bool {
	words := bareWords()
	if strings.EqualFold(head, "e") || words.particles[strings.ToLower(tail)] {
		return false
	}
	prev := strings.Fields(strings.ToLower(p[:s]))
	for i := len(prev) - 1; i >= max(0, len(prev)-2); i-- {
		if w := strings.Trim(prev[i], `"'“”‘’(`); words.determiners[w] || i == len(prev)-1 && words.copulas[w] {
			return false
		}
		if strings.ContainsAny(prev[i], ",;:.!?") {
			break // a pause ends the phrase: "migration, redeploy work-queue"
		}
	}
	next := strings.Fields(p[e:])
	if len(next) > 0 && e < len(p) && p[e] == ' ' {
		w := strings.TrimRight(next[0], ",;:.!?)")
		if w == next[0] && w != "" && strings.ToLower(w) == w && asciiLetters(w) && !tokenize.IsStopWord(w) &&
			!strings.HasSuffix(w, "ly") && !words.notNouns[w] && !words.determiners[w] && !words.copulas[w] {
			// "to multi-zone storage": it qualifies the noun after it,
			// unless, opening a clause, it is the subject of that word.
			return opensClause(prev) && verbAfter(w, next[1:])
		}
	}
	return true
}

// opensClause reports whether a word after the lower-cased words prev
// opens a sentence or clause: nothing before it, a break or comma right
// before it, or a conjunction.
func opensClause(prev []string) bool {
	if len(prev) == 0 {
		return true
	}
	last := prev[len(prev)-1]
	r, _ := utf8.DecodeLastRuneInString(last)
	return strings.ContainsRune(".,;:!?—–", r) || bareWords().conjunctions[last]
}

// verbAfter reports whether w, the word after a clause's first word,
// reads as that word's verb: w ends as a verb that agrees with one thing
// or as a past tense ("serves", "forwarded") and the word after it, if
// any, cannot be the verb of a plural noun w would then be ("On-call
// engineers rotate weekly", "Multi-zone buckets are cheaper": nouns).
// Held is the safe side: a noun read as a verb keeps a hyphen that
// writers drop.
func verbAfter(w string, rest []string) bool {
	if !(strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is") ||
		strings.HasSuffix(w, "ed")) {
		return false
	}
	if len(rest) == 0 {
		return true
	}
	words := bareWords()
	w2 := strings.ToLower(strings.TrimRight(rest[0], ",;:.!?)"))
	if words.copulas[w2] || words.auxiliaries[w2] {
		return false // "Multi-zone buckets are cheaper"
	}
	bare := asciiLetters(w2) && !tokenize.IsStopWord(w2) && !words.notNouns[w2] && !words.determiners[w2] &&
		!strings.HasSuffix(w2, "s") && !strings.HasSuffix(w2, "ed")
	return !bare // "On-call engineers rotate weekly": a noun and its verb
}

// Word classes of [bareName], built on first use; notNouns are the
// words after a name that it cannot qualify (times, prepositions,
// conjunctions).
var bareWords = sync.OnceValue(func() (w struct{ particles, determiners, copulas, notNouns, conjunctions, auxiliaries map[string]bool }) {
	w.particles = setOf(`up in out on off down over back away`)
	w.determiners = setOf(`the a an our your their my his her its this that these those every each any some
no another all both either neither which whose what`)
	w.copulas = setOf(`is are was were be been being become became becomes stay stays stayed remain remains remained seems`)
	w.notNouns = setOf(`today tonight tomorrow yesterday now later soon again first afterwards too also instead
to from on onto into in at via by for with of off through behind against across toward towards between
per about like than over under within inside outside near past after before during until since and or
but then when while if so because as`)
	w.conjunctions = setOf(`and or but so then while when because whereas although though once`)
	w.auxiliaries = setOf(`can could will would shall should may might must do does did has have had need`)
	return w
})

// asciiLetters reports whether w is ASCII letters only.
func asciiLetters(w string) bool {
	return strings.IndexFunc(w, func(r rune) bool { return r > unicode.MaxASCII || !unicode.IsLetter(r) }) < 0
}

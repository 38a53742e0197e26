package curate

import (
	"cmp"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/memweave/memweave-go/internal/mdfence"
	"github.com/memweave/memweave-go/tokenize"
)

// differsInForm reports whether two passages with the same words say
// different things by how the words are arranged or written: the words
// both hold (content words, words of direction: from, to, than, and
// words that are values: yes, no, on, off, before, after) come in another
// order ("timeout 30, retries 5" and "timeout 5, retries 30"; "Alice
// reports to Bob" and "Bob reports to Alice"; a table whose "yes" and
// "no" moved to other rows; a heading's last word that the line after it
// opens with is read once: "# Deploys" over "Deploys go out..."), a
// word written with capitals inside it is written otherwise ("MB" and
// "Mb", "API_TOKEN" and "api_token"), a line is in a fenced block of one
// passage only, a line both hold sits at another depth (a list item, a
// line of a fenced block, a heading's level; see [depthsOf]), a word's
// accents differ when both
// passages write accents ("zahlen" and "zählen", see [accentDiff]), a piece of code (a `span` or a
// fenced block) is not in the other passage as written, the
// operators written between the words differ ("a > b" and "a < b"), or
// a task box differs ("- [ ] text", "- [x] text" and "text").
// wa and wb are the words of a and b; written holds the two passages as
// written, before tokenize.Normalize, which folds the Greek accents, "ё"
// and the Hebrew and Arabic points whose difference the accent rule reads.
func differsInForm(a, b string, written [2]string, wa, wb words) (string, bool) {
	shared := map[string]bool{}
	for _, w := range wa.list {
		if _, ok := slices.BinarySearch(wb.list, w); ok && (content(w) || directionWords[w] || valueKind(w, false) != "") {
			shared[w] = true
		}
	}
	if w, ok := orderDiff(sequence(a, shared), sequence(b, shared)); ok && !clauseMoved(a, b) {
		return "word order: " + w, true
	}
	if w, ok := caseDiff(a, b); ok {
		return "case: " + w, true
	}
	if w, ok := accentDiff(written[0], written[1]); ok {
		return "accents: " + w, true
	}
	for _, pair := range [][2]string{{a, b}, {b, a}} {
		in := collapse(pair[1])
		spans, _ := codeOf(pair[0])
		for _, c := range spans {
			if !strings.Contains(in, c) {
				return "code: " + c, true
			}
		}
	}
	if w, ok := spacingDiff(spacings(a), spacings(b)); ok {
		return "code: " + w, true
	}
	_, fa := codeOf(a)
	_, fb := codeOf(b)
	if w, ok := firstDiff(fa, fb); ok {
		return "fenced in one copy only: " + w, true
	}
	if w, ok := depthDiff(depthsOf(a), depthsOf(b)); ok {
		return "nesting: " + w, true
	}
	if w, ok := firstDiff(operatorsOf(a), operatorsOf(b)); ok {
		return "operator: " + w, true
	}
	if w, ok := firstDiff(struckOf(a), struckOf(b)); ok {
		return "struck through: " + w, true
	}
	if w, ok := firstDiff(tasksOf(a), tasksOf(b)); ok {
		return "task box: " + w, true
	}
	if w, ok := firstDiff(scareQuotedOf(a), scareQuotedOf(b)); ok {
		return "in quotes in one copy only: " + w, true
	}
	if w, ok := punctuationDiff(a, b); ok {
		return "punctuation: " + w, true
	}
	return "", false
}

// punctuationDiff returns two words written next to each other in both
// passages with a mark between them in one that the other lacks: "eat,
// grandma" is not "eat grandma", "No, backups" is not "No backups",
// "Customers, who" is not "Customers who", "to /var" is not "to var", "in
// ~/keys" is not "in /keys". Which pause is written (a comma, a
// semicolon, a colon, a full stop, a dash, parentheses) does not count,
// nor do quotes, emphasis, a line wrapped, or a pause before "and", "or",
// "nor" or "but" (a serial comma). A question mark counts, also at the
// end ("... at nine?" asks what "... at nine." states), and so do an
// ellipsis ("a, b, c…" says there is more) and any
// other mark after the last word ("drill: ✓" is not "drill: ✗"); the
// pauses that end a passage do not, nor those that open it, but for a
// sign or a path ("-", "/", "~").
func punctuationDiff(a, b string) (string, bool) {
	ga, oka := gapsOf(a)
	gb, okb := gapsOf(b)
	if !oka || !okb {
		return "", false
	}
	byWords := func(p, q [2]string) int { return cmp.Or(cmp.Compare(p[0], q[0]), cmp.Compare(p[1], q[1])) }
	for _, k := range slices.SortedFunc(maps.Keys(ga), byWords) {
		sb, ok := gb[k]
		if !ok || slices.Equal(ga[k], sb) {
			continue
		}
		show := func(gaps []string) string {
			return collapse(k[0] + " " + quotedGlyphs(strings.Join(gaps, "|")) + " " + k[1])
		}
		return cmp.Or(show(ga[k]), "nothing") + " / " + cmp.Or(show(sb), "nothing"), true
	}
	return "", false
}

// gapsOf maps each two words written one after the other in text (its
// marks written as themselves made visible, see [literal])
// (folded; "" before the first and after the last), and each three (the
// first two as one key), to the sorted distinct marks between the last
// two, as [gapMarks] keeps them. It reports
// false when it cannot place the words in text (lower case that changes
// a letter's length).
func gapsOf(text string) (map[[2]string][]string, bool) {
	text = blankQuoted(literal(plainMarks(text)))
	lower := strings.ToLower(text)
	if len(lower) != len(text) {
		return nil, false
	}
	out := map[[2]string][]string{}
	add := func(x, y, gap string) {
		if !slices.Contains(out[[2]string{x, y}], gap) {
			out[[2]string{x, y}] = append(out[[2]string{x, y}], gap)
			slices.Sort(out[[2]string{x, y}])
		}
	}
	before, prev, at := "", "", 0
	for _, t := range tokenize.Words(text) {
		i := strings.Index(lower[at:], t)
		if i < 0 {
			return nil, false
		}
		f := tokenize.Fold(t)
		gap := gapMarks(text[at:at+i], at == 0)
		switch {
		case prev == "":
			gap = strings.ReplaceAll(gap, ",", "") // an opening pause: a bracket, a list's number
		case conjunctions[f]:
			gap = strings.ReplaceAll(gap, ",", "") // a serial comma
		}
		add(prev, f, gap)
		if before != "" {
			// Also keyed with the word before: two words written twice
			// with their marks swapped ("EU region 🟢 and US region 🔴
			// and") give the same marks to the two words alone.
			add(before+" "+prev, f, gap)
		}
		before, prev, at = prev, f, at+i+len(t)
	}
	if prev != "" {
		// The pauses that end a passage do not count; a question mark
		// does, and so does any other mark: a status the last words are
		// given ("restore drill: ✓", a table's last cell "| ❌ |", "↑").
		end := strings.NewReplacer(",", "", "?", "").Replace(gapMarks(text[at:], false))
		if strings.ContainsAny(text[at:], "?？") {
			end = "?" + end
		}
		if strings.Contains(text[at:], "…") || strings.Contains(text[at:], "...") {
			end = "…" + end // a list left open: "a, b, c…" says there is more
		}
		add(prev, "", end)
	}
	return out, true
}

// literal returns text with the marks Markdown shows as written, not as
// emphasis or a link, written so that [gapMarks], which leaves emphasis
// and a link's brackets out, keeps them: a "*" or "_" that opens or
// closes no emphasis ("tmp*", "storage*", "_id"; "\\*" too) becomes "∗",
// and the brackets of a span that is no link, task box, footnote or wiki
// link ("with [--force]") "⁅" and "⁆". A line's list mark, task box and
// quote marks, an "_" inside a word and a thematic break stay.
func literal(text string) string {
	if !strings.ContainsAny(text, "*_[") {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if thematicBreak().MatchString(l) {
			continue
		}
		n := len(lineOpening().FindString(l))
		lines[i] = l[:n] + literalRest(l[n:])
	}
	return strings.Join(lines, "\n")
}

// literalRest is [literal] of a line's text after its opening marks.
func literalRest(rest string) string {
	delim := map[int]bool{}
	for _, re := range []*regexp.Regexp{starEmphasis(), underscoreEmphasis()} {
		for _, m := range re.FindAllStringSubmatchIndex(rest, -1) {
			for i := m[2]; i < m[3]; i++ {
				delim[i] = true
			}
			for i := m[4]; i < m[5]; i++ {
				delim[i] = true
			}
		}
	}
	plain := map[int]bool{} // brackets of a span that is no link
	for _, m := range bracketSpan().FindAllStringIndex(rest, -1) {
		before, _ := utf8.DecodeLastRuneInString(rest[:m[0]])
		after, _ := utf8.DecodeRuneInString(rest[m[1]:])
		if !strings.ContainsRune("![]", before) && !strings.ContainsRune("([:]", after) && rest[m[0]+1] != '^' {
			plain[m[0]], plain[m[1]-1] = true, true
		}
	}
	var b strings.Builder
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		switch {
		case c == '\\' && i+1 < len(rest) && (rest[i+1] == '*' || rest[i+1] == '_'):
			b.WriteString("∗")
			i++
		case c == '*' && !delim[i]:
			b.WriteString("∗")
		case c == '_' && !delim[i] && !inWord(rest, i):
			b.WriteString("∗")
		case c == '[' && plain[i]:
			b.WriteString("⁅")
		case c == ']' && plain[i]:
			b.WriteString("⁆")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// blankQuoted returns text with a quoted string of marks alone written
// as a value, so that [gapMarks], which leaves quotes out and reads
// marks as pauses, keeps it: empty ("" or “”) "∅", blank (" ") "␠",
// other marks each as a glyph of its own (a delimiter "," is not ";").
func blankQuoted(text string) string {
	if !strings.ContainsAny(text, "\"'“‘„«") {
		return text
	}
	return quotedMarks().ReplaceAllStringFunc(text, func(m string) string {
		g := quotedMarks().FindStringSubmatch(m)
		inner := g[3]
		switch {
		case inner == "":
			inner = "∅"
		case strings.TrimSpace(inner) == "":
			inner = "␠"
		default:
			inner = strings.Map(func(r rune) rune {
				if unicode.IsSpace(r) {
					return -1
				}
				return markGlyph + r // a private-use glyph per mark, no pause
			}, inner)
		}
		return g[1] + inner + g[5]
	})
}

// markGlyph is the first of the private-use glyphs [blankQuoted] writes
// a quoted mark as (markGlyph + the mark).
const markGlyph = 0xF0000

// quotedGlyphs returns s with each run of [blankQuoted]'s glyphs written
// back as the marks they stand for, in quotes (`delimiter is "," for`),
// for a reason a user reads.
func quotedGlyphs(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		glyph := r >= markGlyph
		if glyph != in {
			b.WriteByte('"')
			in = glyph
		}
		if glyph {
			r -= markGlyph
		}
		b.WriteRune(r)
	}
	if in {
		b.WriteByte('"')
	}
	return b.String()
}

// quotedMarks matches a quoted string of at most three marks or blanks
// standing apart from any letter or digit (not the apostrophe of
// "users' 'admin'" run together): groups 1 and 5 the text around it, 3
// the string.
var quotedMarks = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(^|[^\pL\pN])(["'“‘„«])([^\pL\pN"'“”‘’„«»\n]{0,3})(["'”’“»])($|[^\pL\pN])`)
})

// inWord reports whether the byte at i of s is between two letters or
// digits ("new_checkout_flow").
func inWord(s string, i int) bool {
	r1, _ := utf8.DecodeLastRuneInString(s[:i])
	r2, _ := utf8.DecodeRuneInString(s[i+1:])
	return (unicode.IsLetter(r1) || unicode.IsDigit(r1)) && (unicode.IsLetter(r2) || unicode.IsDigit(r2))
}

// The patterns of [literal]: a line's opening marks (quote, list item,
// task box), a thematic break, emphasis with "*" and with "_" (not
// inside a word; the delimiters are groups 1 and 2), and a span in
// brackets.
var (
	lineOpening = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^[ \t]*(?:>[ \t]*)*(?:(?:[*+-]|\d+[.)])[ \t]+)?(?:\[[ xX]\][ \t]+)?`)
	})
	thematicBreak      = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[ \t]*(?:(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$`) })
	starEmphasis       = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(\*{1,3})[^\s*](?:[^*]*[^\s*\\])?(\*{1,3})`) })
	underscoreEmphasis = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?:^|[^\pL\pN_])(_{1,3})[^\s_](?:[^_]*[^\s_\\])?(_{1,3})(?:$|[^\pL\pN_])`)
	})
	bracketSpan = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\[[^\[\]]*\]`) })
)

// dashes writes a dash between words as a comma, and drops the marks of
// a strikethrough (compared on their own, see [struckOf]).
var dashes *strings.Replacer

// plainMarks returns text with the marks that are Markdown's form alone,
// outside code ([mdfence.Fence]), written one way: a bullet glyph that
// opens a line ("• ", "◦ ", "▪ ", "‣ ") as "- ", an ATX heading without
// its closing hashes ("## Backups ##") and the colon that ends it ("##
// Backup schedule:"), and a line without the backslash that ends it (a
// hard line break, "safe\\").
func plainMarks(text string) string {
	lines := strings.Split(text, "\n")
	var f mdfence.Fence
	for i, l := range lines {
		if f.Code(l) {
			continue
		}
		l, cr := strings.CutSuffix(l, "\r")
		if m := bulletGlyph().FindStringSubmatchIndex(l); m != nil {
			l = l[:m[4]] + "-" + l[m[5]:]
		}
		if atxHeading().MatchString(l) {
			l = strings.TrimSuffix(closingHashes().ReplaceAllString(l, ""), ":")
		} else if strings.HasSuffix(l, "\\") && !strings.HasSuffix(l, "\\\\") {
			l = l[:len(l)-1]
		}
		if cr {
			l += "\r"
		}
		lines[i] = l
	}
	return strings.Join(lines, "\n")
}

// bulletGlyph matches a line opened by a bullet glyph and white space,
// its indentation the first group and the glyph the second;
// closingHashes an ATX heading's closing sequence ("## Backups ##").
var (
	bulletGlyph   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([ \t]*)([•◦▪‣])[ \t]`) })
	closingHashes = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[ \t]+#+[ \t]*$|[ \t]+$`) })
)

// conjunctions are the words before which a pause may be written or not
// with no change to what is said.
var conjunctions map[string]bool

// gapMarks returns the marks of gap, the text between two words, that
// may change what is said: "," for any pause (a comma, a semicolon, a
// colon, a full stop, an exclamation mark, a dash, a bracket, a blank
// line, a new list item), "?" for a question mark, and any other mark as
// written ("/", "~", "-", "$", "&"), in order, a run of pauses made one;
// white space, a wrapped line, quotes, a link's brackets, a fence ("```",
// "~~~"), and emphasis and the marks that
// open a Markdown line (at the start of the text too, when start) are
// left out.
func gapMarks(gap string, start bool) string {
	var b strings.Builder
	pause := func() {
		if !strings.HasSuffix(b.String(), ",") {
			b.WriteByte(',')
		}
	}
	for i, line := range strings.Split(gap, "\n") {
		if i > 0 || start {
			rest := strings.TrimLeft(line, " \t")
			if strings.HasPrefix(rest, "~~~") {
				line = strings.TrimLeft(rest, "~") // a fence, as "```" is
			} else if m := strings.TrimLeft(rest, "#>*+-"); len(m) < len(rest) && (m == "" || m[0] == ' ') {
				line = m // a heading, a quote or a list item begins
				pause()
			} else if i > 1 && strings.TrimSpace(rest) == "" {
				pause() // a blank line
			}
		}
		line = dashes.Replace(line)
		for _, r := range line {
			switch {
			case unicode.IsSpace(r) || strings.ContainsRune("'\"`‘’‚‛“”„«»*_[]", r):
			case strings.ContainsRune(",;:.!…(){}—–，、。；：！（）【】", r):
				pause()
			case r == '?' || r == '？':
				b.WriteByte('?')
			default:
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// struck matches Markdown's strikethrough, ~~text~~, within a line.
var struck = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`~~([^~\n]+)~~`) })

// struckOf returns the sorted distinct spans of text struck through,
// their white space collapsed: a struck fact is one the note withdrew,
// so "~~Redis caches the rates~~" is not a copy of "Redis caches the
// rates".
func struckOf(text string) []string {
	var out []string
	for _, m := range struck().FindAllStringSubmatch(text, -1) {
		out = append(out, collapse(m[1]))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// taskItem matches a list item with a task box: "- [ ] text",
// "* [x] text", "1. [X] text".
var taskItem = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*(?:[-*+]|[0-9]+[.)])\s+\[([ xX])\]\s+(.*)$`) })

// tasksOf returns the sorted distinct task items of text, each its
// state ("open" or "done") and its text, white space collapsed: a task
// states what is to be done, or was, not what is, so "- [ ] the job
// verifies every file" is not a copy of "the job verifies every file",
// nor of "- [x] the job verifies every file".
func tasksOf(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if m := taskItem().FindStringSubmatch(line); m != nil {
			state := "done: "
			if m[1] == " " {
				state = "open: "
			}
			out = append(out, state+collapse(m[2]))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// quoted matches a word or a few in quotes of any style (straight,
// curly, guillemets, low-high), the opening mark after no letter or
// digit and the closing one before none, so that the apostrophes of
// "don't" and "team's" open or close nothing.
var quoted = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?:^|[^\p{L}\p{N}])['"‘’‚“”„«»]([\p{L}\p{N}][^'"‘’‚“”„«»\n]{0,60}?)['"‘’“”«»](?:[^\p{L}\p{N}]|$)`)
})

// maxScareWords is the most words a span in quotes may have to be read
// as scare quotes rather than a quotation.
const maxScareWords = 3

// scareQuotedOf returns the sorted distinct spans of text of at most
// [maxScareWords] words written in quotes, folded, whatever the quote
// marks: quotes around a word or two distance the writer from it, so
// the "fixed" build is not the fixed build, while “safe window” and
// "safe window" say the same.
func scareQuotedOf(text string) []string {
	var out []string
	for _, m := range quoted().FindAllStringSubmatch(text, -1) {
		ws := tokenize.Words(m[1])
		if len(ws) == 0 || len(ws) > maxScareWords {
			continue
		}
		for i := range ws {
			ws[i] = tokenize.Fold(ws[i])
		}
		out = append(out, strings.Join(ws, " "))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// directionWords are the stop words that say which way a relation goes,
// so that "from Frankfurt to Dublin" and "to Frankfurt from Dublin"
// differ in the order of the words both hold.
var directionWords map[string]bool

// sequence returns the folded words of text that keep holds, in the
// order written, but for the last word of an ATX heading that the next
// line holding words opens with: a title repeating the subject of the
// sentence under it ("# Deploys" over "Deploys go out ...") says it once.
func sequence(text string, keep map[string]bool) []string {
	var out []string
	echo := "" // the last word of the heading just read
	for _, line := range strings.Split(text, "\n") {
		var ws []string
		for _, t := range tokenize.Words(line) {
			if f := tokenize.Fold(t); keep[f] {
				ws = append(ws, f)
			}
		}
		if echo != "" && len(ws) > 0 && ws[0] == echo {
			out = out[:len(out)-1]
		}
		if strings.TrimSpace(line) != "" {
			echo = ""
		}
		if len(ws) > 0 && atxHeading().MatchString(line) {
			echo = ws[len(ws)-1]
		}
		out = append(out, ws...)
	}
	return out
}

// orderDiff returns the first word at which the sequences a and b part.
func orderDiff(a, b []string) (string, bool) {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[i] + " / " + b[i], true
		}
	}
	switch {
	case len(a) > len(b):
		return a[len(b)], true
	case len(b) > len(a):
		return b[len(a)], true
	}
	return "", false
}

// caseDiff returns a word written with a capital letter after its first
// letter in one passage (an acronym, a unit, an identifier, a camel-case
// name) and written otherwise in the other.
//
// A word that names a value ("password Sunflower", "the branch named
// Release", "customer id Orbital", see [namedValues]) counts whatever
// its capitals: its case is part of the value.
func caseDiff(a, b string) (string, bool) {
	fa, fb := spellings(a), spellings(b)
	for _, w := range slices.Sorted(maps.Keys(fa)) {
		sa, sb := fa[w], fb[w]
		if len(sb) == 0 || !(innerCaps(sa) || innerCaps(sb)) {
			continue
		}
		if !slices.Equal(sa, sb) {
			return strings.Join(sa, ",") + " / " + strings.Join(sb, ","), true
		}
	}
	of := []func(string) map[string][]string{namedValues}
	if recased(fa, fb) == 1 && !breakRecased(a, b) {
		// One word recased alone is a name made or unmade, not a copy
		// retyped in lower case ("we use valkey instead of redis").
		of = append(of, bareCapitals)
	}
	for _, values := range of {
		na, nb := values(a), values(b)
		for _, w := range slices.Sorted(maps.Keys(na)) {
			if sa, sb := na[w], nb[w]; len(sb) > 0 && !slices.Equal(sa, sb) {
				return strings.Join(sa, ",") + " / " + strings.Join(sb, ","), true
			}
		}
	}
	return "", false
}

// breakRecased reports whether a and b are the same words in the same
// order, some in another case, and each such word opens a sentence in
// the copy that capitalises it (after ".", "!" or "?") and follows a
// joint in the other (";", "—" or "–"): a sentence split or joined, its
// next word recased by the break alone ("Payroll closes on the 25th.
// Overtime ..." / "... 25th — overtime ..."). A word recased after a
// comma or a colon, or at a line's start, is not: "Before the hearing,
// Mark the exhibits" names someone.
func breakRecased(a, b string) bool {
	ta, tb := wordsAfter(a), wordsAfter(b)
	if len(ta) != len(tb) {
		return false
	}
	n := 0
	for i := range ta {
		x, y := ta[i], tb[i]
		if x.word == y.word {
			continue
		}
		if capitalised(y.word) {
			x, y = y, x
		}
		rx, sx := utf8.DecodeRuneInString(x.word)
		ry, sy := utf8.DecodeRuneInString(y.word)
		if x.word[sx:] != y.word[sy:] || !unicode.IsUpper(rx) || !unicode.IsLower(ry) || unicode.ToLower(rx) != ry ||
			!strings.ContainsRune(".!?", x.after) || !strings.ContainsRune(";—–", y.after) {
			return false
		}
		n++
	}
	return n > 0
}

// wordAfter is a word of a text as [wordsAfter] reads it: its letters
// and digits, and the mark that stands before it.
type wordAfter struct {
	word  string
	after rune
}

// wordsAfter returns the words of text (runs of letters and digits
// between spaces, punctuation around them left out), each with the last
// mark before it: the punctuation that ends the field before it or
// stands alone before it ("." of "25th. Overtime", "—" of "25th —
// overtime"), or punctuation that opens its own field ("(" of
// "(Restores"); a letter or digit when none, a newline at the start.
func wordsAfter(text string) []wordAfter {
	var out []wordAfter
	last := '\n'
	for _, f := range strings.Fields(text) {
		notWord := func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }
		w := strings.TrimFunc(f, notWord)
		r, _ := utf8.DecodeLastRuneInString(f)
		if w == "" {
			last = r
			continue
		}
		after := last
		if lead := f[:strings.Index(f, w)]; lead != "" {
			after, _ = utf8.DecodeLastRuneInString(lead)
		}
		out = append(out, wordAfter{w, after})
		last = r
	}
	return out
}

// recased returns how many words both spellings maps hold are written
// with other capitals in one than in the other.
func recased(fa, fb map[string][]string) int {
	n := 0
	for w, sa := range fa {
		if sb := fb[w]; len(sb) > 0 && !slices.Equal(sa, sb) {
			n++
		}
	}
	return n
}

// bareCapitals maps each folded word of text's prose to the sorted
// distinct ways it is written, accents folded. [caseDiff] asks it only
// when one word alone is recased, and then a capital makes a name of
// the word wherever it stands: "built on Acme" (a company) is not "built
// on acme" (a package), "the Staging deploy" (an environment) is not
// "the staging deploy", "opens Runs" (a page) is not "opens runs", and
// at a sentence's start "npm ci" is not "Npm ci" (a lower-case first
// letter there is deliberate). Left out: a heading's words (title case)
// and a stop word ("to Is").
func bareCapitals(text string) map[string][]string {
	out := map[string][]string{}
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		if atxHeading().MatchString(line) || (i+1 < len(lines) && setextUnderline().MatchString(lines[i+1])) {
			continue
		}
		fields := strings.Fields(line)
		for j := range fields {
			ws := rawWords(fields[j])
			if len(ws) == 0 || !strings.HasPrefix(strings.TrimLeft(fields[j], "*_`\"'([“‘"), ws[0]) {
				continue
			}
			f := tokenize.Fold(strings.ToLower(ws[0]))
			if r, _ := utf8.DecodeRuneInString(ws[0]); !unicode.IsLetter(r) || tokenize.IsStopWord(f) {
				continue
			}
			if w := tokenize.Fold(ws[0]); !slices.Contains(out[f], w) {
				out[f] = append(out[f], w)
				slices.Sort(out[f])
			}
		}
	}
	return out
}

// namedValues maps each folded word of text that a word naming a value
// introduces (see [valueNouns]: "password Sunflower", "named Release";
// also the words after "is" or "set to" a few words on: "the password of
// the office is Sunflower", "the user is root", see [statedSubjects]),
// and each command line flag ("-v", "--force",
// keyed "-v", "-force"), to the sorted distinct ways it is written.
func namedValues(text string) map[string][]string {
	raw := rawWords(text)
	fold := func(i int) string { return tokenize.Fold(strings.ToLower(raw[i])) }
	out := map[string][]string{}
	add := func(j int) {
		for j < len(raw) && valueLinks[fold(j)] {
			j++
		}
		// The value: up to three words, to the first stop word.
		for k := j; k < len(raw) && k < j+3 && (k == j || !tokenize.IsStopWord(fold(k))); k++ {
			if !slices.Contains(out[fold(k)], raw[k]) {
				out[fold(k)] = append(out[fold(k)], raw[k])
				slices.Sort(out[fold(k)])
			}
		}
	}
	for _, field := range strings.Fields(text) {
		// A flag: "-v" is not "-V".
		if name := strings.TrimLeft(field, "-"); name != "" && len(name) < len(field) && len(field)-len(name) <= 2 {
			if n := strings.IndexFunc(name, func(r rune) bool { return !wordRune(r) }); n != 0 {
				if n > 0 {
					name = name[:n]
				}
				if f := "-" + tokenize.Fold(strings.ToLower(name)); !slices.Contains(out[f], name) {
					out[f] = append(out[f], name)
					slices.Sort(out[f])
				}
			}
		}
	}
	for i := range raw {
		if !valueNouns[fold(i)] && !statedSubjects[fold(i)] {
			continue
		}
		if valueNouns[fold(i)] {
			add(i + 1)
		}
		for k := i + 1; k < len(raw) && k <= i+6; k++ {
			if valueLinks[fold(k)] {
				add(k)
				break
			}
		}
	}
	return out
}

// valueNouns are the words after which a word is a value as written, a
// secret, an identifier or a name, whose case a system may tell apart;
// valueLinks are the words that may stand between them.
var (
	valueNouns = setOf("password passphrase passcode pin key id username login branch tag named called token secret hostname namespace")
	valueLinks = setOf("is was are be to set now")
	// statedSubjects name a value only when it is stated: "the user is
	// root", not "the user runs".
	statedSubjects = setOf("user name bucket host account database table value prefix label handle folder directory path channel queue topic role group project repo repository namespace cluster")
)

// accentDiff returns a word both passages hold that one writes with
// accents the other does not ("zahlen" / "zählen": pay / count; "si" /
// "sí", "ou" / "où", "mas" / "más"), when both passages write accents
// somewhere: a copy typed without any ("Jose Muller" for "José Müller")
// is the same text, but where both could write them, the accents tell
// the words apart. Composed and decomposed accents are alike.
func accentDiff(a, b string) (string, bool) {
	if !writesAccents(a) || !writesAccents(b) {
		return "", false
	}
	lowered := func(ss []string) []string {
		var out []string
		for _, s := range ss {
			out = append(out, norm.NFC.String(strings.ToLower(s)))
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	fa, fb := spellings(a), spellings(b)
	for _, w := range slices.Sorted(maps.Keys(fa)) {
		if len(fb[w]) == 0 {
			continue
		}
		if la, lb := lowered(fa[w]), lowered(fb[w]); !slices.Equal(la, lb) {
			return strings.Join(la, ",") + " / " + strings.Join(lb, ","), true
		}
	}
	return "", false
}

// writesAccents reports whether text holds a letter or mark that folding
// changes (tokenize.Fold: a Latin letter with a diacritic, a Greek one
// with an accent, "ё", a Hebrew or Arabic point), or one of the letters
// tokenize.Normalize writes as others ([foldedApart]: "ß", "ı").
func writesAccents(text string) bool {
	for _, r := range text {
		if r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsMark(r)) && (tokenize.Fold(string(r)) != string(r) || strings.ContainsRune("ßẞı", r)) {
			return true
		}
	}
	return false
}

// foldedApart writes the letters tokenize.Normalize folds into other
// letters and tokenize.Fold keeps as their own: "ß" as "ss" ("Maße"
// dimensions is "Masse" mass to a reader of words) and dotless "ı" as
// "i" ("sıkı" strict, "siki" another word), so that [spellings] files
// both spellings under one word.
var foldedApart = strings.NewReplacer("ß", "ss", "ẞ", "ss", "ı", "i")

// spellings maps each folded word of text to the sorted distinct ways
// it is written.
func spellings(text string) map[string][]string {
	out := map[string][]string{}
	for _, raw := range rawWords(text) {
		f := tokenize.Fold(foldedApart.Replace(strings.ToLower(raw)))
		if !slices.Contains(out[f], raw) {
			out[f] = append(out[f], raw)
			slices.Sort(out[f])
		}
	}
	return out
}

// rawWords returns the words of text in order, as tokenize.Words finds
// them but written as in text (capitals, and the accents and points
// tokenize.Normalize folds, kept); a field whose lower case changes a
// letter's length is left out.
func rawWords(text string) []string {
	var out []string
	for _, field := range strings.Fields(text) {
		lower := strings.ToLower(field)
		if len(lower) != len(field) {
			continue
		}
		at := 0
		for _, t := range tokenize.Words(field) {
			i, j := locate(lower, t, at)
			if i < 0 {
				break
			}
			out = append(out, field[i:j])
			at = j
		}
	}
	return out
}

// locate returns the bytes [i, j) of lower, a field in lower case, at or
// after at, that tokenize.Words reads as the word t: t itself, or, when
// Normalize changed it ("ποτέ" is "ποτε", "كِتَابٌ" "كتاب"), the longest
// span from the first place where one reads as t; -1, -1 when there is
// none. Spans are only tried in fields of up to maxLocate bytes.
func locate(lower, t string, at int) (int, int) {
	if i := strings.Index(lower[at:], t); i >= 0 {
		return at + i, at + i + len(t)
	}
	if len(lower) > maxLocate {
		return -1, -1
	}
	for i := at; i < len(lower); {
		_, n := utf8.DecodeRuneInString(lower[i:])
		end := -1
		for j := i + n; j <= len(lower); {
			w := strings.Join(tokenize.Words(lower[i:j]), "")
			if w == t {
				end = j
			} else if !strings.HasPrefix(t, w) {
				break
			}
			if j == len(lower) {
				break
			}
			_, m := utf8.DecodeRuneInString(lower[j:])
			j += m
		}
		if end >= 0 {
			return trimMarks(lower, i, end)
		}
		i += n
	}
	return -1, -1
}

// trimMarks returns the span [i, j) of s without the punctuation and
// symbols at its ends, which tokenize.Words reads as no word: the word
// of "осёл," is "осёл", as its copy's "осел" is found without the comma.
func trimMarks(s string, i, j int) (int, int) {
	for i < j {
		r, n := utf8.DecodeRuneInString(s[i:j])
		if wordRune(r) || unicode.IsMark(r) {
			break
		}
		i += n
	}
	for j > i {
		r, n := utf8.DecodeLastRuneInString(s[i:j])
		if wordRune(r) || unicode.IsMark(r) {
			break
		}
		j -= n
	}
	return i, j
}

// maxLocate bounds the fields [locate] tries spans of (each try reads the
// span's words: quadratic in the field).
const maxLocate = 64

// innerCaps reports whether one of the spellings holds a capital letter
// after its first letter.
func innerCaps(spellings []string) bool {
	for _, s := range spellings {
		_, n := utf8.DecodeRuneInString(s)
		if strings.IndexFunc(s[n:], unicode.IsUpper) >= 0 {
			return true
		}
	}
	return false
}

// codeOf returns the code of text, white space collapsed: its inline
// `spans` and the lines of its fenced blocks, and apart those lines
// alone, sorted and distinct: a line in a fenced block is shown as
// written (a command, a template, an output), not stated, so "```\nThe
// portal is down until 18:00\n```" (a message to post) is not a copy
// of the sentence stating it.
func codeOf(text string) (code, fencedLines []string) {
	var out []string
	var f mdfence.Fence
	for _, line := range strings.Split(text, "\n") {
		isFence, fenced := f.Step(line)
		if isFence {
			continue
		}
		if fenced {
			if c := collapse(line); c != "" {
				out = append(out, c)
				fencedLines = append(fencedLines, c)
			}
			continue
		}
		parts := strings.Split(line, "`")
		for i := 1; i < len(parts)-1; i += 2 {
			if c := collapse(parts[i]); c != "" {
				out = append(out, c)
			}
		}
	}
	slices.Sort(fencedLines)
	return out, slices.Compact(fencedLines)
}

// spacings maps each piece of code of text ([codeOf]: a span, a fenced
// line), white space collapsed, to the sorted distinct ways it is
// written, trimmed: [codeOf] compares code with its runs of white space
// made one, but inside code they are what is written ("cut -d' '" is
// not "cut -d'  '"; CommonMark keeps a span's inner spaces).
func spacings(text string) map[string][]string {
	out := map[string][]string{}
	add := func(c string) {
		c = strings.TrimSpace(c)
		if k := collapse(c); k != "" && !slices.Contains(out[k], c) {
			out[k] = append(out[k], c)
			slices.Sort(out[k])
		}
	}
	var f mdfence.Fence
	for _, line := range strings.Split(text, "\n") {
		isFence, fenced := f.Step(line)
		switch {
		case isFence:
		case fenced:
			add(line)
		default:
			parts := strings.Split(line, "`")
			for i := 1; i < len(parts)-1; i += 2 {
				add(parts[i])
			}
		}
	}
	return out
}

// spacingDiff returns a piece of code both [spacings] hold, white space
// collapsed, that they write with other white space, as one writes it.
func spacingDiff(a, b map[string][]string) (string, bool) {
	for _, k := range slices.Sorted(maps.Keys(a)) {
		if wb, ok := b[k]; ok && !slices.Equal(a[k], wb) {
			return a[k][0], true
		}
	}
	return "", false
}

// collapse returns s with its runs of white space made one space, and
// trimmed.
func collapse(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// operatorsOf returns the sorted distinct fields of text that hold an
// operator (a comparison, an assignment, a negation, a pipe or a logical
// and), with the punctuation that ends a sentence trimmed.
func operatorsOf(text string) []string {
	var out []string
	for _, f := range strings.Fields(text) {
		t := strings.TrimRight(f, ".,;:?!)\"'*_")
		if strings.ContainsAny(t, "<>=|!") || strings.Contains(t, "&&") {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// depthsOf maps each line of text whose depth carries meaning (a list
// item, a line of a fenced block, an indented line, a heading),
// collapsed and without a heading's or a list item's marks (a nested
// item written with another bullet is the same line), to its depth: the rank of its indentation among the
// distinct indentations of those lines, or of a heading's level among
// the passage's heading levels ("## Staging\n### Database" is not
// "## Staging\n## Database"; "# Backups" is "## Backups"), so
// that "- staging\n  - run the migrations" (a step of staging) is not
// "- staging\n- run the migrations" (a step of its own), nor "cache:\n
// port: 6379" in a YAML block "cache:\nport: 6379", while a passage
// re-indented alike (2 spaces to 4) keeps its depths. A line written
// more than once maps to "" (its depth is not one).
func depthsOf(text string) map[string]string {
	type line struct {
		text    string
		heading bool
		indent  int // a heading's level
	}
	var lines []line
	var indents, levels []int
	var f mdfence.Fence
	for _, l := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(l)
		isFence, fenced := f.Step(l)
		if isFence {
			continue
		}
		body := strings.TrimLeft(l, " \t")
		indent := len(strings.ReplaceAll(l[:len(l)-len(body)], "\t", "    "))
		switch {
		case trimmed == "":
		case !fenced && atxHeading().MatchString(l):
			level := len(body) - len(strings.TrimLeft(body, "#"))
			lines = append(lines, line{text: collapse(body[level:]), heading: true, indent: level})
			levels = append(levels, level)
		case fenced || indent > 0 || listItem().MatchString(body):
			marker := ""
			if !fenced {
				marker = listItem().FindString(body)
			}
			lines = append(lines, line{text: collapse(body[len(marker):]), indent: indent})
			indents = append(indents, indent)
		}
	}
	indents, levels = distinct(indents), distinct(levels)
	out := map[string]string{}
	for _, l := range lines {
		d := "depth " + strconv.Itoa(rankOf(indents, l.indent))
		if l.heading {
			d = "heading " + strconv.Itoa(rankOf(levels, l.indent))
		}
		if _, seen := out[l.text]; seen {
			d = ""
		}
		out[l.text] = d
	}
	return out
}

// distinct returns the sorted distinct values of vs.
func distinct(vs []int) []int {
	slices.Sort(vs)
	return slices.Compact(vs)
}

// rankOf returns the rank of v among the sorted distinct values ds.
func rankOf(ds []int, v int) int {
	rank, _ := slices.BinarySearch(ds, v)
	return rank
}

// depthDiff returns the first line (in sorted order) both maps hold at
// a known depth that differs, with both depths.
func depthDiff(a, b map[string]string) (string, bool) {
	for _, text := range slices.Sorted(maps.Keys(a)) {
		da, db := a[text], b[text]
		if da != "" && db != "" && da != db {
			return text + " (" + da + " / " + db + ")", true
		}
	}
	return "", false
}

package curate

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/memweave/memweave-go/internal/boolcmp"
	"github.com/memweave/memweave-go/tokenize"
)

// Threshold is the default lowest token-set Jaccard similarity of two
// near-duplicate passages ([Pairs]).
const Threshold = 0.9

// The bounds of [Pairs].
const (
	// minTokens is the fewest distinct tokens a passage needs to be
	// compared: a bare heading or a one-word line is not a note.
	minTokens = 4
	// rareTokens is how many of its rarest tokens each passage is filed
	// under; two passages are compared only when they share one.
	rareTokens = 3
	// maxPostings is the number of passages above which a token's list
	// is wide: every passage under it would be compared with every
	// other, so each is compared with the maxPostings after it only.
	maxPostings = 64
)

// Passage is a passage to compare: its text and the file it is in.
// Passages of one file are never duplicates of each other.
type Passage struct {
	File string
	Text string
	// Under is the path of outer headings the passage sits under, those
	// its text does not hold (see [Under]). Two passages under different
	// headings are not duplicates, however alike their text: a section
	// "Database" of a note's "Staging" part and one of another's
	// "Production" part state facts about two databases.
	Under []string
	// Tags are the tags of the passage's note (its front matter). Two
	// passages in notes tagged for different subjects (staging and
	// production), each holding a tag the other's note lacks that
	// neither text names, are not duplicates: dropping either copy
	// would lose which subject its fact is about.
	Tags []string
	// About are more values that say what the passage is about, read as
	// its note's subjects beside its path and tags by [Subjects] and
	// [SubjectsLost] (with [FieldsLose]'s words: no digits, no place
	// names): a pack sets its note's [FieldValues] (title: Staging
	// database). Nil for consolidate, which reads fields by a rule of
	// its own ([FieldsLose]).
	About []string
}

// Under returns the outer headings of a passage: the heading path in
// effect at its first line (outermost first, as the chunker records it)
// without the passage's own heading when its text starts with one (ATX
// or setext).
func Under(headings []string, text string) []string {
	if len(headings) > 0 && startsWithHeading(text) {
		headings = headings[:len(headings)-1]
	}
	return headings
}

// HeadingLines returns how many lines at the start of text are headings,
// ATX ("## Database", indented by at most 3 spaces; "#ops" is a tag) or
// setext (a line and its "===" or "---" underline), with the blank lines
// between them, and how many headings those lines hold; 0 and 0 when
// text opens with something else.
func HeadingLines(text string) (lines, headings int) {
	ls := SplitLines(text)
	for i := 0; i < len(ls); i++ {
		switch {
		case strings.TrimSpace(ls[i]) == "":
		case atxHeading().MatchString(ls[i]):
			lines, headings = i+1, headings+1
		case i+1 < len(ls) && setextUnderline().MatchString(ls[i+1]):
			i++
			lines, headings = i+1, headings+1
		default:
			return lines, headings
		}
	}
	return lines, headings
}

// startsWithHeading reports whether text opens with a heading: ATX, one
// to six "#" and then a space, a tab or the end of the line ("#ops" is
// a tag, not a heading), or setext, a line of text and its "===" or
// "---" underline.
func startsWithHeading(text string) bool {
	n := 0
	for n < len(text) && n < 7 && text[n] == '#' {
		n++
	}
	if n >= 1 && n <= 6 && (n == len(text) || text[n] == ' ' || text[n] == '\t' || text[n] == '\n' || text[n] == '\r') {
		return true
	}
	ls := SplitLines(text)
	return len(ls) > 1 && strings.TrimSpace(ls[0]) != "" && !strings.HasPrefix(ls[0], "    ") && setextUnderline().MatchString(ls[1])
}

// sameUnder reports whether two heading paths name the same place,
// ignoring case and the spaces around each heading.
func sameUnder(a, b []string) bool {
	return slices.EqualFunc(a, b, func(x, y string) bool {
		return strings.EqualFold(strings.TrimSpace(x), strings.TrimSpace(y))
	})
}

// Pair is two near-duplicate passages, by their indexes in the slice
// given to [Pairs] (A < B), and their similarity.
type Pair struct {
	A, B       int
	Similarity float64
}

// Held is a pair similar enough to be near duplicates that [Pairs] held
// back: a value differs ([Differs]), or each holds content words the
// other lacks. Reason says which.
type Held struct {
	Pair
	Reason string
}

// Pairs returns the pairs of passages of different files whose token
// sets (tokenize.SetOf) have a Jaccard similarity of at least threshold
// ([Threshold] when threshold is not above 0), leaving out passages of
// fewer than 4 distinct tokens. A pair whose passages sit under different
// outer headings ([Passage.Under]), are in notes whose names each state
// a subject the other's lacks ([LosesName]: staging.md and
// production.md), or whose names and tags ([Passage.Tags]) do, differ in a value ([Differs]), or of which each holds
// a content word the other lacks (a word replaced: neither can stand for
// the other), is returned in held instead. Two passages that are one
// Markdown text in two forms ([OneText]: a setext and an ATX
// heading, "1." and "2.", <b> and "**", a reference and an inline link)
// are a pair at a similarity of 0.5 or more, whatever words their marks
// add, unless their subjects differ. Both lists are sorted by A, then B.
//
// The work is bounded: each passage is filed under its 3 rarest tokens
// that another passage holds too and at most 64 passages hold, and only
// passages filed under a common token are compared; a passage filed
// under fewer (its words are common in the workspace) is also filed
// under its rarest token more passages hold, and compared there with
// its 64 next in the order of a min-hash sketch of the token sets
// ([filed]). Duplicates that share none of their rare words, or that
// the sketch puts far apart among many passages of common words, are
// not found. Copies of one paragraph in more than 65 passages of common
// words come in several groups: a caller that groups the pairs
// ([Groups]) calls [PairsPreferring] with the order Groups keeps in, as
// consolidate does (and so the CLI and MCP), which finds them as one.
// Pairs suits a caller that asks about a few passages (the apply's
// check of two copies).
func Pairs(ps []Passage, threshold float64) (pairs []Pair, held []Held) {
	return PairsPreferring(ps, threshold, nil)
}

// PairsPreferring returns what [Pairs] does, but passages of one token
// set filed under a wide list (a paragraph pasted into many notes of
// common words) are compared around the one prefer puts first, the copy
// [Groups] keeps when prefer orders passages as Groups does ([Prefer]
// on their copies, then the index): every other copy of the set is
// compared with it, so that the copies come back as one group, not one
// per 65. A copy that does not pair with it (in its file, under another
// heading, in a note named for another subject) is compared, with the
// others left, around the first of those, and so on, at most 64 times a
// passage; copies of one set are not compared with each other
// otherwise. prefer(a, b) is negative when ps[a] comes first; it is
// called on the passages of such sets only. A nil prefer is [Pairs].
func PairsPreferring(ps []Passage, threshold float64, prefer func(a, b int) int) (pairs []Pair, held []Held) {
	loadTables()
	if !(threshold > 0) {
		threshold = Threshold
	}
	sets := make([]tokenize.Set, len(ps))
	for i, p := range ps {
		if s := tokenize.SetOf(straight(p.Text)); len(s) >= minTokens {
			sets[i] = s
		}
	}
	type key struct{ a, b int }
	paired := map[key]bool{} // every pair compared: whether it is in pairs
	forms := NewForms(ps)
	compare := func(a, b int) bool {
		a, b = min(a, b), max(a, b)
		if ps[a].File == ps[b].File {
			return false
		}
		if ok, seen := paired[key{a, b}]; seen {
			return ok
		}
		paired[key{a, b}] = false
		sim := tokenize.Jaccard(sets[a], sets[b])
		// One text in two forms is asked for last: a parse costs more
		// than the word checks. Below the threshold, only it pairs.
		below := sim < threshold
		if below && (sim < minRenderedSimilarity || !forms.OneText(a, b)) {
			return false
		}
		p := Pair{A: a, B: b, Similarity: sim}
		if reason, ok := otherSubjects(ps[a], ps[b]); ok {
			held = append(held, Held{p, reason})
			return false
		}
		if !below && ps[a].Text != ps[b].Text { // the same bytes differ in no word
			if reason := wordsDiffer(ps[a].Text, ps[b].Text); reason != "" && !forms.OneText(a, b) {
				held = append(held, Held{p, reason})
				return false
			}
		}
		pairs = append(pairs, p)
		paired[key{a, b}] = true
		return true
	}
	narrow, wide := filed(sets)
	for _, ids := range narrow {
		for x := range ids {
			for y := x + 1; y < len(ids); y++ {
				compare(ids[x], ids[y])
			}
		}
	}
	for _, ids := range wide {
		var class map[int]int
		if prefer != nil {
			class = compareAround(ids, sets, prefer, compare)
		}
		for x := range ids {
			for y := x + 1; y < len(ids) && y <= x+maxPostings; y++ {
				if c := class[ids[x]]; c == 0 || c != class[ids[y]] {
					compare(ids[x], ids[y])
				}
			}
		}
	}
	slices.SortFunc(pairs, func(x, y Pair) int { return cmp.Or(cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B)) })
	slices.SortFunc(held, func(x, y Held) int { return cmp.Or(cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B)) })
	return pairs, held
}

// filed returns the passages to compare, by their indexes in sets:
// narrow, each passage under its rarest tokens ([rareTokens]) that
// another passage holds too and at most [maxPostings] do, every two of
// a list to compare; and wide, each passage filed under fewer than
// [rareTokens] of those (its words are common in the workspace: a
// paragraph pasted into a hundred notes) under its rarest token that
// more passages hold, the list ordered by a sketch of each token set
// ([sketch]: identical sets side by side, near identical ones mostly
// so), each passage to compare with the [maxPostings] after it. The
// work stays bounded by the passages' number times [maxPostings].
func filed(sets []tokenize.Set) (narrow, wide map[uint64][]int) {
	df := map[uint64]int{}
	for _, s := range sets {
		for _, t := range s {
			df[t]++
		}
	}
	narrow, wide = map[uint64][]int{}, map[uint64][]int{}
	for i, s := range sets {
		rare := slices.Clone(s)
		slices.SortFunc(rare, func(a, b uint64) int { return cmp.Or(cmp.Compare(df[a], df[b]), cmp.Compare(a, b)) })
		n := 0
		for _, t := range rare {
			if n == rareTokens {
				break
			}
			if df[t] > maxPostings {
				wide[t] = append(wide[t], i)
				break
			}
			if df[t] > 1 { // a token of one passage pairs nothing
				narrow[t] = append(narrow[t], i)
				n++
			}
		}
	}
	sketches := map[int][3]uint64{}
	for _, ids := range wide {
		for _, i := range ids {
			sketches[i] = sketch(sets[i])
		}
		slices.SortFunc(ids, func(a, b int) int {
			sa, sb := sketches[a], sketches[b]
			return cmp.Or(slices.Compare(sa[:], sb[:]), cmp.Compare(a, b))
		})
	}
	return narrow, wide
}

// compareAround compares the passages of a wide list ([filed]) that
// share one token set around the one prefer puts first, as
// [PairsPreferring] says: each with the first, those compare leaves
// unpaired with the first of them, and so on, at most [maxPostings]
// rounds. It returns the class of each passage so compared (numbered
// from 1), whose members the caller compares no further.
func compareAround(ids []int, sets []tokenize.Set, prefer func(a, b int) int, compare func(a, b int) bool) map[int]int {
	bySet := map[string][]int{}
	var order []string
	for _, i := range ids {
		k := setKey(sets[i])
		if _, ok := bySet[k]; !ok {
			order = append(order, k)
		}
		bySet[k] = append(bySet[k], i)
	}
	class := map[int]int{}
	for n, k := range order {
		rest := bySet[k]
		if len(rest) < 2 {
			continue
		}
		for _, i := range rest {
			class[i] = n + 1
		}
		for round := 0; len(rest) > 1 && round < maxPostings; round++ {
			hub := slices.MinFunc(rest, prefer)
			var left []int
			for _, d := range rest {
				if d != hub && !compare(hub, d) {
					left = append(left, d)
				}
			}
			rest = left
		}
	}
	return class
}

// setKey is a token set as a map key: its tokens' bytes.
func setKey(s tokenize.Set) string {
	b := make([]byte, 0, 8*len(s))
	for _, t := range s {
		b = binary.LittleEndian.AppendUint64(b, t)
	}
	return string(b)
}

// sketch returns three min-hashes of a token set: the least of its
// tokens under each of three mixes. Two sets of Jaccard similarity J
// share each with a chance of J, so sorting by them puts identical
// sets side by side and near identical ones mostly so.
func sketch(s tokenize.Set) [3]uint64 {
	var out [3]uint64
	for j, seed := range [3]uint64{0x9e3779b97f4a7c15, 0xbf58476d1ce4e5b9, 0x94d049bb133111eb} {
		m := ^uint64(0)
		for _, t := range s {
			x := t ^ seed // splitmix64's finaliser
			x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
			x = (x ^ x>>27) * 0x94d049bb133111eb
			m = min(m, x^x>>31)
		}
		out[j] = m
	}
	return out
}

// wordsDiffer returns why two similar passages are held apart by their
// words, as [Pairs] holds them: a value differs ([Differs]), or each
// holds a content word the other lacks ([Loses]); "" when neither.
func wordsDiffer(a, b string) string {
	if reason, ok := Differs(a, b); ok {
		return "a value differs: " + reason
	}
	if la, lb := Loses(b, a), Loses(a, b); len(la) > 0 && len(lb) > 0 {
		return "words replaced: " + strings.Join(la, " ") + " / " + strings.Join(lb, " ")
	}
	return ""
}

// otherSubjects returns why two similar passages are about different
// subjects, as [Pairs] holds them: they sit under other headings, or
// their notes' names, or names and tags, each state a subject the
// other's lack.
func otherSubjects(a, b Passage) (string, bool) {
	if !sameUnder(a.Under, b.Under) {
		return "under other headings: " + underText(a.Under) + " / " + underText(b.Under), true
	}
	if la, lb := LosesName(b, a), LosesName(a, b); len(la) > 0 && len(lb) > 0 {
		return "in notes about different subjects: " + strings.Join(la, " ") + " / " + strings.Join(lb, " "), true
	}
	sa, sb := subjectsTagged(a), subjectsTagged(b)
	if la, lb := losesSubject(b, a, sa, sb), losesSubject(a, b, sb, sa); len(la) > 0 && len(lb) > 0 {
		return "in notes tagged or named for different subjects: " + strings.Join(la, " ") + " / " + strings.Join(lb, " "), true
	}
	return "", false
}

// underText is a heading path as a held pair's reason names it.
func underText(under []string) string {
	if len(under) == 0 {
		return "(none)"
	}
	return strings.Join(under, " > ")
}

// Copy is what [Prefer] knows of a passage to choose the copy kept.
type Copy struct {
	// Date is the note's own date: the date of its name, else of its
	// front matter, else of its last commit, else its modification time
	// (package curator reads them); zero when unknown.
	Date time.Time
	// File and Line place the passage; they break ties.
	File string
	Line int
	// Resolved says that a resolution's marker names one of the
	// passage's lines as the line kept ([Marker.Path], [Marker.KeptKey]):
	// dropping the copy would leave the marker naming a line no longer
	// there, so [Groups] never drops it.
	Resolved bool
}

// Prefer orders copies of a passage, the one to keep first: a copy a
// resolution keeps a line of ([Copy.Resolved]), then the newest by Date,
// then, for equal dates, the later file name (dated names sort by their
// date), then the earlier line. It returns a negative number when a
// comes first, a positive one when b does, 0 for the same place.
func Prefer(a, b Copy) int {
	return cmp.Or(boolcmp.Compare(b.Resolved, a.Resolved), b.Date.Compare(a.Date), cmp.Compare(b.File, a.File), cmp.Compare(a.Line, b.Line))
}

// Member is a copy dropped from a [Group], with how it compares to the
// copy kept.
type Member struct {
	// Index is the passage's index in the slice given to [Groups].
	Index int
	// Similarity is its token-set Jaccard similarity to the kept copy.
	Similarity float64
	// OnlyKept and OnlyDropped are the words that differ ([Diff]): those
	// only the kept copy holds and those only this one holds.
	OnlyKept, OnlyDropped []string
}

// Group is a passage kept and the copies of it that may be dropped.
type Group struct {
	// Keep is the kept passage's index in the slice given to [Groups].
	Keep int
	// Drop are the copies, at most one per file, none in Keep's file,
	// sorted by index.
	Drop []Member
}

// Groups forms groups of near duplicates from the pairs of [Pairs]:
// copies[i] describes ps[i] for [Prefer]. Passages are taken in the
// order [Prefer] gives; a passage not yet in a group becomes the kept
// copy of a new one, which takes every passage paired with it (so at
// least the threshold similar to it) that is not yet in a group, that
// [Prefer] puts after it, and that loses no content word to it
// ([Loses]) nor lacks one of its words that may change the fact
// ([Adds]; neither counts for one text in two Markdown forms,
// [OneText]) nor a link title or footnote marker ([keepsForm]) nor
// a subject its note's name states ([LosesName]), and that
// no resolution keeps a line of ([Copy.Resolved]), at most one per file
// (the most similar, then the preferred).
// A passage is in at most one group. Groups are sorted by their kept
// passage's place in that order.
func Groups(ps []Passage, copies []Copy, pairs []Pair) []Group {
	loadTables()
	next := map[int][]Pair{}
	for _, p := range pairs {
		next[p.A] = append(next[p.A], p)
		next[p.B] = append(next[p.B], p)
	}
	order := make([]int, 0, len(next))
	for i := range next {
		order = append(order, i)
	}
	byPref := func(a, b int) int { return cmp.Or(Prefer(copies[a], copies[b]), cmp.Compare(a, b)) }
	slices.SortFunc(order, byPref)
	taken := map[int]bool{}
	var out []Group
	glossary := sync.OnceValue(func() map[string]string { return glossaryOf(ps) }) // read when a pair first needs it
	for _, k := range order {
		if taken[k] {
			continue
		}
		taken[k] = true
		var cands []Member
		for _, p := range next[k] {
			d := p.A
			if d == k {
				d = p.B
			}
			if taken[d] || copies[d].Resolved || ps[d].File == ps[k].File || byPref(k, d) >= 0 || len(LosesName(ps[k], ps[d])) > 0 {
				continue
			}
			if !keepsForm(ps[k].Text, ps[d].Text, glossary) {
				continue
			}
			cands = append(cands, Member{Index: d, Similarity: p.Similarity})
		}
		slices.SortFunc(cands, func(x, y Member) int {
			return cmp.Or(cmp.Compare(y.Similarity, x.Similarity), byPref(x.Index, y.Index))
		})
		g := Group{Keep: k}
		files := map[string]bool{}
		for _, m := range cands {
			if files[ps[m.Index].File] {
				continue
			}
			files[ps[m.Index].File] = true
			taken[m.Index] = true
			m.OnlyKept, m.OnlyDropped = Diff(ps[k].Text, ps[m.Index].Text)
			g.Drop = append(g.Drop, m)
		}
		if len(g.Drop) > 0 {
			slices.SortFunc(g.Drop, func(x, y Member) int { return cmp.Compare(x.Index, y.Index) })
			out = append(out, g)
		}
	}
	return out
}

// keepsForm reports whether kept may stand for dropped as [Groups] asks:
// dropped loses no content word to it and it adds none that may change
// the fact ([Loses], [Adds]), or the two are one text in two forms
// ([OneText]); and in either case kept drops no footnote marker
// of dropped (its label may be a word kept's text holds elsewhere, so
// no word rule sees it go). It parses only a pair the words hold apart
// or whose dropped copy may hold a marker, or whose words differ in a
// stop word that is a value ([valuesAlike]: [Pairs] pairs such copies
// only as one text in two forms, whose link titles the words rule does
// not weigh).
func keepsForm(kept, dropped string, glossary func() map[string]string) bool {
	words := len(Loses(kept, dropped)) == 0 && len(Adds(kept, dropped)) == 0
	if words && !strings.Contains(dropped, "[^") && valuesAlike(kept, dropped) {
		return true
	}
	fk, okK := rendered(kept)
	fd, okD := rendered(dropped)
	switch {
	case !okK || !okD:
		return words
	case fk.oneText(fd), glossedOneText(fk, fd, glossary()):
		return fk.covers(fd, kept, dropped)
	}
	return words && within(fd.marks, fk.marks)
}

// valuesAlike reports whether the words only one of a and b holds are
// none a value or a stop word saying which way, who or when
// ([valueKind], [wordingWords]): "not" in a link title is such a word.
func valuesAlike(a, b string) bool {
	onlyA, onlyB := Diff(a, b)
	for _, w := range append(onlyA, onlyB...) {
		if valueKind(w, false) != "" || tokenize.IsStopWord(w) && !wordingWords[w] {
			return false
		}
	}
	return true
}

// Hash is the content hash of a passage's text: the hex SHA-256 of it.
func Hash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:])
}

// Ref names a copy in a group by its file and content hash ([Hash]).
type Ref struct {
	File, Hash string
}

// GroupID returns a group's id: the first 12 hex digits of a SHA-256 of
// the kept copy's and then the dropped copies' files and content hashes
// (the dropped ones sorted), so the same copies of the same files give
// the same id, and any change to one of them gives another.
func GroupID(keep Ref, drop []Ref) string {
	drop = slices.Clone(drop)
	slices.SortFunc(drop, func(a, b Ref) int { return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Hash, b.Hash)) })
	h := sha256.New()
	for _, r := range append([]Ref{keep}, drop...) {
		h.Write([]byte(r.File))
		h.Write([]byte{0})
		h.Write([]byte(r.Hash))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

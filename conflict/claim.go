package conflict

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/memweave/memweave-go/internal/mdfence"
	"github.com/memweave/memweave-go/tokenize"
)

// maxClaimTokens caps the content words of one claim: a hostile
// "sentence" of megabytes costs no more than a normal one.
const maxClaimTokens = 48

// token is one normalised content word of a claim.
type token struct {
	w     string
	value bool // a number, version, date or quantity
	// kind is plain, quantity, date or ident (see [normalise]).
	kind byte
	// show, when not 0, is 1 + the index in its claim's shows of how a
	// quantity or date was written.
	show uint8
	// name: the word was capitalised inside its sentence.
	name bool
	// cop: the word is a name that follows a copula ("is", "are"): "our
	// accountant is Helen Park".
	cop bool
	// first: the word opens its sentence capitalised and kept its form,
	// as a name would, though [lemma] folds it (see [firstAsWord]).
	first bool
	// approx: a value said to be about so much ("about 200").
	approx bool
	// place: the word is in a phrase of place after a preposition of
	// place or a location predicate ("in the church crypt", "is in the
	// wall safe"; see [placePrep]).
	place bool
}

// claim is one sentence or list item of a chunk.
type claim struct {
	toks []token
	// neg is the negation word when the claim is negated, "" otherwise.
	neg string
	// shows are how the quantities, dates and changed words of toks
	// were written.
	shows []string
	// set is the claim's distinct words as hashes (see [wordKey]),
	// sorted: comparing sets compares integers.
	set []uint64
	// pre is the sorted set of the prefixes of its long words (see
	// [prefixKey]); they count only between a negated claim and another.
	pre []uint64
	// old and new are the old and the new value a switch names ("moved
	// from Jenkins to GitHub Actions"), as written, lower-cased; nil
	// when the claim names no old value (see [switchValues]).
	old, new []string
	// line is the 0-based line of the chunk text the claim starts on.
	line int
	// The counts below are at most maxClaimTokens.

	// negAt is the number of words before the negation.
	negAt int8
	// holder is the number of leading words naming who holds a role
	// ("Carol leads the team"), 0 when the claim names none.
	holder int8
	// andAt is 1 + the index of the first word after the claim's first
	// "and" ("treats adults and children": children), 0 when it has
	// none.
	andAt int8
	// copAt is the number of words before the first copula ("is",
	// "are"): the subject's words; -1 when the claim has none.
	copAt int8
	// kind: the copula is followed by "a" or "an", saying what kind of
	// thing the subject is ("our van is a Ford Transit").
	kind bool
	// age: the claim gives an age in years ("is 41 years old").
	age bool
	// copPast: the copula is in the past ("was", "were", "worked as"):
	// what the subject was, not what it is.
	copPast bool
	// onlyAt is 1 + the index of the first word after the claim's first
	// "only" ("allows only small dogs": small), 0 when it has none.
	onlyAt int8
	// when is the time the claim is anchored to ("today", "next week"),
	// as an index into [anchors] plus one; 0 when it names none.
	when uint8
	// negExcept: the negation has an exception ("no other allergies").
	negExcept bool
	// scoped: the claim holds for a bounded time ("from 2015 to
	// 2019", "during the trip"), not now.
	scoped bool
	// changed: the claim says that something changed ("now",
	// "instead", "switched").
	changed bool
	// additive: the claim adds to others ("also", "too") rather than
	// replacing them.
	additive bool
	// only: the claim says its value is the only one ("available only
	// in English", "the only supported browser is Chrome").
	only bool
	// onlyFirst: the claim opens with "only", said of its subject
	// ("only admins can delete projects").
	onlyFirst bool
	// duration: the claim says its quantity is how long something
	// lasts ("two weeks long", "lasts 10 days"), not how often.
	duration bool
	// delta: the claim's value is by how much something changed
	// ("dropped 20%", "was raised by 10 seconds"), not what it is.
	delta bool
	// pronoun is 1 + the index in [subjectPronouns] of the personal
	// pronoun the claim opens with ("we are staying at ..."), 0 when it
	// opens with none.
	pronoun uint8
	// usual: the claim holds but for a case it names ("unless it
	// rains", "barring snow"), which [unlessCut] cut from the claim (see
	// [usualApart]).
	usual bool
	// bare has bit i set when toks[i], i < 32, follows toks[i-1] with
	// no word between in the sentence: "quietly" in "runs quietly", not
	// "petrol" in "runs on petrol" (see [howBeside]). It and usual sit
	// in the padding after pronoun, as changeYear does after often.
	bare uint32
	// order is "before" or "after" when the claim places its fact
	// before or after an event it names ("take the tablet after
	// breakfast"); the word is not among toks.
	order string
	// than: the claim compares its subject with another ("is bigger
	// than the old one").
	than bool
	// days: the claim names days of the week, holidays or a season
	// ("on weekends", "in winter"; see [daysApart]).
	days bool
	// past: the claim tells a past event with a verb in the simple past
	// and no verb of the present ("Felix played in the band in 2019";
	// not "the shared drive is full"; see [pastTense]).
	past bool
	// negNow: the claim's negation denies the present ("doesn't",
	// "isn't", "no longer", "not ... anymore"), not the past.
	negNow bool
	// plan: the claim tells a plan or what might have been ("will",
	// "won't", "going to", "should have sent"), not a past fact.
	plan bool
	// placeOpen has bit i set when toks[i], i < 16, opens a phrase of
	// place: it is or follows a preposition of place ("behind the old
	// stable block", "at the edge of the orchard", "on the shelf",
	// "next to the door") or [locMark] (see [placesApart]). It sits in
	// the padding after plan.
	placeOpen uint16
	// stage: a contest told by stage, nil when none ([claimStage]).
	stage *stage
	// possessed: the claim names a thing of someone's with a possessive
	// determiner ("loves her dog"), which stop words leave out of toks.
	possessed bool
	// resumed: the claim says its fact holds again ("works at Google
	// again", "once more"), after a change the other way (see
	// [resumedAfter]).
	resumed bool
	// final: the claim says its change is for good ("closed for good",
	// "left for ever", "permanently").
	final bool
	// wish: the claim tells what its subject wants, hopes, plans or saves
	// for ("wants to visit Japan", "is saving to buy a house"), not a
	// fact (see [wished]).
	wish bool
	// work is what the claim says of its subject's work (see [workOf]).
	work work
	// often is 1 when the claim says its fact happens often ("every
	// morning", "daily", "always"), -1 when it says rarely ("seldom",
	// "hardly ever"), 0 otherwise (see [oftenness]).
	often int8
	// changeYear is the year a change is said to have come in ("moved
	// to Lisbon in 2014"), which [dropChangeTime] leaves out of toks; 0
	// when none is given.
	changeYear uint16
	// counted is the verb of [countVerbs] dropped before the claim's
	// amount, folded ("run" of "runs 8 km"), "" when none was.
	counted string
}

// claims splits text into claims, skipping code: fenced blocks (one
// quoted inside a longer fence too) and indented ones ([mdfence.Fence]).
func claims(text string) []claim {
	var out []claim
	var fence mdfence.Fence
	heading := ""
	var cols []string // the header cells of the table being read
	lines := strings.Split(text, "\n")
	// A note's front matter is about the note ("title: Staging notes",
	// "reviewed: 2026-01-05"): another note's is about another note,
	// never a contradiction.
	skip := frontMatter(lines)
	for i, line := range lines {
		if i < skip {
			continue
		}
		t := strings.TrimSpace(line)
		if fence.Code(line) || t == "" {
			continue
		}
		var ss []string
		switch {
		case strings.HasPrefix(t, "|"):
			if i+1 < len(lines) && tableRule(lines[i+1]) {
				cols = cells(t)
				continue
			}
			if tableRule(t) {
				continue
			}
			ss = rowClaims(cols, cells(t))
		default:
			cols = nil
			if h, ok := headingText(t); ok {
				heading = h
			} else if heading != "" {
				t = underHeading(heading, t)
			}
			ss = sentences(t)
		}
		if h := historySwitch(t); h != "" {
			ss = append(ss, h)
		}
		if p := pronounClause(t); p != "" {
			ss = append(ss, p)
		}
		var split []string // the sentences parted into subject clauses
		for _, s := range ss {
			// The predicates of one subject joined by "and" are
			// claims of their own as well.
			ss = append(ss, clauses(s)...)
			// So are two clauses with subjects of their own.
			if cs := subjectClauses(s); cs != nil {
				ss = append(ss, cs...)
				split = append(split, s)
			}
		}
		for _, s := range ss {
			if question(s) {
				// A question states no fact: "would 32 GB be faster?"
				// asks, it does not say the agents have 32 GB.
				continue
			}
			if c, ok := parseClaim(s); ok && (c.neg == "" || !slices.Contains(split, s)) {
				// A negation ends at its clause: "the report isn't
				// finished, but the slides are" denies nothing of the
				// slides. Its clauses are the sentence's claims.
				c.line = i
				out = append(out, c)
			}
		}
	}
	return out
}

// afterCopula reports whether raws[i] follows "is", "are", "was" or
// "were", with filler ("now") between.
func afterCopula(raws []rawTok, i int) bool {
	for k := i - 1; k >= 0; k-- {
		switch w := raws[k].w; {
		case copula(w):
			return true
		case !filler[w]:
			return false
		}
	}
	return false
}

// isName reports whether t is a capitalised word that is not a value.
func isName(t token) bool { return t.name && t.kind == plain && !t.value }

// abbreviated reports whether s ends with an abbreviation whose dot
// does not end the sentence ("Dr", "vs", "e.g").
func abbreviated(s string) bool {
	w := s[strings.LastIndexAny(s, " (")+1:]
	return abbreviations[strings.ToLower(w)]
}

// parseClaim normalises one sentence. It reports false for a sentence
// with fewer than two content words.
func parseClaim(s string) (claim, bool) {
	if strings.Contains(s, "://") || strings.Contains(s, "www.") || strings.IndexByte(s, '`') >= 0 {
		s = urls().ReplaceAllString(s, " ")
	}
	var c claim
	s, c.usual = unlessCut(s)
	s = joinNames(keyValue(spellNumbers(thousands(percents(trunkForm(deniedKin(ownerFirst(apposed(s)))))))))
	// "Noor turned 40 last month" is read as "Noor is 40" before its
	// tense and its time are: what it says of now.
	tw := commutedBy(allYear(handWritten(factOf(certainOf(turnedAge(justOnly(expand(tokenize.Words(s), boundNames(s)), s)))))))
	c.changed, c.additive = changeAndAddition(tw)
	c.when = anchor(tw)
	c.old, c.new = switchValues(tw)
	c.only = exclusive(tw)
	c.onlyFirst = c.only && len(tw) > 0 && tw[0] == "only"
	c.than = slices.Contains(tw, "than")
	c.past = pastTense(tw)
	c.plan = planned(tw)
	c.resumed, c.final = resumedOrFinal(tw)
	c.often = oftenness(tw)
	c.wish = wished(tw)
	c.work = workOf(tw)
	c.stage = claimStage(tw)
	if len(tw) > 0 {
		c.pronoun = uint8(slices.Index(subjectPronouns, tw[0]) + 1)
	}
	rw := rewrite(foundAs(tw))
	if c.often == 1 {
		// "Always" is read into c.often: "is always held in the gym" is
		// held in the gym, every time.
		rw = slices.DeleteFunc(rw, func(w string) bool { return w == "always" })
	}
	if kept := dropChangeTime(rw, c.changed); len(kept) < len(rw) {
		c.changeYear = uint16(yearOf(rw[len(rw)-1]))
		rw = kept
	}
	c.readTokens(normalise(s, placing(rw)), capitalisedFirst(s, tw))
	c.fillKeys()
	// A switch with no subject of its own keeps only its new value
	// ("we swapped Vault out for AWS Secrets Manager"): its old value
	// is what it says of other claims.
	// A subject said to be no more is a claim in one word: "Grandpa
	// passed away last year" (see [subjectGone]).
	gone := len(c.toks) == 1 && c.negAt == 1 && removal(c.neg)
	// So is a diet said of a pronoun: "I am vegan" (see [abstention]).
	diet := len(c.toks) == 1 && c.pronoun != 0 && c.copAt == 0 && dietKinds[c.toks[0].w] != nil
	return c, len(c.toks) >= 2 || len(c.old) > 0 && len(c.toks) == 1 || gone || diet
}

// subjectPronouns are the personal pronouns a claim may open with (see
// [claim.pronoun]).
// "It" is the thing a note is about ("it runs on diesel"), as "he" is
// its person.
var subjectPronouns = []string{"i", "we", "he", "she", "they", "it"}

// placing writes "won the" as "finished first in the": "won" is a stop
// word, so "Maya won the chess tournament" would say nothing of where
// she finished beside "Maya finished second in the chess tournament".
// "Won't" ("won", "t") stays a negation.
func placing(words []string) []string {
	i := slices.Index(words, "won")
	if i < 0 || wordAt(words, i+1) != "the" {
		return words
	}
	return slices.Concat(words[:i], []string{"finished", "first", "in"}, words[i+1:])
}

// trunkForm writes a phone number given with its country code in the
// form dialled inside the country: "+44 161 496 0321" is "0161 496
// 0321", "+49 (0)30 1234 5678" is "030 1234 5678", "+1 555 0100" is
// "555 0100", "+39 06 1234 5678" is "06 1234 5678". A "+" and one to
// three digits count as a country code only when two groups of digits
// follow.
func trunkForm(s string) string {
	if strings.IndexByte(s, '+') < 0 {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '+')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		rest, ok := afterCountryCode(s[i+1:])
		if !ok {
			b.WriteByte('+')
			s = s[i+1:]
			continue
		}
		if !strings.HasPrefix(s[i+1:], "1 ") && !strings.HasPrefix(rest, "0") {
			// North America dials no trunk prefix ("+1 555 0100" is
			// "555 0100"), nor does Italy keep one apart ("+39 06").
			b.WriteByte('0')
		}
		s = rest
	}
}

// afterCountryCode returns what follows a country code of one to three
// digits and a space that opens s, and its optional "(0)", when two
// groups of digits follow.
func afterCountryCode(s string) (string, bool) {
	n := 0
	for n < len(s) && n < 4 && isDigit(s[n]) {
		n++
	}
	if n == 0 || n > 3 || n == len(s) || s[n] != ' ' {
		return "", false
	}
	rest := strings.TrimPrefix(s[n+1:], "(0)")
	groups := 0
	for _, f := range strings.Fields(rest) {
		if f = strings.TrimRight(f, ".,;"); f == "" || !allDigits(f) {
			break
		}
		groups++
	}
	return rest, groups >= 2
}

// capitalisedFirst returns the first word of tw when the sentence s
// starts with a capital letter, else "". It may be a name ("Alice
// reviews ..."): it keeps its form, as a name does.
func capitalisedFirst(s string, tw []string) string {
	if i := strings.IndexFunc(s, unicode.IsLetter); i >= 0 && len(tw) > 0 {
		if r, _ := utf8.DecodeRuneInString(s[i:]); unicode.IsUpper(r) {
			return tw[0]
		}
	}
	return ""
}

// boundNames returns the words of s that are the abbreviation of a bound
// ("max", not the synonym "cap") written as a name: with one capital ("Max", not "MAX") inside
// the sentence, or first and followed by no noun phrase before a copula
// or a colon ("Max is 52", "Max rides his bike"), not "Max upload size
// is 10 MB", "Max retries: 3" or "Max 5 users". [expand] leaves them as
// written: a name lost to "maximum" would meet every maximum.
func boundNames(s string) string {
	if !slices.ContainsFunc(boundAbbrevs, func(a string) bool { return strings.Contains(s, a) }) {
		return ""
	}
	fields := strings.Fields(s)
	names := ""
	for k, f := range fields {
		w, _ := strings.CutSuffix(strings.TrimRight(f, ".,;:!?)\"'"), "'s")
		if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' || !slices.Contains(boundAbbrevs, w) {
			continue
		}
		named := k > 0 && !strings.HasSuffix(fields[k-1], ":")
		if k == 0 {
			named = !strings.Contains(s, ":") && (len(fields) == 1 || !hasDigit(fields[1]))
			for _, g := range fields[min(2, len(fields)):] {
				named = named && !copula(strings.ToLower(g))
			}
		}
		if named {
			names += " " + strings.ToLower(w)
		}
	}
	return names
}

// readTokens fills c's tokens, negation, copula position, role holder
// and time scope from the normalised words raws of its sentence, whose
// capitalised first word (if any) is capFirst. It keeps the content
// words, at most maxClaimTokens.
func (c *claim) readTokens(raws []rawTok, capFirst string) {
	words := make([]string, len(raws))
	for i, r := range raws {
		words[i] = r.w
	}
	c.toks = make([]token, 0, min(len(raws), maxClaimTokens))
	c.copAt = -1
	c.holder = int8(roleHolder(raws))
	c.scoped = timeScoped(raws)
	placed := false  // in a phrase of place: see [token.place]
	opening := false // the next token opens a phrase of place
	last := -2       // the index in raws of the last token's word
	for i, r := range raws {
		w := r.w
		placed, opening = placeStep(words, i, placed, opening)
		if neg, skip := negation(words, i); neg != "" {
			if c.neg == "" {
				c.neg, c.negAt = neg, int8(len(c.toks))
				c.negNow = presentDenial(words, i, neg)
			}
			continue
		} else if skip {
			continue
		}
		if c.neg != "" && exceptions[w] {
			c.negExcept = true
		}
		c.age = c.age || r.age
		if c.whatIs(words, i) {
			continue
		}
		switch {
		case r.keep, longerThan(raws, i), shiftDay(words, i):
		case w == "long" && len(c.toks) > 0 && c.toks[len(c.toks)-1].kind == quantity,
			i+1 < len(raws) && raws[i+1].kind == quantity && durationVerbs[w],
			i+2 < len(raws) && raws[i+2].kind == quantity && durationVerbs[w] && (raws[i+1].w == "minimum" || raws[i+1].w == "maximum" || approxWord(raws[i+1].w)):
			// "two weeks long", "lasts two weeks", "takes two weeks",
			// "takes over an hour", "lasts about 6 hours": the
			// duration alone.
			c.duration = true
			continue
		case w == "long" && len(c.toks) >= 2 && c.toks[len(c.toks)-1].kind == plain && !c.toks[len(c.toks)-1].value &&
			c.toks[len(c.toks)-2].kind == plain && allDigits(c.toks[len(c.toks)-2].w):
			// "is 52 pages long": the count alone.
			continue
		case beforeAmount(raws, i) && c.amountWord(raws, i):
			continue
		case w == "on" && switchedOn(words, i), w == "off", monthPosition(words, i), w == "own" && ownVerb(words, i):
			// "the last Sunday of the month": which of the month's
			// Sundays is the value.
			// "turned on" / "off": the switch itself is the value.
			// "We own the house": a verb, against "we rent the house".
		case tokenize.IsStopWord(w) || filler[w]:
			c.stopWord(raws, i)
			continue
		}
		t := c.tokenAt(raws, i, capFirst)
		t.w = reworded(words, i, t.w)
		t.place = placed && w != locMark && !t.value && t.kind == plain && classOf[t.w] == ""
		if c.holder > 0 && len(c.toks) == int(c.holder) && leadVerb(w) && (i+1 == len(raws) || !preposition(raws[i+1].w)) {
			// "Priya runs the office", "Sam heads the office": one
			// role, led by one holder at a time; not "hiring runs
			// through Greenhouse".
			t.w = "lead"
		}
		if last == i-1 && len(c.toks) < 32 {
			c.bare |= 1 << len(c.toks)
		}
		last = i
		if opening && len(c.toks) < 16 {
			c.placeOpen |= 1 << len(c.toks)
		}
		opening = false
		c.toks = append(c.toks, t)
		if len(c.toks) == maxClaimTokens {
			break
		}
	}
}

// certainOf returns the clause a sentence says someone is sure of, or
// tw: "Freja is sure the recital is on Friday" says "the recital is on
// Friday", as "the recital is definitely on Friday" does. The holder is
// one to three words before the copula; "is sure to win", "is certain
// of it" and "is not sure" say no clause is sure.
func certainOf(tw []string) []string {
	for i := 1; i <= 3 && i+3 < len(tw); i++ {
		if !copula(tw[i]) {
			continue
		}
		switch tw[i+1] {
		case "sure", "certain", "convinced", "positive", "confident", "adamant":
		default:
			return tw
		}
		j := i + 2
		if tw[j] == "that" {
			j++
		}
		if j+2 > len(tw) || tw[j] == "to" || tw[j] == "of" || tw[j] == "about" || tw[j] == "it" || tw[j] == "enough" {
			return tw
		}
		return tw[j:]
	}
	return tw
}

// unlessCut returns s without the case it leaves out and reports
// whether it left one out: "Unless it is stormy, the yoga class meets on
// the beach", "Barring snow, the market is held in the square" and "the
// class meets on the beach unless it is stormy" say where the class
// usually meets. The case opens the sentence and ends at its first
// comma, or follows ", unless" or " unless " to the end.
func unlessCut(s string) (string, bool) {
	for _, w := range [...]string{"Unless ", "unless ", "Barring ", "barring "} {
		if strings.HasPrefix(s, w) {
			k := strings.IndexByte(s, ',')
			if k < 0 || k+1 >= len(s) {
				return s, false
			}
			return strings.TrimSpace(s[k+1:]), true
		}
	}
	k := strings.Index(s, " unless ")
	if k <= 0 {
		return s, false
	}
	return strings.TrimRight(s[:k], " ,") + ".", true
}

// factOf returns the clause a sentence says someone found or knows to
// be so, or tw. A verb of knowing or finding ("knows", "confirmed",
// "found", "found out", "pointed out", "realised", "revealed") before
// "that" holds its clause true, as "it turns out", "it emerged that" and
// "as the contract says," do: "Eero confirmed that the sauna is heated by wood" says "the
// sauna is heated by wood". The holder is one to three words. A verb
// of saying or believing ("says", "thinks", "believes", "was told")
// reports someone's word and stays (see [timeScoped]); so does a clause
// denied or asked ("doesn't know that", "confirmed whether").
func factOf(tw []string) []string {
	if len(tw) > 4 && tw[0] == "it" && (tw[1] == "turns" || tw[1] == "turned") && tw[2] == "out" {
		j := 3
		if tw[j] == "that" {
			j++
		}
		return tw[j:]
	}
	if len(tw) > 4 && tw[0] == "it" && (tw[1] == "emerged" || tw[1] == "transpired") && tw[2] == "that" {
		// "It emerged that the footbridge is 40 metres long."
		return tw[3:]
	}
	if len(tw) > 4 && tw[0] == "as" {
		// "As the contract says, the notice period is one month": the
		// writer holds the clause true.
		for i := 2; i <= 4 && i+2 < len(tw); i++ {
			switch tw[i] {
			case "says", "said", "states", "stated", "notes", "noted", "shows", "showed", "puts":
				j := i + 1
				if tw[j] == "it" {
					j++
				}
				return tw[j:]
			}
		}
		return tw
	}
	for i := 1; i <= 4 && i+3 < len(tw); i++ {
		n := 1
		switch tw[i] {
		case "knows", "knew", "confirmed", "confirms", "realised", "realized", "discovered", "noticed", "learned", "learnt", "proved", "showed", "shows",
			"revealed", "established", "verified", "demonstrated":
		case "found", "finds":
			// "The inspection found that the roof is sound."
			if tw[i+1] == "out" {
				n = 2
			}
		case "pointed", "worked", "figured":
			if tw[i+1] != "out" {
				continue
			}
			n = 2
		default:
			continue
		}
		if tw[i+n] != "that" || denied(tw[:i]) {
			return tw
		}
		return tw[i+n+1:]
	}
	return tw
}

// denied reports whether words hold a negation ([negation]): "doesn't
// know that", "never realised that".
func denied(words []string) bool {
	for i := range words {
		if neg, _ := negation(words, i); neg != "" {
			return true
		}
	}
	return false
}

// placePrep reports whether w opens a phrase of place: "in the church
// crypt", "under the stairs". "On" and "by" are left out: "works on the
// billing service", "sent by registered post".
func placePrep(w string) bool {
	switch w {
	case "in", "at", "under", "behind", "inside", "outside", "beside", "near", "above", "below", "beneath", "underneath":
		return true
	}
	return false
}

// placeStep returns whether words[i] is in a phrase of place (see
// [token.place]) and whether the next token opens one (see
// [claim.placeOpen]), given both for the word before.
func placeStep(words []string, i int, placed, opening bool) (bool, bool) {
	w := words[i]
	switch {
	case placePrep(w) || w == locMark:
		return true, true
	case placeOpener(words, i):
		return placed, true
	case !determiners[w] && (tokenize.IsStopWord(w) || filler[w]) && !(placed && (w == "on" || w == "of")):
		// "in the café on the corner", "in the back room of the pub":
		// one place.
		return false, opening
	}
	return placed, opening
}

// placeOpener reports whether words[i] opens a phrase of place that
// [placePrep] leaves out because the word says other things too: "on"
// or "by" before a determiner ("on the shelf", not "runs on diesel"),
// "next to", "opposite".
func placeOpener(words []string, i int) bool {
	switch words[i] {
	case "on", "by":
		return determiners[wordAt(words, i+1)]
	case "next":
		return wordAt(words, i+1) == "to"
	case "opposite":
		return true
	}
	return false
}

// shiftDay reports whether words[i], "day" or "days", names the part of
// the day someone works, which the filler word "day" ("every day", "last
// day") does not: "works days", "the day shift", "a day nurse" beside
// "works nights", "the night shift", "a night nurse".
func shiftDay(words []string, i int) bool {
	if words[i] != "day" && words[i] != "days" {
		return false
	}
	if i > 0 {
		switch words[i-1] {
		case "work", "works", "worked":
			return true
		}
	}
	return shiftNouns[wordAt(words, i+1)]
}

// shiftNouns are the words after "day" or "night" that name a shift or
// who works it: "the day shift", "a night porter".
var shiftNouns = map[string]bool{"shift": true, "shifts": true, "nurse": true, "nurses": true, "porter": true, "porters": true,
	"guard": true, "guards": true, "duty": true, "duties": true, "crew": true, "staff": true, "rota": true, "manager": true, "editor": true}

// stopWord reads the stop word or filler raws[i] for what it tells of
// the claim: an order ("before"), the first "and" or "only", a kind ("is
// a"), a possessive ("her"), the copula.
func (c *claim) stopWord(raws []rawTok, i int) {
	w := raws[i].w
	if c.order == "" && beforeEvent(raws, i) {
		c.order = w
	}
	if w == "and" && c.andAt == 0 {
		c.andAt = int8(len(c.toks)) + 1
	}
	if (w == "a" || w == "an") && i > 0 && int(c.copAt) == len(c.toks) && copula(raws[i-1].w) {
		c.kind = true
	}
	if w == "only" && c.onlyAt == 0 {
		c.onlyAt = int8(len(c.toks)) + 1
	}
	c.possessed = c.possessed || possessiveWord(w)
	if c.copAt < 0 && copula(w) {
		c.copAt, c.copPast = int8(len(c.toks)), w == "was" || w == "were"
	}
}

// possessiveWord reports whether w is a possessive determiner.
func possessiveWord(w string) bool {
	switch w {
	case "my", "your", "his", "her", "its", "our", "their":
		return true
	}
	return false
}

// longerThan reports whether raws[i] is "longer" before "than" ("longer
// than the red route"): a comparative, not the "longer" of "no longer".
func longerThan(raws []rawTok, i int) bool {
	return raws[i].w == "longer" && i+1 < len(raws) && raws[i+1].w == "than"
}

// leadVerb reports whether w, after a role's holder, says that the
// holder leads what follows.
func leadVerb(w string) bool {
	switch w {
	case "leads", "lead", "runs", "run", "heads", "head", "manages", "manage", "chairs", "chair", "oversees", "oversee":
		return true
	}
	return false
}

// whatIs reads words[i] for what the claim says its subject is or was,
// and reports whether the word is read and left out of the tokens:
//   - "works as a nurse", "plays as a striker", "is employed as a
//     clerk" say what the subject is, as a copula does ([asCopula]);
//   - "is a former striker", "a retired teacher" say what it was;
//   - "born and raised in Stavanger" says where it is from, as "born in".
func (c *claim) whatIs(words []string, i int) bool {
	w := words[i]
	if c.copAt >= 0 && (w == "former" || w == "retired" || w == "erstwhile") {
		c.copPast = true
	}
	if (w == "raised" || w == "bred") && i >= 2 && words[i-1] == "and" && words[i-2] == "born" {
		return true
	}
	if !asCopula(words, i) {
		return false
	}
	if c.copAt < 0 {
		c.copAt, c.copPast = int8(len(c.toks)), pastForms[w] || strings.HasSuffix(w, "ed")
		c.kind = wordAt(words, i+2) == "a" || wordAt(words, i+2) == "an"
	}
	return true
}

// reworded returns the claim word for words[i], folded as tok: the
// verb of a phrase that says something else than its words alone.
//   - "is originally from Bergen", "is a native of Bergen" say where
//     the subject was born;
//   - "grew up in Osaka" tells where a childhood was, one place, where
//     "grows tomatoes" may grow many things ([multiValued]);
//   - "rents the flat out to students" is what an owner does.
func reworded(words []string, i int, tok string) string {
	switch {
	case words[i] == "originally" && wordAt(words, i+1) == "from", words[i] == "native" && wordAt(words, i+1) == "of":
		return "born"
	case grewUp(words, i):
		return "growup"
	case rentedOut(words, i):
		return lemma(spelling(stem("own")))
	}
	return tok
}

// grewUp reports whether words[i] is a form of "grow" before "up".
func grewUp(words []string, i int) bool {
	switch words[i] {
	case "grow", "grows", "grew", "grown", "growing":
		return wordAt(words, i+1) == "up"
	}
	return false
}

// asCopula reports whether words[i] is a verb that, followed by "as",
// says what its subject is, as a copula would: "works as a nurse",
// "served as a judge", "plays as a striker", "is employed as a clerk".
// "Trained as" and "qualified as" tell a past, not a job.
func asCopula(words []string, i int) bool {
	if wordAt(words, i+1) != "as" {
		return false
	}
	switch words[i] {
	case "work", "works", "worked", "working", "serve", "serves", "served", "serving", "play", "plays", "played", "playing":
		return true
	case "employed":
		return i > 0 && copula(words[i-1])
	}
	return false
}

// copula reports whether w is a copula, "is", "are", "was", "were" or
// "am".
func copula(w string) bool {
	return w == "is" || w == "are" || w == "was" || w == "were" || w == "am"
}

// preposition reports whether w is a preposition that may follow a
// verb.
func preposition(w string) bool {
	switch w {
	case "through", "on", "in", "at", "for", "to", "from", "with", "by", "into", "across", "over", "via", "under":
		return true
	}
	return false
}

// switchedOn reports whether the "on" at words[i] is a switch's state,
// not a place or a day: it ends the sentence ("is turned on"), or it
// follows a copula or a switch verb and a scope follows it ("dark mode
// is on in the mobile app", "turned on for everyone").
func switchedOn(words []string, i int) bool {
	if i == len(words)-1 {
		return true
	}
	if i == 0 {
		return false
	}
	switch words[i-1] {
	case "is", "are", "was", "were", "turned", "switched", "stays", "left", "now":
		switch words[i+1] {
		case "in", "for", "across", "by", "at", "from", "during", "until", "since", "everywhere":
			return true
		}
		// "is on in production": the scope read as a status word.
		return strings.HasPrefix(words[i+1], "in ")
	}
	return false
}

// tokenAt returns the token of the content word raws[i], stemmed and
// lemmatised unless kept as written, recording in c.shows how a reason
// shows it.
func (c *claim) tokenAt(raws []rawTok, i int, capFirst string) token {
	r := raws[i]
	w := r.w
	t := token{w: w, value: r.kind == quantity || r.kind == date || (r.kind == plain && isValue(w)), kind: r.kind, name: r.name && !expanded[w], approx: r.approx}
	if r.show != "" {
		c.shows = append(c.shows, r.show)
		t.show = uint8(len(c.shows))
	}
	if !r.keep {
		t.w = stem(unhyphenated(w))
		if !t.name {
			// A name is spelt one way.
			t.w = spelling(t.w)
		}
		if !t.name && w != capFirst {
			t.w = lemma(t.w)
			if v := eventVerbs[t.w]; v != "" {
				t.w = v
			}
		}
		t.first = w == capFirst && lemma(t.w) != t.w
		if t.w != w {
			// Reasons show the word as written.
			c.shows = append(c.shows, strings.ReplaceAll(w, "_", " "))
			t.show = uint8(len(c.shows))
		}
	}
	t.cop = t.name && afterCopula(raws, i)
	return t
}

// fillKeys fills c's sorted word keys (set), by which claims find their
// neighbours, and prefix keys (pre) from its tokens.
func (c *claim) fillKeys() {
	c.set = make([]uint64, 0, len(c.toks))
	np := 0
	for _, t := range c.toks {
		if _, ok := prefixKey(t); ok {
			np++
		}
	}
	c.pre = make([]uint64, 0, np)
	for _, t := range c.toks {
		c.set = append(c.set, wordKey(t.w))
		if t.first {
			c.set = append(c.set, wordKey(lemma(t.w)))
		}
		if p, ok := prefixKey(t); ok {
			c.pre = append(c.pre, p)
		}
		if t.name && strings.IndexByte(t.w, '_') > 0 {
			// The words of a name of several words still find
			// neighbours: "google" of "google_cloud_storage".
			for _, part := range strings.Split(t.w, "_") {
				c.set = append(c.set, wordKey(part))
			}
		}
		if k := slotKey(t); k != 0 {
			// Two claims of a status or of an exclusive class share
			// the slot: "thesis in draft" and "thesis submitted".
			c.set = append(c.set, k)
			switch classOf[t.w] {
			case "weekday", "season", "holiday":
				c.days = true
			}
		}
	}
	if c.duration {
		// Two durations of one subject share their slot as [judge]
		// compares them: "the build takes 4 minutes", "the build
		// takes about 11 minutes", the verb dropped.
		c.set = append(c.set, durationKey)
	}
	if c.age {
		// Two ages in years share their slot: "Lily is 7 years old",
		// "Lily is 8 years old now".
		c.set = append(c.set, ageKey)
	}
	c.set = append(c.set, consumeKeys(c)...)
	c.set = append(c.set, spouseKeys(c)...)
	c.set = append(c.set, kinKeys(c)...)
	for _, w := range c.old {
		// A claim that still states the old value shares it.
		c.set = append(c.set, wordKey(spelling(stem(w))))
	}
	slices.Sort(c.set)
	c.set = slices.Clip(slices.Compact(c.set))
	slices.Sort(c.pre)
	c.pre = slices.Clip(slices.Compact(c.pre))
}

// exceptions are the words that make a negation partial: "no other food
// allergies" leaves the one named before.
var exceptions map[string]bool

// apposed returns s without the words an opening name is set beside:
// "Our cleaner, Dorota, comes on Tuesdays" says what "Dorota comes on
// Tuesdays" does. A list ("Our cleaner, Dorota, and the gardener") stays.
func apposed(s string) string {
	if strings.Count(s, ",") < 2 {
		return s
	}
	m := apposition().FindStringSubmatchIndex(s)
	if m == nil || strings.HasPrefix(s[m[1]:], "and ") || strings.HasPrefix(s[m[1]:], "or ") {
		return s
	}
	return s[m[2]:m[3]] + " " + s[m[1]:]
}

// apposition matches a sentence's opening noun phrase and the name set
// beside it between commas. It is compiled on first use, as [urls] is.
var apposition = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:Our|The|My|Their|His|Her|Your) [a-z][a-z -]{0,30}, (\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?), `)
})

// urls matches web addresses and inline code, which say nothing a
// claim can contradict. It is compiled on first use: most processes
// never need it, and every one would pay for it at start.
var urls = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?:https?://|www\\.)[^\\s)>\\]]*|`[^`]*`")
})

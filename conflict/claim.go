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
	// stage: a contest told by stage, nil when none ([claimStage]).
	stage *stage
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

// sentences splits a line at sentence ends: ". ", "! ", "? ", "; ".
func sentences(line string) []string {
	var out []string
	start := 0
	for i := 0; i < len(line)-1; i++ {
		switch line[i] {
		case '(':
			// An aside of several words is a claim of its own: "Home:
			// Portland (moved in June)". "PostgreSQL (v15)" stays.
			j := strings.IndexByte(line[i:], ')')
			if j < 0 || strings.IndexByte(line[i:i+j], ' ') < 0 {
				continue
			}
			out = append(out, line[start:i], line[i+1:i+j])
			i += j
			start = i + 1
		case '.', '!', '?', ';':
			if line[i+1] == ' ' && !(line[i] == '.' && abbreviated(line[start:i])) {
				end := i
				if line[i] == '?' {
					// Kept, so that [question] knows it.
					end++
				}
				out = append(out, line[start:end])
				start = i + 1
			}
		}
	}
	return append(out, line[start:])
}

// frontMatter returns how many lines of lines a YAML front matter block
// spans: "---", then lines of keys, list items or indented values, then
// "---" or "..."; 0 when lines do not open with one. Prose between two
// rules is no front matter.
func frontMatter(lines []string) int {
	if len(lines) < 2 || strings.TrimRight(lines[0], " \t\r") != "---" {
		return 0
	}
	for i := 1; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \t\r")
		switch {
		case l == "---" || l == "...":
			return i + 1
		case l == "" || l[0] == ' ' || l[0] == '\t' || l[0] == '-' || l[0] == '#':
		default:
			k := strings.IndexByte(l, ':')
			if k <= 0 || strings.ContainsAny(l[:k], ".!?") {
				return 0
			}
		}
	}
	return 0
}

// maxColumns caps the columns of a table row read as claims.
const maxColumns = 8

// tableRule reports whether line is the rule under a table's header
// ("|---|:--:|").
func tableRule(line string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, "|") && strings.Contains(t, "-") && strings.Trim(t, "|-: ") == ""
}

// cells returns the trimmed cells of a table row, at most maxColumns.
func cells(row string) []string {
	f := strings.Split(strings.Trim(strings.TrimSpace(row), "|"), "|")
	if len(f) > maxColumns {
		f = f[:maxColumns]
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	return f
}

// rowClaims returns the sentences a table row states: with a header of
// as many columns, each cell after the first is a "key: value" line of
// the row's first cell ("auth service, port: 7000" for the row "| auth
// | 7000 |" under "| Service | Port |"); without one, the row's text.
func rowClaims(cols, row []string) []string {
	if len(cols) != len(row) || len(row) < 2 || row[0] == "" {
		return []string{strings.Join(row, " ")}
	}
	subject := row[0] + " " + strings.ToLower(cols[0])
	out := make([]string, 0, len(row)-1)
	for j := 1; j < len(row); j++ {
		if row[j] != "" && cols[j] != "" {
			out = append(out, subject+", "+strings.ToLower(cols[j])+": "+row[j])
		}
	}
	return out
}

// headingText returns the text of an ATX heading line ("## Postgres")
// when it has at most three words: a name of the subject of the lines
// below it, not a sentence.
func headingText(line string) (string, bool) {
	h := strings.TrimLeft(line, "#")
	if len(h) == len(line) || len(line)-len(h) > 6 || !strings.HasPrefix(h, " ") {
		return "", false
	}
	h = strings.TrimSpace(strings.TrimRight(h, "# "))
	if h == "" || strings.Count(h, " ") > 2 || strings.ContainsAny(h, ".:;!?") {
		return "", false
	}
	return h, true
}

// underHeading returns a "key: value" line of a list under a heading,
// its key of one or two words, with the heading as the key's subject:
// "- Version: 14" under "## Postgres" says "Postgres, version: 14", as
// "Postgres was upgraded to version 16" would. Other lines are
// returned as they are.
func underHeading(heading, line string) string {
	t := strings.TrimSpace(strings.TrimLeft(line, "-*+ "))
	i := strings.Index(t, ": ")
	if i <= 0 || strings.Count(t[:i], " ") > 1 || strings.IndexFunc(t[:i], unicode.IsLetter) != 0 {
		return line
	}
	r, n := utf8.DecodeRuneInString(t)
	return heading + ", " + string(unicode.ToLower(r)) + t[n:]
}

// exclusive reports whether words say that what they state is the only
// value: "only" that is not "not only" nor a condition ("only if",
// "only when").
func exclusive(words []string) bool {
	for i, w := range words {
		if w != "only" || (i > 0 && words[i-1] == "not") {
			continue
		}
		switch wordAt(words, i+1) {
		case "if", "when", "after", "once", "until", "for":
			continue
		}
		return true
	}
	return false
}

// question reports whether the sentence s ends with a question mark,
// closing quotes or emphasis aside.
func question(s string) bool {
	return strings.HasSuffix(strings.TrimRight(s, " \t\"'*_)”’"), "?")
}

// anchors are the times a claim may be anchored to, relative to when
// it was written.
var anchors = []string{"today", "yesterday", "tomorrow", "tonight", "this week", "last week", "next week",
	"this month", "last month", "next month", "this year", "last year", "next year", "this quarter",
	"last quarter", "next quarter", "last night", "this morning"}

// anchor returns the first anchor of words as an index into [anchors]
// plus one, 0 when there is none.
func anchor(words []string) uint8 {
	for i, w := range words {
		switch w {
		case "today", "yesterday", "tomorrow", "tonight":
			return uint8(slices.Index(anchors, w) + 1)
		case "this", "last", "next":
			if i+1 < len(words) {
				if k := slices.Index(anchors, w+" "+words[i+1]); k >= 0 {
					return uint8(k + 1)
				}
			}
		}
	}
	return 0
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

// timeScoped reports whether a sentence holds its fact for another time
// than now: a bounded span ("during ...", "from 2015 to 2019", "between
// March and June"), a past habit ("used to", "formerly"), or a plan or
// guess ("will", "might", "plans to", "next year").
func timeScoped(raws []rawTok) bool {
	next := func(i int) string {
		if i+1 < len(raws) {
			return raws[i+1].w
		}
		return ""
	}
	scoped, pastSeen := false, false // pastSeen: a past form among raws[:i]
	for i, r := range raws {
		if scoped {
			break
		}
		if i > 0 && !pastSeen {
			pastSeen = pastForm(raws[i-1])
		}
		switch r.w {
		case "during", "formerly", "previously", "will", "might", "maybe", "perhaps", "considering", "hoping",
			"would", "if", "unless", "suppose", "assuming":
			// A plan, a guess, or a hypothetical ("if the team moves,
			// standup would start at 8:30"): not the fact now.
			scoped = true
		case "used", "plans", "planning", "going", "thinking", "wants", "aim", "aims", "hope", "hopes", "intend", "intends":
			// "thinking of opening", "planning on selling": a plan,
			// as with "to" ("going on" and "used on" are facts). A
			// plan verb says the plan itself: no status held now.
			n := next(i)
			if n == "to" || n == "about" || (n == "of" || n == "on") && (r.w == "thinking" || r.w == "planning" || r.w == "plans") {
				return true
			}
		case "said", "says", "thinks", "thought", "believes", "believed", "claims", "claimed", "reckons", "joked",
			"insists", "insisted", "told", "mentioned", "heard", "assumes", "assumed", "argues", "argued", "guesses", "guessed",
			"case", "event", "when", "whenever":
			scoped = condition(raws, i)
		case "next":
			if n := next(i); n == "week" || n == "month" || n == "year" || n == "quarter" || n == "sprint" {
				scoped = true
			}
		case "until", "till":
			scoped = untilPast(raws, i, pastSeen)
		case "for":
			// "the wiki was in Notion for years": a past fact with its
			// length, not the fact now.
			switch n := next(i); {
			case !pastSeen || i == 0 || changing(raws[i-1]):
			case n == "years" || n == "months" || n == "decades" || n == "ages",
				n == "a" && i+2 < len(raws) && raws[i+2].w == "while":
				scoped = true
			}
		case "before", "prior":
			// "Before 2020 the firm had 12 staff", "before the
			// migration, queries took 800 ms": a past fact, not now
			// ("is required before merging" holds now).
			scoped = i == 0 && slices.ContainsFunc(raws[i+1:], pastForm)
		case "in":
			// "The school had 350 pupils in 2015", "the fee was 40
			// euros in 2019": a past count or value with its year, not
			// the one now.
			// "In 2019 Karl worked at Zeta", "back in 2018 Joy drove a
			// Golf": the year opening the sentence, a past after it.
			opening := (i == 0 || i == 1 && raws[0].w == "back") && slices.ContainsFunc(raws[i+1:], pastForm)
			scoped = i+1 < len(raws) && yearOf(raws[i+1].w) > 0 && (opening || slices.ContainsFunc(raws[:i], func(r rawTok) bool { return r.w == "had" || r.w == "was" || r.w == "were" })) &&
				!slices.ContainsFunc(raws, func(r rawTok) bool { return changing(r) || r.w == "is" || r.w == "has" })
		case "from", "between":
			scoped = boundedSpan(raws, i)
		}
	}
	if !scoped {
		return false
	}
	for _, r := range raws {
		if statusPhase[lemma(stem(r.w))] == phasePlanned {
			// "scheduled for next month" is a status held now.
			return false
		}
	}
	return true
}

// boundedSpan reports whether raws[i], "from" or "between", opens a
// span of two times ("from 2015 to 2019", "between March and June").
func boundedSpan(raws []rawTok, i int) bool {
	when := func(r rawTok) bool { return r.kind == date || yearOf(r.w) > 0 || months[r.w] > 0 }
	if i+3 >= len(raws) || !when(raws[i+1]) || !when(raws[i+3]) {
		return false
	}
	switch raws[i+2].w {
	case "to", "until", "till", "and":
		return true
	}
	return false
}

// condition reports whether raws[i] opens a condition or a report the
// sentence's fact holds under: "in case of a strike" or "in the event
// of rain" (as with "if"); "when we bought it" or "whenever it rains"
// opening the sentence (then, not always); a verb of saying or
// believing after a short subject ("Tomas said the bus leaves at 7",
// "my neighbour claims ..."): someone's word, not the fact the memory
// states.
func condition(raws []rawTok, i int) bool {
	switch raws[i].w {
	case "case", "event":
		return i > 0 && (raws[i-1].w == "in" || raws[i-1].w == "the" && i > 1 && raws[i-2].w == "in")
	case "when", "whenever":
		return i == 0
	}
	return i > 0 && i <= 3
}

// pastForm reports whether r is a past form ("was", "ran", "used", a
// verb in "-ed") that is no verb of change ("extended", "postponed"):
// before an "until", the words say a past fact that did not change when
// one of them is, and the word next to the "until" is not [changing].
func pastForm(r rawTok) bool {
	switch r.w {
	case "was", "were", "had", "did", "used", "ran", "lived", "worked", "went", "sat", "stood", "took", "held":
		return true
	}
	return len(r.w) >= 5 && strings.HasSuffix(r.w, "ed") && r.kind == plain && !changeVerbs[r.w]
}

// changing reports whether r is a verb or word of change.
func changing(r rawTok) bool { return changeVerbs[r.w] || changeWords[r.w] }

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
	s = joinNames(keyValue(spellNumbers(thousands(percents(trunkForm(s))))))
	tw := justOnly(expand(tokenize.Words(s), boundNames(s)), s)
	var c claim
	c.changed, c.additive = changeAndAddition(tw)
	c.when = anchor(tw)
	c.old, c.new = switchValues(tw)
	c.only = exclusive(tw)
	c.onlyFirst = c.only && len(tw) > 0 && tw[0] == "only"
	c.than = slices.Contains(tw, "than")
	c.past = pastTense(tw)
	c.plan = planned(tw)
	c.stage = claimStage(tw)
	if len(tw) > 0 {
		c.pronoun = uint8(slices.Index(subjectPronouns, tw[0]) + 1)
	}
	rw := rewrite(tw)
	rw = dropChangeTime(rw, c.changed)
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

// dropChangeTime drops the month or year that closes a change
// ("payroll was switched to Rippling in April") or follows a status
// or removal word ("the project was shut down in May", "archived in
// 2024"): it
// says when the value or status came to be, not what it is now, as
// "last year" does. changed is the claim's [claim.changed].
func dropChangeTime(words []string, changed bool) []string {
	for i := len(words) - 3; i < len(words)-1; i++ {
		if i < 1 || words[i] != "in" {
			continue
		}
		d, n := dateAt(words, i+1)
		if n == 0 && yearOf(words[i+1]) > 0 {
			n = 1
		}
		if n == 0 || i+1+n != len(words) || len(d) > len("2025-01") {
			continue
		}
		if changed || removal(words[i-1]) || statusPhase[words[i-1]] != phaseNone || statusPhase[lemma(stem(words[i-1]))] != phaseNone || i > 1 && statusPhase[words[i-2]+" "+words[i-1]] != phaseNone {
			return words[:i]
		}
	}
	return words
}

// pastTense reports whether the words tw tell a past event: a verb in
// the simple past ([pastWord], or a past of [verbForms]: "played",
// "broke", "wrote") that follows no determiner, copula or auxiliary
// ("the shared drive", "is based", "has finished" are no past event),
// a verb in "-ed" followed by a preposition, a determiner, a time, a
// value or nothing,
// in a claim with no verb of the present ("is", "has", "does").
func pastTense(tw []string) bool {
	past := false
	for i, w := range tw {
		switch w {
		case "is", "are", "am", "has", "have", "does", "do", "don", "doesn", "isn", "aren", "hasn", "haven":
			return false
		}
		if past || i == 0 || !(pastWord(w) || pastForms[w]) || copula(w) {
			continue
		}
		switch prev, next := tw[i-1], wordAt(tw, i+1); {
		case determiners[prev], copula(prev), prev == "had", prev == "be", prev == "been", prev == "being", prev == "get", prev == "got":
		case !pastForms[w] && next != "" && !preposition(next) && !determiners[next] && anchor(tw[i+1:]) == 0 && !isValue(next):
			// "lists cancelled orders": a verb in "-ed" before a
			// noun is an adjective.
		default:
			past = true
		}
	}
	return past
}

// planned reports whether the words tw tell a plan or what might have
// been: "will", "shall", "won't", "going to", or a modal before
// "have" ("should have sent", "could have won").
func planned(tw []string) bool {
	for i, w := range tw {
		next := wordAt(tw, i+1)
		switch w {
		case "will", "shall", "won't", "won’t":
			return true
		case "won":
			if next == "t" || next == "'t" {
				return true
			}
		case "going":
			if next == "to" {
				return true
			}
		case "should", "could", "would", "might", "must":
			if next == "have" || next == "not" && wordAt(tw, i+2) == "have" {
				return true
			}
		}
	}
	return false
}

// presentDenial reports whether the negation neg at words[i] denies the
// present: "doesn't", "don't", "isn't", "aren't", "no longer", "not"
// after "does", "do", "is", "are" or "am", or any negation with
// "anymore" after it.
func presentDenial(words []string, i int, neg string) bool {
	switch neg {
	case "doesn't", "don't", "isn't", "aren't", "no longer":
		return true
	case "not":
		if i == 0 {
			break
		}
		switch words[i-1] {
		case "does", "do", "is", "are", "am":
			return true
		}
	}
	return slices.Contains(words[i:], "anymore")
}

// justOnly returns tw with "just" before a name or a count ("the team
// is just Ana and Ben", "just two seats") written "only", which it
// means there; "just moved", "just now" keep it.
func justOnly(tw []string, s string) []string {
	i := slices.Index(tw, "just")
	if i < 0 || i+1 >= len(tw) {
		return tw
	}
	next := tw[i+1]
	if !isValue(next) && numberWords[next] == "" && next != "one" && !capitalised(s)[next] {
		return tw
	}
	out := slices.Clone(tw)
	out[i] = "only"
	return out
}

// subjectPronouns are the personal pronouns a claim may open with (see
// [claim.pronoun]).
var subjectPronouns = []string{"i", "we", "he", "she", "they"}

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
	for i, r := range raws {
		w := r.w
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
		case r.keep, longerThan(raws, i):
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
			if c.copAt < 0 && copula(w) {
				c.copAt, c.copPast = int8(len(c.toks)), w == "was" || w == "were"
			}
			continue
		}
		t := c.tokenAt(raws, i, capFirst)
		t.w = reworded(words, i, t.w)
		if c.holder > 0 && len(c.toks) == int(c.holder) && leadVerb(w) && (i+1 == len(raws) || !preposition(raws[i+1].w)) {
			// "Priya runs the office", "Sam heads the office": one
			// role, led by one holder at a time; not "hiring runs
			// through Greenhouse".
			t.w = "lead"
		}
		c.toks = append(c.toks, t)
		if len(c.toks) == maxClaimTokens {
			break
		}
	}
}

// longerThan reports whether raws[i] is "longer" before "than" ("longer
// than the red route"): a comparative, not the "longer" of "no longer".
func longerThan(raws []rawTok, i int) bool {
	return raws[i].w == "longer" && i+1 < len(raws) && raws[i+1].w == "than"
}

// beforeEvent reports whether raws[i] is "before" or "after" an event
// named by a word, inside the sentence ("take the tablet after
// breakfast", "boards after group 1"), not an amount ("40 minutes
// before departure").
func beforeEvent(raws []rawTok, i int) bool {
	w := raws[i].w
	if w != "before" && w != "after" || i == 0 || i+1 >= len(raws) {
		return false
	}
	next := raws[i+1]
	if next.w == "the" || next.w == "a" || next.w == "an" || next.w == "each" || next.w == "every" {
		if i+2 >= len(raws) {
			return false
		}
		next = raws[i+2]
	}
	return next.kind == plain && !isValue(next.w) && !tokenize.IsStopWord(next.w)
}

// monthPosition reports whether words[i] is an ordinal before a day of
// the week and "of" ("the first Monday of each month", "the last Friday
// of the month"): a position in the month, kept as a word.
func monthPosition(words []string, i int) bool {
	switch words[i] {
	case "first", "second", "third", "fourth", "last":
		return i+2 < len(words) && classOf[words[i+1]] == "weekday" && words[i+2] == "of" && (i == 0 || words[i-1] != "every")
	}
	return false
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

// untilPast reports whether raws[i], "until" or "till", and a time
// bound a past fact: "We used Jira until last spring" is a past fact
// with its end, not the fact now, and so is "Until March the store
// opened at 8", told first; "was extended until October" is a change,
// and "is closed until Monday" holds now. pastSeen reports a past form
// before raws[i].
func untilPast(raws []rawTok, i int, pastSeen bool) bool {
	if i+1 >= len(raws) {
		return false
	}
	if n := raws[i+1]; n.kind != date && yearOf(n.w) == 0 && months[n.w] == 0 && n.w != "last" {
		return false
	}
	if i == 0 {
		return slices.ContainsFunc(raws[i+1:], pastForm)
	}
	return pastSeen && !changing(raws[i-1])
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

// ownVerb reports whether words[i], "own", is the verb ("we own the
// house", "they don't own a car"), not the adjective after a possessive
// ("our own house", "on her own").
func ownVerb(words []string, i int) bool {
	if i == 0 || i+1 >= len(words) {
		return false
	}
	switch words[i-1] {
	case "my", "your", "his", "her", "its", "our", "their", "one's", "of", "the", "an", "a":
		return false
	}
	return true
}

// rentedOut reports whether words[i] rents or leases a thing out ("rent
// out two floors", "leases the flat out to students"): the subject lets
// what it holds, and "out" comes before any "to", "for" or "and".
func rentedOut(words []string, i int) bool {
	switch words[i] {
	case "rent", "rents", "rented", "renting", "lease", "leases", "leased", "leasing", "sublet", "sublets", "subletting":
	default:
		return false
	}
	for j := i + 1; j < len(words) && j <= i+5; j++ {
		switch words[j] {
		case "out":
			return true
		case "to", "for", "and", "so", "because", "from":
			return false
		}
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

// durationVerbs say that a duration follows: "lasts 10 days".
var durationVerbs map[string]bool

// countVerbs say, before a number, that it counts or measures what the
// subject has: "includes 10 seats", "comes with 15 seats", "holds 8
// people", "runs to 80 pages", "stretches for 12 km".
var countVerbs map[string]bool

// amountWord reads the word raws[i], before an amount: a verb of change
// by that amount marks c delta ("dropped 20%"); it reports whether the
// word is to be dropped, a word of approximation ("about 200", the
// number marked approx) or a verb of [countVerbs] ("includes 10 seats",
// "comes with 15 seats", "runs to 80 pages": the count alone).
func (c *claim) amountWord(raws []rawTok, i int) bool {
	w := raws[i].w
	switch {
	case changeVerbs[w] && byAmount(raws, i):
		c.delta = true
	case approxWord(w) && raws[i+1].approx:
		return true
	case countVerbs[w] && countFollows(raws, i):
		return true
	}
	return false
}

// beforeAmount reports whether a number or a quantity follows raws[i],
// after at most one particle ("by", "to", "with", "for", "on", "over"):
// only then may raws[i] be a verb of change by an amount, a word of
// approximation or a verb of [countVerbs].
func beforeAmount(raws []rawTok, i int) bool {
	j := i + 1
	if j < len(raws) {
		switch raws[j].w {
		case "by", "to", "with", "for", "on", "over", "minimum", "maximum":
			j++
		}
	}
	return j < len(raws) && (raws[j].kind == quantity || raws[j].w != "" && raws[j].w[0] >= '0' && raws[j].w[0] <= '9')
}

// byAmount reports whether the verb of change at raws[i] is followed by
// the amount of the change ("dropped 20%", "raised by 10 seconds")
// rather than by a new value ("to 35 dollars" is framed before).
func byAmount(raws []rawTok, i int) bool {
	j := i + 1
	if j < len(raws) && raws[j].w == "by" {
		j++
	}
	return j < len(raws) && (raws[j].kind == quantity || raws[j].kind == plain && allDigits(raws[j].w))
}

// countFollows reports whether a bare number follows the verb at
// raws[i], after at most one particle ("comes with 15", "runs to 80").
// A quantity with a unit keeps the verb: "backups run every six hours"
// needs it to align with "backups run once a day".
func countFollows(raws []rawTok, i int) bool {
	j := i + 1
	if j < len(raws) {
		switch raws[j].w {
		case "to", "with", "for", "on", "over", "minimum", "maximum":
			// "runs to 80 pages", "holds more than 200 guests".
			j++
		}
	}
	return j < len(raws) && raws[j].kind == plain && allDigits(raws[j].w)
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

// unhyphenated returns w without its one hyphen between letters, so
// that "stand-up" and "standup", "e-mail" and "email" are one word;
// words with digits ("4-space") and more hyphens keep their form.
func unhyphenated(w string) string {
	i := strings.IndexByte(w, '-')
	if i < 1 || i+1 >= len(w) || strings.Count(w, "-") != 1 || hasDigit(w) {
		return w
	}
	return w[:i] + w[i+1:]
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

// roleVerbs are the verbs of a role one person holds at a time:
// "Carol leads the data platform team".
var roleVerbs map[string]bool

// nounVerb reports whether the role verb opening raws is a noun, as
// a copula next shows: "the team leads are Ana and Bo".
func nounVerb(raws []rawTok) bool {
	return len(raws) > 1 && (raws[1].w == "are" || raws[1].w == "were")
}

// ownVerbs are the [roleVerbs] of owning: one holder at a time, said of
// a team or a thing as well as of a person.
var ownVerbs map[string]bool

// roleHolder returns the number of words of the holder when the
// sentence says who holds a role: one or two words that are not stop
// words, then a role verb or "is the" / "is our" ("Jonas is the
// on-call engineer"); 0 otherwise.
func roleHolder(raws []rawTok) int {
	if len(raws) > 1 && (raws[0].w == "the" || raws[0].w == "our") {
		// "The SRE team maintains the runbook": the holder's words
		// follow the article, which is no word of a claim. Only a verb
		// of owning makes a holder of them: "the API runs on Fly.io"
		// and "the team handles incidents" say what a thing does.
		k := roleHolder(raws[1:])
		if k > 0 && (ownVerbs[raws[1+k].w] || 2+k < len(raws) && ownVerbs[raws[2+k].w]) && !nounVerb(raws[1+k:]) {
			return k
		}
		return 0
	}
	for k := 1; k <= 2 && k < len(raws); k++ {
		if tokenize.IsStopWord(raws[k-1].w) || raws[k-1].kind != plain || isValue(raws[k-1].w) {
			return 0
		}
		v := raws[k].w
		if roleVerbs[v] {
			return k
		}
		if j := k + 1; filler[v] && j < len(raws) && roleVerbs[raws[j].w] {
			// "Paul now owns the hiring plan".
			return k
		}
		if v == "is" || v == "was" {
			// "is now the lead": a filler word may follow the copula.
			j := k + 1
			for j < len(raws) && filler[raws[j].w] {
				j++
			}
			if j >= len(raws) {
				return 0
			}
			switch raws[j].w {
			case "the", "our", "their", "my", "his", "her", "responsible", "accountable", "in":
				// "is the lead", "is responsible for", "is in charge of".
				if raws[j].w != "in" || (j+1 < len(raws) && raws[j+1].w == "charge") {
					return k
				}
			}
		}
	}
	return 0
}

// prefixMin is the length of the prefix two words must share to be
// forms of one word ("allergic", "allergies"): see [related].
const prefixMin = 4

// prefixKey is a set key for the first prefixMin bytes of a long word,
// so that claims using two forms of one word ("encrypted", "encryption")
// share it and are compared.
func prefixKey(t token) (uint64, bool) {
	if t.value || t.kind != plain || len(t.w) < prefixMin {
		return 0, false
	}
	return wordKey("~" + t.w[:prefixMin]), true
}

// wordKey is the 64-bit FNV-1a hash of a claim word: sets of words are
// compared often, and integers compare faster than strings. Two distinct
// words of one comparison share a key with odds of about 2^-64.
func wordKey(w string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(w); i++ {
		h ^= uint64(w[i])
		h *= 1099511628211
	}
	return h
}

// shared counts the words two sorted sets have in common.
func shared(a, b []uint64) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			n++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return n
}

// urls matches web addresses and inline code, which say nothing a
// claim can contradict. It is compiled on first use: most processes
// never need it, and every one would pay for it at start.
var urls = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?:https?://|www\\.)[^\\s)>\\]]*|`[^`]*`")
})

// negation reports the negation word at words[i], if any, and whether
// the word is a part of a negation to skip ("longer" of "no longer").
func negation(words []string, i int) (neg string, skip bool) {
	w := words[i]
	switch w {
	case "not", "no", "never", "cannot", "without", "none", "nobody", "nothing", "neither":
		if w == "no" && i+1 < len(words) && words[i+1] == "longer" {
			return "no longer", false
		}
		if w == "not" && i+1 < len(words) && words[i+1] == "only" {
			// "not only in English but also in Spanish" adds, it
			// denies nothing.
			return "", true
		}
		return w, false
	case "longer":
		return "", i > 0 && words[i-1] == "no"
	case "quit", "stopped", "gave":
		// "quit smoking", "stopped using Jenkins", "gave up coffee": a
		// negation of what follows, when something follows.
		if w == "gave" {
			if i+2 < len(words) && words[i+1] == "up" {
				return "gave up", false
			}
			return "", false
		}
		if i+1 < len(words) {
			return w, false
		}
	case "don", "doesn", "didn", "isn", "aren", "wasn", "weren", "won", "hasn", "haven", "hadn", "shouldn", "wouldn", "couldn", "can":
		// "don’t" with a curly apostrophe splits into "don" and "t".
		if i+1 < len(words) && words[i+1] == "t" {
			return w + "'t", false
		}
	case "t":
		return "", i > 0
	case "closed", "shut", "passed":
		// "the cafe closed down last year", "Grandpa passed away in
		// 2020": the subject is no more, when nothing but a time
		// follows.
		if p := wordAt(words, i+1); (p == "down" && w != "passed" || p == "away" && w == "passed") && onlyTimeAfter(words, i+2) {
			return w + " " + p, false
		}
	case "away":
		return "", i > 0 && words[i-1] == "passed" && onlyTimeAfter(words, i+1)
	case "retired":
		// "retired from teaching": a work stopped, as "quit" says.
		if wordAt(words, i+1) == "from" && i+2 < len(words) {
			return "retired from", false
		}
	}
	if removal(w) && i > 0 && (words[i-1] == "was" || words[i-1] == "were" || words[i-1] == "been") {
		// "Python 3.7 support was dropped", "the dashboard was shut
		// down": what was removed is no more. Not a change of value
		// ("was dropped to 5") nor a policy ("logs are removed after
		// 30 days").
		if next := wordAt(words, i+1); next != "to" && next != "by" {
			return w, false
		}
	}
	if strings.HasSuffix(w, "n't") {
		return w, false
	}
	return "", false
}

// onlyTimeAfter reports whether words[k:] say at most when, in three
// words or fewer: "last year", "in 2020", "two years ago", or nothing.
func onlyTimeAfter(words []string, k int) bool {
	if len(words)-k > 3 {
		return false
	}
	for _, w := range words[min(k, len(words)):] {
		if !filler[w] && !isValue(w) && months[w] == 0 && numberWords[w] == "" && w != "in" && w != "on" && w != "ago" && w != "back" {
			return false
		}
	}
	return true
}

// filler are words that carry no subject or value in a memory note: the
// vocabulary of change over time ("moved", "now", "since") and of time
// references ("last week").
var filler map[string]bool

func newFiller() map[string]bool {
	return setOf(`now moved move upgraded upgrade migrated switched changed updated resized rebuilt rewritten reimplemented
since last latest recent anymore longer yet still already today yesterday tomorrow got gets
instead nowadays meanwhile happen happens happened held
week weeks month months day days quarter quarters year years tonight ago currently actually also please note`)
}

func setOf(words string) map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// stem folds a plural or third-person "s". A possessive stays: "Maria's
// sister" is not "Maria".
func stem(w string) string {
	if strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "’s") {
		return w
	}
	if shortIng(w) {
		// "riding", "biting": the verb with its "e" ("ride", "bite"),
		// as a stem, since [lemma] leaves a claim's first word alone.
		return w[:3] + "e"
	}
	if len(w) >= 5 && strings.HasSuffix(w, "ies") && !hasDigit(w) {
		// "balconies", "libraries": the noun in "-y" ([lemma] folds
		// "-ie" nouns, "movies", the same way).
		return w[:len(w)-3] + "y"
	}
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") &&
		!strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is") && !hasDigit(w) {
		return w[:len(w)-1]
	}
	return w
}

// lemma folds the forms of a verb that a stem keeps apart: a past
// participle, a present participle, a final "e" and a noun in "-ment"
// ("hosted", "hosting" and "host",
// "stored" and "store", "planned" and "plan", "management" and
// "managed"), so that "we host the site" and "the
// site is hosted" align. Words of five letters or fewer keep their "e",
// and of six or fewer their "ed".
func lemma(w string) string {
	if hasDigit(w) || strings.ContainsAny(w, "'’_") {
		return w
	}
	if len(w) >= 8 && strings.HasSuffix(w, "ment") {
		// "management" is "manage"d.
		w = w[:len(w)-4]
	}
	if base := irregularLemma[w]; base != "" {
		return base
	}
	return foldEnding(w)
}

// foldEnding is [lemma] by the ending alone: "-ing", "-ed" and a final
// "e".
func foldEnding(w string) string {
	if len(w) >= 5 && strings.HasSuffix(w, "ie") {
		// "movie" as "movies" is stemmed: "movy".
		return w[:len(w)-2] + "y"
	}
	if len(w) >= 6 && strings.HasSuffix(w, "ied") {
		// "applied", "carried" as "applies", "apply".
		return w[:len(w)-3] + "y"
	}
	if len(w) >= 7 && strings.HasSuffix(w, "ing") {
		// "hosting", "running": the verb.
		w = w[:len(w)-3]
		if n := len(w); w[n-1] == w[n-2] && strings.IndexByte("bdgmnprt", w[n-1]) >= 0 {
			w = w[:n-1]
		}
	}
	if len(w) >= 6 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed") {
		w = w[:len(w)-2]
		if n := len(w); n >= 4 && w[n-1] == w[n-2] && strings.IndexByte("bdgmnprt", w[n-1]) >= 0 {
			w = w[:n-1]
		}
	}
	if len(w) >= 5 && strings.HasSuffix(w, "e") && !strings.HasSuffix(w, "ee") {
		w = w[:len(w)-1]
	}
	return w
}

// shortIng reports whether w is a six-letter "-ing" form of a verb of
// consonant, vowel, consonant and a silent "e" ("riding", "coding"),
// which the ending alone folds only from seven letters. A final "w",
// "x" or "y" makes no such verb ("paying", "sewing"); "during" is no
// verb.
func shortIng(w string) bool {
	const vowels = "aeiou"
	return len(w) == 6 && strings.HasSuffix(w, "ing") && w != "during" &&
		strings.IndexByte(vowels, w[0]) < 0 && strings.IndexByte(vowels, w[1]) >= 0 &&
		strings.IndexByte(vowels+"wxy", w[2]) < 0
}

// spelling folds a British spelling into the American one, so that
// "colour" and "color", "anonymised" and "anonymized", "licence" and
// "license", "catalogue" and "catalog", "centre" and "center",
// "cancelled" and "canceled" are one word. It reads endings, not a word
// list, and is applied to the words of both claims alike: a word it
// folds that has no American twin ("promise" is "promize") is folded the
// same way on both sides and still matches itself. Lexicon words are
// looked up before it (see [normalise]), as written.
func spelling(w string) string {
	n := len(w)
	if n < 5 || hasDigit(w) || strings.ContainsAny(w, "'’_") {
		return w
	}
	for _, f := range britishEndings {
		if strings.HasSuffix(w, f[0]) && n-len(f[0]) >= 3 {
			return w[:n-len(f[0])] + f[1]
		}
	}
	return w
}

// britishEndings are the endings [spelling] folds, longest first where
// one ends another, each with its American form.
var britishEndings = [][2]string{
	{"ourite", "orite"}, {"oured", "ored"}, {"ouring", "oring"}, {"our", "or"},
	{"isation", "ization"}, {"ised", "ized"}, {"ising", "izing"}, {"ise", "ize"}, {"iser", "izer"},
	{"ysed", "yzed"}, {"ysing", "yzing"}, {"yse", "yze"},
	{"ence", "ense"}, {"enced", "ensed"}, {"encing", "ensing"},
	{"ogue", "og"},
	{"tre", "ter"}, {"bre", "ber"},
	{"elled", "eled"}, {"elling", "eling"}, {"eller", "eler"},
	{"amme", "am"},
}

// eventVerbs maps the verbs that say when an event starts or ends, as
// [lemma] folds them, to one verb each: "code freeze begins December
// 18" says when it starts.
var eventVerbs map[string]string

func newEventVerbs() map[string]string {
	return map[string]string{"begin": "start", "began": "start", "begun": "start", "commenc": "start",
		"finish": "end"}
}

// irregularLemma maps forms [lemma] cannot fold by their ending.
var irregularLemma map[string]string

// isValue reports whether w is a number, version or date: it starts
// with a digit, or with "v" and a digit ("v1.27"). Identifiers such as
// "p99" or "service2", and names such as "1password", are words.
func isValue(w string) bool {
	w = strings.TrimPrefix(w, "v")
	if w == "" || w[0] < '0' || w[0] > '9' {
		return false
	}
	// "1password" is a word: digits, then three letters or more.
	i := strings.IndexFunc(w, func(r rune) bool { return r < '0' || r > '9' })
	if i < 0 {
		return true
	}
	n := 0
	for _, r := range w[i:] {
		if !unicode.IsLetter(r) {
			return true
		}
		n++
	}
	return n < 3
}

func hasDigit(w string) bool {
	return strings.IndexFunc(w, unicode.IsDigit) >= 0
}

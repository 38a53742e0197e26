package conflict

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file reads a switch that names the old value as well as the new
// one: "CI moved from Jenkins to GitHub Actions", "Mandrill was replaced
// by Postmark for transactional email", "Astro replaced Hugo for the
// docs site", "we swapped Vault out for AWS Secrets Manager", and a
// handover of a role, whose holders are the values: "Eva handed the
// Berlin office over to Tomasz". [rewrite]
// keeps only the new value of such a sentence; the old one says that a
// claim still stating it ("our CI runs on Jenkins") is out of date.

// maxSwitchWords caps the words of an old or a new value.
const maxSwitchWords = 3

// switchValues returns the old and the new value a switch in words
// names, each at most maxSwitchWords words, or nil when the sentence
// names no old value.
func switchValues(words []string) (old, new []string) {
	for i, w := range words {
		switch {
		case changeVerbs[w]:
			// "moved from X to Y", "moved off X onto Y", "moved away from
			// X to Y".
			j := i + 1
			for j < len(words) && j <= i+4 && words[j] != "from" && words[j] != "off" {
				if stopsSwitch(words[j]) {
					break
				}
				j++
			}
			if j >= len(words) || j > i+4 || (words[j] != "from" && words[j] != "off") {
				continue
			}
			for k := j + 1; k < len(words) && k <= j+1+maxSwitchWords; k++ {
				if words[k] == "to" || words[k] == "onto" {
					return value(words[j+1 : k]), value(words[k+1:])
				}
				if stopsSwitch(words[k]) {
					break
				}
			}
		case replaceVerbs[w]:
			return replaced(words, i)
		case handVerbs[w]:
			if old, new := handedOver(words, i); len(old) > 0 && len(new) > 0 {
				return old, new
			}
		}
	}
	return nil, nil
}

// replaced reads the switch at words[i], a verb of [replaceVerbs]: "X
// was replaced by Y", "replaced X with Y", "swapped X out for Y", or "Y
// replaced X".
func replaced(words []string, i int) (old, new []string) {
	if i > 0 && (words[i-1] == "was" || words[i-1] == "were" || words[i-1] == "is" || words[i-1] == "been") {
		// "X was replaced by Y": X is the subject.
		if wordAt(words, i+1) != "by" && wordAt(words, i+1) != "with" {
			return nil, nil
		}
		start := i - 1
		for start > 0 && i-1-start < maxSwitchWords && !stopsSwitch(words[start-1]) && !isStop(words[start-1]) {
			start--
		}
		return value(words[start : i-1]), value(words[i+2:])
	}
	// "for" introduces the new value after a swap ("swapped X for Y"),
	// the scope after a replacement ("replaced X for the docs site").
	withFor := words[i] != "replaced" && words[i] != "substituted"
	for j := i + 1; j < len(words) && j <= i+2+maxSwitchWords; j++ {
		switch words[j] {
		case "with", "by":
		case "for":
			if !withFor {
				continue
			}
		default:
			if stopsSwitch(words[j]) {
				return nil, nil
			}
			continue
		}
		return value(words[i+1 : j]), value(words[j+1:])
	}
	if words[i] != "replaced" || i == 0 {
		return nil, nil
	}
	// "Astro replaced Hugo for the docs site": the subject is the new
	// value, what follows the old one.
	return value(words[i+1:]), value(words[max(0, i-maxSwitchWords):i])
}

// handVerbs hand a thing from one holder to another: "Eva handed the
// Berlin office over to Tomasz".
var handVerbs map[string]bool

// handParticles mark a handover, not a thing handed as an object ("Raj
// handed the report to Sofia"): "over", "on" or "off" before "to".
var handParticles map[string]bool

// roleObjects name a role as the thing handed: "Omar handed the
// on-call lead role to Lena" is a handover with no particle.
var roleObjects map[string]bool

// roleObjectWords are [roleObjects] as claim words: the role handed
// over is no word of the subject it is the role of.
var roleObjectWords map[string]bool

func newRoleObjectWords() map[string]bool {
	m := map[string]bool{}
	for w := range roleObjects {
		m[lemma(stem(w))] = true
	}
	return m
}

// handedOver reads the handover at words[i], a verb of [handVerbs]:
// "X handed Y over to Z", "X passed Y on to Z", "X handed over Y to Z".
// The old value is the holder before the verb, the new one the holder
// after "to"; the thing handed over is the subject the two claims share.
func handedOver(words []string, i int) (old, new []string) {
	start := i
	for start > 0 && i-start < maxSwitchWords && !stopsSwitch(words[start-1]) && !isStop(words[start-1]) {
		start--
	}
	if start == i {
		return nil, nil
	}
	particle := false
	for j := i + 1; j < len(words) && j <= i+3+maxSwitchWords; j++ {
		switch {
		case handParticles[words[j]]:
			particle = true
		case words[j] == "to":
			if !particle && !roleObjects[words[j-1]] || j == i+2 {
				// No particle, or nothing handed between verb and "to".
				return nil, nil
			}
			return value(words[start:i]), value(words[j+1:])
		case stopsSwitch(words[j]):
			return nil, nil
		}
	}
	return nil, nil
}

// stopsSwitch reports whether w ends the words of a switch: a
// conjunction joins another clause.
func stopsSwitch(w string) bool {
	switch w {
	case "and", "but", "because", "so", "which", "after", "when", "while":
		return true
	}
	return false
}

// value returns the content words of ws up to the first stop word after
// one, at most maxSwitchWords, leading determiners and "out" skipped:
// "the old Jenkins server", "Vault out".
func value(ws []string) []string {
	var out []string
	for _, w := range ws {
		if w == "out" || determiners[w] || filler[w] {
			if len(out) == 0 {
				continue
			}
			break
		}
		if isStop(w) || stopsSwitch(w) {
			break
		}
		out = append(out, w)
		if len(out) == maxSwitchWords {
			break
		}
	}
	return slices.Clip(out)
}

// switchedFrom judges a claim b that names a switch's old value
// (b.old) against a claim a that states that value as current: "our CI
// runs on Jenkins" against "CI moved from Jenkins to GitHub Actions".
// The old value's words are all in a, the new value's none, and of b's
// other words (its subject, besides verbs of change) at least one and
// at least two thirds are in a: "the payments team moved from Scrum to
// Kanban" says nothing of "the platform team uses Scrum". A switch with
// no such words ("we swapped Vault out for AWS Secrets Manager") needs
// its old value named in a as a name. A claim that is negated, scoped to another
// time, adds to others, or is a switch itself is no such statement.
func switchedFrom(a, b *claim, why bool) (Verdict, bool) {
	if len(b.old) == 0 || len(b.new) == 0 || len(a.old) > 0 || a.neg != "" || b.neg != "" ||
		a.scoped || b.scoped || a.additive || b.additive {
		return Verdict{}, false
	}
	for _, w := range b.old {
		if !mentions(a, w) {
			return Verdict{}, false
		}
	}
	for _, w := range b.new {
		if mentions(a, w) {
			return Verdict{}, false
		}
	}
	subject, in := 0, 0
	for _, t := range b.toks {
		if t.w == locMark || t.value || changeVerbs[t.w] || changeWords[t.w] || t.w == "off" || t.w == "onto" || roleObjectWords[t.w] ||
			slices.ContainsFunc(b.new, func(w string) bool { return sameWord(w, t) }) ||
			slices.ContainsFunc(b.old, func(w string) bool { return sameWord(w, t) }) {
			// The switch's own words are not its subject.
			continue
		}
		subject++
		if hasWord(a.toks, t.w) {
			in++
		}
	}
	if subject == 0 && namedIn(a, b.old) {
		// A switch with no subject of its own ("we swapped Vault out
		// for AWS Secrets Manager") retires its old value, a name,
		// wherever it is stated.
		in = 1
	}
	if in == 0 || 3*in < 2*subject {
		return Verdict{}, false
	}
	return Verdict{Likely, say(why, func() string {
		return fmt.Sprintf("switched: %q replaced by %q", spaced(b.old), spaced(b.new))
	})}, true
}

// namedIn reports whether every word of ws is in c as a name, or a word
// of a name of several words: "HashiCorp Vault" names "vault", "the
// cache" names nothing.
func namedIn(c *claim, ws []string) bool {
	for _, w := range ws {
		if !slices.ContainsFunc(c.toks, func(t token) bool {
			return t.name && (sameWord(w, t) || strings.IndexByte(t.w, '_') > 0 && slices.Contains(strings.Split(t.w, "_"), stem(w)))
		}) {
			return false
		}
	}
	return true
}

// hasWord reports whether one of ts is the word w (as folded).
func hasWord(ts []token, w string) bool {
	return slices.ContainsFunc(ts, func(t token) bool { return t.w == w })
}

// mentions reports whether c has the word w ([sameWord]) or a name of
// several words of which w is one ("HashiCorp Vault" has "vault").
func mentions(c *claim, w string) bool {
	for _, t := range c.toks {
		if sameWord(w, t) {
			return true
		}
		if t.name && strings.IndexByte(t.w, '_') > 0 && slices.Contains(strings.Split(t.w, "_"), stem(w)) {
			return true
		}
	}
	return false
}

// sameWord reports whether the lower-cased word w, as written, is the
// claim word t: stemmed and, unless a name, folded as [claim.tokenAt]
// folds it.
func sameWord(w string, t token) bool {
	s := spelling(stem(w))
	return t.w == s || t.w == lemma(s) || t.w == w
}

// spaced joins words with spaces, the words of a name too.
func spaced(ws []string) string {
	return strings.ReplaceAll(strings.Join(ws, " "), "_", " ")
}

// historySwitch returns a switch said as a history and the present in
// one sentence of line, written as a switch that names its old value
// ("support tickets went to moved from Zendesk to Freshdesk" for
// "Support tickets went to Zendesk until last quarter, and now go to
// Freshdesk"), or "" when line has none. The history ends with "until",
// "till" or "through", or says "used to", "originally", "tried" (see
// [historyMarks]) before its old value ("the tracker used to be Jira;
// today it is Linear"), names its old value
// (capitalised words) before
// the clause joint ("; ", " and ", " but ", ", after which ", ", when
// "), and the clause after the joint says "now" ("today", "currently",
// "since") or that it moved, and names one new value; a clause that
// adds ("also") switches nothing.
func historySwitch(line string) string {
	if !strings.Contains(line, "ntil") && !strings.Contains(line, "till") && !strings.Contains(line, "hrough") && !strings.Contains(line, "sed to") &&
		!strings.Contains(line, "ginally ") && !strings.Contains(line, "itially ") && !strings.Contains(line, "eviously ") &&
		!strings.Contains(line, "ormerly ") && !strings.Contains(line, "ried ") && !strings.Contains(line, "or years") &&
		!strings.Contains(line, "or a year") && !strings.Contains(line, "or months") && !strings.Contains(line, "or a while") &&
		!strings.Contains(line, " off ") && !strings.Contains(line, "away from ") {
		// Most lines: no copy.
		return ""
	}
	lower := strings.ToLower(line)
	if len(lower) != len(line) {
		// Offsets into lower must be offsets into line.
		return ""
	}
	at := -1
	for _, w := range historyMarks {
		if i := strings.Index(lower, w); i >= 0 && (i == 0 || lower[i-1] == ' ') && (at < 0 || i < at) {
			at = i
		}
	}
	if at < 0 {
		return ""
	}
	start := strings.LastIndex(line[:at], ". ") + 1
	end := len(line)
	if k := strings.Index(line[at:], ". "); k >= 0 {
		end = at + k
	}
	joint, past, rest := -1, "", ""
	for _, j := range []string{"; ", ", after which ", ", when ", " and ", " but "} {
		if k := strings.Index(line[at:end], j); k >= 0 && (joint < 0 || at+k < joint) {
			joint, past, rest = at+k, line[start:at+k], line[at+k+len(j):end]
			if j == ", after which " {
				rest = "now " + rest
			}
		}
	}
	if joint < 0 || !presentMarked(rest) {
		return ""
	}
	// The history's time ("until last quarter", "Until the cost
	// review,") names no old value.
	head, tail := past[:at-start], past[at-start:]
	if k := strings.Index(tail, ", "); k >= 0 && at == start {
		head, tail = tail[k+2:], ""
	}
	for _, m := range historyMarks[historyEnds:] {
		if strings.HasPrefix(lower[at:], m) {
			// "the tracker used to be Jira; today it is Linear": the
			// old value follows the history's mark.
			head += tail[min(len(m), len(tail)):]
		}
	}
	subject, old := capitalisedWords(head)
	_, new := capitalisedWords(rest)
	if len(old) == 0 || len(old) > maxSwitchWords || len(new) == 0 || len(new) > maxSwitchWords {
		return ""
	}
	return strings.Join(subject, " ") + " moved from " + strings.Join(old, " ") + " to " + strings.Join(new, " ")
}

// historyMarks mark a history told before the present: the first ones
// end it ("until May", "for years"), the others open it ("used to be Jira",
// "originally ran on Heroku", "we tried Slack for a year", "support moved
// off Freshdesk in May").
var historyMarks = []string{"until ", "till ", "through ", "for years", "for a year", "for months", "for a while",
	"used to ", "originally ", "initially ", "previously ", "formerly ", "tried ", "moved off ", "moved away from ",
	"switched away from ", "migrated off "}

// historyEnds is how many marks of [historyMarks] end a history.
const historyEnds = 7

// presentMarked reports whether the clause s says it is the present
// ("now", "today", "currently", "since") and adds nothing to the past
// ("also", "too", "as well").
func presentMarked(s string) bool {
	marked := false
	for _, w := range strings.Fields(strings.ToLower(s)) {
		switch strings.Trim(w, ",.;:!") {
		case "now", "today", "currently", "nowadays", "since", "moved", "switched", "migrated":
			// "..., when they moved to Mintlify" says what followed.
			marked = true
		case "also", "too", "both", "well":
			return false
		}
	}
	return marked
}

// capitalisedWords splits the words of s into those written lower-case
// and the capitalised ones, months and days of the week aside; the
// first word, which opens a clause, counts as lower-case. It returns no capitalised words when they are not one run: two names
// are two things, not one value.
func capitalisedWords(s string) (lower, caps []string) {
	last := -2
	for i, w := range strings.Fields(s) {
		w = strings.TrimSuffix(strings.TrimRight(w, ",.;:!"), "'s")
		if w == "" {
			continue
		}
		r, _ := utf8.DecodeRuneInString(w)
		l := strings.ToLower(w)
		if !unicode.IsUpper(r) || i == 0 || months[l] > 0 || classOf[l] == "weekday" {
			lower = append(lower, w)
			continue
		}
		if last >= 0 && last != i-1 {
			return lower, nil
		}
		caps, last = append(caps, w), i
	}
	return lower, caps
}

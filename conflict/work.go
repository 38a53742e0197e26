package conflict

import (
	"fmt"
	"slices"
)

// This file reads whether a person works: out of work ("is unemployed",
// "is jobless", "is out of work", "has no job"), retired, or working
// ("works as a nurse", "works at the port", "works full-time").

// work is what a claim says of its subject's work.
type work uint8

const (
	workNone     work = iota
	workIdle          // "is unemployed", "is out of work", "has no job"
	workRetired       // "is retired", "retired in 2019" (not "retired from rugby")
	workEmployed      // "works as a nurse", "works at Bosch"
	workFullTime      // "works full-time as a pilot"
	workQuit          // "quit his job at Ikea", "resigned from Ikea", "was fired from Ikea"
)

// workOf reads the words tw of a claim for what it says of its
// subject's work. A claim that says the subject works must say where or
// as what ("works as", "at", "for", "in", "full-time"): "works out at
// the gym" is exercise.
func workOf(tw []string) work {
	full := slices.Contains(tw, "fulltime") || slices.Contains(tw, "full-time") || hasPhrase(tw, "full", "time")
	for i, w := range tw {
		next := wordAt(tw, i+1)
		switch {
		case w == "unemployed" || w == "jobless", w == "out" && next == "of" && wordAt(tw, i+2) == "work",
			w == "between" && next == "jobs", w == "no" && next == "job":
			return workIdle
		case w == "retired" && next != "from" && i > 0:
			return workRetired
		case (w == "quit" || w == "left") && (next == "his" || next == "her" || next == "their" || next == "my") && wordAt(tw, i+2) == "job",
			(w == "resigned" || w == "fired" || w == "sacked" || w == "dismissed") && next == "from",
			w == "laid" && next == "off" && (wordAt(tw, i+2) == "by" || wordAt(tw, i+2) == "from"):
			return workQuit
		case w == "works" || w == "work" && i > 0 && slices.Contains(subjectPronouns, tw[i-1]):
			switch next {
			case "as", "at", "for", "in", "fulltime", "full", "full-time", "part", "part-time", "parttime":
				if full {
					return workFullTime
				}
				return workEmployed
			}
		}
	}
	return workNone
}

// hasPhrase reports whether ws hold the words of p in a row.
func hasPhrase(ws []string, p ...string) bool {
	for i := 0; i+len(p) <= len(ws); i++ {
		if slices.Equal(ws[i:i+len(p)], p) {
			return true
		}
	}
	return false
}

// workApart reports whether a says its subject does not work (out of
// work, or retired) and b, of the same subject, that it works now (as
// something, somewhere; full-time for one retired): "Dirk is
// unemployed", "Dirk works as a nurse"; "Cleo is retired", "Cleo works
// full-time at the bank". A past, planned, wished or scoped job ("worked
// as a nurse for years", "is looking for work as a nurse") is another
// time or no job, and a retiree may work part-time or volunteer.
func workApart(a, b *claim) bool {
	switch {
	case a.work == workIdle && (b.work == workEmployed || b.work == workFullTime),
		a.work == workRetired && b.work == workFullTime:
	case a.work == workQuit && (b.work == workEmployed || b.work == workFullTime):
		// "Omar quit his job at Ikea", "Omar works at Ikea": one
		// employer, named on both sides.
		if !sameEmployer(a, b) {
			return false
		}
	default:
		return false
	}
	if a.copPast && a.work != workRetired && a.work != workQuit {
		// "was unemployed in 2010"; "is retired" reads its copula as
		// past ("a retired teacher" was one), but says what is now, as
		// "was fired from Ikea" does.
		return false
	}
	if a.neg != "" && a.neg != "no" && !(a.work == workQuit && stopped(a.neg)) || b.neg != "" || b.copPast || b.past || b.scoped || b.plan || b.wish || a.plan || a.wish ||
		a.scoped || len(a.toks) == 0 || len(b.toks) == 0 {
		return false
	}
	return a.toks[0].w == b.toks[0].w && !a.toks[0].value && !b.toks[0].value
}

// judgeWork judges two claims by [workApart], either way round.
func judgeWork(a, b *claim, why bool) (Verdict, bool) {
	if workApart(b, a) {
		a, b = b, a
	} else if !workApart(a, b) {
		return Verdict{}, false
	}
	return Verdict{Likely, say(why, func() string {
		if a.work == workQuit {
			return fmt.Sprintf("left an employer, the other works there: %q", show(b, b.toks))
		}
		return fmt.Sprintf("not working, the other works: %q", show(b, b.toks))
	})}, true
}

// employerAndTown reports whether h replaces, after the verb "works",
// a name by a name of which one only is a place the gazetteer knows:
// "works at Siemens" and "works in Munich" tell an employer and a town,
// which prepositions (dropped from claims) would tell apart.
func employerAndTown(a *claim, h hunk) bool {
	if len(h.a) != 1 || len(h.b) != 1 || !isName(h.a[0]) || !isName(h.b[0]) || h.at < 1 || h.at > len(a.toks) ||
		a.toks[h.at-1].w != lemma(spelling(stem("works"))) {
		return false
	}
	place := func(w string) bool { return countries[w] || states[w] || within[w] != nil }
	return place(h.a[0].w) != place(h.b[0].w)
}

// sameEmployer reports whether a and b name one employer: the first name
// after a's subject is among b's words.
func sameEmployer(a, b *claim) bool {
	for _, t := range a.toks[1:] {
		if isName(t) {
			return !countries[t.w] && !states[t.w] && within[t.w] == nil && slices.ContainsFunc(b.toks[1:], func(u token) bool { return u.w == t.w })
		}
	}
	return false
}

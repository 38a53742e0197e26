package conflict

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/memweave/memweave-go/tokenize"
)

// This file reads when a claim holds: tense, a year or day scope, a
// condition, a recurring time, a clock bound; two claims of different
// times are no conflict.

// dailyOnly reports whether x, the one word claim a has where claim
// b, which says its value is the only one, has y, is "every day"
// (daily) and y days of the week, weekdays or weekends, or x is "all
// year" and y seasons or months: "I run daily" and "I run only on
// weekdays" conflict, as do "the ferry runs all year" and "the ferry
// only runs in summer" or "only from May to September"; "the shop
// opens on Mondays", with no "only", may add to the daily rule.
func dailyOnly(a, b *claim, x, y []token) bool {
	if !b.only || a.only || a.changed || b.changed || a.neg != "" || b.neg != "" || len(x) != 1 || len(y) == 0 || len(y) > 7 {
		return false
	}
	var part func(t token) bool
	switch {
	case x[0].kind == quantity && x[0].w == "86400s":
		part = func(t token) bool { return classOf[t.w] == "weekday" }
	case x[0].w == yearRound:
		// A month alone is a date "x-05" (see [normalise]).
		part = func(t token) bool {
			return classOf[t.w] == "season" || t.kind == date && len(t.w) == 4 && strings.HasPrefix(t.w, "x-")
		}
	default:
		return false
	}
	return !slices.ContainsFunc(y, func(t token) bool { return !part(t) })
}

// yearRound is the word [allYear] writes for the whole year.
const yearRound = "yearround"

// allYear returns tw with "all year", "all year round", "all the year
// round" and "throughout the year" written as one word, yearRound,
// which "year-round" folds to: the words would be dropped, and with
// them that the fact holds in every season.
func allYear(tw []string) []string {
	for i := 0; i+1 < len(tw); i++ {
		n := 0
		switch {
		case tw[i] == "all" && tw[i+1] == "year":
			n = 2
		case tw[i] == "all" && tw[i+1] == "the" && wordAt(tw, i+2) == "year":
			n = 3
		case tw[i] == "throughout" && tw[i+1] == "the" && wordAt(tw, i+2) == "year":
			n = 3
		}
		if n == 0 {
			continue
		}
		if wordAt(tw, i+n) == "round" {
			n++
		}
		return slices.Concat(tw[:i], []string{yearRound}, tw[i+n:])
	}
	return tw
}

// oftenness returns 1 when the words tw say a fact happens often: "always",
// "daily", "nightly", or "every" or "each" before a day, a part of it, a
// weekday or a week ("every morning", "each Sunday"); -1 when they say
// it happens rarely ("rarely", "seldom", "hardly ever", "barely ever",
// "scarcely ever"); 0 otherwise, and when they say both.
func oftenness(tw []string) int8 {
	var often, rare bool
	for i, w := range tw {
		next := wordAt(tw, i+1)
		switch w {
		case "always", "daily", "nightly":
			often = true
		case "every", "each":
			often = often || next == "day" || next == "week" || next == "weekday" || next == "weekend" || classOf[lemma(stem(next))] == "daypart" || classOf[lemma(stem(next))] == "weekday"
		case "rarely", "seldom":
			rare = true
		case "hardly", "barely", "scarcely":
			rare = rare || next == "ever"
		}
	}
	switch {
	case often && !rare:
		return 1
	case rare && !often:
		return -1
	}
	return 0
}

// oftenAndRarely reports whether one claim says its fact happens often
// and the other that it happens rarely ([claim.often]), with the same
// words besides those of how often, two or more, and neither negated,
// past, planned or scoped: "Grandpa swims every morning" and "Grandpa
// hardly ever swims".
func oftenAndRarely(a, b *claim) bool {
	if a.often*b.often != -1 || a.neg != "" || b.neg != "" || a.past || b.past || a.plan || b.plan || a.scoped || b.scoped || a.changed || b.changed {
		return false
	}
	rest := func(c *claim) []string {
		var out []string
		for _, t := range c.toks {
			if t.value || classOf[t.w] == "daypart" || classOf[t.w] == "weekday" || wordOf(t.w, "always", "daily", "nightly", "rarely", "seldom", "hardly", "barely", "scarcely", "ever") {
				continue
			}
			out = append(out, t.w)
		}
		return out
	}
	ra, rb := rest(a), rest(b)
	return len(ra) >= 2 && slices.Equal(ra, rb)
}

// pastBesidePlace reports whether a tells where its subject is now
// ([locMark]: "Aki lives in Sapporo") and b a past event of another
// verb at another place ("Aki grew up in Osaka", "studied in Graz")
// that says nothing changed: both hold, "now" or not ("moved to
// Lisbon" is a change, and still conflicts).
func pastBesidePlace(a, b *claim) bool {
	// "was born" is a past passive pastTense leaves out.
	return !a.past && (b.past || hasWord(b.toks, "born")) && !b.changed && !a.plan && !b.plan && locIndex(a.toks) >= 0 && locIndex(b.toks) < 0
}

// pastBesidePresent reports whether one claim tells a past event and
// the other the present with the same verb, neither saying that
// something changed: "Tom drove a Ford" and "Tom drives a Volvo" may
// both hold ("Tom took over as lead", with a verb of its own, is a
// change).
func pastBesidePresent(a, b *claim) bool {
	if a.past == b.past || a.plan || b.plan || a.changed || b.changed {
		return false
	}
	if b.past {
		a, b = b, a
	}
	for _, t := range a.toks {
		if w := written(a, t); t.kind == plain && !t.value && pastForms[w] &&
			slices.ContainsFunc(b.toks, func(u token) bool { return u.w == t.w && u.kind == plain && written(b, u) != w }) {
			return true
		}
	}
	return false
}

// exceptedApart reports whether a leaves out a case ("except on
// Fridays", "excluding weekends") that b names as its own: "the pool is
// open until 9 pm except on Fridays" is the rule for the other days,
// beside "on Fridays the pool closes at 6 pm", which gives the case a
// value of its own ("open on Sundays" against "open every day except
// Sundays" gives none: judged as usual).
func exceptedApart(a, b *claim) bool {
	i := slices.IndexFunc(a.toks, func(t token) bool { return t.w == "except" || t.w == "excluding" })
	if i < 0 || i+1 >= len(a.toks) {
		return false
	}
	w := a.toks[i+1].w
	return !slices.ContainsFunc(b.toks, func(t token) bool { return t.w == "except" || t.w == "excluding" }) &&
		hasWord(b.toks, w) &&
		slices.ContainsFunc(b.toks, func(t token) bool {
			return t.value && !hasWord(a.toks, t.w)
		})
}

// judgeExcepted judges a claim that leaves out a case ("every day
// except Sunday", "everyone except Tom") against one that says no
// more than the first besides a case. The case left out, asserted
// ("open on Sundays", "Tom came"), conflicts; denied ("not open on
// Sundays") agrees; another day ("open on Saturdays") is one the rule
// covers. done reports that the verdict (ok or not) is final.
func judgeExcepted(a, b *claim, why bool) (v Verdict, ok, done bool) {
	for _, x := range [2][2]*claim{{a, b}, {b, a}} {
		rule, c := x[0], x[1]
		i := slices.IndexFunc(rule.toks, func(t token) bool { return t.w == "except" || t.w == "excluding" })
		if i < 0 || i+1 >= len(rule.toks) || rule.neg != "" ||
			slices.ContainsFunc(c.toks, func(t token) bool { return t.w == "except" || t.w == "excluding" }) {
			continue
		}
		w := rule.toks[i+1].w
		var others []token
		for _, t := range c.toks {
			if !hasWord(rule.toks, t.w) {
				others = append(others, t)
			}
		}
		named := hasWord(c.toks, w)
		switch {
		case named && len(others) == 0 && c.neg == "":
			return Verdict{Likely, say(why, func() string {
				return fmt.Sprintf("exception: %q is left out, then said", show(rule, rule.toks[i+1:i+2]))
			})}, true, true
		case named && len(others) == 0,
			!named && len(others) == 1 && c.neg == "" && classOf[w] == "weekday" && classOf[others[0].w] == "weekday":
			return Verdict{}, false, true
		}
	}
	return Verdict{}, false, false
}

// daysApart reports whether one claim names days of the week, holidays
// or a season and the other none, neither saying that something
// changed: "on weekends the gym opens at 8" and "in winter the ferry
// leaves at 7" are facts for those days, beside the rule for the
// others.
func daysApart(a, b *claim) bool {
	return a.days != b.days && !a.changed && !b.changed
}

// otherTime reports whether a is anchored to a time past or to come
// ("last year", "yesterday", "next quarter") and b to none, and a says
// nothing changed: "last year the cluster had a limit of 30 pods" is
// another time than "the cluster has a limit of 50 pods", but "last
// week the limit was raised to 30" is a change.
func otherTime(a, b *claim) bool {
	if a.when == 0 || b.when != 0 || a.changed {
		return false
	}
	switch anchors[a.when-1] {
	case "today", "tonight", "this morning", "this week", "this month", "this year", "this quarter":
		return false
	}
	return true
}

// otherDayKind reports whether h replaces a day of the week by a
// holiday or a season, or the other way: "closed on Mondays" and
// "closed on bank holidays" name two kinds of days that may both hold.
func otherDayKind(h hunk) bool {
	kind := func(ts []token) string {
		k := ""
		for _, t := range ts {
			switch c := classOf[t.w]; c {
			case "weekday", "season", "holiday":
				if k != "" {
					return ""
				}
				k = c
			}
		}
		return k
	}
	ka, kb := kind(h.a), kind(h.b)
	return ka != "" && kb != "" && ka != kb || valuedDays(h)
}

// valuedDays reports whether h replaces a value and one day (of the
// week, a season or a holiday) by another value and another day: "runs
// twice a day in winter" and "runs hourly in summer" give a value for
// each kind of day, as "opens at 7 in winter" and "at 6 in summer" do.
func valuedDays(h hunk) bool {
	day := func(ts []token) string {
		d := ""
		for _, t := range ts {
			switch classOf[t.w] {
			case "weekday", "season", "holiday":
				if d != "" {
					return ""
				}
				d = t.w
			}
		}
		return d
	}
	da, db := day(h.a), day(h.b)
	return da != "" && db != "" && da != db && anyValue(h.a) && anyValue(h.b)
}

// dayPartsApart reports whether h replaces one part of the day with
// another and, on one side, adds a thing with "and": "serves only tea
// in the morning" and "serves tea and cake in the afternoon" are facts
// of two times, where "opens in the morning" and "opens in the
// afternoon", or "meditates in the evening" and "first thing in the
// morning", are two values of one.
func dayPartsApart(a, b *claim, h hunk) bool {
	part := func(ts []token) (string, bool) {
		p := ""
		for _, t := range ts {
			if classOf[t.w] == "daypart" {
				if p != "" {
					return "", false
				}
				p = t.w
			}
		}
		return p, p != ""
	}
	joined := func(c *claim, ts []token, at int) bool {
		return len(ts) > 1 && int(c.andAt)-1 >= at && int(c.andAt)-1 < at+len(ts)
	}
	pa, oka := part(h.a)
	pb, okb := part(h.b)
	return oka && okb && pa != pb && (joined(a, h.a, h.at) || joined(b, h.b, h.bt))
}

// headGained reports whether one claim, saying that its subject
// changed, names that subject with a head noun more than the other
// claim, which says what it is: the one word of h before its copula (a
// change verb's "to" counts, see [changeFrame]) follows the other's whole
// subject. "The release party slipped to June 3" and "the release is on
// May 4" speak of two things; not when the noun names the time or
// measure of the value ("the release date", "the proposal deadline",
// "the node version") or what a name is ("the new_checkout flag").
func headGained(a, b *claim, h hunk) bool {
	gained := func(c, o *claim, at, ot int) bool {
		if !c.changed || o.changed || c.copAt < 2 || at != int(c.copAt)-1 || ot != int(o.copAt) || at != ot || at >= len(c.toks) {
			return false
		}
		t, before := c.toks[at], c.toks[at-1]
		return t.kind == plain && !t.value && !t.name && !before.name && !measureNoun(t.w) && !timeNoun(t.w)
	}
	return gained(a, b, h.at, h.bt) || gained(b, a, h.bt, h.at)
}

// timeNoun reports whether w names when a thing is, or which version:
// "the release date slipped to June 3" is of the release, "the node
// version was bumped to 22" of node.
func timeNoun(w string) bool {
	for _, n := range [...]string{"date", "deadline", "day", "time", "timing", "schedule", "version"} {
		if w == n || w == lemma(stem(n)) {
			return true
		}
	}
	return false
}

// closing reports whether the replaced span h closes both claims, after
// a shared opening of at least two words that holds the whole subject
// before a copula: "the metrics exporter runs on port 9100" and "the
// metrics exporter listens on 9200" say the subject first and its value
// last, whatever verb leads the value; "the planning meeting is on
// March 3" and "the planning doc is due on March 1" differ in the
// subject.
//
// Times of day and dates are left out: one subject has many ("the
// backup starts at 02:00", "the backup finishes at 04:00").
func closing(a, b *claim, h hunk) bool {
	if !h.context || h.at < minCommon || h.at != h.bt || h.at < int(a.copAt) || h.bt < int(b.copAt) ||
		h.at+len(h.a) != len(a.toks) || h.bt+len(h.b) != len(b.toks) {
		return false
	}
	for _, t := range [2]token{h.a[len(h.a)-1], h.b[len(h.b)-1]} {
		if t.kind == date || isDate(t) || strings.Contains(t.w, ":") {
			return false
		}
	}
	return true
}

// addedBeforeWeekday reports whether two claims that align (at least
// minCommon tokens in common) differ only by one token that one claim adds
// right before a day of the week: that token (a one-token slice) and the
// claim holding it. [alternateWeeks] and [monthlyDay] judge what it is.
func addedBeforeWeekday(a, b *claim, hunks []hunk, common int) ([]token, *claim, bool) {
	if len(hunks) != 1 || common < minCommon {
		return nil, nil, false
	}
	h := hunks[0]
	x, c, at := h.a, a, h.at
	if len(x) == 0 {
		x, c, at = h.b, b, h.bt
	}
	if len(x) != 1 || len(h.a)+len(h.b) != 1 || at+1 >= len(c.toks) || classOf[c.toks[at+1].w] != "weekday" {
		return nil, nil, false
	}
	return x, c, true
}

// alternateWeeks judges two claims that align but for a period of two
// weeks or more that one claim adds before a day of the week both name:
// "the market runs every other Saturday" against "the market runs every
// Saturday" (or "on Saturdays"), where a day alone recurs weekly.
func alternateWeeks(a, b *claim, hunks []hunk, common int, why bool) (Verdict, bool) {
	x, c, ok := addedBeforeWeekday(a, b, hunks, common)
	if !ok || x[0].kind != quantity || unitOf(x[0].w) != "s" {
		return Verdict{}, false
	}
	secs, err := strconv.ParseFloat(strings.TrimSuffix(x[0].w, "s"), 64)
	if err != nil || secs < 2*units["week"] {
		return Verdict{}, false
	}
	return Verdict{Likely, say(why, func() string { return fmt.Sprintf("different frequency: %q vs weekly", show(c, x)) })}, true
}

// monthlyDay judges two claims that align but for a place in the month
// that one claim adds before a day of the week both name: "the team
// meets every Friday" (or "on Fridays") against "the team meets on the
// last Friday of the month", monthly where a day alone recurs weekly
// (as in [alternateWeeks]). [monthPosition] keeps the place a word.
func monthlyDay(a, b *claim, hunks []hunk, common int, why bool) (Verdict, bool) {
	x, c, ok := addedBeforeWeekday(a, b, hunks, common)
	if !ok {
		return Verdict{}, false
	}
	switch x[0].w {
	case "first", "second", "third", "fourth", "last":
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("different frequency: %q of the month vs weekly", show(c, x)) })}, true
	}
	return Verdict{}, false
}

// recurringOnOneSide reports whether a recurring time qualifies a value
// on one side of h only: "works from home on Fridays" beside "lives in
// Berlin" is another time scope. A time that is the value ("in the
// morning" vs "at 10:00") is not.
func recurringOnOneSide(h hunk) bool {
	ta, tb := timeOfWeek(h.a), timeOfWeek(h.b)
	return ta != tb && (ta && len(h.a) > ta1(h.a) || tb && len(h.b) > ta1(h.b))
}

// stateScope reports whether h replaces what follows one switch state
// both claims give ("on", "enabled", "off"), with no state of its own:
// the scopes of one state ("the flag is on in staging", "on in
// production"), not two values.
func stateScope(a, b *claim, h hunk) bool {
	if !h.context || h.at == 0 || h.bt == 0 || switchPole[a.toks[h.at-1].w] == 0 || a.toks[h.at-1].w != b.toks[h.bt-1].w {
		return false
	}
	pole := func(t token) bool { return switchPole[t.w] != 0 }
	return !slices.ContainsFunc(h.a, pole) && !slices.ContainsFunc(h.b, pole)
}

// clockBounds reports whether h replaces the time of day of a bound
// ("minimum 14:00", from "arrived after 2 pm") by another: the same
// bound before one time each, or two bounds and their times.
func clockBounds(a, b *claim, h hunk) bool {
	isBound := func(t token) bool { return t.w == "minimum" || t.w == "maximum" }
	isClock := func(t token) bool { return t.value && strings.Contains(t.w, ":") }
	switch {
	case len(h.a) == 1 && len(h.b) == 1:
		return h.at > 0 && h.bt > 0 && isBound(a.toks[h.at-1]) && a.toks[h.at-1].w == b.toks[h.bt-1].w && isClock(h.a[0]) && isClock(h.b[0])
	case len(h.a) == 2 && len(h.b) == 2:
		return isBound(h.a[0]) && isBound(h.b[0]) && isClock(h.a[1]) && isClock(h.b[1])
	}
	return false
}

// clockOrder reports whether the maximum of the bounds x and y ("maximum
// 10:00", "minimum 11:00") is no later than their minimum: no time of
// day meets both.
func clockOrder(x, y []token) bool {
	if x[0].w == "minimum" {
		x, y = y, x
	}
	mins := func(s string) int {
		hh, mm, _ := strings.Cut(s, ":")
		h, _ := strconv.Atoi(hh)
		m, _ := strconv.Atoi(mm)
		return 60*h + m
	}
	return mins(x[1].w) <= mins(y[1].w)
}

// boundHunk reports whether x is a bound and its amount ("minimum
// 3600s", from "at least an hour", "over an hour", "more than 40") and y
// one amount or range.
func boundHunk(x, y []token) bool {
	return len(x) == 2 && len(y) == 1 && (x[0].w == "minimum" || x[0].w == "maximum") && x[1].value && y[0].value &&
		x[1].kind != date && y[0].kind != date
}

// outsideBound reports whether the amount or range v ("1200s",
// "1200s..1500s") lies wholly beyond the bound ("minimum", "maximum")
// of the amount q in the same unit: "takes 20 to 25 minutes" is under
// "over an hour"; "90 minutes" within it.
func outsideBound(bound, q, v string) bool {
	lo, hi, isRange := strings.Cut(v, "..")
	if !isRange {
		hi = lo
	}
	u := unitOf(q)
	if unitOf(lo) != u || unitOf(hi) != u {
		return false
	}
	num := func(x string) (float64, bool) {
		f, err := strconv.ParseFloat(strings.TrimSuffix(x, u), 64)
		return f, err == nil
	}
	b, ok1 := num(q)
	l, ok2 := num(lo)
	h, ok3 := num(hi)
	if !ok1 || !ok2 || !ok3 {
		return false
	}
	if bound == "minimum" {
		return h < b
	}
	return l > b
}

// otherPeriod reports whether two rates, each an amount and a period,
// are per other periods ("3 euros an hour", "20 euros a day"): a rate
// is compared only with a rate per the same period.
func otherPeriod(a, b []token) bool {
	per := func(ts []token) string {
		if len(ts) == 2 && ts[1].kind == quantity && unitOf(ts[1].w) == "s" {
			return ts[1].w
		}
		return ""
	}
	pa, pb := per(a), per(b)
	return pa != "" && pb != "" && pa != pb
}

// oneDuration reports whether c is a subject word and a duration, or a
// bound and a duration ("the ride takes at least an hour").
func oneDuration(c *claim) bool {
	return c.duration && (len(c.toks) == 2 || len(c.toks) == 3 && (c.toks[1].w == "minimum" || c.toks[1].w == "maximum"))
}

// scopedApart reports whether two claims that replace a state by its
// opposite add extra words besides it, two or more, and neither says
// that something changed: "dark mode is off by default in the print
// view" is another scope than "dark mode is on by default", not its
// denial.
func scopedApart(a, b *claim, extra int) bool {
	return extra >= 2 && !a.changed && !b.changed
}

// near reports whether two amounts in one unit ("200", "212"; "3600s",
// "3300s") differ by less than a fifth: an amount said to be about so
// much agrees with them.
// numericDate reports whether x, a date of numbers ("31/12/2026",
// "12/31/2026", "31.12.2026", "4/3"), read day first or month first,
// can be y, a date as [dateAt] writes it ("2026-12-31", "x-03-04"): one
// day written two ways ("The lease ends on 31/12/2026", "on December
// 31, 2026"). Without a year on one side, the day and month decide.
func numericDate(x, y string) bool {
	f := strings.FieldsFunc(x, func(r rune) bool { return r == '/' || r == '.' })
	if len(f) < 2 || len(f) > 3 || !strings.Contains(x, "/") && (len(f) != 3 || len(f[2]) != 4) ||
		slices.ContainsFunc(f, func(p string) bool { return !allDigits(p) }) {
		return false
	}
	yp := strings.Split(y, "-")
	if len(yp) != 3 || !allDigits(yp[1]) || !allDigits(yp[2]) {
		return false
	}
	if len(f) == 3 && yp[0] != "x" && atoi(f[2]) != atoi(yp[0]) && atoi(f[2])+2000 != atoi(yp[0]) {
		return false
	}
	m, d := atoi(yp[1]), atoi(yp[2])
	return atoi(f[0]) == d && atoi(f[1]) == m || atoi(f[0]) == m && atoi(f[1]) == d
}

// swappedDate reports whether x and y can be one numeric date, one
// written day first and the other month first: "3/4" and "4/3",
// "13/4" and "4/13", "03.04.2027" and "04/03/2027". The order is the
// writer's custom, so neither tells another day. A dot counts only
// before a year ("3.4" may be a version).
func swappedDate(x, y string) bool {
	parts := func(w string) []string {
		f := strings.FieldsFunc(w, func(r rune) bool { return r == '/' || r == '.' })
		if len(f) < 2 || len(f) > 3 || !strings.Contains(w, "/") && (len(f) != 3 || len(f[2]) != 4) {
			return nil
		}
		for _, p := range f {
			if !allDigits(p) {
				return nil
			}
		}
		return f
	}
	px, py := parts(x), parts(y)
	if px == nil || len(px) != len(py) || len(px) == 3 && px[2] != py[2] {
		return false
	}
	d, m, d2, m2 := atoi(px[0]), atoi(px[1]), atoi(py[0]), atoi(py[1])
	return d == m2 && m == d2 && d != m && d >= 1 && m >= 1 && d <= 31 && m <= 31 && min(d, m) <= 12
}

// calendarSlack is how far apart two spans of a month or more may be
// and still be one span: months and years are not whole numbers of
// days ("12 months" is 360 days in [units], "1 year" 365; "52 weeks"
// 364), while "4 weeks" and "1 month" stay apart (7%).
const calendarSlack = 1.02

// sameSpan reports whether x and y, times in seconds ("31104000s"), are
// one span of at least a month said in other calendar units.
func sameSpan(x, y string) bool {
	fx, fy, ok := amounts(x, y, "s")
	if !ok || min(fx, fy) < units["month"] {
		return false
	}
	return max(fx, fy) < calendarSlack*min(fx, fy)
}

// isDate reports whether t is a date: one read from words ("July 1",
// year unknown) or written as "2026-07-01".
func isDate(t token) bool {
	w := t.w
	return t.kind == date || (len(w) == 10 && w[4] == '-' && w[7] == '-' && allDigits(w[:4]) && allDigits(w[5:7]) && allDigits(w[8:]))
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
			"would", "if", "unless", "suppose", "assuming", "doubts", "doubted", "wonders", "wondered":
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
			"suspects", "suspected", "pretends", "pretended", "imagines", "imagined", "fears", "feared",
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
			scoped = pastBefore(raws, i, pastSeen)
		case "in":
			// "The school had 350 pupils in 2015", "the fee was 40
			// euros in 2019": a past count or value with its year, not
			// the one now.
			// "In 2019 Karl worked at Zeta", "back in 2018 Joy drove a
			// Golf": the year opening the sentence, a past after it.
			// "Solveig was born in Bergen in 1984": the year of a birth,
			// which holds for good.
			opening := (i == 0 || i == 1 && raws[0].w == "back") && slices.ContainsFunc(raws[i+1:], pastForm)
			scoped = i+1 < len(raws) && !slices.ContainsFunc(raws[:i], func(r rawTok) bool { return r.w == "born" }) && yearOf(raws[i+1].w) > 0 && (opening || slices.ContainsFunc(raws[:i], func(r rawTok) bool { return r.w == "had" || r.w == "was" || r.w == "were" })) &&
				!slices.ContainsFunc(raws, func(r rawTok) bool { return changing(r) || r.w == "is" || r.w == "has" })
		case "from", "between":
			scoped = boundedSpan(raws, i) || movedAway(raws, i)
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

// pastBefore reports whether raws[i], "before" or "prior", bounds a
// past fact: "Before 2020 the firm had 12 staff", "before the migration,
// queries took 800 ms" ("is required before merging" holds now); "the
// pool was 25 metres before the rebuild", "drank heavily before 2015":
// a past form (pastSeen), then "before" an event or a year.
func pastBefore(raws []rawTok, i int, pastSeen bool) bool {
	if i == 0 {
		return slices.ContainsFunc(raws[i+1:], pastForm)
	}
	n := ""
	if i+1 < len(raws) {
		n = raws[i+1].w
	}
	return pastSeen && (determiners[n] || yearOf(n) > 0)
}

// movedAway reports whether raws[i], "from", follows a verb of moving
// with no "to" after it: "the fuse box was moved from the garage" names
// where it was, not where it is.
func movedAway(raws []rawTok, i int) bool {
	if i == 0 || !strings.HasSuffix(locVerbs[raws[i-1].w], "to") {
		return false
	}
	return !slices.ContainsFunc(raws[i+1:], func(r rawTok) bool { return r.w == "to" })
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
		if !changed && dueVerb(words[i-1]) {
			// "the passport expires in 2028": the time it will end is
			// the fact told, not when a change came.
			continue
		}
		if changed || removal(words[i-1]) || statusPhase[words[i-1]] != phaseNone || statusPhase[lemma(stem(words[i-1]))] != phaseNone || i > 1 && statusPhase[words[i-2]+" "+words[i-1]] != phaseNone {
			return words[:i]
		}
	}
	return words
}

// dueVerb reports whether w is a verb in the present, third person
// ("expires", "ends", "closes"), as written: followed by a time it says
// when a thing is due to end or change, not when it did.
func dueVerb(w string) bool {
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && (statusPhase[lemma(stem(w))] != phaseNone || removal(w))
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
	if n := raws[i+1]; n.kind != date && yearOf(n.w) == 0 && months[n.w] == 0 && n.w != "last" && (n.w != "the" || i == 0) {
		// "were stored in the cupboard until the move": an event
		// ends the past fact, as a date does.
		return false
	}
	if i == 0 {
		return slices.ContainsFunc(raws[i+1:], pastForm)
	}
	return pastSeen && !changing(raws[i-1])
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

package conflict

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// This file reads two claims that report the result of one match,
// told from either side: "Porto beat Braga 2-0 on Friday" and "Braga
// lost 0-2 to Porto on Friday" agree, "Porto drew 1-1 with Braga" and
// "Braga beat Porto 2-1" do not. Word alignment sees other verbs and
// other names in each place, so such pairs are judged here.

// result is a claim's match result: the two sides, as the words that
// name them, the outcome for the first, its goals and the second's
// (-1 when no score is given), and the claim's other words.
type result struct {
	side, other string
	outcome     int // 1 won, 0 drew, -1 lost
	goals, conc int
	rest        []string
}

// resultVerbs give the outcome a verb says for its subject.
var resultVerbs = map[string]int{
	"beat": 1, "beats": 1, "defeated": 1, "defeats": 1,
	"lost": -1, "loses": -1,
	"drew": 0, "draws": 0, "tied": 0, "ties": 0,
}

// resultOf reads c as a match result: one or two words before a result
// verb, one or two after it (a score may come between), and a score;
// false otherwise.
func resultOf(c *claim) (result, bool) {
	v := slices.IndexFunc(c.toks, func(t token) bool { _, ok := resultVerbs[t.w]; return ok })
	if c.neg != "" || c.scoped || v < 1 || v > 2 || slices.ContainsFunc(c.toks[:v], func(t token) bool { return t.value }) {
		return result{}, false
	}
	r := result{outcome: resultVerbs[c.toks[v].w], goals: -1, conc: -1}
	var other []string
	for _, t := range c.toks[v+1:] {
		switch {
		case t.value && r.goals < 0:
			x, y, ok := score(t.w)
			if !ok {
				return result{}, false
			}
			r.goals, r.conc = max(x, y), min(x, y)
			if r.outcome < 0 {
				r.goals, r.conc = r.conc, r.goals
			}
		case len(r.rest) == 0 && len(other) < 2 && !t.value && classOf[t.w] == "":
			other = append(other, t.w)
		default:
			r.rest = append(r.rest, t.w)
		}
	}
	if len(other) == 0 || r.goals < 0 || r.outcome == 0 && r.goals != r.conc || r.outcome != 0 && r.goals == r.conc {
		return result{}, false
	}
	r.side, r.other = tokenWords(c.toks[:v]), strings.Join(other, " ")
	slices.Sort(r.rest)
	return r, true
}

// tokenWords joins the words of ts with spaces, as the claim holds
// them (stemmed, a name's words joined by "_").
func tokenWords(ts []token) string {
	ws := make([]string, len(ts))
	for i, t := range ts {
		ws[i] = t.w
	}
	return strings.Join(ws, " ")
}

// score reads a score written "3-1" (or "1..3", as a range reads it).
func score(w string) (x, y int, ok bool) {
	a, b, found := strings.Cut(w, "-")
	if !found {
		a, b, found = strings.Cut(w, "..")
	}
	x, errx := strconv.Atoi(a)
	y, erry := strconv.Atoi(b)
	return x, y, found && errx == nil && erry == nil
}

// judgeResult judges two results of one match, the same two sides and
// other words: told from the other side, the outcome turns round. done
// reports that the verdict (ok or not) is final.
func judgeResult(a, b *claim, why bool) (v Verdict, ok, done bool) {
	x, okx := resultOf(a)
	y, oky := resultOf(b)
	if !okx || !oky || !slices.Equal(x.rest, y.rest) {
		return Verdict{}, false, false
	}
	switch {
	case x.side == y.side && x.other == y.other:
	case x.side == y.other && x.other == y.side:
		y.outcome, y.goals, y.conc = -y.outcome, y.conc, y.goals
	default:
		return Verdict{}, false, false
	}
	if x.outcome == y.outcome && x.goals == y.goals && x.conc == y.conc {
		return Verdict{}, false, true
	}
	return Verdict{Likely, say(why, func() string {
		return fmt.Sprintf("different result: %s %d-%d vs %d-%d", x.side, x.goals, x.conc, y.goals, y.conc)
	})}, true, true
}

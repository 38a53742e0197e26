package conflict

import (
	"fmt"
	"slices"
	"strings"
)

// A contest told by stage: a claim that its subject went out at one
// stage ("was knocked out in round one", "lost the semi-final", "went
// out in the group stage") denies any later stage another claim of the
// same subject says it reached ("reached the final", "ran in the
// final") and the title ("won the chess open"). Stages are numbered
// from the first round (1) to the final (6); a win is stageWon.
const stageWon int8 = 7

// stageOf returns the stage words[i:] names ("round one", "the first
// heat" from "first", "group stage", "quarter-finals", "semi-final",
// "final") and how many words it takes; 0 when none.
func stageOf(words []string, i int) (int8, int) {
	next := wordAt(words, i+1)
	switch w := strings.ReplaceAll(words[i], "-", ""); w {
	case "final", "finals":
		return 6, 1
	case "semifinal", "semifinals", "semis":
		return 5, 1
	case "quarterfinal", "quarterfinals":
		return 4, 1
	case "heat", "heats", "qualifier", "qualifiers", "prelims":
		return 1, 1
	case "round":
		switch next {
		case "one", "1":
			return 1, 2
		case "two", "2":
			return 2, 2
		}
	case "first", "opening":
		if next == "round" || next == "heat" {
			return 1, 2
		}
	case "second":
		if next == "round" || next == "heat" {
			return 2, 2
		}
	case "group":
		if next == "stage" || next == "stages" || next == "phase" {
			return 2, 2
		}
	}
	return 0, 0
}

// stageAfter returns the first stage named in the few words after
// words[i], 0 when none.
func stageAfter(words []string, i int) int8 {
	for k := i + 1; k < len(words) && k <= i+4; k++ {
		if s, _ := stageOf(words, k); s > 0 {
			return s
		}
	}
	return 0
}

// stage is what a claim says of a contest told by stage: the stage its
// subject went out at ("knocked out in round one"), or the last stage
// it reached ("reached the final", "won the semi-final" reaches the
// final, "won the cup" is [stageWon]); the words after the verb that
// name the event ("chess open", "doubles", "Wimbledon"), opponents
// ("against Leeds") aside; and its words of time ("last season",
// "2023", "twice"), which the tokens may leave out.
type stage struct {
	out, reached int8
	event, times []string
}

// claimStage reads a claim's words for a contest told by stage; nil
// when it tells none. A game won ("won a match") is no stage.
func claimStage(tw []string) *stage {
	var st stage
	verb := -1
	for i, w := range tw {
		next := wordAt(tw, i+1)
		switch {
		case (w == "knocked" || w == "went" || w == "crashed" || w == "bowed") && next == "out",
			w == "eliminated" || w == "lost" || w == "exited":
			if s := stageAfter(tw, i); s > 0 && st.out == 0 {
				st.out, verb = s, i
			}
		case w == "won" || w == "lifted":
			if s := wonStage(tw, i); s > 0 {
				st.reached, verb = max(st.reached, s), i
			}
		case reachVerb(w):
			if s := stageAfter(tw, i); s > 0 && !(w == "went" && next == "out") {
				if next == "through" || next == "past" {
					s++
				}
				st.reached, verb = max(st.reached, s), i
			}
		}
	}
	if st.out == 0 && st.reached == 0 {
		return nil
	}
	st.event, st.times = eventWords(tw, verb)
	return &st
}

// wonStage returns the stage "won" or "lifted" at tw[i] reaches: the
// one after the stage it names ("won the semi-final": the final), or
// [stageWon] for a contest ("won the chess open", "lifted the cup");
// 0 for a game ("won a match") or nothing named.
func wonStage(tw []string, i int) int8 {
	j := i + 1
	if j < len(tw) && (tw[j] == "the" || tw[j] == "their" || tw[j] == "its" || tw[j] == "our") {
		j++
	}
	if j >= len(tw) || j == i+1 {
		return 0
	}
	if s, _ := stageOf(tw, j); s > 0 {
		return s + 1
	}
	e := j
	for e < len(tw) && !preposition(tw[e]) && tw[e] != "and" {
		e++
	}
	if e == j || gameWords[tw[e-1]] {
		return 0
	}
	return stageWon
}

// eventWords returns the words after the verb at tw[verb] that name the
// event: neither a stage, a contest word, a word of the verb, an
// opponent nor a word of time; and the words of time of the whole
// claim.
func eventWords(tw []string, verb int) (event, times []string) {
	for i := 0; i < len(tw); i++ {
		w := tw[i]
		switch {
		case timeWords[w] || yearOf(w) > 0:
			times = append(times, w)
		case i <= verb || determiners[w] || preposition(w) || stageVerbs[w] || contestWords[w]:
		case w == "against" || w == "vs" || w == "beating" || w == "to" && tw[i-1] == "lost":
			// The opponent: "lost the semi-final against Leeds".
			for i+1 < len(tw) && !preposition(tw[i+1]) && tw[i+1] != "of" {
				i++
			}
		default:
			if _, n := stageOf(tw, i); n > 0 {
				i += n - 1
				continue
			}
			event = append(event, w)
		}
	}
	return event, times
}

// timeWords say when or how often, beside years.
var timeWords = map[string]bool{"season": true, "year": true, "spring": true, "summer": true, "autumn": true,
	"fall": true, "winter": true, "last": true, "this": true, "next": true, "previous": true, "once": true,
	"twice": true, "again": true, "usually": true, "often": true, "always": true, "sometimes": true, "never": true}

// stageVerbs are the words around the verbs [claimStage] reads.
var stageVerbs = map[string]bool{"out": true, "of": true, "was": true, "were": true, "is": true, "are": true,
	"it": true, "and": true}

// gameWords are what a win of one game names, not a contest.
var gameWords = map[string]bool{"match": true, "game": true, "games": true, "point": true, "set": true, "toss": true,
	"bet": true, "vote": true, "award": true, "prize": true, "race": true, "round": true, "heat": true, "stage": true}

// reachVerb reports whether w says a subject played at the stage after
// it. A switch, not a map: it reads every word of every claim.
func reachVerb(w string) bool {
	switch w {
	case "reached", "reach", "reaches", "made", "played", "ran", "qualified", "advanced", "progressed", "went", "got":
		return true
	}
	return false
}

// contestWords name a contest as any win names it.
var contestWords = map[string]bool{"cup": true, "tournament": true, "title": true, "trophy": true,
	"league": true, "championship": true, "competition": true}

// judgeStage judges two claims of one subject of which one went out at
// a stage and the other reached a later one or the title. The subject
// opens both; the claim that reached names no event the other does not
// ("the doubles final" beside "the semi-final of the singles"), and
// both name the same times ("last season", "in 2023"); two claims of a
// stage in two years are two contests. done reports that the verdict
// is final.
func judgeStage(a, b *claim, why bool) (v Verdict, ok, done bool) {
	if a.stage != nil && b.stage != nil && twoYears(a.stage.times, b.stage.times) {
		// "Won the cup in 2008", "won the cup in 2014": a contest
		// held again, two seasons, each its own result.
		return Verdict{}, false, true
	}
	if !stageApart(a, b) && !stageApart(b, a) || a.neg != "" || b.neg != "" || len(a.toks) == 0 || len(b.toks) == 0 {
		return Verdict{}, false, false
	}
	if !stageApart(a, b) {
		a, b = b, a
	}
	if a.toks[0].w != b.toks[0].w || a.when != b.when || !slices.Equal(a.stage.times, b.stage.times) ||
		slices.ContainsFunc(b.stage.event, func(w string) bool { return !slices.Contains(a.stage.event, w) }) {
		return Verdict{}, false, false
	}
	return Verdict{Likely, say(why, func() string {
		return fmt.Sprintf("stage: out at %s, the other %s", stageName(a.stage.out), stageName(b.stage.reached))
	})}, true, true
}

// twoYears reports whether x and y, a stage's words of time, each name
// a year and not the same ones.
func twoYears(x, y []string) bool {
	isYear := func(w string) bool { return yearOf(w) > 0 }
	return slices.ContainsFunc(x, isYear) && slices.ContainsFunc(y, isYear) && !slices.Equal(x, y)
}

// stageName names a stage in a reason.
func stageName(s int8) string {
	return [...]string{"", "the first round", "the second round", "the third round", "the quarter-finals",
		"the semi-finals", "the final", "won"}[s]
}

// stageApart reports whether a went out at a stage before the last
// one b reached.
func stageApart(a, b *claim) bool {
	return a.stage != nil && b.stage != nil && a.stage.out > 0 && b.stage.reached > a.stage.out
}

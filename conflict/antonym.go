package conflict

import (
	"fmt"
	"strings"
)

// This file reads opposites: antonym pairs, comparatives ("longer" /
// "shorter than") and a state turned over ("on" / "off").

// judgeComparison judges two comparisons that differ in one word that
// is no value: comparatives of opposite bounds ([boundWord]: "bigger",
// "smaller") conflict, while another measure ("bigger than the old
// one", "cheaper than the old one") or another thing compared with
// ("taller than Ben", "taller than Carl") may both hold. Opposites of
// the antonym list ("faster", "slower") are read before ([judgeSlot]).
// done reports that the verdict (ok or not) is final.
func judgeComparison(a, b *claim, h hunk, why bool) (v Verdict, ok, done bool) {
	if !a.than || !b.than || len(h.a) != 1 || len(h.b) != 1 || h.a[0].value || h.b[0].value {
		return Verdict{}, false, false
	}
	if oppositeComparatives(h.a[0].w, h.b[0].w) {
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("antonyms: %q vs %q", show(a, h.a), show(b, h.b)) })}, true, true
	}
	return Verdict{}, false, true
}

// comparedAntonyms reports whether x and y, compared with one thing
// ("than"), are opposites once a comparative's "-er" is dropped (and a
// consonant doubled before it: "hotter"): "cheaper" and "(more)
// expensive", "safer" and "(more) dangerous", "colder" and "warmer".
func comparedAntonyms(x, y string) bool {
	base := func(w string) string {
		if b, ok := strings.CutSuffix(w, "er"); ok && len(b) >= 3 {
			if n := len(b); b[n-1] == b[n-2] && !strings.ContainsRune("aeiou", rune(b[n-1])) {
				// "hotter", "thinner": the consonant doubled.
				b = b[:n-1]
			}
			return lemma(stem(b))
		}
		return w
	}
	bx, by := base(x), base(y)
	return (bx != x || by != y) && antonymOf[bx] != "" && (antonymOf[bx] == by || antonymOf[bx] == y)
}

// oppositeComparatives reports whether x and y compare in opposite
// directions: comparatives of opposite bounds ([boundWord]: "bigger",
// "smaller"), or of antonyms as comparatives ("cheaper", "more
// expensive"; [opposite] reads listed antonyms as written, "faster",
// "slower").
func oppositeComparatives(x, y string) bool {
	bx := boundWord[x]
	return bx != "" && boundOpposite[bx] == boundWord[y] || comparedAntonyms(x, y)
}

// judgeTurned judges two comparisons of the same two things, each
// the other's subject ("Rosa is faster than Jan", "Jan is faster than
// Rosa"): one comparative conflicts, opposite ones ("Jan is slower
// than Rosa") agree. done reports that the verdict (ok or not) is
// final.
func judgeTurned(a, b *claim, why bool) (v Verdict, ok, done bool) {
	n, at := len(a.toks), int(a.copAt)
	if !a.than || !b.than || a.neg != "" || b.neg != "" || n != len(b.toks) || at < 1 || at != int(b.copAt) || at+1 >= n ||
		a.changed || b.changed || a.scoped || b.scoped {
		return Verdict{}, false, false
	}
	subjA, objA := tokenWords(a.toks[:at]), tokenWords(a.toks[at+1:])
	if subjA == objA || subjA != tokenWords(b.toks[at+1:]) || objA != tokenWords(b.toks[:at]) {
		return Verdict{}, false, false
	}
	x, y := a.toks[at].w, b.toks[at].w
	switch {
	case x == y:
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("turned comparison: %q vs %q", subjA, objA) })}, true, true
	case oppositeComparatives(x, y) || opposite(x, y):
		return Verdict{}, false, true
	}
	return Verdict{}, false, false
}

// movedAntonym judges two claims that align but for one word each side
// has at another place, the two words antonyms: "force pushes to
// release branches are forbidden" and "we allow force pushes to release
// branches" say the policy before and after its subject.
func movedAntonym(a, b *claim, hunks []hunk, common int, why bool) (Verdict, bool) {
	if len(hunks) != 2 || common < minCommon {
		return Verdict{}, false
	}
	var x, y []token
	for _, h := range hunks {
		h.a, h.b = turned(h.a), turned(h.b)
		switch {
		case len(h.a) == 1 && len(h.b) == 0 && x == nil:
			x = h.a
		case len(h.b) == 1 && len(h.a) == 0 && y == nil:
			y = h.b
		default:
			return Verdict{}, false
		}
	}
	if x == nil || y == nil || !opposite(x[0].w, y[0].w) {
		return Verdict{}, false
	}
	return Verdict{Likely, say(why, func() string { return fmt.Sprintf("antonyms: %q vs %q", show(a, x), show(b, y)) })}, true
}

// turned drops the verb of a switch before its state: "turned off" is
// "off", as "is off" is.
func turned(ts []token) []token {
	if len(ts) == 2 && (ts[0].w == "turn" || ts[0].w == "switch") && (ts[1].w == "on" || ts[1].w == "off") {
		return ts[1:]
	}
	return ts
}

// acrossCopula reports whether the antonyms or status words x (of h.a)
// and y (of h.b) sit on two sides of a copula: one says what the
// subject is ("sign-ups are open"), the other names another subject by
// it ("sign-ups for the closed beta are full").
func acrossCopula(a, b *claim, h hunk, x, y []token) bool {
	if a.copAt < 0 || b.copAt < 0 {
		return false
	}
	i, j := h.at+indexOf(h.a, x), h.bt+indexOf(h.b, y)
	return (i < int(a.copAt)) != (j < int(b.copAt))
}

// indexOf returns the index in ts of the first token of sub, a
// subslice of ts.
func indexOf(ts, sub []token) int {
	for i := range ts {
		if &ts[i] == &sub[0] {
			return i
		}
	}
	return 0
}

// antonyms returns a pair of opposite words, one from a and one from b.
func antonyms(a, b []token) (x, y []token, ok bool) {
	for i := range a {
		for j := range b {
			if opposite(a[i].w, b[j].w) {
				return a[i : i+1], b[j : j+1], true
			}
		}
	}
	return nil, nil, false
}

// opposite reports whether x and y are antonyms: a listed pair, or one
// is the other with a negating prefix ("enabled"/"disabled" is listed,
// "synchronous"/"asynchronous" and "supported"/"unsupported" are
// prefixes).
func opposite(x, y string) bool {
	if antonymOf[x] == y || antonymOf[y] == x {
		return true
	}
	if px, py := switchPole[x], switchPole[y]; px*py < 0 {
		return true
	}
	if px := stance[x]; px != 0 && px == -stance[y] {
		return true
	}
	for _, p := range []string{"un", "dis", "non", "in", "im", "a"} {
		if len(x) > 4 && (y == p+x || x == p+y) {
			return true
		}
		// "paid" folds to "pay" ([irregularLemma]), "unpaid" keeps
		// its form: "the rent is paid" / "the rent is unpaid".
		if p == "un" && (strings.HasPrefix(y, p) && irregularLemma[y[len(p):]] == x || strings.HasPrefix(x, p) && irregularLemma[x[len(p):]] == y) {
			return true
		}
	}
	return false
}

// antonymOf maps words to their opposite, both ways.
var antonymOf map[string]string

func newAntonymOf() map[string]string {
	m := make(map[string]string)
	for _, pair := range strings.Split(antonymPairs, ",") {
		f := strings.Fields(pair)
		if len(f) == 2 {
			x, y := lemma(stem(f[0])), lemma(stem(f[1]))
			m[x], m[y] = y, x
		}
	}
	return m
}

// switchPole maps the words of a switch's state to its pole: any word
// of one pole is the opposite of any of the other ("enabled" and
// "turned off", "on" and "disabled"), where [antonymOf] pairs one word
// with one.
var switchPole map[string]int

func newSwitchPole() map[string]int {
	m := make(map[string]int)
	for _, w := range strings.Fields(`enabled enable on active live`) {
		m[lemma(stem(w))] = 1
	}
	for _, w := range strings.Fields(`disabled disable off inactive`) {
		m[lemma(stem(w))] = -1
	}
	return m
}

// stance maps the words of a liking and of a use to their pole, as
// [switchPole] does for a switch: any word of one pole is the opposite
// of any of the other ("enjoys jazz" and "hates jazz", "drinks coffee"
// and "avoids coffee"). Built after the tables that [lemma] reads.
var stance map[string]int8

func newStance() map[string]int8 {
	m := make(map[string]int8)
	for pole, words := range map[int8]string{1: `like love enjoy adore`, -1: `dislike hate detest loathe`,
		2: `drink eat use`, -2: `avoid`} {
		for _, w := range strings.Fields(words) {
			m[lemma(stem(w))] = pole
		}
	}
	return m
}

// antonymPairs lists opposites as memory notes use them (stemmed like
// claim words: a trailing "s" removed).
const antonymPairs = `enabled disabled, enable disable, on off, true false, yes no,
public private, required optional, mandatory optional, allowed forbidden, allow deny, allow forbid,
allowed denied, accept reject, accepted rejected, supported deprecated, recommended deprecated,
active inactive, open closed, up down, pass fail, passing failing, passed failed,
success failure, succeeded failed, working broken, dark light, tab space, sync async,
synchronous asynchronous, like dislike, love hate, prefer avoid, include exclude,
included excluded, increase decrease, increased decreased, higher lower, faster slower,
more less, always never, internal external, online offline, start stop, started stopped,
present absent, valid invalid, safe unsafe, stable unstable, remote onsite, remote office,
paid free, verbose quiet, healthy unhealthy, compliant noncompliant, visible hidden,
encrypted unencrypted, blocking nonblocking, approved rejected, before after, first last,
minimum maximum, min max, lowest highest, cheap expensive, owned rented, own lease, own rent,
dry wet, damp dry, readonly writable, cold warm, hot cool, deep shallow, thick thin, high low, empty full`

// otherQualities reports whether h replaces one adjective after the
// copula by another of a different quality ([qualityOf]): "the spare room
// is tidy" and "the spare room is small" say two things of one room.
// Two words of one quality ("small", "huge"; "red", "blue") or a word
// the table lacks are left to the other rules. A quality after the
// copula beside a claim with no copula is one too: "the parrot is
// green" and "the parrot talks" say how it looks and what it does.
func otherQualities(a, b *claim, h hunk) bool {
	if qualityBesideDeed(a, b, h.at, h.a) || qualityBesideDeed(b, a, h.bt, h.b) {
		return true
	}
	if len(h.a) != 1 || len(h.b) != 1 || a.copAt < 0 || b.copAt < 0 || h.at < int(a.copAt) || h.bt < int(b.copAt) {
		return false
	}
	qa, qb := qualityOf[h.a[0].w], qualityOf[h.b[0].w]
	return qa != 0 && qb != 0 && qa&qb == 0
}

// qualityBesideDeed reports whether x, the words at c.toks[at:], is one
// adjective of [qualityOf] right after c's copula while o, the other
// claim, has no copula: "the car is old" beside "the car runs well".
// Power and material are said by verbs as well ("runs on wood", "is
// made of oak"), so "the stove is electric" is left to the other rules.
func qualityBesideDeed(c, o *claim, at int, x []token) bool {
	return len(x) == 1 && c.copAt >= 0 && at == int(c.copAt) && o.copAt < 0 && qualityOf[x[0].w]&^verbalQualities != 0
}

// verbalQualities are the bits of [qualityOf]'s first two groups, power
// and material.
const verbalQualities = 1<<0 | 1<<1

// qualityOf maps adjectives, as claim words fold them, to the qualities
// they tell as bits: size, order, surface, slope, temperature, sound,
// light, age, price, speed, width, depth, hardness, colour, taste,
// crowding, character, difficulty, comfort, power, material; and a bit
// of its own for each feature a place has or lacks ("heated",
// "carpeted", "furnished"). A word of two qualities has both bits ("quiet": sound and crowding;
// "hard": hardness and difficulty).
var qualityOf map[string]uint64

func newQualityOf() map[string]uint64 {
	m := map[string]uint64{}
	groups := []string{
		// The first two are [verbalQualities].
		`electric manual automatic`,
		`wooden metal plastic glass stone brick steel concrete`,
		`small big large tiny huge little spacious cramped roomy compact enormous`,
		`tidy messy clean dirty neat cluttered spotless filthy dusty`,
		`muddy dry wet damp icy slippery`,
		`steep flat level hilly`,
		`hot cold warm cool chilly freezing`,
		`quiet noisy loud silent`,
		`bright dark dim sunny shady gloomy`,
		`old new modern ancient`,
		`cheap expensive pricey affordable`,
		`fast slow quick`,
		`narrow wide broad`,
		`deep shallow`,
		`soft hard firm`,
		`red blue green yellow black white grey gray brown pink purple`,
		`spicy bland sweet salty sour bitter mild`,
		`crowded busy empty packed quiet`,
		`shy outgoing friendly rude calm nervous grumpy cheerful`,
		`easy hard difficult simple tricky`,
		`cosy cozy comfortable uncomfortable`,
	}
	for _, f := range strings.Fields(`heated carpeted furnished insulated fenced gated tiled glazed paved sheltered licensed signposted`) {
		groups = append(groups, f+" un"+f)
	}
	for i, words := range groups {
		for _, w := range strings.Fields(words) {
			m[lemma(spelling(stem(w)))] |= 1 << i
		}
	}
	return m
}

// foundAs writes a judgement told with "find" as the liking it says:
// "finds crossword puzzles boring" is "dislikes crossword puzzles",
// "finds gardening relaxing" is "likes gardening", so that [stance]
// reads it beside "enjoys crossword puzzles". The thing judged is one to
// three words between the verb and the closing adjective; a past
// ("found the film boring") is one time, not a liking, and stays.
func foundAs(words []string) []string {
	for i, w := range words {
		if w != "find" && w != "finds" {
			continue
		}
		end := len(words) - 1
		if end-i < 2 || end-i > 4 {
			return words
		}
		var verb string
		switch words[end] {
		case "boring", "dull", "tedious", "tiresome", "annoying", "unbearable":
			verb = "dislikes"
		case "fun", "relaxing", "enjoyable", "interesting", "fascinating", "delightful":
			verb = "likes"
		default:
			return words
		}
		out := make([]string, 0, len(words))
		out = append(out, words[:i]...)
		out = append(out, verb)
		return append(out, words[i+1:end]...)
	}
	return words
}

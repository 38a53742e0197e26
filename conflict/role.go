package conflict

import (
	"slices"
	"strings"
	"sync"

	"github.com/memweave/memweave-go/tokenize"
)

// This file reads roles held ("is the CEO of", "leads", "is led by"):
// one holder of a role at a time, a past holder beside the present one.

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

// passiveRole maps the participles of the role verbs ([roleVerbs]) to
// their active form.
var passiveRole map[string]string

func newPassiveRole() map[string]string {
	return map[string]string{
		"led": "leads", "owned": "owns", "managed": "manages", "run": "runs", "headed": "heads",
		"chaired": "chairs", "maintained": "maintains", "coordinated": "coordinates", "overseen": "oversees",
		"handled": "handles", "approved": "approves",
	}
}

// roleFrame rewrites a role taken ("took over as", "became", "was
// appointed") into "is the".
func roleFrame(words []string, i int) (repl []string, n int, ok bool) {
	w := words[i]
	switch {
	case (w == "took" || w == "takes" || w == "take" || w == "taken" || w == "stepped") &&
		(wordAt(words, i+1) == "over" || wordAt(words, i+1) == "in") && wordAt(words, i+2) == "as":
		return []string{"is", "the"}, 3, true
	case (w == "took" || w == "takes") && wordAt(words, i+1) == "over" && determiners[wordAt(words, i+2)] && !amountAt(words, i+2):
		// "the CFO took over the security budget": the CFO owns it
		// now.
		return []string{"now", "owns"}, 2, true
	case w == "became" || w == "becomes" || w == "appointed" || w == "named" || w == "promoted":
		repl, k := []string{"is"}, i
		if wordAt(words, k+1) == "as" || wordAt(words, k+1) == "to" {
			k++
		}
		if !determiners[wordAt(words, k+1)] {
			repl = append(repl, "the")
		}
		return repl, k - i + 1, true
	}
	return nil, 0, false
}

// passive rewrites "X is led by Y ..." as "Y leads X ...": the holder
// of a role first, as [roleHolder] reads it. Y is the words after "by"
// (less a determiner) up to the next stop word.
func passive(words []string) []string {
	for i := 1; i+1 < len(words); i++ {
		j := i + 1
		switch words[i] {
		case "is", "are", "was", "were", "been":
		case "belongs", "belong", "belonged":
			// "the budget belongs to the CTO" is "owned by the CTO".
			j = i
		default:
			continue
		}
		if filler[words[j]] {
			j++
		}
		if j >= len(words) {
			continue
		}
		verb, by := passiveRole[words[j]], "by"
		if j == i {
			verb, by = "owns", "to"
		}
		if verb == "" && j < len(words) && irregular[words[j]] != "" && irregular[words[j]] != words[j] {
			// "the docs are kept on" says the verb of "we keep the docs
			// on"; [lemma] folds the regular ones ("hosted", "host").
			out := slices.Clone(words)
			out[j] = irregular[words[j]]
			words = out
			continue
		}
		if verb == "" || j+1 >= len(words) || words[j+1] != by {
			continue
		}
		y := j + 2
		for y < len(words) && determiners[words[y]] {
			y++
		}
		e := y
		for e < len(words) && !isStop(words[e]) && !filler[words[e]] {
			e++
		}
		if e == y {
			return words
		}
		out := make([]string, 0, len(words))
		out = append(out, words[y:e]...)
		out = append(out, verb)
		out = append(out, words[:i]...)
		return append(out, words[e:]...)
	}
	return words
}

// roleNouns maps the nouns of the roles one holds at a time to the
// verbs of [roleVerbs]: "the maintainer of the CLI is Kim" says "Kim
// maintains the CLI".
var roleNouns map[string]string

func newRoleNouns() map[string]string {
	return map[string]string{
		"lead": "leads", "leader": "leads", "owner": "owns", "maintainer": "maintains", "manager": "manages",
		"head": "heads", "chair": "chairs", "coordinator": "coordinates",
	}
}

// rolePast are the simple pasts of the verbs of [roleNouns].
var rolePast = sync.OnceValue(func() map[string]string {
	return map[string]string{"leads": "led", "owns": "owned", "maintains": "maintained", "manages": "managed",
		"heads": "headed", "chairs": "chaired", "coordinates": "coordinated"}
})

// roleNoun rewrites a role said with its noun into its verb, the holder
// first, as [roleHolder] reads it: "X is (now) the lead of Y" and "the
// lead of Y is X" are "X leads Y", and "X took ownership of Y" is "X
// owns Y". It returns words itself when no such frame opens the
// sentence.
func roleNoun(words []string) []string {
	for i := 1; i+3 < len(words) && i <= 3; i++ {
		if (words[i] == "took" || words[i] == "takes" || words[i] == "taken") && words[i+1] == "ownership" && words[i+2] == "of" {
			return slices.Concat(words[:i], []string{"owns"}, words[i+3:])
		}
	}
	// The lead of Y is X.
	k := 0
	if determiners[wordAt(words, 0)] {
		k = 1
	}
	q, k := roleQualifier(words, k)
	if verb := roleNouns[wordAt(words, k)]; verb != "" && (wordAt(words, k+1) == "of" || wordAt(words, k+1) == "for") {
		for j := k + 3; j < len(words) && j <= k+8; j++ {
			if words[j] != "is" && words[j] != "are" && words[j] != "was" {
				continue
			}
			x := j + 1
			for x < len(words) && filler[words[x]] {
				x++
			}
			if x == len(words) {
				break
			}
			return slices.Concat(words[x:], []string{verb}, q, words[k+2:j])
		}
	}
	// X is (now) the lead of Y; X is release manager for Y.
	for i := 1; i <= 2 && i+3 < len(words); i++ {
		if words[i] != "is" && words[i] != "was" {
			continue
		}
		j := i + 1
		for j < len(words) && filler[words[j]] {
			j++
		}
		if d := wordAt(words, j); d == "a" || d == "an" {
			// "Ravi is a team lead": one of many.
			break
		} else if determiners[d] {
			j++
		}
		q, j := roleQualifier(words, j)
		if verb := roleNouns[wordAt(words, j)]; verb != "" && (wordAt(words, j+1) == "of" || wordAt(words, j+1) == "for") {
			if words[i] == "was" {
				// "X was the lead of Y": "X led Y", a past holder.
				verb = rolePast()[verb]
			}
			return slices.Concat(words[:i], []string{verb}, q, words[j+2:])
		}
		break
	}
	return words
}

// chiefTitle reports whether w is the short title of a company's
// officer ("CEO"): a role, no part of a name ("Brightline's CEO").
func chiefTitle(w string) bool {
	switch strings.TrimSuffix(w, "'s") {
	case "ceo", "cfo", "cto", "coo", "cio":
		return true
	}
	return false
}

// ceoFrame rewrites a chief executive named another way into "X is the
// ceo of Y", as roleHolder reads it: "chief executive (officer)" is
// "ceo"; "Y's ceo is X", "X is Y's ceo", "the ceo of Y is X" and "X runs
// Y as its ceo" are "X is the ceo of Y". The holder X must be a name of two words or more
// ("dana_reyes"), so that "Y's ceo is new" names none. It returns
// words itself when no such frame holds.
func ceoFrame(words []string) []string {
	for i := 0; i+1 < len(words); i++ {
		if words[i] == "chief" && words[i+1] == "executive" {
			n := 2
			if wordAt(words, i+2) == "officer" {
				n = 3
			}
			words = slices.Concat(words[:i], []string{"ceo"}, words[i+n:])
		}
	}
	holder := func(w string) bool { return strings.Contains(w, "_") && !strings.HasSuffix(w, "'s") }
	owner := func(w string) (string, bool) {
		o, ok := strings.CutSuffix(w, "'s")
		return o, ok && o != ""
	}
	verb := func(w string) bool { return w == "is" || w == "was" }
	n := len(words)
	switch {
	case n == 4 && words[1] == "ceo" && verb(words[2]) && holder(words[3]):
		// Y's ceo is X.
		if y, ok := owner(words[0]); ok {
			return []string{words[3], words[2], "the", "ceo", "of", y}
		}
	case n == 4 && holder(words[0]) && verb(words[1]) && words[3] == "ceo":
		// X is Y's ceo.
		if y, ok := owner(words[2]); ok {
			return []string{words[0], words[1], "the", "ceo", "of", y}
		}
	case n == 6 && words[0] == "the" && words[1] == "ceo" && words[2] == "of" && verb(words[4]) && holder(words[5]):
		// The ceo of Y is X.
		return []string{words[5], words[4], "the", "ceo", "of", words[3]}
	case n == 6 && holder(words[0]) && leadVerb(words[1]) && words[3] == "as" && (words[4] == "its" || words[4] == "the") && words[5] == "ceo":
		// X runs Y as its ceo.
		return []string{words[0], "is", "the", "ceo", "of", words[2]}
	}
	return words
}

// roleQualifier reads the word at words[k] that qualifies a role noun
// after it ("product owner", "release manager", "tech lead"): it
// returns that word, kept with what the holder holds ("Mei owns product
// search"), and the index of the role noun; nil and k when there is
// none.
func roleQualifier(words []string, k int) ([]string, int) {
	if w := wordAt(words, k); w != "" && roleNouns[w] == "" && roleNouns[wordAt(words, k+1)] != "" && !tokenize.IsStopWord(w) {
		return words[k : k+1], k + 1
	}
	return nil, k
}

// leftEmployer reports whether a says its subject of one word left an
// employer it names ("Eva left Google last year") and b that the subject
// works there now ("Eva works at Google"): who left a firm no longer
// works at it. A year or a span on b ("worked there until 2018") or a
// plan is another time; a place the gazetteer knows ("left Paris",
// "works in Paris") is no employer.
func leftEmployer(a, b *claim) bool {
	if len(a.toks) != 3 || len(b.toks) != 3 || a.neg != "" || b.neg != "" || a.plan || b.plan || b.past || b.scoped || b.changed {
		return false
	}
	org := a.toks[2].w
	return a.toks[1].w == "left" && b.toks[1].w == lemma(spelling(stem("works"))) && a.toks[0].w == b.toks[0].w &&
		isName(a.toks[2]) && org == b.toks[2].w && !countries[org] && !states[org] && within[org] == nil
}

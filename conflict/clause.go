package conflict

import "strings"

// This file splits a sentence of one subject and two predicates joined
// by "and" into a claim for each: "Omar hates video calls and prefers
// written updates" says "Omar hates video calls" and "Omar prefers
// written updates", and the second alone aligns with "Omar now prefers
// video calls to written updates".

// clauseVerbs are the verbs whose coming after "and" opens a second
// predicate of the sentence's subject: a role, a preference.
var clauseVerbs map[string]bool

func newClauseVerbs() map[string]bool {
	return setOf(`leads owns manages runs heads chairs maintains coordinates oversees prefers likes
loves hates avoids uses wants needs`)
}

// clauses returns the two claims of s when it joins two predicates of
// one subject with "and": the subject is the words before the first
// predicate's verb, a lower-case word ending in "s" ("Lena owns
// onboarding and reviews..." is not split: "reviews" is no verb of
// [clauseVerbs]). It returns nil otherwise.
func clauses(s string) []string {
	if !strings.Contains(s, " and ") {
		return nil
	}
	words := strings.Fields(s)
	for i := 2; i+1 < len(words); i++ {
		if words[i] != "and" || !clauseVerbs[strings.ToLower(strings.Trim(words[i+1], ",.;:"))] {
			continue
		}
		for v := 1; v < i-1; v++ {
			w := words[v]
			if strings.ToLower(w) != w || !strings.HasSuffix(w, "s") || determiners[strings.ToLower(words[v-1])] || strings.ContainsAny(words[v-1], ",") {
				continue
			}
			subject := strings.Join(words[:v], " ")
			return []string{strings.Join(words[:i], " "), subject + " " + strings.Join(words[i+1:], " ")}
		}
		return nil
	}
	return nil
}

// subjectJoints are the joints after which a clause with a subject of
// its own follows: "Maya owns the iOS app, while Tom owns the Android
// app", "staging is small, whereas production has 12 nodes".
var subjectJoints = []string{", while ", " while ", " whereas ", ", but "}

// subjectClauses returns the two clauses of s when a joint of
// [subjectJoints] parts it, or "and" does between two clauses each with
// a verb of its own ("the web app is deployed on Vercel and the API
// runs on Fly.io", see [hasVerb]); nil otherwise. "The API and the web
// app run on Fly.io" has no verb before its "and", and is one claim of
// two subjects.
func subjectClauses(s string) []string {
	for _, j := range subjectJoints {
		if i := strings.Index(s, j); i > 0 {
			if x, y := s[:i], s[i+len(j):]; strings.Count(x, " ") >= 2 && strings.Count(y, " ") >= 2 {
				return []string{x, elided(x, y)}
			}
			return nil
		}
	}
	if i := strings.Index(s, ", and "); i > 0 {
		return verbClauses(s[:i], s[i+len(", and "):])
	}
	for i := strings.Index(s, " and "); i > 0; {
		rest := s[i+len(" and "):]
		if w, _, _ := strings.Cut(rest, " "); determiners[strings.ToLower(w)] {
			return verbClauses(s[:i], rest)
		}
		k := strings.Index(rest, " and ")
		if k < 0 {
			break
		}
		i += len(" and ") + k
	}
	return nil
}

// elided returns the clause y with the predicate it leaves out taken
// from x: in "the report isn't finished, but the slides are" the second
// clause says "the slides are finished", in "the hallway is painted,
// but the kitchen isn't" that "the kitchen isn't painted". y is kept
// as it is when it does not end with an auxiliary or x has none.
func elided(x, y string) string {
	ys := strings.Fields(y)
	last := strings.ToLower(strings.TrimRight(ys[len(ys)-1], ".!;:"))
	if !auxiliary(strings.TrimSuffix(strings.TrimSuffix(last, "n't"), "n’t")) {
		return y
	}
	xs := strings.Fields(x)
	for i, w := range xs {
		w = strings.ToLower(w)
		base := strings.TrimSuffix(strings.TrimSuffix(w, "n't"), "n’t")
		if i == 0 || !auxiliary(base) && w != "can't" && w != "won't" {
			continue
		}
		rest := xs[i+1:]
		if len(rest) > 0 && strings.ToLower(rest[0]) == "not" {
			rest = rest[1:]
		}
		if len(rest) == 0 {
			return y
		}
		return strings.TrimRight(y, ".!;: ") + " " + strings.Join(rest, " ")
	}
	return y
}

// auxiliary reports whether w is a copula or an auxiliary verb that may
// end a clause whose predicate is left out: "the slides are", "the
// deposit has".
func auxiliary(w string) bool {
	switch w {
	case "is", "are", "was", "were", "has", "have", "had", "does", "do", "did", "can", "will", "should", "would", "could":
		return true
	}
	return false
}

// verbClauses returns x and y when each has a verb after its first
// word, nil otherwise.
func verbClauses(x, y string) []string {
	if !hasVerb(x) || !hasVerb(y) {
		return nil
	}
	return []string{x, y}
}

// hasVerb reports whether a word after the first of s is a copula, a
// verb of [clauseVerbs], or a lower-case word in "-s" or "-ed" after a
// word that is no determiner ("the API runs", "is deployed"): a clause,
// not a noun phrase ("the iOS app").
func hasVerb(s string) bool {
	words := strings.Fields(s)
	for i := 1; i < len(words); i++ {
		w := strings.Trim(words[i], ",.;:")
		switch {
		case copula(w) || clauseVerbs[w]:
			return true
		case strings.ToLower(w) == w && len(w) > 3 && (strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ed")) &&
			!determiners[strings.ToLower(words[i-1])] && !strings.HasSuffix(w, "ss"):
			return true
		}
	}
	return false
}

// pronounClause returns the clause after "; " of line with its pronoun
// subject ("it", "they") replaced by the subject of the clause before,
// when that clause opens with its subject of at most four words before
// a copula or "used" ("the design wiki was in Confluence for years; now
// it lives in Notion" says "the design wiki now lives in Notion"); ""
// otherwise. Words before the pronoun ("now", "today") follow the
// subject, which keeps its place first.
func pronounClause(line string) string {
	i := strings.Index(line, "; ")
	if i < 0 {
		return ""
	}
	first, second := line[:i], strings.Fields(line[i+2:])
	p := 0
	for p < len(second) && p < 2 && !pronoun(second[p]) {
		p++
	}
	if p >= len(second)-1 || !pronoun(second[p]) {
		return ""
	}
	if k := strings.LastIndex(first, ". "); k >= 0 {
		first = first[k+2:]
	}
	words := strings.Fields(first)
	for v := 1; v < len(words) && v <= 4; v++ {
		switch strings.ToLower(words[v]) {
		case "is", "are", "was", "were", "used", "has", "have", "had":
			out := append(append(append([]string(nil), words[:v]...), second[:p]...), second[p+1:]...)
			return strings.Join(out, " ")
		}
	}
	return ""
}

// pronoun reports whether w is a subject pronoun of a thing: "it",
// "they".
func pronoun(w string) bool {
	w = strings.ToLower(w)
	return w == "it" || w == "they"
}

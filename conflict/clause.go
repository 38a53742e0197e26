package conflict

import "strings"

// This file splits a sentence of one subject and two predicates joined
// by "and" into a claim for each: "Omar hates video calls and prefers
// written updates" says "Omar hates video calls" and "Omar prefers
// written updates", and the second alone aligns with "Omar now prefers
// video calls to written updates".

// clauseVerbs are the verbs whose coming after "and" opens a second
// predicate of the sentence's subject: a role, a preference.
var clauseVerbs = setOf(`leads owns manages runs heads chairs maintains coordinates oversees prefers likes
loves hates avoids uses wants needs`)

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

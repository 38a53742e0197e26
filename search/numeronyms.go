package search

// numeronyms are the numeronyms in common use in software writing, a
// word abbreviated to its first letter, the count of the letters left
// out and its last letter, with the word. A query writing one also
// searches the other (see [numeronymAlternates]); the keyword index
// cannot tell "k8s" is "kubernetes" from the letters alone, since a
// numeronym names many words ("k8s" fits every 10-letter word from k to
// s).
var numeronyms = [][2]string{
	{"a11y", "accessibility"},
	{"i18n", "internationalization"},
	{"l10n", "localization"},
	{"g11n", "globalization"},
	{"k8s", "kubernetes"},
	{"o11y", "observability"},
	{"p13n", "personalization"},
	{"m17n", "multilingualization"},
	{"c14n", "canonicalization"},
}

// numeronymAlternates returns, for each query word that is a numeronym
// of [numeronyms] or the word one abbreviates, the other.
func numeronymAlternates(toks []queryToken) []string {
	var out []string
	for _, t := range toks {
		out = append(out, numeronymOf(t.text)...)
	}
	return out
}

// numeronymOf returns the word the numeronym w abbreviates, or the
// numeronym of the word w, if [numeronyms] has one.
func numeronymOf(w string) []string {
	for _, n := range numeronyms {
		switch w {
		case n[0]:
			return []string{n[1]}
		case n[1]:
			return []string{n[0]}
		}
	}
	return nil
}

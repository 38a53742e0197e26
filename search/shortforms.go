package search

import (
	"slices"
	"strings"
)

// numeronyms are the numeronyms in common use in software writing, a
// word abbreviated to its first letter, the count of the letters left
// out and its last letter, with the word. A query writing one also
// searches the other (see [shortFormAlternates]); the keyword index
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

// shortForms are the clippings and short forms in common use in software
// and office writing, with the words each stands for. A query writing
// one also searches the words, and a query writing a word its short
// forms (see [shortFormAlternates]), whether or not a note holds the
// short form as a word of its own ("config" beside "config.yaml"). The
// letters alone cannot tell them: a short form of 3 letters begins or
// fits many words ("dev": "device", "devil"; "cfg" is no clip at all), and
// a word a note holds may begin a longer one by chance ("wall",
// "wallet"), so only these are known. A word of a short form's that the
// keyword index stems as another word is left out ("authorization" is
// "author").
var shortForms = []struct {
	short string
	words []string
}{
	{"acct", []string{"account"}},
	{"addr", []string{"address"}},
	{"admin", []string{"administrator", "administration"}},
	{"app", []string{"application"}},
	{"appt", []string{"appointment"}},
	{"approx", []string{"approximately"}},
	{"arg", []string{"argument"}},
	{"async", []string{"asynchronous"}},
	{"auth", []string{"authentication"}},
	{"avg", []string{"average"}},
	{"bday", []string{"birthday"}},
	{"btn", []string{"button"}},
	{"calc", []string{"calculation", "calculator"}},
	{"cert", []string{"certificate"}},
	{"cfg", []string{"configuration", "config"}},
	{"cmd", []string{"command"}},
	{"config", []string{"configuration"}},
	{"convo", []string{"conversation"}},
	{"ctx", []string{"context"}},
	{"db", []string{"database"}},
	{"dept", []string{"department"}},
	{"dev", []string{"development", "developer"}},
	{"dir", []string{"directory"}},
	{"doc", []string{"document", "documentation", "doctor"}},
	{"env", []string{"environment"}},
	{"err", []string{"error"}},
	{"func", []string{"function"}},
	{"govt", []string{"government"}},
	{"img", []string{"image"}},
	{"impl", []string{"implementation"}},
	{"info", []string{"information"}},
	{"infra", []string{"infrastructure"}},
	{"intro", []string{"introduction"}},
	{"lang", []string{"language"}},
	{"lib", []string{"library"}},
	{"mgmt", []string{"management"}},
	{"mgr", []string{"manager"}},
	{"msg", []string{"message"}},
	{"nav", []string{"navigation"}},
	{"org", []string{"organization", "organisation"}},
	{"param", []string{"parameter"}},
	{"perf", []string{"performance"}},
	{"pic", []string{"picture"}},
	{"pkg", []string{"package"}},
	{"prod", []string{"production"}},
	{"prof", []string{"professor"}},
	{"pwd", []string{"password"}},
	{"qty", []string{"quantity"}},
	{"ref", []string{"reference"}},
	{"repo", []string{"repository"}},
	{"req", []string{"request", "requirement"}},
	{"resp", []string{"response"}},
	{"sched", []string{"schedule"}},
	{"spec", []string{"specification"}},
	{"src", []string{"source"}},
	{"stats", []string{"statistics"}},
	{"temp", []string{"temperature", "temporary"}},
	{"tmp", []string{"temporary"}},
	{"uni", []string{"university"}},
	{"var", []string{"variable"}},
}

// shortFormAlternates returns, for each query word that is a numeronym
// of [numeronyms] or a short form of [shortForms], or a word one stands
// for, the others; a word's short forms only in a short query (short,
// see [shortFormsOf]).
func shortFormAlternates(toks []queryToken, short bool) []string {
	var out []string
	for _, t := range toks {
		out = append(out, shortFormsOf(t.text, short)...)
	}
	return out
}

// shortFormsOf returns the word the numeronym w abbreviates or the
// numeronym of the word w ([numeronyms]), and the words the short form
// w stands for or, when words, the short forms of the word w
// ([shortForms]); a plural finds its singular's ("docs" as "doc",
// "repositories" as "repository"). A caller asks for a word's short
// forms in a short query, whose every word carries it: in a sentence the
// other words do, and "production" as "prod" found "Pre-prod box: ..."
// for "What is the AWS account ID for production?", a question no note
// answers (cmd/memweave-bench/testdata/memfiles.json, n25).
func shortFormsOf(w string, words bool) []string {
	for _, n := range numeronyms {
		switch w {
		case n[0]:
			return []string{n[1]}
		case n[1]:
			return []string{n[0]}
		}
	}
	forms := []string{w}
	if s, ok := strings.CutSuffix(w, "ies"); ok {
		forms = append(forms, s+"y")
	} else if s, ok := strings.CutSuffix(w, "s"); ok && !strings.HasSuffix(s, "s") {
		forms = append(forms, s)
	}
	for _, f := range forms {
		var out []string
		for _, sf := range shortForms {
			switch {
			case f == sf.short:
				out = append(out, sf.words...)
			case words && slices.Contains(sf.words, f):
				out = append(out, sf.short)
			}
		}
		if out != nil {
			return out
		}
	}
	return nil
}

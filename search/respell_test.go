package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestClipOf checks which of the index's words (Porter stems) a word no
// chunk holds is read as clipped from.
func TestClipOf(t *testing.T) {
	checkPairs(t, "clipOf", clipOf, []pairCase{
		{"impl", "implement", true},
		{"kubern", "kubernet", true},
		{"creds", "credenti", true},   // a plural "s" after the clip
		{"deploym", "deploi", true},   // into "ment", after the stemmer's "i"
		{"subscr", "subscript", true}, // the stem itself is longer
		{"calib", "calibr", true},
		{"press", "prescrib", false}, // "ss" is no plural
		{"impl", "impl", false},      // the word itself: held, no clip
		{"imp", "implement", false},  // under 4 letters
		{"deploymx", "deploi", false},
	})
}

// TestNearShort checks the typos of short words read as the index's
// word: two letters swapped, a doubled letter typed once or twice, a
// consonant changed for a key beside it; never a letter added or
// dropped alone, or changed for a key further away.
func TestNearShort(t *testing.T) {
	checkPairs(t, "nearShort", nearShort, []pairCase{
		{"emial", "email", true},
		{"tokne", "token", true},
		{"cahce", "cach", true}, // "cache" is "cach"; the "e" an ending
		{"qeury", "queri", true},
		{"comit", "commit", true},
		{"vaultt", "vault", true},
		{"cloth", "clock", false}, // a letter changed for a key further away
		{"lohin", "login", true},  // g and h are neighbours
		{"tokem", "token", true},
		{"click", "clock", false},       // a vowel for a vowel
		{"postgress", "postgr", true},   // a doubled letter before the ending
		{"postgresss", "postgr", false}, // two
		{"hosre", "hose", false},        // a letter added, not doubled
		{"bread", "beard", false},       // not adjacent
		{"abc", "bac", false},           // under 4 letters
		{"distance", "diet", false},     // "ance" after a 4-letter stem: mostly ending
		{"cacjing", "cach", true},       // "ing" after it
	})
}

// TestVersionsOf checks the other spellings a version is searched by.
func TestVersionsOf(t *testing.T) {
	for _, c := range []struct {
		query string
		want  []string
	}{
		{"v1.2", []string{"1 2"}},
		{"1.2", []string{"v1 2"}},
		{"go1.26", []string{"go 1 26"}},
		{"go 1.26", []string{"v1 26", "go1 26"}},
		{"python3.11", []string{"python 3 11"}},
		{"1.2-1.4", []string{"1 2", "1 4"}},
		{"v3.0-v3.2", []string{"v3 0", "v3 2"}},
		{"3.5 GHz", nil},    // a number and its unit
		{"12.344", nil},     // a group of 3 digits
		{"2026-12-03", nil}, // a date
		{"12,344", nil},
		{"mp3", nil}, // one part
	} {
		toks := queryTokens(c.query)
		var got []string
		for i := range toks {
			got = append(got, versionsOf(toks, i)...)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("versionsOf(%q) = %q, want %q", c.query, got, c.want)
		}
	}
}

// TestKeyslip checks which letters are keys beside each other.
func TestKeyslip(t *testing.T) {
	for _, c := range []struct {
		a, b rune
		want bool
	}{
		{'g', 'h', true}, {'h', 'g', true}, {'r', 't', true},
		{'a', 'q', true}, {'a', 'w', true}, {'z', 's', true}, {'m', 'k', true},
		{'n', 'm', true}, {'e', 'r', true}, // a vowel and a consonant
		{'i', 'o', false}, {'u', 'i', false}, // two vowels
		{'h', 'k', false}, {'q', 'p', false}, {'z', 'd', false}, {'m', 'l', false},
	} {
		if got := keyslip(c.a, c.b); got != c.want {
			t.Errorf("keyslip(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestNearWritten checks the typos read against the index's word as
// written, a stem and an ending: a swap anywhere in a word of 6
// letters or more, a letter of the stem dropped, added or changed
// before an ending that derives a word in one of 8 or more.
func TestNearWritten(t *testing.T) {
	checkPairs(t, "nearWritten", func(w, s string) bool { return nearWritten(w, s, true) || nearWritten(w, s, false) }, []pairCase{
		{"meetnig", "meet", true},           // across the stem's end
		{"configuraiton", "configur", true}, // in the ending
		{"notificaitons", "notif", true},    // two endings and a plural
		{"pricnig", "price", true},          // the "e" dropped before "ing"
		{"statsu", "statu", true},           // 6 letters
		{"seperate", "separ", true},         // changed, before "ate"
		{"certficate", "certif", true},      // dropped, before "icate"
		{"goverment", "govern", true},       // the stem's last dropped
		{"occassion", "occas", true},        // the stem's last doubled
		{"plantation", "plan", false},       // a letter added after the stem
		{"dreading", "dream", false},        // an inflection after the stem
		{"distance", "diet", false},         // a stem of 4 letters (LongMemEval d3ab962e)
		{"seperat", "separ", false},         // 7 letters
		{"stats", "stat", false},            // no typo
		{"meeting", "meet", false},          // the word itself
		{"pricnig", "prick", false},         // another stem
		{"allocate", "allot", false},        // the stem's last letter changed
		{"creation", "creak", false},
		{"clearance", "clean", false},
	})
}

// TestVowelSlip checks which typed words a vowel changed for the vowel
// key beside it makes a typo of the index's word (slipOf).
func TestVowelSlip(t *testing.T) {
	checkPairs(t, "slipOf", slipOf, []pairCase{
		{"emaul", "email", true},
		{"vouce", "voic", true}, // "voice"
		{"quoet", "quiet", true},
		{"toolet", "toilet", false}, // a doubled vowel typed ([nearStem] reads it: 6 letters)
		{"shirt", "short", false},   // between consonants
		{"stuck", "stick", false},
		{"soul", "soil", false},   // 4 letters
		{"spool", "spoil", false}, // a doubled vowel typed
		{"audoo", "audio", false},
		{"emaol", "email", true}, // o and i are neighbours too
	})
}

// TestStemMatch checks the FTS5 term that finds a stem of the index's,
// which the stemmer would read as another if spelled as it is.
func TestStemMatch(t *testing.T) {
	for _, c := range []struct{ stem, want string }{
		{"committe", `"committee"`}, // "committe" is read as "committ"
		{"occas", `"occase"`},       // "occas" is read as "occa"
		{"address", `"address"`},    // "ss" is kept
		{"deploy", `"deployment"`},
		{"login", `"login"`},
		{"hope", `"hope"`}, // under 5 letters
	} {
		if got := stemMatch(c.stem); got != c.want {
			t.Errorf("stemMatch(%q) = %s, want %s", c.stem, got, c.want)
		}
	}
}

// wordList is a [Vocabulary] of the words it holds, in order.
type wordList []string

func (l wordList) Words(_ context.Context, prefix string, limit int) ([]string, error) {
	var out []string
	for _, w := range l {
		if strings.HasPrefix(w, prefix) && len(out) < limit {
			out = append(out, w)
		}
	}
	return out, nil
}

// BenchmarkRespellWord respells a typed word of a query of keywords and
// one of a sentence against index word lists of 1,024 and 4,096 made-up
// words (the most a read takes) sharing their first two letters: the
// comparisons a query holding a word the index lacks pays for each word
// read.
func BenchmarkRespellWord(b *testing.B) {
	for _, n := range []int{1024, maxRespellRead} {
		r := rand.New(rand.NewPCG(1, 2))
		v := make(wordList, n)
		for i := range v {
			w := []byte("re")
			for range 4 + r.IntN(6) {
				w = append(w, byte('a'+r.IntN(22)))
			}
			v[i] = string(w)
		}
		slices.Sort(v)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := respellWord(context.Background(), v, "recipt", true); err != nil {
					b.Fatal(err)
				}
				if _, err := respellWord(context.Background(), v, "retmplbxa", false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// pairCase is a typed word, a stem of the index's and whether a reading
// takes the one for the other.
type pairCase struct {
	typed, stem string
	want        bool
}

// checkPairs checks the reading f, named name, on each case.
func checkPairs(t *testing.T, name string, f func(w, s string) bool, cases []pairCase) {
	t.Helper()
	for _, c := range cases {
		if got := f(c.typed, c.stem); got != c.want {
			t.Errorf("%s(%q, %q) = %v, want %v", name, c.typed, c.stem, got, c.want)
		}
	}
}

// TestDominantClip checks which of the index's words a clip beginning
// many of them is read as: the one at least twice as many chunks hold
// as any other, else none.
func TestDominantClip(t *testing.T) {
	for _, c := range []struct {
		held []int
		want []string
	}{
		{[]int{1, 4, 2, 1}, []string{"b"}},
		{[]int{1, 3, 2, 1}, nil}, // under twice the next
		{[]int{2, 1, 1, 2}, nil}, // a tie
		{[]int{0, 0, 0, 0}, nil}, // held by no chunk
		{[]int{5, 1, 1, 1}, []string{"a"}},
	} {
		if got := dominantClip([]string{"a", "b", "c", "d"}, c.held); !slices.Equal(got, c.want) {
			t.Errorf("dominantClip(%v) = %q, want %q", c.held, got, c.want)
		}
	}
}

// TestTwoEdits checks the readings of long words typed two edits away:
// a doubled letter and a vowel or a swap; two letters swapped and one
// more slip in a stem of 8 letters or more; a vowel of a stem spelled
// by ear before any ending.
func TestTwoEdits(t *testing.T) {
	checkPairs(t, "undoubledEdit", undoubledEdit, []pairCase{
		{"paswerd", "password", true},
		{"questionari", "questionnair", true}, // "ri" for "ir"
		{"clarifi", "classifi", false},        // "r" for "s": no vowel
		{"chromatin", "chromaffin", false},
		{"pasword", "password", false}, // one edit: another reading's
		{"adres", "address", false},    // under 6 letters once undoubled
	})
	checkPairs(t, "swapAndEdit", swapAndEdit, []pairCase{
		{"infrastrcutr", "infrastructur", true},   // "u" dropped, "uc" swapped
		{"infrastrutcurr", "infrastructur", true}, // "ct" swapped, "r" added
		{"infrastrcutur", "infrastructur", false}, // a swap alone: one edit
		{"enviorn", "environ", false},             // a stem under 8 letters
		{"amnual", "annual", false},
		{"infrastructur", "infrastructur", false},
	})
	checkPairs(t, "vowelBeforeEnding", vowelBeforeEnding, []pairCase{
		{"definately", "definit", true},
		{"definatly", "definit", true},
		{"dreading", "dream", false}, // a stem under 6 letters
		{"definite", "definit", false},
		{"definiteli", "definit", false}, // no vowel changed
		{"defanitely", "definit", true},  // any vowel between consonants
		{"definetely", "definit", true},
		{"dreamt", "dreamer", false}, // the typed word shorter than the stem
	})
}

// TestNearEnded checks the one-edit readings of a typed word's stem: not
// by the stem's last letter after an ending, where words of one root
// part ("composed" is "compos" and "ed", a letter short of "compost").
func TestNearEnded(t *testing.T) {
	checkPairs(t, "nearEnded", nearEnded, []pairCase{
		{"composed", "compost", false},  // the stem's last letter dropped before "ed"
		{"analysed", "analyt", false},   // changed before "ed"
		{"cancers", "cancel", false},    // changed before "s"
		{"composer", "compost", false},  // before "er"
		{"compostted", "compost", true}, // the last letter doubled
		{"compotsed", "compost", true},  // the last two swapped
		{"composred", "compost", true},  // the last changed for a key beside it
		{"reportss", "report", true},    // the ending's first letter typed twice
		{"composr", "compost", true},    // no ending: the last letter changed
		{"compoted", "compost", true},   // a letter inside dropped
		{"recieved", "receiv", true},    // two letters inside swapped
		{"accomodation", "accommod", true},
		{"planet", "plant", false}, // under 6 letters
	})
}

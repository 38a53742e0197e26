package search

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestRealWordPairs measures the readings of typos two edits away on a
// real corpus's words (MEMWEAVE_WORDSTEMS, written by
// cmd/memweave-bench/testdata/wordstems.py from SciFact; skipped
// without it): how many real words of 5 letters or more each reads as
// another word's stem that no reading of one edit did (a chance match
// when the word itself is in no note), which must stay under its bound,
// and how many typos of a family it finds among those made of every
// sixth word of 7 letters or more.
func TestRealWordPairs(t *testing.T) {
	path := os.Getenv("MEMWEAVE_WORDSTEMS")
	if path == "" {
		t.Skip("MEMWEAVE_WORDSTEMS is not set")
	}
	words, stemOf := readWordStems(t, path)
	byPrefix := map[string][]string{}
	for _, s := range slices.Sorted(func(yield func(string) bool) {
		seen := map[string]bool{}
		for _, s := range stemOf {
			if !seen[s] && !yield(s) {
				return
			}
			seen[s] = true
		}
	}) {
		if r := []rune(s); len(r) >= 2 {
			byPrefix[string(r[:2])] = append(byPrefix[string(r[:2])], s)
		}
	}
	oneEdit := func(w, s string) bool {
		return nearEnded(w, s) || nearWritten(w, s, false) ||
			nearBy(w, s, minShortRunes, swapOrDouble) || slipOf(w, s) || nearWritten(w, s, true)
	}
	for _, rd := range []struct {
		name  string
		read  func(w, s string) bool
		bound float64 // the most real words read as another, in %
	}{
		{"one edit (the readings before these)", oneEdit, 100}, // finds only: what it reads is no chance here
		{"undoubledEdit", func(w, s string) bool { return nearBy(w, s, MinRespellRunes, undoubledEdit) }, 0.5},
		{"swapAndEdit", func(w, s string) bool { return nearBy(w, s, minSwapEditRunes, swapAndEdit) }, 1.5},
		{"vowelBeforeEnding", vowelBeforeEnding, 0.2},
	} {
		n, read := 0, 0
		var shown []string
		for _, w := range words {
			r := []rune(w)
			if len(r) < 5 {
				continue
			}
			n++
			var other []string
			for _, s := range byPrefix[string(r[:2])] {
				if !strings.HasPrefix(s, stemOf[w]) && rd.read(w, s) && !oneEdit(w, s) {
					other = append(other, s)
				}
			}
			if len(other) > 0 && len(other) <= maxRespellings {
				read++
				if len(shown) < 6 {
					shown = append(shown, w+" as "+strings.Join(other, ","))
				}
			}
		}
		found, total := map[string]int{}, map[string]int{}
		for i, w := range words {
			if i%6 != 0 || len([]rune(w)) < 7 {
				continue
			}
			for family, typo := range typosOf(w) {
				if _, ok := stemOf[typo]; ok {
					continue // a real word
				}
				total[family]++
				var got []string
				for _, s := range byPrefix[string([]rune(typo)[:2])] {
					if rd.read(typo, s) {
						got = append(got, s)
					}
				}
				if len(got) <= maxRespellings && slices.Contains(got, stemOf[w]) {
					found[family]++
				}
			}
		}
		pct := 100 * float64(read) / float64(n)
		t.Logf("%s: reads %d of %d real words (%.2f%%) as another (%q...); finds typos %v of %v", rd.name, read, n, pct, shown, found, total)
		if pct > rd.bound {
			t.Errorf("%s reads %.2f%% of real words as another, want at most %.2f%%", rd.name, pct, rd.bound)
		}
	}
}

// readWordStems reads the lines "word<TAB>stem" of path.
func readWordStems(tb testing.TB, path string) (words []string, stemOf map[string]string) {
	tb.Helper()
	stemOf = map[string]string{}
	for _, r := range readTSV(tb, path) {
		stemOf[r[0]] = r[1]
		words = append(words, r[0])
	}
	slices.Sort(words)
	return words, stemOf
}

// typosOf returns a typo of the word w of each family it has one of:
// "doubled+vowel", its first doubled letter typed once and the next
// vowel between consonants changed; "drop+swap", its fifth letter
// dropped and two letters near its end swapped (9 letters or more);
// "vowel", its first vowel between consonants past its third letter
// changed (8 letters or more).
func typosOf(w string) map[string]string {
	r := []rune(w)
	out := map[string]string{}
	other := map[rune]rune{'a': 'e', 'e': 'a', 'i': 'e', 'o': 'e', 'u': 'o'}
	between := func(x []rune, j int) bool { return isVowel(x[j]) && !isVowel(x[j-1]) && !isVowel(x[j+1]) }
	{
		for i := 1; i < len(r); i++ {
			if r[i] != r[i-1] {
				continue
			}
			x := slices.Concat(r[:i], r[i+1:])
			for j := 2; j < len(x)-1; j++ {
				if between(x, j) {
					x[j] = other[x[j]]
					out["doubled+vowel"] = string(x)
					break
				}
			}
			break
		}
	}
	if len(r) >= 9 {
		x := slices.Concat(r[:4], r[5:])
		if k := len(x) - 5; x[k] != x[k+1] {
			x[k], x[k+1] = x[k+1], x[k]
			out["drop+swap"] = string(x)
		}
	}
	if len(r) >= 8 {
		for j := 3; j < len(r)-3; j++ {
			if between(r, j) {
				x := slices.Clone(r)
				x[j] = map[rune]rune{'a': 'e', 'e': 'a', 'i': 'a', 'o': 'a', 'u': 'a'}[x[j]]
				out["vowel"] = string(x)
				break
			}
		}
	}
	return out
}

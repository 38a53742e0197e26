package memweave_test

import (
	"bufio"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/tokenize"
)

// typingCase is one case of testdata/search/typing.txt.
type typingCase struct {
	family, part, want, query, show string
	notes                           []string // the target first
}

// readTyping reads testdata/search/<name>, a file of typingCases.
func readTyping(tb testing.TB, name string) []typingCase {
	tb.Helper()
	f, err := os.Open(filepath.Join("testdata", "search", name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []typingCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		if sc.Text() == "" || strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 6 || cols[1] != "tune" && cols[1] != "check" || !slices.Contains([]string{"first", "top3", "none", "excl"}, cols[2]) {
			tb.Fatalf("%s:%d: bad case %q", name, line, sc.Text())
		}
		c := typingCase{family: cols[0], part: cols[1], want: cols[2]}
		texts := make([]string, len(cols)-3)
		for i, col := range cols[3:] {
			if texts[i], err = strconv.Unquote(col); err != nil {
				tb.Fatalf("%s:%d: column %d: %v", name, line, i+4, err)
			}
		}
		c.query, c.show, c.notes = texts[0], texts[1], texts[2:]
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// typingPad is a line of padding around a target's text, sharing no word
// with any query, so that a snippet is a window that must find the words.
const typingPad = "Padding: lorem ipsum dolor sit amet, consectetur adipiscing.\n"

// typingFiles returns the files of case c under dir: the target t.md and
// the decoys a.md, b.md, ..., which sort before it, each padded alike
// unless bare (a note's length weighs in BM25: a padded target among
// short decoys would measure length, not the words).
func typingFiles(c typingCase, dir string, bare bool) map[string]string {
	files := map[string]string{}
	for i, n := range c.notes {
		name := "t.md"
		if i > 0 {
			name = string(rune('a'+i-1)) + ".md"
		}
		if !bare {
			// Past the first 700 characters: a snippet from the top misses it.
			n = strings.Repeat(typingPad, 13) + "\n" + n + "\n\n" + strings.Repeat(typingPad, 3)
		}
		files[dir+name] = "# Entry\n\n" + n + "\n"
	}
	return files
}

// TestTypingQueries searches each case of testdata/search/typing.txt,
// queries as users type them (typos, inflections, abbreviations, units,
// quoted phrases, negation, mixed scripts, emoji, code, file names,
// pasted errors, questions, workspaces of 1 to 3 notes, dates), in
// keyword and hybrid mode with the offline embedder at the default
// threshold, and checks every result (see [checkTyped]). A miss keyed in
// typingOpen is logged, not failed; the misses are counted by family and
// part.
func TestTypingQueries(t *testing.T) {
	runTyping(t, "typing.txt", typingOpen)
}

// TestTypingSpellings is [TestTypingQueries] on testdata/search/typing2.txt:
// typos, clipped words, irregular plurals, exclusion, British and
// American spelling, accents left out, CJK without spaces, hashtags,
// @mentions, version ranges, URLs pasted whole, a rare word among stop
// words.
func TestTypingSpellings(t *testing.T) {
	runTyping(t, "typing2.txt", typing2Open)
}

// TestTypingClipped is [TestTypingQueries] on testdata/search/typing3.txt:
// words clipped (into their ending too), typos of short words, a word
// matched by another spelling beside one matched as typed, URLs, file
// paths, versions and version ranges.
func TestTypingClipped(t *testing.T) {
	runTyping(t, "typing3.txt", typing3Open)
}

// TestTypingShortForms is [TestTypingQueries] on
// testdata/search/typing4.txt: clipped words the workspace also holds
// as words of their own, clips of 3 letters, short forms that are no
// clip, clips beginning many of the index's words, typos of short words
// by a changed letter or a doubled one, and dates a note writes in ISO
// order alone.
func TestTypingShortForms(t *testing.T) {
	runTyping(t, "typing4.txt", typing4Open)
}

// TestTypingTypos is [TestTypingQueries] on testdata/search/typing5.txt:
// a vowel typed for the vowel key beside it, a letter dropped, added or
// changed in a long word whose stem is short, a letter doubled or
// undoubled, two letters swapped where the ending begins, and the real
// words each reading must leave alone.
func TestTypingTypos(t *testing.T) {
	runTyping(t, "typing5.txt", typing5Open)
}

// TestTypingTwoEdits is [TestTypingQueries] on
// testdata/search/typing6.txt: clips beginning many of the index's
// words, one of which most of their notes hold, long words typed two
// edits away, a vowel spelled by ear before an inflection, and the real
// words each reading must leave alone.
func TestTypingTwoEdits(t *testing.T) {
	runTyping(t, "typing6.txt", typing6Open)
}

// typing6Open are the misses of testdata/search/typing6.txt left open,
// as [typingOpen].
var typing6Open = func() map[string]string {
	both := map[string]string{
		// A swap inside an ending and another slip: a word is compared
		// with the index's word as written for one edit only.
		"notifcaitons": "a swap in the ending and another slip", "recomendaiton": "a swap in the ending and another slip",
		// "environ" has 7 letters: a swap and another slip are read
		// against a stem of 8 or more.
		"enviorment": "a swap and a slip against a stem under 8 letters",
		// Porter strips -ant and -ent, which stemSuffixes leaves out: the
		// ending's vowel is not compared ("appar" is also under 6).
		"resturant": "an -ant/-ent ending", "apparrantly": "an -ant/-ent ending",
		"independantly": "an -ant/-ent ending", "consistantly": "an -ant/-ent ending", "relevantly": "an -ant/-ent ending",
		// "immedi" and "ately" with its "e" left out: a letter dropped
		// from the ending.
		"immediatly": "a letter dropped from the ending",
	}
	out := map[string]string{
		// Two letters swapped and one changed make a real word of
		// another: the price of reading them in a long stem.
		"bimanual keyword": "a real word two edits from another",
	}
	return bothModes(both, out)
}()

// typing5Open are the misses of testdata/search/typing5.txt left open,
// as [typingOpen].
var typing5Open = map[string]string{
	// A doubled vowel typed for a pair ("oo" for "io") is how English
	// writes many words ("spool" and "spoil"): not read.
	"audoo keyword": "a doubled vowel", "audoo hybrid": "a doubled vowel",
	// "definitely" is "definit" and "ely", an "e" and "ly": inflections
	// after the stem, read for a swap only ("dreading" is "dream" and
	// "ing" with a letter changed).
	"definately keyword": "an inflection after the stem", "definately hybrid": "an inflection after the stem",
	// A doubled letter typed once or twice in a short word ("comit" for
	// "commit") makes other real words of some: the price of that rule
	// ("stripped", "stripp" and "ed", is no "stripe": the stem's last
	// letter after an ending is not read, search.nearEnded).
	"diner keyword": "a short word's doubled letter",
	"coma keyword":  "a short word's doubled letter",
}

// typing4Open are the misses of testdata/search/typing4.txt left open,
// as [typingOpen].
var typing4Open = map[string]string{
	// "i" and "u" are neighbours, but a vowel changed for a vowel makes
	// another real word too often ("click" and "clock"): not read.
	"emaul keyword": "a vowel changed for a vowel", "emaul hybrid": "a vowel changed for a vowel",
}

// runTyping searches every case of testdata/search/<name>; a miss keyed
// in open (query and mode) is logged with its reason, not failed.
func runTyping(t *testing.T, name string, open map[string]string) {
	cases := readTyping(t, name)
	shared := map[string]string{}
	for i, c := range cases {
		if c.family != "tiny" {
			maps.Copy(shared, typingFiles(c, fmt.Sprintf("memory/c%03d/", i), false))
		}
	}
	_, sw := openIndexed(t, shared, memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")})
	misses, totals := map[string]int{}, map[string]int{}
	for i, c := range cases {
		w, dir := sw, fmt.Sprintf("memory/c%03d/", i)
		var scope []memweave.SearchOption
		if c.family == "tiny" {
			dir = "memory/"
			_, w = openIndexed(t, typingFiles(c, dir, true), memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")})
		} else {
			scope = append(scope, memweave.PathPrefix(dir))
		}
		for _, mode := range []memweave.Mode{memweave.ModeKeyword, memweave.ModeHybrid} {
			if c.want == "none" && mode != memweave.ModeKeyword {
				continue // the vector side ranks near spellings near by design
			}
			key := fmt.Sprintf("%-9s %-5s", c.family, c.part)
			totals[key]++
			// NoSync: the files do not change, and the freshness scan of
			// every note before each search was most of the test's time.
			resp := mustSearch(t, w, c.query, append(scope, memweave.SearchMode(mode), memweave.NoSync())...)
			checkTyped(t, c.query, resp.Results)
			msg := typingMiss(c, dir, resp)
			if msg == "" {
				continue
			}
			misses[key]++
			if why, ok := open[c.query+" "+string(mode)]; ok {
				t.Logf("open: %s %s: Search(%q, %s): %s (%s)", c.family, c.part, c.query, mode, msg, why)
				continue
			}
			t.Errorf("%s %s: Search(%q, %s) for %q: %s", c.family, c.part, c.query, mode, c.notes[0], msg)
		}
	}
	for _, key := range slices.Sorted(maps.Keys(totals)) {
		t.Logf("%s misses %d of %d", key, misses[key], totals[key])
	}
}

// typing3Open are the misses of testdata/search/typing3.txt left open, as
// [typingOpen].
var typing3Open = map[string]string{}

// typing2Open are the misses of testdata/search/typing2.txt left open, as
// [typingOpen].
var typing2Open = func() map[string]string {
	both := map[string]string{
		// Respelling reads words of 5 letters or more: "gray" is one
		// letter from too many.
		"gray": "a 4-letter respelling",
		// Most of the URL's words are in no note: the note's share of
		// the query is small (the pasted-error family of typing.txt).
		"https://jira.acme.io/browse/OPS-1234":                   "a URL whose other words no note holds",
		"https://www.notion.so/team/Onboarding-Checklist-8f3a2b": "a URL whose other words no note holds",
		// "idea", "put", "thing" are no stop words and in no note.
		"do you have any idea where i put the thing about sourdough": "vague words no note holds",
	}
	out := map[string]string{
		"can you tell me what i wrote down about the lighthouse hybrid": "vague words no note holds, under min_score in the blend",
	}
	return bothModes(both, out)
}()

// typingOpen are the misses of testdata/search/typing.txt left open, by
// query and mode, with the reason: they are logged and counted, not
// failed.
var typingOpen = func() map[string]string {
	both := map[string]string{
		// The index stems "postgres" as "postgr": "postgress" is that
		// stem, unedited, and an ending the stemmer does not strip.
		"postgress": "typo: the stem is whole, the ending is not a suffix",
		// Their stems, "separ" and "certif", are under 6 letters.
		"seperate": "typo: a stem under search.MinRespellRunes", "certficate": "typo: a stem under search.MinRespellRunes",
		// The decoy's other word ("thing", "anything") is in one note of
		// this workspace, as rare as the target's word.
		"when is it due, the quokka thing?": "fixture: the decoy's word is as rare here",
		"is there anything about sharding?": "fixture: the decoy's word is as rare here",
	}
	out := map[string]string{
		// 8 of its 9 searched words are in no note: 0.335 in the blend.
		"Error: listen EADDRINUSE: address already in use :::3000 hybrid": "pasted error whose other words no note holds",
		// "5" alone, in few notes of this workspace, is a partial match.
		"5 GB keyword": "a number without its unit, a partial match",
	}
	return bothModes(both, out)
}()

// bothModes returns open, the misses left open keyed by query and mode,
// with each query of both keyed in keyword and hybrid mode.
func bothModes(both, open map[string]string) map[string]string {
	for q, why := range both {
		open[q+" keyword"], open[q+" hybrid"] = why, why
	}
	return open
}

// typingMiss returns why resp misses what case c, under dir, wants of
// its target, "" when it does not.
func typingMiss(c typingCase, dir string, resp *memweave.SearchResponse) string {
	target := dir + "t.md"
	rank := slices.IndexFunc(resp.Results, func(x memweave.Result) bool { return x.Path == target })
	got := fmt.Sprintf("rank %d of %v", rank+1, topPaths(resp.Results, 3))
	switch c.want {
	case "none":
		if len(resp.Results) > 0 {
			return got + ", want none"
		}
		return ""
	case "excl":
		if slices.ContainsFunc(resp.Results, func(x memweave.Result) bool { return x.Path == dir+"a.md" }) {
			return got + ", want no " + dir + "a.md"
		}
		if rank < 0 || rank >= 3 {
			return got + ", want top 3"
		}
	case "first":
		if rank != 0 {
			return got + ", want first"
		}
	default:
		if rank < 0 || rank >= 3 {
			return got + ", want top 3"
		}
	}
	if s := resp.Results[rank].Snippet; !strings.Contains(s, c.show) {
		return fmt.Sprintf("snippet %q, want it to show %q", s, c.show)
	}
	return ""
}

// checkTyped checks every result as [checkResults] does, and that a
// result matched by keyword shows in its snippet one of the words the
// keyword query searched, the query's or another spelling's (its first 4
// letters, folded, for an inflection the index stems).
func checkTyped(tb testing.TB, query string, rs []memweave.Result) {
	tb.Helper()
	checkResults(tb, query, rs)
	terms := search.QueryTerms(query) // and the words of every spelling searched
	for _, t := range strings.Split(search.KeywordQuery(query), " OR ") {
		terms = append(terms, strings.Fields(strings.Trim(t, `" *`))...)
	}
	for _, x := range rs {
		if x.TextScore == nil || *x.TextScore == 0 || len(terms) == 0 {
			continue
		}
		snip := tokenize.Fold(strings.ToLower(tokenize.Normalize(x.Snippet)))
		if !slices.ContainsFunc(terms, func(term string) bool {
			r := []rune(tokenize.Fold(term))
			// A clipped word's letters, a plural "s" aside ("deps" shows
			// "dependencies"); a typo of 4 letters or more: a search
			// respells words of 6 letters one edit away, and shorter ones
			// with two letters swapped or a doubled letter typed once or
			// twice.
			clip := r
			if len(r) >= 4 && r[len(r)-1] == 's' {
				clip = r[:len(r)-1]
			}
			return strings.Contains(snip, string(clip[:min(len(clip), 4)])) ||
				len(r) >= 4 && slices.ContainsFunc(tokenize.Words(snip), func(w string) bool { return typoOf(string(r), w) })
		}) {
			tb.Errorf("Search(%q) result %s snippet %q shows none of the words %q", query, loc(x), x.Snippet, terms)
		}
	}
}

// typoOf reports whether the typed word a is one edit from the word b,
// two from a word b of 8 letters or more, or the same once doubled
// letters are written once:
// a letter deleted, added or changed, or two adjacent letters swapped
// (a search respells such a typo as the index's word: see
// [search.Vocabulary]). It counts edits by the textbook table (optimal
// string alignment), not by search's own scan, so the check does not
// share a mistake with the code it checks.
func typoOf(a, b string) bool {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)] == 1 || len(y) >= 8 && d[len(x)][len(y)] == 2 || a != b && undoubled(a) == undoubled(b)
}

// undoubled returns w with each run of a letter written once: a typo
// of doubled letters ("tommorow", "reffered") may be two edits.
func undoubled(w string) string {
	var out []rune
	for _, r := range w {
		if len(out) == 0 || out[len(out)-1] != r {
			out = append(out, r)
		}
	}
	return string(out)
}

// TestTypingSnippetShowsSpelling searches long notes, each holding its
// phrase once past the first 700 characters, by a query that finds the
// phrase by another spelling of its words (a unit glued, a numeronym, an
// identifier's parts): the snippet must show the phrase, not the note's
// top.
func TestTypingSnippetShowsSpelling(t *testing.T) {
	cases := []struct{ phrase, query string }{
		{"quota of 5 GB", "5GB"},
		{"Localization files", "l10n"},
		{"read_all_bytes again", "readAllBytes"},
	}
	files := map[string]string{}
	for i, c := range cases {
		files[fmt.Sprintf("memory/s/%d.md", i)] = "# Note\n\n" + strings.Repeat(typingPad, 14) + "\n" + c.phrase + "\n"
	}

	_, w := openIndexed(t, files, memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")})
	for i, c := range cases {
		// MinScore(0): in a workspace this small a match by another
		// spelling alone stays under the default threshold (left open).
		resp := mustSearch(t, w, c.query, memweave.SearchMode(memweave.ModeKeyword), memweave.MinScore(0))
		k := slices.IndexFunc(resp.Results, func(x memweave.Result) bool { return x.Path == fmt.Sprintf("memory/s/%d.md", i) })
		if k < 0 {
			t.Errorf("Search(%q) = %v, want memory/s/%d.md", c.query, locs(resp.Results), i)
			continue
		}
		if s := resp.Results[k].Snippet; !strings.Contains(s, c.phrase) {
			t.Errorf("Search(%q) snippet = %q, want it to show %q", c.query, s, c.phrase)
		}
	}
}

package main

import (
	"maps"
	"slices"
	"testing"

	"github.com/memweave/memweave-go/tokenize"
)

// TestParaphraseSet checks the promise of the built-in paraphrase set with
// the real engine: in keyword mode (FTS5's Porter stemmer, the query's stop
// words dropped) no question finds its note, so only the embedder can.
func TestParaphraseSet(t *testing.T) {
	d, err := readParaphrase("")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Pairs) < 40 || len(d.Distractors) < 200 {
		t.Errorf("set has %d pairs and %d distractors, want at least 40 and 200", len(d.Pairs), len(d.Distractors))
	}
	domains := make(map[string]bool)
	for _, p := range d.Pairs {
		domains[p.Domain] = true
		if len(tokenize.Words(p.Question)) == 0 {
			t.Errorf("pair %s: question %q has no words", p.ID, p.Question)
		}
	}
	if len(domains) < 4 {
		t.Errorf("set has %d domains, want at least 4", len(domains))
	}
	r := bench(t, "--embedder", "none", "paraphrase", "--mode", "keyword", "--workers", "1")
	checkFields(t, r, map[string]any{
		"questions":           float64(len(d.Pairs)),
		"notes":               float64(len(d.Pairs) + len(d.Distractors)),
		"keyword_target_hits": 0.0,
		"top3":                0.0,
		"halves.tune.count":   float64((len(d.Pairs) + 1) / 2),
		"halves.check.count":  float64(len(d.Pairs) / 2),
	})
}

// TestMeaningSet checks testdata/meaning.json the same way, and its
// negatives: both halves hold both kinds (off-topic, chance overlap), and
// the report counts them per half.
func TestMeaningSet(t *testing.T) {
	const path = "testdata/meaning.json"
	d, err := readParaphrase(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Pairs) < 40 || len(d.Negatives) < 40 || len(d.Distractors) < 100 {
		t.Errorf("set has %d pairs, %d negatives and %d distractors, want at least 40, 40 and 100", len(d.Pairs), len(d.Negatives), len(d.Distractors))
	}
	kinds := map[string]map[string]int{}
	for i, n := range d.Negatives {
		h := paraphraseHalf(i)
		if kinds[h] == nil {
			kinds[h] = map[string]int{}
		}
		kinds[h][n.Kind]++
	}
	for _, h := range []string{"tune", "check"} {
		if kinds[h]["offtopic"] == 0 || kinds[h]["chance"] == 0 {
			t.Errorf("%s half negatives by kind = %v, want both off-topic and chance", h, kinds[h])
		}
	}
	keywordFindsNone(t, path, d, map[string]any{
		"at_threshold.threshold":       defaultThreshold,
		"negatives.halves.tune.count":  float64((len(d.Negatives) + 1) / 2),
		"negatives.halves.check.count": float64(len(d.Negatives) / 2),
	})
}

// keywordFindsNone runs the set at path, read as d, in keyword mode and
// checks that no question finds its note (the set's promise), that the
// report counts every question and note, and the fields of more.
func keywordFindsNone(t *testing.T, path string, d *paraphraseData, more map[string]any) {
	t.Helper()
	want := map[string]any{
		"questions":           float64(len(d.Pairs)),
		"notes":               float64(len(d.Pairs) + len(d.Distractors)),
		"keyword_target_hits": 0.0,
		"top3":                0.0,
	}
	maps.Copy(want, more)
	r := bench(t, "--embedder", "none", "paraphrase", "--data", path, "--mode", "keyword", "--workers", "1")
	checkFields(t, r, want)
}

// TestFamiliesSet checks testdata/families.json, a third set written
// after the partial-match discount was chosen, as a fresh judge of it: no
// question finds its note by keyword, and its negatives hold the three
// families (off-topic, a word or two shared by chance, a topical
// neighbour of some note).
func TestFamiliesSet(t *testing.T) {
	const path = "testdata/families.json"
	d, err := readParaphrase(path)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, n := range d.Negatives {
		kinds[n.Kind]++
	}
	for _, k := range []string{"offtopic", "chance", "neighbour"} {
		if kinds[k] < 8 {
			t.Errorf("negatives by kind = %v, want at least 8 %s", kinds, k)
		}
	}
	keywordFindsNone(t, path, d, nil)
}

// TestShapesSet checks testdata/shapes.json, a fourth set written before
// the round's code changes: no question finds its note by keyword, each
// family of pair shape and each kind of negative is in both halves, and
// the report counts the halves.
func TestShapesSet(t *testing.T) {
	checkFamilySet(t, "testdata/shapes.json",
		[]string{"short", "long", "log", "list"},
		[]string{"offtopic", "chance1", "chance2", "neighbour"})
}

// TestMemfilesSet checks testdata/memfiles.json, a fifth set whose notes
// look like an agent's memory files, written before any scoring on it:
// the same promises as TestShapesSet, over its own families and kinds,
// and its size.
func TestMemfilesSet(t *testing.T) {
	const path = "testdata/memfiles.json"
	d := checkFamilySet(t, path,
		[]string{"section", "log", "prose", "fact"},
		[]string{"offtopic", "chance", "absent"})
	if len(d.Pairs) < 32 || len(d.Negatives) < 32 || len(d.Distractors) < 60 {
		t.Errorf("%s has %d pairs, %d negatives and %d distractors, want at least 32, 32 and 60", path, len(d.Pairs), len(d.Negatives), len(d.Distractors))
	}
}

// TestSensesSet checks testdata/senses.json, a sixth set written in the
// thirteenth round before any scoring on it, large enough that one
// question moves a half's ratio by at most 0.025: the promises of
// TestShapesSet over its families (synonym, hypernym, use, loanword) and
// kinds (chance, topical), at least 40 pairs and 24 negatives per half.
func TestSensesSet(t *testing.T) {
	const path = "testdata/senses.json"
	d := checkFamilySet(t, path,
		[]string{"synonym", "hypernym", "use", "loanword"},
		[]string{"chance", "topical"})
	if len(d.Pairs) < 80 || len(d.Negatives) < 48 || len(d.Distractors) < 100 {
		t.Errorf("%s has %d pairs, %d negatives and %d distractors, want at least 80, 48 and 100", path, len(d.Pairs), len(d.Negatives), len(d.Distractors))
	}
}

// checkFamilySet reads the set at path and checks that each pair family
// (the domain field) of families and each negative kind of kinds holds at
// least 4 questions in each half, that no question finds its note by
// keyword, and that the report counts the negatives of each half. It
// returns the set.
func checkFamilySet(t *testing.T, path string, families, kinds []string) *paraphraseData {
	t.Helper()
	d, err := readParaphrase(path)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for i, p := range d.Pairs {
		count[paraphraseHalf(i)+" "+p.Domain]++
	}
	for i, n := range d.Negatives {
		count[paraphraseHalf(i)+" "+n.Kind]++
	}
	for _, h := range []string{"tune", "check"} {
		for _, k := range append(slices.Clone(families), kinds...) {
			if count[h+" "+k] < 4 {
				t.Errorf("%s: %s half holds %d of %s, want at least 4 (all: %v)", path, h, count[h+" "+k], k, count)
			}
		}
	}
	keywordFindsNone(t, path, d, map[string]any{
		"negatives.halves.tune.count":  float64((len(d.Negatives) + 1) / 2),
		"negatives.halves.check.count": float64(len(d.Negatives) / 2),
	})
	return d
}

// TestRanksSet checks testdata/ranks.json, a seventh set written in the
// fifteenth round before any scoring on it, for the ranking of a word-free
// answer against a distractor sharing a word or two of the question: the
// promises of TestShapesSet over its families (homonym, frame,
// figurative, twoword) and kinds (oneword, twoword), at least 32 pairs
// and 24 negatives per half, and one written distractor per pair.
func TestRanksSet(t *testing.T) {
	const path = "testdata/ranks.json"
	d := checkFamilySet(t, path,
		[]string{"homonym", "frame", "figurative", "twoword"},
		[]string{"oneword", "twoword"})
	if len(d.Pairs) < 64 || len(d.Negatives) < 48 || len(d.Distractors) < len(d.Pairs)+40 {
		t.Errorf("%s has %d pairs, %d negatives and %d distractors, want at least 64, 48 and %d", path, len(d.Pairs), len(d.Negatives), len(d.Distractors), len(d.Pairs)+40)
	}
}

// TestBlindSet checks testdata/blind.json, an eighth set written at stop
// 65 by a writer who saw no score on it and ran no embedder, bench or
// search on it, as a blind judge of the search threshold: the promises of
// TestShapesSet over its families (mine, howto, work, people) and kinds
// (offtopic, chance, neighbour, absent), at least 64 pairs, 64 negatives
// and 200 distractors.
func TestBlindSet(t *testing.T) {
	const path = "testdata/blind.json"
	d := checkFamilySet(t, path,
		[]string{"mine", "howto", "work", "people"},
		[]string{"offtopic", "chance", "neighbour", "absent"})
	if len(d.Pairs) < 64 || len(d.Negatives) < 64 || len(d.Distractors) < 200 {
		t.Errorf("%s has %d pairs, %d negatives and %d distractors, want at least 64, 64 and 200", path, len(d.Pairs), len(d.Negatives), len(d.Distractors))
	}
}

// TestHashnegSet checks that testdata/hashneg.json reads, and that every
// domain of its pairs and kind of its negatives is asked in both halves,
// so that the check half judges each family the tune half saw.
func TestHashnegSet(t *testing.T) {
	const path = "testdata/hashneg.json"
	d, err := readParaphrase(path)
	if err != nil {
		t.Fatal(err)
	}
	halves := map[string]map[string]bool{}
	add := func(group string, i int) {
		if halves[group] == nil {
			halves[group] = map[string]bool{}
		}
		halves[group][paraphraseHalf(i)] = true
	}
	for i, p := range d.Pairs {
		add("domain "+p.Domain, i)
	}
	for i, n := range d.Negatives {
		add("kind "+n.Kind, i)
	}
	for g, h := range halves {
		if !h["tune"] || !h["check"] {
			t.Errorf("%s: %s is asked only in %v", path, g, slices.Collect(maps.Keys(h)))
		}
	}
	if len(halves) < 9 || len(d.Distractors) < 2000 {
		t.Errorf("%s: %d families and %d distractors, want 9 and at least 2000", path, len(halves), len(d.Distractors))
	}
}

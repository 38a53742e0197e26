package curate

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/tokenize"
)

// para is a 25-word paragraph with one slot, for one-fact variants.
const para = "The billing export job runs %s and writes the invoices to the finance bucket, where the accountants check totals against the bank statements."

func TestDiffers(t *testing.T) {
	base := fmt.Sprintf(para, "every night at two")
	tests := []struct {
		b    string
		want bool
	}{
		{base, false},
		{strings.ToUpper(base[:1]) + base[1:] + "  ", false},
		{fmt.Sprintf(para, "every night at three"), true},             // number word
		{fmt.Sprintf(para, "every night at 2"), true},                 // digit
		{fmt.Sprintf(para, "every Sunday night at two"), true},        // weekday
		{fmt.Sprintf(para, "every night at two in Frankfurt"), true},  // name
		{fmt.Sprintf(para, "not every night at two"), true},           // negation
		{fmt.Sprintf(para, "only every night at two"), true},          // quantity word
		{fmt.Sprintf(para, "every **night** at two"), false},          // markup
		{strings.Replace(base, "the invoices", "invoices", 1), false}, // stop word
	}
	for _, tt := range tests {
		_, got := Differs(base, tt.b)
		if got != tt.want {
			t.Errorf("Differs(%q, %q) = %v, want %v", base, tt.b, got, tt.want)
		}
	}
}

// The chain of 8 notes, each one word from the next: with a value in
// the word that changes, no pair is grouped; with only a stop word
// added at each step, no group holds a copy below the threshold to its
// kept copy, whatever the neighbours.
func TestGroupsChain(t *testing.T) {
	day := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	chain := func(step func(i int) string) ([]Passage, []Copy) {
		var ps []Passage
		var cs []Copy
		for i := range 8 {
			f := fmt.Sprintf("memory/note-%d.md", i)
			ps = append(ps, Passage{File: f, Text: step(i)})
			cs = append(cs, Copy{Date: day.AddDate(0, 0, i), File: f})
		}
		return ps, cs
	}
	ps, cs := chain(func(i int) string { return fmt.Sprintf(para, fmt.Sprintf("every night at %d", i+1)) })
	pairs, _ := Pairs(ps, 0.5)
	if gs := Groups(ps, cs, pairs); len(gs) != 0 {
		t.Errorf("Groups of a chain of values = %+v, want none", gs)
	}

	words := strings.Fields("truly really quite very also just simply")
	ps, cs = chain(func(i int) string { return fmt.Sprintf(para, strings.Join(words[:7-i], " ")) })
	for _, th := range []float64{0.8, 0.9} {
		pairs, _ = Pairs(ps, th)
		gs := Groups(ps, cs, pairs)
		for _, g := range gs {
			for _, d := range g.Drop {
				if sim := tokenize.Jaccard(tokenize.SetOf(ps[g.Keep].Text), tokenize.SetOf(ps[d.Index].Text)); sim < th || sim != d.Similarity {
					t.Errorf("threshold %v: %s dropped for %s at similarity %v (reported %v)", th, ps[d.Index].File, ps[g.Keep].File, sim, d.Similarity)
				}
			}
		}
		checkGroups(t, ps, cs, pairs, gs, th)
	}
}

func TestPrefer(t *testing.T) {
	d1 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	d2 := d1.AddDate(0, 0, 1)
	if Prefer(Copy{Date: d2, File: "a"}, Copy{Date: d1, File: "b"}) >= 0 {
		t.Error("Prefer did not put the newer copy first")
	}
	if Prefer(Copy{Date: d1, File: "memory/2026-01-02.md"}, Copy{Date: d1, File: "memory/2026-01-01.md"}) >= 0 {
		t.Error("Prefer did not put the later name first on equal dates")
	}
}

func TestGroupID(t *testing.T) {
	k := Ref{"memory/a.md", Hash("x")}
	d := []Ref{{"memory/b.md", Hash("y")}, {"memory/c.md", Hash("y")}}
	id := GroupID(k, d)
	if got := GroupID(k, []Ref{d[1], d[0]}); got != id || len(id) != 12 {
		t.Errorf("GroupID = %q and %q, want one 12-digit id whatever the order", id, got)
	}
	if GroupID(Ref{"memory/a.md", Hash("x ")}, d) == id || GroupID(d[0], []Ref{k, d[1]}) == id {
		t.Error("GroupID did not change with the content or the kept copy")
	}
}

// checkGroups checks the invariants of Groups.
func checkGroups(t *testing.T, ps []Passage, cs []Copy, pairs []Pair, gs []Group, threshold float64) {
	t.Helper()
	paired := map[[2]int]float64{}
	for _, p := range pairs {
		if p.A >= p.B || ps[p.A].File == ps[p.B].File || p.Similarity < threshold {
			t.Fatalf("bad pair %+v", p)
		}
		paired[[2]int{p.A, p.B}] = p.Similarity
	}
	seen := map[int]bool{}
	for _, g := range gs {
		if seen[g.Keep] || len(g.Drop) == 0 {
			t.Fatalf("group %+v: kept copy in two groups, or nothing dropped", g)
		}
		seen[g.Keep] = true
		files := map[string]bool{ps[g.Keep].File: true}
		for _, d := range g.Drop {
			a, b := min(g.Keep, d.Index), max(g.Keep, d.Index)
			sim, ok := paired[[2]int{a, b}]
			switch {
			case seen[d.Index]:
				t.Fatalf("group %+v: %d in two groups", g, d.Index)
			case !ok || sim != d.Similarity:
				t.Fatalf("group %+v: %d is not paired with the kept copy", g, d.Index)
			case files[ps[d.Index].File]:
				t.Fatalf("group %+v: two copies of file %s", g, ps[d.Index].File)
			case Prefer(cs[g.Keep], cs[d.Index]) > 0:
				t.Fatalf("group %+v: dropped %d is preferred to the kept copy", g, d.Index)
			case len(Loses(ps[g.Keep].Text, ps[d.Index].Text)) > 0:
				t.Fatalf("group %+v: dropping %d loses words", g, d.Index)
			}
			if _, ok := Differs(ps[g.Keep].Text, ps[d.Index].Text); ok {
				t.Fatalf("group %+v: %d differs in a value", g, d.Index)
			}
			seen[d.Index] = true
			files[ps[d.Index].File] = true
		}
	}
}

// fuzzWords is the vocabulary of the fuzz targets: plain words, stop
// words, values and names, so that every rule is reached.
var fuzzWords = strings.Fields("deploy staging release branch noon the a of not never 3 five Tuesday BigQuery redis enabled disabled only cache backup nightly team Carol also")

// FuzzGroups checks the invariants of Pairs and Groups on passages made
// of fuzzWords: pairs are of different files and at least the threshold
// similar; a passage is in one group at most; every dropped copy is
// paired with the kept one, in another file, no more preferred, loses no
// content word and differs in no value; the result does not depend on
// the order of the input.
func FuzzGroups(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 255, 0, 1, 2, 3, 4, 21, 255, 0, 1, 2, 3, 4}, uint8(200))
	f.Add([]byte{5, 6, 7, 8, 255, 5, 6, 7, 8, 9, 255, 5, 6, 7, 8, 10}, uint8(128))
	f.Fuzz(func(t *testing.T, data []byte, th uint8) {
		threshold := 0.3 + 0.7*float64(th)/255
		var ps []Passage
		var cs []Copy
		var cur []string
		day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		flush := func() {
			i := len(ps)
			f := fmt.Sprintf("memory/%d.md", i%5)
			ps = append(ps, Passage{File: f, Text: strings.Join(cur, " ")})
			cs = append(cs, Copy{Date: day.AddDate(0, 0, (i*7)%4), File: f, Line: i})
			cur = nil
		}
		for _, b := range data {
			if b == 255 {
				flush()
				if len(ps) == 12 {
					break
				}
				continue
			}
			cur = append(cur, fuzzWords[int(b)%len(fuzzWords)])
		}
		if len(ps) < 12 {
			flush()
		}
		pairs, held := Pairs(ps, threshold)
		for _, h := range held {
			if h.Reason == "" || h.Similarity < threshold {
				t.Fatalf("bad held pair %+v", h)
			}
		}
		gs := Groups(ps, cs, pairs)
		checkGroups(t, ps, cs, pairs, gs, threshold)

		// The same passages in reverse give the same groups.
		n := len(ps)
		rps, rcs := slices.Clone(ps), slices.Clone(cs)
		slices.Reverse(rps)
		slices.Reverse(rcs)
		rpairs, _ := Pairs(rps, threshold)
		rgs := Groups(rps, rcs, rpairs)
		for i := range rgs {
			rgs[i].Keep = n - 1 - rgs[i].Keep
			for j := range rgs[i].Drop {
				rgs[i].Drop[j].Index = n - 1 - rgs[i].Drop[j].Index
			}
			slices.SortFunc(rgs[i].Drop, func(x, y Member) int { return x.Index - y.Index })
		}
		if !reflect.DeepEqual(gs, rgs) {
			t.Fatalf("Groups depends on the input order:\n%+v\n%+v", gs, rgs)
		}
	})
}

// FuzzDiffers checks that Differs and Diff are symmetric, that a text
// never differs from itself or from itself re-cased and re-spaced, and
// that adding a number always makes a difference.
func FuzzDiffers(f *testing.F) {
	f.Add("The deploy runs at noon.", "The deploy runs at 3.")
	f.Add("We use BigQuery", "We do not use BigQuery")
	f.Add("", "x")
	f.Fuzz(func(t *testing.T, a, b string) {
		ra, oka := Differs(a, b)
		rb, okb := Differs(b, a)
		if oka != okb {
			t.Fatalf("Differs(%q, %q) = %q %v, but the other way %q %v", a, b, ra, oka, rb, okb)
		}
		if r, ok := Differs(a, a); ok {
			t.Fatalf("Differs(%q, itself) = %q", a, r)
		}
		if r, ok := Differs(a, strings.Join(strings.Fields(a), "\n ")); ok {
			t.Fatalf("Differs(%q, re-spaced) = %q", a, r)
		}
		if _, ok := Differs(a, a+" 1234567"); !ok && !strings.Contains(a, "1234567") {
			t.Fatalf("Differs(%q, with a number added) = false", a)
		}
		x, y := Diff(a, b)
		y2, x2 := Diff(b, a)
		if !slices.Equal(x, x2) || !slices.Equal(y, y2) {
			t.Fatalf("Diff(%q, %q) is not symmetric", a, b)
		}
		for _, w := range x {
			if slices.Contains(y, w) {
				t.Fatalf("Diff(%q, %q): %q on both sides", a, b, w)
			}
		}
	})
}

// TestUnder: the outer headings of a passage are its heading path less
// its own heading, when its text opens with one; a tag ("#ops") or a
// run of seven "#" is no heading.
func TestUnder(t *testing.T) {
	path := []string{"Staging", "Database"}
	for _, c := range []struct {
		text string
		want int
	}{
		{"## Database\n\nThe reporting database runs PostgreSQL 15.", 1},
		{"##\tDatabase", 1},
		{"#", 1},
		{"#ops The reporting database runs PostgreSQL 15.", 2},
		{"####### not a heading", 2},
		{"The reporting database runs PostgreSQL 15.", 2},
	} {
		if got := Under(path, c.text); len(got) != c.want {
			t.Errorf("Under(%q, %q) = %q, want the first %d", path, c.text, got, c.want)
		}
	}
}

package curate

import (
	"cmp"
	"fmt"
	"maps"
	"strings"
	"testing"
	"time"
)

// TestPairsFindsCopiesOfCommonWords: a paragraph pasted into 1,000
// dated logs (in groups of at least 65: the newest copy and the 64
// next in the order compared), and 20 pairs of paragraphs whose every word is in more
// than 64 passages, are grouped, each group of copies of one text, and
// the pairs compared stay within 64 per passage. Before, a token held
// by more than 64 passages filed nothing and none of them was paired.
func TestPairsFindsCopiesOfCommonWords(t *testing.T) {
	ps := commonPassages(1000)
	copies := make([]Copy, len(ps))
	for i, p := range ps {
		copies[i] = Copy{File: p.File}
	}
	pairs, held := Pairs(ps, 0)
	if n := len(pairs) + len(held); n > maxPostings*len(ps) {
		t.Errorf("Pairs compared %d pairs of %d passages, want at most %d", n, len(ps), maxPostings*len(ps))
	}
	kept, dropped := map[string]int{}, map[string]int{}
	for _, g := range Groups(ps, copies, pairs) {
		kept[ps[g.Keep].Text]++
		for _, d := range g.Drop {
			if ps[d.Index].Text != ps[g.Keep].Text {
				t.Fatalf("group of %s drops %q, want copies of %q", ps[g.Keep].File, ps[d.Index].Text, ps[g.Keep].Text)
			}
			dropped[ps[d.Index].Text]++
		}
	}
	boiler := ps[1].Text
	if got := kept[boiler] + dropped[boiler]; got != 1000 || kept[boiler] > 1000/maxPostings+1 {
		t.Errorf("the paragraph in 1,000 logs: %d groups, %d copies dropped; want every copy in one of at most %d groups", kept[boiler], dropped[boiler], 1000/maxPostings+1)
	}
	delete(kept, boiler)
	if n := len(kept); n != 20 {
		t.Errorf("%d of the 20 pairs of common words grouped", n)
	}
}

// TestPairsPreferringGroupsAPasteOnce: the paragraph pasted into 72,
// 222 and 1,111 dated logs (65, 200 and 1,000 copies under one
// heading) comes back as one group around the newest
// copy when the pairs are listed around the copy Groups keeps
// (PairsPreferring), not one group per 65 copies as Pairs lists them;
// the copies under another heading in every tenth log are a group of
// their own, never mixed with the others; and the pairs compared stay
// within 64 per passage.
func TestPairsPreferringGroupsAPasteOnce(t *testing.T) {
	for _, n := range []int{72, 222, 1111} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			ps := commonPassages(n)
			boiler := ps[1].Text
			copies := make([]Copy, len(ps))
			day := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
			want := map[string]int{}
			for i := range ps {
				d, _ := time.Parse(time.DateOnly, strings.TrimSuffix(strings.TrimPrefix(ps[i].File, "memory/"), ".md"))
				copies[i] = Copy{Date: d, File: ps[i].File}
				if ps[i].Text != boiler {
					continue
				}
				if d.Sub(day)/(24*time.Hour)%10 == 9 {
					ps[i].Under = []string{"Escalation"}
				}
				want[ps[i].Under[0]]++
			}
			prefer := func(a, b int) int { return cmp.Or(Prefer(copies[a], copies[b]), cmp.Compare(a, b)) }
			pairs, held := PairsPreferring(ps, 0, prefer)
			if c := len(pairs) + len(held); c > maxPostings*len(ps) {
				t.Errorf("PairsPreferring compared %d pairs of %d passages, want at most %d", c, len(ps), maxPostings*len(ps))
			}
			got := map[string]int{}
			for _, g := range Groups(ps, copies, pairs) {
				if ps[g.Keep].Text != boiler {
					continue
				}
				under := ps[g.Keep].Under[0]
				if got[under] > 0 {
					t.Errorf("a second group of the paragraph under %s, kept in %s", under, ps[g.Keep].File)
				}
				for _, d := range g.Drop {
					if ps[d.Index].Text != boiler || ps[d.Index].Under[0] != under {
						t.Fatalf("group of %s (%s) drops %q under %v", ps[g.Keep].File, under, ps[d.Index].Text, ps[d.Index].Under)
					}
				}
				got[under] += len(g.Drop) + 1
			}
			if !maps.Equal(got, want) {
				t.Errorf("copies grouped by heading = %v, want %v, each in one group", got, want)
			}
		})
	}
}

package curate

import "testing"

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

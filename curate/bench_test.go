package curate

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// benchPassages returns n passages of 30 words from a vocabulary of
// 5,000 with a fixed seed; one in ten is the passage before it with one
// word changed (held back) and one in ten with one word added (grouped).
func benchPassages(n int) []Passage {
	r := rand.New(rand.NewPCG(1, 2))
	vocab := make([]string, 5000)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("w%d", i)
	}
	ps := make([]Passage, n)
	for i := range ps {
		if i > 0 && i%5 == 0 {
			ws := strings.Fields(ps[i-1].Text)
			if i%10 == 0 {
				ws[r.IntN(len(ws))] = vocab[r.IntN(len(vocab))]
			} else {
				ws = append(ws, "also")
			}
			ps[i] = Passage{File: fmt.Sprintf("memory/%d.md", i), Text: strings.Join(ws, " ")}
			continue
		}
		ws := make([]string, 30)
		for j := range ws {
			ws[j] = vocab[r.IntN(len(vocab))]
		}
		ps[i] = Passage{File: fmt.Sprintf("memory/%d.md", i), Text: strings.Join(ws, " ")}
	}
	return ps
}

func BenchmarkPairsGroups(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("passages=%d", n), func(b *testing.B) {
			ps := benchPassages(n)
			copies := make([]Copy, n)
			for i := range copies {
				copies[i] = Copy{Date: time.Unix(int64(i), 0), File: ps[i].File}
			}
			b.ReportAllocs()
			b.ResetTimer()
			groups := 0
			for b.Loop() {
				pairs, _ := Pairs(ps, 0)
				groups = len(Groups(ps, copies, pairs))
			}
			b.ReportMetric(float64(groups), "groups")
		})
	}
}

// BenchmarkStandingChanged reads two notes' front matters as
// consolidate's listing does for each similar pair (docs/curation.md
// gives the figure against the listing's time on 2,000 notes).
func BenchmarkStandingChanged(b *testing.B) {
	note := func(status string) []byte {
		return []byte("---\ntitle: daily log\nstatus: " + status + "\nowner: team3\ntags: [log, db]\nsummary: " + strings.Repeat("x", 200) + "\n---\n\nThe database runs PostgreSQL 16.\n")
	}
	a, c := note("active"), note("current")
	b.ReportAllocs()
	for b.Loop() {
		if StandingChanged(a, c) == "" {
			b.Fatal("StandingChanged = \"\", want status")
		}
	}
}

// commonPassages returns the passages of n dated logs whose words are
// all common in the workspace: in each, a paragraph of 30 words drawn
// from 40 common ones and 4,000 rare ones, and the same boilerplate
// paragraph; in the first 40, one of 20 paragraphs of common words
// only, each in two logs. No token of the boilerplate or of those 20
// pairs is in 64 passages or fewer.
func commonPassages(n int) []Passage {
	r := rand.New(rand.NewPCG(3, 4))
	common := strings.Fields("deploy service team staging database backup runs every night check logs alert owner review release config cluster worker queue report weekly monthly client invoice ticket support access account update restart metrics dashboard storage network server build pipeline test policy schedule")
	words := func(k int, rare bool) string {
		ws := make([]string, k)
		for j := range ws {
			ws[j] = common[r.IntN(len(common))]
			if rare && r.IntN(10) < 4 {
				ws[j] = fmt.Sprintf("w%d", r.IntN(4000))
			}
		}
		return strings.Join(ws, " ") + "."
	}
	shared := make([]string, 20)
	for i := range shared {
		shared[i] = words(18, false)
	}
	var ps []Passage
	for i := range n {
		file := fmt.Sprintf("memory/%s.md", time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i).Format(time.DateOnly))
		ps = append(ps, Passage{File: file, Text: words(30, true)},
			Passage{File: file, Text: "Ask the platform on-call in the ops channel before changing anything in this area.", Under: []string{"Contacts"}})
		if i < 40 {
			ps = append(ps, Passage{File: file, Text: shared[i/2], Under: []string{"Shared"}})
		}
	}
	return ps
}

// BenchmarkPairsCommonWords lists the groups of commonPassages as
// consolidate does (PairsPreferring around the newest copy): the
// boilerplate in every log, in one group, and the 20 pairs are found
// however many logs there are (docs/curation.md gives the figures).
func BenchmarkPairsCommonWords(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		b.Run(fmt.Sprintf("logs=%d", n), func(b *testing.B) {
			ps := commonPassages(n)
			copies := make([]Copy, len(ps))
			for i, p := range ps {
				d, _ := time.Parse(time.DateOnly, strings.TrimSuffix(strings.TrimPrefix(p.File, "memory/"), ".md"))
				copies[i] = Copy{Date: d, File: p.File}
			}
			prefer := func(a, c int) int { return cmp.Or(Prefer(copies[a], copies[c]), cmp.Compare(a, c)) }
			b.ReportAllocs()
			groups, dropped := 0, 0
			for b.Loop() {
				pairs, _ := PairsPreferring(ps, 0, prefer)
				gs := Groups(ps, copies, pairs)
				groups, dropped = len(gs), 0
				for _, g := range gs {
					dropped += len(g.Drop)
				}
			}
			b.ReportMetric(float64(groups), "groups")
			b.ReportMetric(float64(dropped), "dropped")
		})
	}
}

package curate

import (
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

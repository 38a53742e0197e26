package search

import "fmt"

// Index sizes, in chunks, between which the coverage floor of a keyword
// match fades from full to none: BM25's IDF is degenerate in a handful of
// documents and meaningful in a few dozen.
const (
	smallIndexFull = 8
	smallIndexNone = 32
)

// smallIndexWeight is the weight of the coverage floor for an index of n
// chunks: 1 up to smallIndexFull, 0 from smallIndexNone, linear between.
func smallIndexWeight(n int) float64 {
	switch {
	case n <= smallIndexFull:
		return 1
	case n >= smallIndexNone:
		return 0
	}
	return float64(smallIndexNone-n) / float64(smallIndexNone-smallIndexFull)
}

// keywordFloors sets each keyword candidate's KeywordFloor in a tiny
// index. There BM25 cannot weigh terms (a term in every document gets an
// inverse document frequency of about 0), so an exact match would score
// near 0: a keyword match is scored at least 0.9 times the fraction of
// query terms it contains plus 0.1 times its bm25() relative to the best
// keyword hit (BM25's order stays informative where its values are not),
// fading out as the index grows.
func (h *Hybrid) keywordFloors(query string, cands []Candidate, chunks map[int64]Chunk, count func() (int, error)) error {
	best := 0.0
	found := false
	for _, c := range cands {
		if c.BM25 != nil {
			best, found = min(best, *c.BM25), true
		}
	}
	if !found {
		return nil
	}
	n, err := count()
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	weight := smallIndexWeight(n)
	if weight == 0 {
		return nil
	}
	terms := QueryTerms(query)
	for i := range cands {
		c := &cands[i]
		ch, ok := chunks[c.ChunkID]
		if c.BM25 == nil || !ok {
			continue
		}
		rel := 0.0
		if best < 0 {
			rel = *c.BM25 / best
		}
		c.KeywordFloor = weight * (0.9*Coverage(ch.Text, terms) + 0.1*rel)
	}
	return nil
}

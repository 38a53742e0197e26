package search

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memweave/memweave-go/store"
)

// minExcludedRunes is the shortest word a leading minus excludes: "-la"
// in "ls -la" and "-rf" are flags, typed as code.
const minExcludedRunes = 3

// splitExclusions returns the words of q that a leading minus excludes,
// "-standup" in "meeting -standup", and q without them. A minus excludes
// the word it starts when it opens q or follows a space, the word is
// letters alone (a minus before a number, "-1", a hyphenated word,
// "-foo-bar", a double dash, "--amend", stay text) and is not a flag
// typed as code: a word of fewer than [minExcludedRunes] letters, or of
// ASCII letters without a vowel ("-xzf"). A query whose words are all
// excluded excludes none: its words are searched as text.
func splitExclusions(q string) (rest string, excluded []string) {
	if !strings.Contains(q, "-") {
		return q, nil
	}
	fields := strings.Fields(q)
	kept := fields[:0:0]
	for _, f := range fields {
		if w, ok := excludedWord(f); ok {
			excluded = append(excluded, w)
			continue
		}
		kept = append(kept, f)
	}
	rest = strings.Join(kept, " ")
	if len(excluded) == 0 || KeywordQuery(rest) == "" {
		return q, nil
	}
	return rest, excluded
}

// excludedCount is the number of words q excludes ([splitExclusions]).
func excludedCount(q string) int {
	_, excluded := splitExclusions(q)
	return len(excluded)
}

// excludedWord returns the word a field of a query excludes, "standup"
// for "-standup" (trailing punctuation aside), and whether it excludes
// one (see [splitExclusions]).
func excludedWord(f string) (string, bool) {
	w, ok := strings.CutPrefix(f, "-")
	w = strings.TrimRightFunc(w, unicode.IsPunct)
	if !ok || utf8.RuneCountInString(w) < minExcludedRunes || strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) {
		return "", false
	}
	ascii := !strings.ContainsFunc(w, func(r rune) bool { return r >= utf8.RuneSelf })
	if ascii && !strings.ContainsAny(strings.ToLower(w), "aeiouy") {
		return "", false // a cluster of flags, "-xzf"
	}
	return w, true
}

// exclude drops from cands every chunk of a note (a file) holding one of
// the excluded words anywhere, as the keyword index matches them (stems
// alike: "-approved" excludes "approve"), chunks holding the candidates'
// chunks. A search without excluded words returns cands as they are.
func (h *Hybrid) exclude(ctx context.Context, f store.Filter, excluded []string, cands []Candidate, chunks map[int64]store.Chunk, count func() (int, error)) ([]Candidate, error) {
	if len(excluded) == 0 || len(cands) == 0 {
		return cands, nil
	}
	var paths []string
	for _, c := range cands {
		if ch, ok := chunks[c.ChunkID]; ok && !slices.Contains(paths, ch.Path) {
			paths = append(paths, ch.Path)
		}
	}
	terms := make([]string, len(excluded))
	for i, w := range excluded {
		terms[i] = quote(w)
	}
	n, err := count()
	if err != nil {
		return nil, fmt.Errorf("search: exclude %q: %w", excluded, err)
	}
	hits, err := h.Keyword.Keyword(ctx, strings.Join(terms, " OR "), max(n, 1), store.Filter{Sources: f.Sources, Paths: paths})
	if err != nil {
		return nil, fmt.Errorf("search: exclude %q: %w", excluded, err)
	}
	if len(hits) == 0 {
		return cands, nil
	}
	holding, err := h.Keyword.Chunks(ctx, hitIDs(hits))
	if err != nil {
		return nil, fmt.Errorf("search: exclude %q: %w", excluded, err)
	}
	out := make(map[string]bool, len(holding))
	for _, ch := range holding {
		out[ch.Path] = true
	}
	return slices.DeleteFunc(cands, func(c Candidate) bool { return out[chunks[c.ChunkID].Path] }), nil
}

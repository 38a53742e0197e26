package memweave

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/tokenize"
	"github.com/memweave/memweave-go/workspace"
)

// The bounds of [Weave.Consolidate].
const (
	// DuplicateJaccard is the token-set Jaccard similarity
	// ([tokenize.Jaccard]) from which two passages are near-duplicates.
	DuplicateJaccard = 0.9
	// duplicateMinTokens is the fewest distinct tokens a passage needs to
	// be compared: a bare heading or a one-word line is not a note.
	duplicateMinTokens = 4
	// duplicateRareTokens is how many of its rarest tokens each passage
	// is filed under; two passages are compared only when they share one.
	duplicateRareTokens = 3
	// duplicateMaxPostings is the document frequency above which a token
	// files nothing: every passage under it would be compared with every
	// other.
	duplicateMaxPostings = 64
)

// Passage is a passage of a note, as [Weave.Consolidate] reports it.
type Passage struct {
	Path      string `json:"path"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	Text      string `json:"text"`
}

// DuplicateGroup is a set of near-duplicate passages in different files:
// the one kept and the others.
type DuplicateGroup struct {
	Keep       Passage   `json:"keep"`
	Duplicates []Passage `json:"duplicates"`
	// Similarity is the lowest Jaccard similarity of a duplicate to the
	// passage kept.
	Similarity float64 `json:"similarity"`
}

// ConsolidateResult is what [Weave.Consolidate] found and did.
type ConsolidateResult struct {
	// Groups are ordered by the kept passage's path and line. Never nil.
	Groups []DuplicateGroup `json:"groups"`
	// Applied is whether the duplicates were removed.
	Applied bool `json:"applied"`
	// Edited and Deleted are the files changed by applying: those that
	// lost lines, and those left with nothing else, which are deleted.
	// Never nil.
	Edited  []string `json:"edited"`
	Deleted []string `json:"deleted"`
	// Warnings are about files the refresh before the search could not
	// index. Never nil.
	Warnings []Warning `json:"warnings"`
}

// Consolidate lists groups of near-duplicate passages across files: the
// indexed chunks of different files whose token sets ([tokenize.SetOf])
// have a Jaccard similarity of at least [DuplicateJaccard] (0.9), chunks
// of fewer than 4 distinct tokens left out. Within a group the passage
// kept is the most important one (front matter importance), then the
// newest (a dated file's date, else its modification time), then the
// first by path.
//
// The work is bounded: each chunk is filed under its 3 rarest tokens
// (tokens in over 64 chunks file nothing), and only chunks filed under a
// common token are compared, so duplicates that share none of their rare
// words are not found.
//
// With apply, the duplicates' lines are removed from their files (lines
// another chunk of the file still covers are kept, and a blank line left
// doubled is dropped), each file edited atomically under the workspace's
// write lock after checking it still holds the passage as indexed; a
// file left with nothing but blank lines and front matter is deleted.
// The workspace is then re-indexed. Without apply, nothing is changed.
func (w *Weave) Consolidate(ctx context.Context, apply bool) (*ConsolidateResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	res := &ConsolidateResult{Edited: []string{}, Deleted: []string{}, Warnings: []Warning{}}
	if !w.cfg.NoSyncOnSearch {
		res.Warnings = append(res.Warnings, w.refresh(ctx)...)
	}
	groups, err := w.duplicates(ctx)
	if err != nil {
		return nil, fmt.Errorf("memweave: consolidate: %w", err)
	}
	res.Groups = groups
	if res.Groups == nil {
		res.Groups = []DuplicateGroup{}
	}
	if !apply || len(groups) == 0 {
		return res, nil
	}
	res.Applied = true
	drop := map[string][]Passage{}
	for _, g := range groups {
		for _, d := range g.Duplicates {
			drop[d.Path] = append(drop[d.Path], d)
		}
	}
	var errs []error
	for _, path := range slices.Sorted(mapKeys(drop)) {
		deleted, err := w.removePassages(ctx, path, drop[path])
		switch {
		case err != nil:
			errs = append(errs, err)
		case deleted:
			res.Deleted = append(res.Deleted, path)
		default:
			res.Edited = append(res.Edited, path)
		}
	}
	if ir, err := w.Index(ctx); err != nil {
		errs = append(errs, err)
	} else {
		res.Warnings = append(res.Warnings, ir.Warnings...)
	}
	if err := errors.Join(errs...); err != nil {
		return res, fmt.Errorf("memweave: consolidate: %w", err)
	}
	return res, nil
}

// dupChunk is a chunk [Weave.Consolidate] compares, with its word set.
type dupChunk struct {
	c   index.StoredChunk
	set tokenize.Set
}

// duplicates finds the groups of [Weave.Consolidate].
func (w *Weave) duplicates(ctx context.Context) ([]DuplicateGroup, error) {
	var chunks []dupChunk
	df := map[uint64]int{}
	err := w.db.EachChunk(ctx, func(c index.StoredChunk) error {
		set := tokenize.SetOf(c.Text)
		if len(set) < duplicateMinTokens {
			return nil
		}
		for _, t := range set {
			df[t]++
		}
		chunks = append(chunks, dupChunk{c, set})
		return nil
	})
	if err != nil {
		return nil, err
	}
	files, err := w.db.Files(ctx)
	if err != nil {
		return nil, err
	}
	return dupGroups(chunks, dupClusters(chunks, df), files), nil
}

// dupClusters returns the chunks (indexes into chunks) linked by a
// Jaccard similarity of at least [DuplicateJaccard] across files, each
// cluster holding every chunk once. Only the chunks sharing one of their
// [duplicateRareTokens] rarest words are compared, and words held by more
// than [duplicateMaxPostings] chunks are not used, which bounds the work.
func dupClusters(chunks []dupChunk, df map[uint64]int) [][]int {
	postings := map[uint64][]int{}
	for i, e := range chunks {
		rare := slices.Clone(e.set)
		slices.SortFunc(rare, func(a, b uint64) int { return cmp.Or(cmp.Compare(df[a], df[b]), cmp.Compare(a, b)) })
		n := 0
		for _, t := range rare {
			if n == duplicateRareTokens || df[t] > duplicateMaxPostings {
				break
			}
			postings[t] = append(postings[t], i)
			n++
		}
	}
	// Union-find over the pairs that pass.
	parent := make([]int, len(chunks))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	type pair struct{ a, b int }
	seen := map[pair]bool{}
	for _, ids := range postings {
		for x := 0; x < len(ids); x++ {
			for y := x + 1; y < len(ids); y++ {
				a, b := ids[x], ids[y]
				if chunks[a].c.Path == chunks[b].c.Path || seen[pair{a, b}] {
					continue
				}
				seen[pair{a, b}] = true
				if tokenize.Jaccard(chunks[a].set, chunks[b].set) >= DuplicateJaccard {
					parent[find(a)] = find(b)
				}
			}
		}
	}
	members := map[int][]int{}
	for i := range chunks {
		r := find(i)
		members[r] = append(members[r], i)
	}
	var out [][]int
	for _, ids := range members {
		if len(ids) > 1 {
			out = append(out, ids)
		}
	}
	return out
}

// dupGroups turns clusters of chunks into the groups of
// [Weave.Consolidate]: the most important copy (then the newest, by the
// file's date or modification time) is kept, one duplicate per other
// file; files are the index's file rows.
func dupGroups(chunks []dupChunk, clusters [][]int, files map[string]index.File) []DuplicateGroup {
	rank := func(i int) (importance float64, newest time.Time) {
		f := files[chunks[i].c.Path]
		if m := frontmatter.Decode(f.Meta); m.Importance != nil {
			importance = *m.Importance
		}
		if d, ok := workspace.DateOf(f.Path); ok {
			return importance, d
		}
		return importance, time.Unix(0, f.MTime)
	}
	var out []DuplicateGroup
	for _, ids := range clusters {
		slices.SortFunc(ids, func(a, b int) int {
			ia, na := rank(a)
			ib, nb := rank(b)
			return cmp.Or(cmp.Compare(ib, ia), nb.Compare(na), cmp.Compare(chunks[a].c.Path, chunks[b].c.Path),
				cmp.Compare(chunks[a].c.StartLine, chunks[b].c.StartLine))
		})
		// One passage per file: a file's second copy stays.
		keep := chunks[ids[0]]
		g := DuplicateGroup{Keep: passageOf(keep.c), Similarity: 1}
		seen := map[string]bool{keep.c.Path: true}
		for _, i := range ids[1:] {
			if seen[chunks[i].c.Path] {
				continue
			}
			seen[chunks[i].c.Path] = true
			g.Duplicates = append(g.Duplicates, passageOf(chunks[i].c))
			g.Similarity = min(g.Similarity, tokenize.Jaccard(keep.set, chunks[i].set))
		}
		if len(g.Duplicates) > 0 {
			out = append(out, g)
		}
	}
	slices.SortFunc(out, func(a, b DuplicateGroup) int {
		return cmp.Or(cmp.Compare(a.Keep.Path, b.Keep.Path), cmp.Compare(a.Keep.StartLine, b.Keep.StartLine))
	})
	return out
}

func passageOf(c index.StoredChunk) Passage {
	return Passage{Path: c.Path, StartLine: c.StartLine, EndLine: c.EndLine, Text: c.Text}
}

// removePassages removes the lines of ps from the note path, as
// [Weave.Consolidate] describes, and reports whether it deleted the file.
func (w *Weave) removePassages(ctx context.Context, path string, ps []Passage) (deleted bool, err error) {
	empty := false
	_, err = memfile.Edit(ctx, w.cfg.Workspace, path, w.cfg.MaxFileBytes, func(rel string, old []byte) ([]byte, error) {
		opts := w.chunkOptions(old)
		chunks := chunker.Split(old, opts)
		lines := strings.SplitAfter(string(old), "\n")
		remove := make([]bool, len(lines)+1) // by 1-based line
		for _, p := range ps {
			ok := false
			for _, c := range chunks {
				ok = ok || (c.StartLine == p.StartLine && c.EndLine == p.EndLine && c.Text == p.Text)
			}
			if !ok {
				return nil, fmt.Errorf("lines %d-%d changed since they were indexed; run consolidate again", p.StartLine, p.EndLine)
			}
			for l := p.StartLine; l <= p.EndLine; l++ {
				remove[l] = true
			}
		}
		for _, c := range chunks {
			if !slices.ContainsFunc(ps, func(p Passage) bool { return p.StartLine == c.StartLine && p.Text == c.Text }) {
				for l := c.StartLine; l <= c.EndLine; l++ {
					remove[l] = false
				}
			}
		}
		var kept []string
		for i, line := range lines {
			if remove[i+1] {
				continue
			}
			blank := strings.TrimSpace(line) == ""
			if blank && i > 0 && remove[i] && (len(kept) == 0 || strings.TrimSpace(kept[len(kept)-1]) == "") {
				continue // the blank line after a removed passage, doubled
			}
			kept = append(kept, line)
		}
		data := []byte(strings.Join(kept, ""))
		empty = len(chunker.Split(data, w.chunkOptions(data))) == 0
		return data, nil
	})
	if err != nil || !empty {
		return false, err
	}
	if _, _, err := memfile.Delete(ctx, w.cfg.Workspace, path); err != nil {
		return false, err
	}
	return true, nil
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

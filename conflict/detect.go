package conflict

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/memweave/memweave-go/workspace"
)

// Chunk is one chunk of memory as [Detect] reads it.
type Chunk struct {
	// Lines is the chunk's file, line range and text.
	workspace.Lines
	// Date is the date of a dated file (YYYY-MM-DD.md), zero for an
	// evergreen one.
	Date time.Time `json:"-"`
	// MTime is the file's modification time, zero when unknown.
	MTime time.Time `json:"-"`
}

// Conflict is a pair of chunks that disagree.
type Conflict struct {
	// Kind is [Likely] or [Possible].
	Kind Kind `json:"kind"`
	// Reason names the differing parts, e.g. `different number: "15" vs "16"`.
	Reason string `json:"reason"`
	// Newer is "a" or "b": the side that is more recent (see [Detect]).
	Newer string `json:"newer"`
	// A and B are ordered by path, then line.
	A Chunk `json:"a"`
	B Chunk `json:"b"`
}

// Options tune [Detect]. The zero value means every default.
type Options struct {
	// Limit caps the conflicts returned, likely ones first. Default 100.
	Limit int
	// MinLineGap is how many lines apart two claims of one file must
	// be to count; chunks of one file that overlap never count.
	// Default 10.
	MinLineGap int
	// MaxPostings is the document frequency, in claims, above which a
	// word is too common to make two claims neighbours. Default 128.
	MaxPostings int
	// Claims, when set, keeps the claims parsed from each chunk text
	// across calls: a caller that detects again and again over
	// overlapping chunks (a search's supersede stage) parses each text
	// once.
	Claims *Claims
	// CommitTime, when set, returns the time of the last commit that
	// changed path; it breaks ties between files of equal date and
	// modification time. Zero means unknown.
	CommitTime func(path string) time.Time
	// Now, when not zero, is the time a file's date is believed at: a
	// date ahead of it ([workspace.DateAhead], a log named by a clock
	// set years ahead) does not make its side the newer. Zero believes
	// every date.
	Now time.Time
	// MaxCandidates caps the later claims each claim is judged against:
	// those sharing the most words with it. A claim with more (a memory
	// of near-identical notes) makes the result truncated. The work is
	// at most MaxCandidates comparisons per claim. Default 64.
	MaxCandidates int
	// MaxPairs caps the conflicting chunk pairs held while searching;
	// reaching it stops the search, truncated. Default 1,048,576 (about
	// 100 MB).
	MaxPairs int
}

// Result is what [Detect] found.
type Result struct {
	// Conflicts are at most Limit conflicts, likely first, then by path
	// and line. Never nil.
	Conflicts []Conflict `json:"conflicts"`
	// Total is how many conflicts were found, before Limit.
	Total int `json:"total" jsonschema:"conflicts found before max_results cut the list"`
	// Truncated reports that the search stopped short of comparing
	// every candidate pair, for the reason in Note: the conflicts are
	// real but others may be missing. Narrow the scope (a path prefix,
	// a source) to search the rest.
	Truncated bool `json:"truncated" jsonschema:"the search stopped within its budget: others may exist; narrow path_prefix or sources to search the rest"`
	// Note says why the result is truncated, "" when it is not.
	Note string `json:"note,omitempty" jsonschema:"why the search was truncated"`
}

func (o Options) withDefaults() Options {
	if o.Limit <= 0 {
		o.Limit = 100
	}
	if o.MinLineGap <= 0 {
		o.MinLineGap = 10
	}
	if o.MaxPostings <= 0 {
		o.MaxPostings = 128
	}
	if o.MaxCandidates <= 0 {
		o.MaxCandidates = 64
	}
	if o.MaxPairs <= 0 {
		o.MaxPairs = 1 << 20
	}
	return o
}

// located is a claim and the chunk it belongs to.
type located struct {
	claim
	chunk int32
}

// Detect finds the pairs of chunks that contradict each other: two
// claims, in different files or at least MinLineGap lines apart in one
// file, that [Judge] finds disagreeing. Candidate pairs are claims that
// share two content words each used by at most MaxPostings claims, or
// one used by at most 16 (fewer in a memory under 80,000 claims), found
// through an inverted index; no other pair is compared, and each claim
// is compared with at most MaxCandidates of them, those sharing the most
// words. Each chunk pair is reported once, with its strongest verdict. A
// statement that takes more than four values across the memory is a
// family of parallel statements (one per package, release or person),
// not a changed fact: its pairs are dropped. It returns at most Limit
// conflicts, likely first, then by path and line, and the number found
// in all; past MaxCandidates or MaxPairs the result is truncated. It
// checks ctx as it goes.
//
// Newer is decided by the file's date when both files are dated (a date
// ahead of opts.Now passed over) and the dates differ, else by modification time, else by CommitTime, else, in
// one file, the later lines are newer; a full tie says "b".
func Detect(ctx context.Context, chunks []Chunk, opts Options) (*Result, error) {
	loadTables()
	opts = opts.withDefaults()
	all, err := collectClaims(ctx, chunks, opts.Claims)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	found, families, err := searchPairs(ctx, chunks, all, opts, res)
	if err != nil {
		return nil, err
	}
	kept := keepPairs(chunks, found, families)
	res.Total = len(kept)
	kept = kept[:min(len(kept), opts.Limit)]
	res.Conflicts = make([]Conflict, 0, len(kept))
	for _, p := range kept {
		v, _, _ := judge(&all[p.h.i].claim, &all[p.h.j].claim, true)
		a, b := believed(chunks[p.a], opts.Now), believed(chunks[p.b], opts.Now)
		res.Conflicts = append(res.Conflicts, Conflict{Kind: v.Kind, Reason: v.Reason, Newer: Newer(a, b, opts.CommitTime), A: a, B: b})
	}
	return res, nil
}

// chunkKey names a pair of chunks, the lower index first.
type chunkKey struct{ a, b int32 }

// pairHit is the strongest conflicting claim pair of a chunk pair: the
// verdict is judged again for the conflicts returned.
type pairHit struct {
	i, j int32
	rank int
	fam  uint64
}

// searchPairs judges each claim of all against its closest neighbours
// and returns the strongest conflicting claim pair of each chunk pair,
// and the families: the shared words of conflicting claims mapped to
// the distinct values seen with them, up to maxFamily+1. It marks res
// truncated, with a note, when it stops at opts.MaxPairs or compares a
// claim with only its opts.MaxCandidates closest.
func searchPairs(ctx context.Context, chunks []Chunk, all []located, opts Options, res *Result) (map[chunkKey]pairHit, map[uint64][]uint64, error) {
	nb := newNeighbours(all, opts.MaxPostings)
	found := make(map[chunkKey]pairHit)
	families := make(map[uint64][]uint64)
	capped := 0
loop:
	for i := range all {
		if err := checkEvery(ctx, i); err != nil {
			return nil, nil, err
		}
		cands, more := nb.closest(i, opts.MaxCandidates)
		if more {
			capped++
		}
		for _, j := range cands {
			if !apart(chunks, &all[i], &all[j], opts.MinLineGap) {
				continue
			}
			v, ok, hunks := judge(&all[i].claim, &all[j].claim, false)
			if !ok {
				continue
			}
			k := chunkKey{all[i].chunk, all[j].chunk}
			if k.a > k.b {
				k.a, k.b = k.b, k.a
			}
			old, seen := found[k]
			if !seen && len(found) >= opts.MaxPairs {
				res.Truncated = true
				res.Note = fmt.Sprintf("stopped at %d conflicting chunk pairs", opts.MaxPairs)
				break loop
			}
			fam := addToFamily(families, &all[i].claim, &all[j].claim, hunks)
			if !seen || v.rank() > old.rank {
				found[k] = pairHit{int32(i), j, v.rank(), fam}
			}
		}
	}
	if capped > 0 && !res.Truncated {
		res.Truncated = true
		res.Note = fmt.Sprintf("%d claims had more than %d candidates and were compared with their %d closest", capped, opts.MaxCandidates, opts.MaxCandidates)
	}
	return found, families, nil
}

// keptPair is a chunk pair kept for the result, with its hit.
type keptPair struct {
	a, b int32 // chunks, a before b
	h    pairHit
}

// keepPairs drops the pairs of families of parallel statements (more
// than maxFamily values) from found and orders the rest: likely first,
// then by path and line.
func keepPairs(chunks []Chunk, found map[chunkKey]pairHit, families map[uint64][]uint64) []keptPair {
	kept := make([]keptPair, 0, len(found))
	for k, h := range found {
		if len(families[h.fam]) > maxFamily {
			continue
		}
		if less(chunks[k.b], chunks[k.a]) {
			k.a, k.b = k.b, k.a
		}
		kept = append(kept, keptPair{k.a, k.b, h})
	}
	slices.SortFunc(kept, func(x, y keptPair) int {
		if x.h.rank != y.h.rank {
			return y.h.rank - x.h.rank // likely first
		}
		if c := cmpChunk(chunks[x.a], chunks[y.a]); c != 0 {
			return c
		}
		return cmpChunk(chunks[x.b], chunks[y.b])
	})
	return kept
}

// neighbours finds, for each claim, the later claims that share words
// with it, weighted: a word used by at most rare claims counts
// minCommon, a common one 1, one in more than maxPostings claims not at
// all.
type neighbours struct {
	all      []located
	postings map[uint64][]int32
	// negated indexes the prefixes of the words of the negated claims;
	// prefixes those of all claims that a negated claim shares.
	prefixes, negated map[uint64][]int32
	rare              int
	maxPostings       int
	// counts[j] is the weight claim j shares with the claim last asked
	// about; touched lists the j with a count, in the order first met.
	counts  []int
	touched []int32
	// picked is closest's answer, hist its count of claims per weight.
	picked []int32
	hist   []int
}

func newNeighbours(all []located, maxPostings int) *neighbours {
	words := 0
	for i := range all {
		words += len(all[i].set)
	}
	// Sized for every word distinct: the maps never grow.
	nb := &neighbours{all: all, postings: make(map[uint64][]int32, words), prefixes: make(map[uint64][]int32),
		negated: make(map[uint64][]int32), maxPostings: maxPostings, counts: make([]int, len(all))}
	// Prefixes count only between a negated claim and another: the
	// negated claims' prefixes first, then the others' that match one.
	for i := range all {
		if all[i].neg == "" {
			continue
		}
		for _, w := range all[i].pre {
			nb.negated[w] = append(nb.negated[w], int32(i))
		}
	}
	for i := range all {
		for _, w := range all[i].set {
			nb.postings[w] = append(nb.postings[w], int32(i))
		}
		for _, w := range all[i].pre {
			if _, ok := nb.negated[w]; ok {
				nb.prefixes[w] = append(nb.prefixes[w], int32(i))
			}
		}
	}
	// A word used by at most rare claims is specific enough alone:
	// rareWord in a large memory, fewer in a small one, where every word
	// is rare.
	nb.rare = min(rareWord, max(2, len(all)/5000))
	return nb
}

// after returns the weights the claims after i share with claim i, and
// those claims, in the order first met. Both are valid until the next
// call. Prefixes of long words count between a negated claim and
// another only.
func (nb *neighbours) after(i int) (counts []int, touched []int32) {
	for _, j := range nb.touched {
		nb.counts[j] = 0
	}
	nb.touched = nb.touched[:0]
	c := &nb.all[i]
	nb.add(i, c.set, nb.postings, false)
	if c.neg != "" {
		nb.add(i, c.pre, nb.prefixes, true)
	} else {
		nb.add(i, c.pre, nb.negated, false)
	}
	return nb.counts, nb.touched
}

// add counts the words of keys that later claims share in postings;
// with positive, only the claims that are not negated.
func (nb *neighbours) add(i int, keys []uint64, postings map[uint64][]int32, positive bool) {
	for _, w := range keys {
		p := postings[w]
		if len(p) > nb.maxPostings {
			continue
		}
		weight := 1
		if len(p) <= nb.rare {
			weight = minCommon // one rare word alone makes neighbours
		}
		// Postings are ascending: the claims after i start past it.
		k, _ := slices.BinarySearch(p, int32(i+1))
		for _, j := range p[k:] {
			if positive && nb.all[j].neg != "" {
				continue
			}
			if nb.counts[j] == 0 {
				nb.touched = append(nb.touched, j)
			}
			nb.counts[j] += weight
		}
	}
}

// closest returns the claims after i that share at least minCommon
// weight with it, at most limit of them: those sharing the most, in the
// order first met among equals. It reports whether there were more. The
// slice is valid until the next call.
func (nb *neighbours) closest(i, limit int) ([]int32, bool) {
	counts, touched := nb.after(i)
	nb.picked = nb.picked[:0]
	top := 0
	for _, j := range touched {
		if c := counts[j]; c >= minCommon {
			nb.picked = append(nb.picked, j)
			top = max(top, c)
		}
	}
	if len(nb.picked) <= limit {
		return nb.picked, false
	}
	// Find the weight t such that fewer than limit claims share more
	// than t, then keep those and the first of those sharing exactly t.
	hist := slices.Grow(nb.hist[:0], top+1)[:top+1]
	clear(hist)
	nb.hist = hist
	for _, j := range nb.picked {
		hist[counts[j]]++
	}
	t, above := top, 0
	for ; t > minCommon && above+hist[t] < limit; t-- {
		above += hist[t]
	}
	room := limit - above
	out := nb.picked[:0]
	for _, j := range nb.picked {
		switch c := counts[j]; {
		case c > t:
			out = append(out, j)
		case c == t && room > 0:
			out = append(out, j)
			room--
		}
	}
	return out, true
}

// collectClaims returns the claims of every chunk, with their chunk.
// Without a cache, the words of the claims it parses are interned: a
// memory says the same words again and again, and each is kept once.
func collectClaims(ctx context.Context, chunks []Chunk, cache *Claims) ([]located, error) {
	var all []located
	var words map[string]string
	if cache == nil {
		words = make(map[string]string)
	} else {
		// The few chunks of a search: parsed once, counted, then read
		// from the cache.
		n := 0
		for i := range chunks {
			n += len(cache.of(chunks[i].Text))
		}
		all = make([]located, 0, n)
	}
	for i := range chunks {
		for _, c := range cache.of(chunks[i].Text) {
			if words != nil {
				for k := range c.toks {
					w := c.toks[k].w
					if s, ok := words[w]; ok {
						c.toks[k].w = s
					} else {
						words[w] = w
					}
				}
			}
			all = append(all, located{c, int32(i)})
		}
		if err := checkEvery(ctx, i); err != nil {
			return nil, err
		}
	}
	return all, nil
}

// Claims is a cache of the claims parsed from chunk texts, shared by
// calls of [Detect] through [Options.Claims]. It holds at most 4,096
// texts and starts over when full. The zero value is ready to use and it
// is safe for concurrent use; a nil *Claims parses every time.
type Claims struct {
	mu sync.Mutex
	m  map[string][]claim
}

// maxCachedTexts bounds a Claims cache.
const maxCachedTexts = 4096

// of returns the claims of text, parsed once per cache. Callers must not
// modify them.
func (c *Claims) of(text string) []claim {
	if c == nil {
		return claims(text)
	}
	c.mu.Lock()
	got, ok := c.m[text]
	c.mu.Unlock()
	if ok {
		return got
	}
	got = claims(text)
	c.mu.Lock()
	if c.m == nil || len(c.m) >= maxCachedTexts {
		c.m = make(map[string][]claim)
	}
	c.m[text] = got
	c.mu.Unlock()
	return got
}

// checkEvery returns ctx's error, checked on every 1,024th step i.
func checkEvery(ctx context.Context, i int) error {
	if i%1024 != 0 {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("conflict: detect: %w", err)
	}
	return nil
}

// addToFamily records in families the two values the conflicting claims
// a and b give their shared statement, up to maxFamily+1 distinct ones,
// and returns the statement's key. hunks are their alignment's.
func addToFamily(families map[uint64][]uint64, a, b *claim, hunks []hunk) uint64 {
	k, va, vb := family(a, b, hunks)
	for _, v := range []uint64{va, vb} {
		if vs := families[k]; len(vs) <= maxFamily && !slices.Contains(vs, v) {
			families[k] = append(vs, v)
		}
	}
	return k
}

// maxFamily is the most distinct values one statement may take across
// the memory for its pairs to count as conflicts. More are a family of
// parallel statements about implicit subjects, such as README files
// that each say "this repository holds the Go <name> libraries", or
// change logs that each name their release: not one fact that changed.
const maxFamily = 4

// family returns a key for the words two claims share, given the hunks
// of their alignment, and keys for the values each has instead: the replaced span, or the negation. The
// shared words' key is the sum of their word keys (the sum over a's
// words less those only a has), so word order does not matter and no
// string is built.
func family(a, b *claim, hunks []hunk) (shared, va, vb uint64) {
	for _, t := range a.toks {
		shared += wordKey(t.w)
	}
	for _, h := range hunks {
		for _, t := range h.a {
			shared -= wordKey(t.w)
		}
		if len(h.a) > 0 && len(h.b) > 0 {
			h = trimValues(h)
			va, vb = spanKey(h.a), spanKey(h.b)
		}
	}
	if va == 0 && vb == 0 {
		va, vb = wordKey("+"+a.neg), wordKey("+"+b.neg)
	}
	return shared, va, vb
}

// spanKey is a key for a run of words, in order.
func spanKey(ts []token) uint64 {
	h := uint64(14695981039346656037)
	for _, t := range ts {
		h = (h ^ wordKey(t.w)) * 1099511628211
	}
	return h
}

// rareWord is the document frequency, in claims, at or under which one
// shared word is enough to compare two claims: a name such as "alpha7"
// or "pgbouncer" identifies a subject even when the words around it
// ("the database runs") are everywhere.
const rareWord = 16

// apart reports whether two claims may conflict by place: different
// chunks, and in one file, chunks that do not overlap and claims at
// least gap lines apart.
func apart(chunks []Chunk, x, y *located, gap int) bool {
	if x.chunk == y.chunk {
		return false
	}
	a, b := &chunks[x.chunk], &chunks[y.chunk]
	if a.Path != b.Path {
		return true
	}
	if a.StartLine <= b.EndLine && b.StartLine <= a.EndLine {
		return false
	}
	d := (a.StartLine + x.line) - (b.StartLine + y.line)
	return d >= gap || -d >= gap
}

func cmpChunk(a, b Chunk) int {
	if c := strings.Compare(a.Path, b.Path); c != 0 {
		return c
	}
	return a.StartLine - b.StartLine
}

func less(a, b Chunk) bool { return cmpChunk(a, b) < 0 }

// believed returns c without its Date when that is ahead of now
// ([workspace.DateAhead]); c as it is when now is zero.
func believed(c Chunk, now time.Time) Chunk {
	if !now.IsZero() && workspace.DateAhead(c.Date, now) {
		c.Date = time.Time{}
	}
	return c
}

// Newer returns "a" or "b", the side that is more recent: by the file's
// date when both are dated and differ, else by modification time, else
// by commit (when not nil), else, in one file, the later lines; a full
// tie says "b".
func Newer(a, b Chunk, commit func(string) time.Time) string {
	pick := func(ta, tb time.Time) (string, bool) {
		if ta.IsZero() || tb.IsZero() || ta.Equal(tb) {
			return "", false
		}
		if ta.After(tb) {
			return "a", true
		}
		return "b", true
	}
	if s, ok := pick(a.Date, b.Date); ok {
		return s
	}
	if s, ok := pick(a.MTime, b.MTime); ok {
		return s
	}
	if commit != nil && a.Path != b.Path {
		if s, ok := pick(commit(a.Path), commit(b.Path)); ok {
			return s
		}
	}
	if a.Path == b.Path && a.StartLine > b.StartLine {
		return "a"
	}
	return "b"
}

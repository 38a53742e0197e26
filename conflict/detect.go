package conflict

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// Chunk is one chunk of memory as [Detect] reads it.
type Chunk struct {
	// Path is workspace-relative, such as "memory/2025-05-10.md".
	Path string `json:"path"`
	// StartLine and EndLine are the 1-based, inclusive line range.
	StartLine int `json:"start_line"`
	EndLine   int `json:"end_line"`
	// Text is the chunk's text.
	Text string `json:"text"`
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
// through an inverted index; no other pair is compared.
// Each chunk pair is reported once, with its strongest verdict. A
// statement that takes more than four values across the memory is a
// family of parallel statements (one per package, release or person),
// not a changed fact: its pairs are dropped. It
// returns at most Limit conflicts, likely first, then by path and line,
// and the number found in all. It checks ctx as it goes.
//
// Newer is decided by the file's date when both files are dated and the
// dates differ, else by modification time, else by CommitTime, else, in
// one file, the later lines are newer; a full tie says "b".
func Detect(ctx context.Context, chunks []Chunk, opts Options) ([]Conflict, int, error) {
	opts = opts.withDefaults()
	all, err := collectClaims(ctx, chunks, opts.Claims)
	if err != nil {
		return nil, 0, err
	}
	nb := newNeighbours(all, opts.MaxPostings)
	type key struct{ a, b int32 }
	type hit struct {
		Verdict
		family string
	}
	found := make(map[key]hit)
	// families maps the shared words of conflicting claims to the
	// distinct values seen with them.
	families := make(map[string]map[string]bool)
	for i := range all {
		if err := checkEvery(ctx, i); err != nil {
			return nil, 0, err
		}
		counts, touched := nb.after(i)
		for _, j := range touched {
			if n := counts[j]; n < minCommon || !apart(chunks, &all[i], &all[j], opts.MinLineGap) {
				continue
			}
			v, ok := judge(&all[i].claim, &all[j].claim)
			if !ok {
				continue
			}
			k := key{all[i].chunk, all[j].chunk}
			if k.a > k.b {
				k.a, k.b = k.b, k.a
			}
			fam := addToFamily(families, &all[i].claim, &all[j].claim)
			if old, seen := found[k]; !seen || v.rank() > old.rank() || (v.rank() == old.rank() && v.Reason < old.Reason) {
				found[k] = hit{v, fam}
			}
		}
	}
	out := make([]Conflict, 0, len(found))
	for k, v := range found {
		if len(families[v.family]) > maxFamily {
			continue
		}
		a, b := chunks[k.a], chunks[k.b]
		if less(b, a) {
			a, b = b, a
		}
		out = append(out, Conflict{Kind: v.Kind, Reason: v.Reason, Newer: Newer(a, b, opts.CommitTime), A: a, B: b})
	}
	out, total := sortAndLimit(out, opts.Limit)
	return out, total, nil
}

// neighbours finds, for each claim, the later claims that share words
// with it, weighted: a word used by at most rare claims counts
// minCommon, a common one 1, one in more than maxPostings claims not at
// all.
type neighbours struct {
	all         []located
	postings    map[uint64][]int32
	rare        int
	maxPostings int
	// counts[j] is the weight claim j shares with the claim last asked
	// about; touched lists the j with a count, in the order first met.
	counts  []int
	touched []int32
}

func newNeighbours(all []located, maxPostings int) *neighbours {
	nb := &neighbours{all: all, postings: make(map[uint64][]int32), maxPostings: maxPostings, counts: make([]int, len(all))}
	for i := range all {
		for _, w := range all[i].set {
			nb.postings[w] = append(nb.postings[w], int32(i))
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
// call.
func (nb *neighbours) after(i int) (counts []int, touched []int32) {
	for _, j := range nb.touched {
		nb.counts[j] = 0
	}
	nb.touched = nb.touched[:0]
	for _, w := range nb.all[i].set {
		p := nb.postings[w]
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
			if nb.counts[j] == 0 {
				nb.touched = append(nb.touched, j)
			}
			nb.counts[j] += weight
		}
	}
	return nb.counts, nb.touched
}

// collectClaims returns the claims of every chunk, with their chunk.
func collectClaims(ctx context.Context, chunks []Chunk, cache *Claims) ([]located, error) {
	var all []located
	for i := range chunks {
		for _, c := range cache.of(chunks[i].Text) {
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
// a and b give their shared statement, and returns the statement.
func addToFamily(families map[string]map[string]bool, a, b *claim) string {
	fam, va, vb := family(a, b)
	if families[fam] == nil {
		families[fam] = make(map[string]bool)
	}
	families[fam][va], families[fam][vb] = true, true
	return fam
}

// sortAndLimit orders conflicts likely first, then by path and line, and
// keeps at most limit; it returns them and how many there were.
func sortAndLimit(out []Conflict, limit int) ([]Conflict, int) {
	slices.SortFunc(out, func(x, y Conflict) int {
		if x.Kind != y.Kind {
			return Verdict{Kind: y.Kind}.rank() - Verdict{Kind: x.Kind}.rank() // likely first
		}
		if c := cmpChunk(x.A, y.A); c != 0 {
			return c
		}
		return cmpChunk(x.B, y.B)
	})
	total := len(out)
	if len(out) > limit {
		out = out[:limit]
	}
	return out, total
}

// maxFamily is the most distinct values one statement may take across
// the memory for its pairs to count as conflicts. More are a family of
// parallel statements about implicit subjects, such as README files
// that each say "this repository holds the Go <name> libraries", or
// change logs that each name their release: not one fact that changed.
const maxFamily = 4

// family returns the words two claims share, as one string, and the
// values each has instead: the replaced span, or the negation.
func family(a, b *claim) (shared, va, vb string) {
	_, hunks := align(a.toks, b.toks)
	skip := map[string]int{}
	for _, h := range hunks {
		for _, t := range h.a {
			skip[t.w]++
		}
		if len(h.a) > 0 && len(h.b) > 0 {
			h = trimValues(h)
			va, vb = words(h.a), words(h.b)
		}
	}
	if va == "" && vb == "" {
		va, vb = "+"+a.neg, "+"+b.neg
	}
	var common []string
	for _, t := range a.toks {
		if skip[t.w] > 0 {
			skip[t.w]--
			continue
		}
		common = append(common, t.w)
	}
	return strings.Join(common, " "), va, vb
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

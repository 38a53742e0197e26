package embed

import (
	"context"
	"math"
	"runtime"
	"sync"
	"unicode/utf8"

	"golang.org/x/sync/errgroup"

	"github.com/memweave/memweave-go/tokenize"
)

// DefaultHashDims is the vector length of a [Hash] created with dims <= 0.
const DefaultHashDims = 384

// hashModel names the feature set of [Hash]. Any change to the features,
// weights or hash function changes the vectors and must change this name,
// so that stored vectors are not mixed with incompatible new ones.
const hashModel = "fnv-ngram-v5"

// Feature weights. A word counts more than any one of its n-grams; a word
// of length n has about 2n n-grams, so with these weights a typical word
// and its n-grams carry similar total energy.
const (
	wordWeight    = 1.0
	ngramWeight   = 0.25
	cjkCharWeight = 0.5 // a character of a spaceless script; pairs get wordWeight
	maxNgramRunes = 40  // longer parts (hashes, base64) get no n-grams
	boundary      = 0x110000
	fnvOffset     = 14695981039346656037
	fnvPrime      = 1099511628211
)

// Feature namespaces: the same string hashed as a word, a 3-gram or a
// 4-gram lands in unrelated buckets.
var (
	seedWord = fnvString(fnvOffset, "w:")
	seed3    = fnvString(fnvOffset, "3:")
	seed4    = fnvString(fnvOffset, "4:")
)

// Hash is the offline embedder: deterministic feature hashing of words and
// character n-grams into a fixed number of signed buckets.
//
// Its similarity is lexical, not semantic: two texts are close when they
// share words or parts of words ("index", "indexing", "reindexed"), not
// when they mean the same thing in different words ("car" and
// "automobile" are unrelated to it). It needs no network, no model file
// and no setup, and it works for any script: accented words share the
// n-grams of their unaccented parts, and Chinese, Japanese and Korean text
// is embedded character by character and pair by pair.
//
// The features of a text are
//   - each word from [tokenize.Words], and each part of a compound word
//     such as "zebra-comet-2026" (see [tokenize.Parts]); a word with
//     accents counts half as written and half as [tokenize.Fold] writes
//     it, "café" and "cafe";
//   - the character 3- and 4-grams of each word (or part), unaccented,
//     with boundary markers so that prefixes and suffixes are distinct
//     features;
//   - for text in a spaceless script ([tokenize.IsSpaceless]), each
//     character and each pair of adjacent characters.
//
// The English function words of [tokenize.FunctionWords] ("the", "and",
// "of", ...) are skipped unless a text has nothing else. Each feature is hashed with 64-bit
// FNV-1a to a bucket and a sign, weighted by 1+ln(tf) so that repetition
// counts sublinearly, words weighing more than n-grams. The vector is then
// L2-normalised, so the dot product of two vectors is their cosine
// similarity. A text without features (empty, or only punctuation) gives a
// zero vector.
//
// Vectors are deterministic: the same text gives the same vector in every
// process and on every run, with no seed to store. The zero value is usable
// and has [DefaultHashDims] dimensions. A Hash is safe for concurrent use
// by multiple goroutines.
type Hash struct {
	dims int
	pool sync.Pool // of *hashScratch
}

// NewHash returns a Hash embedder producing vectors of length dims, or
// [DefaultHashDims] when dims <= 0.
func NewHash(dims int) *Hash {
	if dims <= 0 {
		dims = DefaultHashDims
	}
	return &Hash{dims: dims}
}

func (h *Hash) dimensions() int {
	if h.dims <= 0 {
		return DefaultHashDims
	}
	return h.dims
}

// Identity returns {Provider: "hash", Model: "fnv-ngram-v5", Dims: dims}.
func (h *Hash) Identity() Identity {
	return Identity{Provider: "hash", Model: hashModel, Dims: h.dimensions()}
}

// EmbedDocuments returns one L2-normalised vector per text, in order. It
// fails only when ctx is done. Large batches are spread over the CPUs.
func (h *Hash) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	d := h.dimensions()
	out := make([][]float32, len(texts))
	backing := make([]float32, len(texts)*d)
	workers := min(runtime.GOMAXPROCS(0), (len(texts)+63)/64)
	if workers <= 1 {
		return out, h.embedRange(ctx, texts, out, backing, 0, len(texts))
	}
	g, gctx := errgroup.WithContext(ctx)
	per := (len(texts) + workers - 1) / workers
	for lo := 0; lo < len(texts); lo += per {
		hi := min(lo+per, len(texts))
		g.Go(func() error { return h.embedRange(gctx, texts, out, backing, lo, hi) })
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

// embedRange embeds texts[lo:hi] into out, using backing for storage.
func (h *Hash) embedRange(ctx context.Context, texts []string, out [][]float32, backing []float32, lo, hi int) error {
	d := h.dimensions()
	s := h.scratch()
	defer h.pool.Put(s)
	for i := lo; i < hi; i++ {
		if (i-lo)%64 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		v := backing[i*d : (i+1)*d : (i+1)*d]
		s.embed(v, texts[i])
		out[i] = v
	}
	return nil
}

// EmbedQuery returns the vector of text; it equals EmbedDocuments of the
// one text. It fails only when ctx is done.
func (h *Hash) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	v := make([]float32, h.dimensions())
	s := h.scratch()
	s.embed(v, text)
	h.pool.Put(s)
	return v, nil
}

// EmbedTo writes the vector of text into dst, hashing its features into
// len(dst) dimensions whatever h's own; dst must be zeroed. It is
// EmbedQuery without the allocation, for an embedder that falls back to
// the hash's lexical features for the words it cannot represent (the
// static module's, github.com/memweave/memweave-go/embed/static).
func (h *Hash) EmbedTo(dst []float32, text string) {
	s := h.scratch()
	s.embed(dst, text)
	h.pool.Put(s)
}

func (h *Hash) scratch() *hashScratch {
	if s, ok := h.pool.Get().(*hashScratch); ok {
		return s
	}
	return newHashScratch()
}

// hashScratch holds the buffers of one embedding: an open-addressing table
// from feature hash to term frequency, reused across texts.
type hashScratch struct {
	slots []hashSlot
	used  []uint32 // indexes of occupied slots, in insertion order
	runes []rune
}

// hashSlot is one feature of the table; key 0 marks an empty slot.
type hashSlot struct {
	key    uint64
	count  uint32
	weight float32
}

func newHashScratch() *hashScratch {
	const size = 1 << 12
	return &hashScratch{
		slots: make([]hashSlot, size),
		used:  make([]uint32, 0, size/2),
		runes: make([]rune, 0, 64),
	}
}

// embed writes the normalised vector of text into dst, which must be
// zeroed and have the embedder's length.
func (s *hashScratch) embed(dst []float32, text string) {
	words, joined := tokenize.WordsJoined(text)
	skipStop := false
	for _, w := range words {
		if !isStopWord(w, fnvString(seedWord, w)) {
			skipStop = true
			break
		}
	}
	for i, w := range words {
		if w[0] >= 0xE0 && tokenize.IsSpacelessToken(w) {
			s.add(fnvString(seedWord, w), cjkCharWeight)
			if joined[i] {
				// The pair hashes like the two-character word it may be.
				s.add(fnvString(fnvString(seedWord, words[i-1]), w), wordWeight)
			}
			continue
		}
		wh := fnvString(seedWord, w)
		if skipStop && isStopWord(w, wh) {
			continue
		}
		if f := tokenize.Fold(w); f != w {
			s.add(wh, wordWeight/2)
			s.add(fnvString(seedWord, f), wordWeight/2)
			s.parts(f)
			continue
		}
		s.add(wh, wordWeight)
		s.parts(w)
	}
	s.flush(dst)
}

// parts adds the n-grams of word w and, when w is a compound such as
// "zebra-comet-2026", each part as a word with its n-grams. It splits like
// [tokenize.Parts] without allocating: a token of [tokenize.Words] holds
// only letters, digits, marks and single connectors between them, and
// every connector is ASCII punctuation, so the connectors are exactly its
// ASCII bytes that are not lower-case letters or digits.
func (s *hashScratch) parts(w string) {
	start := 0
	for i := 0; i <= len(w); i++ {
		if i < len(w) {
			c := w[i]
			if c >= utf8.RuneSelf || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' {
				continue
			}
		}
		if start == 0 && i == len(w) {
			s.ngrams(w) // not a compound: the word itself is the only part
			return
		}
		if i > start {
			p := w[start:i]
			s.add(fnvString(seedWord, p), wordWeight)
			s.ngrams(p)
		}
		start = i + 1
	}
}

// ngrams adds the character 3- and 4-grams of w, framed by boundary
// markers, without building n-gram strings.
func (s *hashScratch) ngrams(w string) {
	rs := append(s.runes[:0], boundary)
	for _, r := range w {
		rs = append(rs, r)
	}
	rs = append(rs, boundary)
	s.runes = rs
	if len(rs)-2 > maxNgramRunes {
		return
	}
	for i := 0; i+3 <= len(rs); i++ {
		h := fnvRune(fnvRune(fnvRune(seed3, rs[i]), rs[i+1]), rs[i+2])
		s.add(h, ngramWeight)
		if i+4 <= len(rs) {
			s.add(fnvRune(fnvRune(fnvRune(fnvRune(seed4, rs[i]), rs[i+1]), rs[i+2]), rs[i+3]), ngramWeight)
		}
	}
}

// add counts one occurrence of the feature with hash key.
func (s *hashScratch) add(key uint64, weight float32) {
	key = mix64(key)
	if key == 0 {
		key = 1
	}
	mask := uint64(len(s.slots) - 1)
	for i := key & mask; ; i = (i + 1) & mask {
		sl := &s.slots[i]
		switch sl.key {
		case key:
			sl.count++
			return
		case 0:
			*sl = hashSlot{key: key, count: 1, weight: weight}
			s.used = append(s.used, uint32(i))
			if 2*len(s.used) > len(s.slots) {
				s.grow()
			}
			return
		}
	}
}

// grow doubles the table, keeping its contents.
func (s *hashScratch) grow() {
	old, oldUsed := s.slots, s.used
	n := 2 * len(old)
	s.slots = make([]hashSlot, n)
	s.used = make([]uint32, 0, n/2)
	mask := uint64(n - 1)
	for _, j := range oldUsed {
		i := old[j].key & mask
		for s.slots[i].key != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = old[j]
		s.used = append(s.used, uint32(i))
	}
}

// flush adds every counted feature to its signed bucket in dst,
// normalises dst and empties the table. Explicit conversions stop the
// compiler from fusing multiply-adds, so results do not depend on the CPU.
func (s *hashScratch) flush(dst []float32) {
	d := uint64(len(dst))
	for _, i := range s.used {
		sl := &s.slots[i]
		v := float32(sl.weight * tfWeight(sl.count))
		sign := uint32(sl.key) & (1 << 31) // branch-free: the sign is a coin flip
		dst[(sl.key>>32)*d>>32] += math.Float32frombits(math.Float32bits(v) ^ sign)
		sl.key = 0
	}
	s.used = s.used[:0]
	var sum float64
	for _, x := range dst {
		sum += float64(float64(x) * float64(x))
	}
	if sum == 0 {
		return
	}
	inv := 1 / math.Sqrt(sum)
	for i, x := range dst {
		dst[i] = float32(float64(x) * inv)
	}
}

// tfTable holds 1+ln(n) for small n.
var tfTable = func() (t [64]float32) {
	for n := 1; n < len(t); n++ {
		t[n] = float32(1 + math.Log(float64(n)))
	}
	return t
}()

// tfWeight returns the sublinear term-frequency weight 1+ln(n).
func tfWeight(n uint32) float32 {
	if n < uint32(len(tfTable)) {
		return tfTable[n]
	}
	return float32(1 + math.Log(float64(n)))
}

func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

// fnvRune is one FNV-1a step over a whole rune.
func fnvRune(h uint64, r rune) uint64 {
	h ^= uint64(r)
	h *= fnvPrime
	return h
}

// mix64 is the MurmurHash3 finaliser; it spreads FNV's weak high bits so
// that both the table slot and the bucket are well distributed.
func mix64(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// stopSet is an open-addressing set of the word hashes of the stop words
// of [Hash], [tokenize.FunctionWords], faster than a map or a string
// switch for the one lookup per word; maxStopWordLen is the byte length
// of the longest of them.
var stopSet, maxStopWordLen = func() (t [256]uint64, maxLen int) {
	words := tokenize.FunctionWords()
	if 2*len(words) > len(t) {
		panic("embed: too many stop words for the stop set")
	}
	for _, w := range words {
		maxLen = max(maxLen, len(w))
		h := mix64(fnvString(seedWord, w))
		i := h & 255
		for t[i] != 0 {
			i = (i + 1) & 255
		}
		t[i] = h
	}
	return t, maxLen
}()

// isStopWord reports whether w, whose word hash is wh, is a stop word.
func isStopWord(w string, wh uint64) bool {
	if len(w) > maxStopWordLen {
		return false
	}
	h := mix64(wh)
	for i := h & 255; stopSet[i] != 0; i = (i + 1) & 255 {
		if stopSet[i] == h {
			return true
		}
	}
	return false
}

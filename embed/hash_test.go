package embed

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/memweave/memweave-go/tokenize"
)

func cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}

func norm(v []float32) float64 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	return math.Sqrt(s)
}

func embedOne(t testing.TB, e Embedder, text string) []float32 {
	t.Helper()
	v, err := e.EmbedQuery(context.Background(), text)
	if err != nil {
		t.Fatalf("EmbedQuery(%q): %v", text, err)
	}
	return v
}

func TestHashIdentity(t *testing.T) {
	tests := []struct {
		h    *Hash
		want Identity
	}{
		{NewHash(0), Identity{Provider: "hash", Model: "fnv-ngram-v5", Dims: DefaultHashDims}},
		{NewHash(-3), Identity{Provider: "hash", Model: "fnv-ngram-v5", Dims: DefaultHashDims}},
		{NewHash(64), Identity{Provider: "hash", Model: "fnv-ngram-v5", Dims: 64}},
		{new(Hash), Identity{Provider: "hash", Model: "fnv-ngram-v5", Dims: DefaultHashDims}},
	}
	for _, tt := range tests {
		if got := tt.h.Identity(); got != tt.want {
			t.Errorf("Identity() = %v, want %v", got, tt.want)
		}
		if got := len(embedOne(t, tt.h, "some text")); got != tt.want.Dims {
			t.Errorf("len(EmbedQuery) = %d, want %d", got, tt.want.Dims)
		}
	}
}

func TestHashDeterministic(t *testing.T) {
	text := "The quick brown fox jumps over the lazy dog; ZEBRA-COMET-2026 café 我们使用缓存"
	a := embedOne(t, NewHash(0), text)
	b := embedOne(t, NewHash(0), text)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("two Hash embedders disagree on %q", text)
	}
	// A scratch reused after a long text must give the same result.
	h := NewHash(0)
	docs, err := h.EmbedDocuments(context.Background(), []string{strings.Repeat(text+" more words ", 300), text, text})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(docs[1], a) || !reflect.DeepEqual(docs[2], a) {
		t.Errorf("EmbedDocuments differs from EmbedQuery after a long text")
	}
	// Pin a few values so that an accidental change of features shows up;
	// such a change must also rename the model (hashModel).
	var nonzero []string
	for i, x := range a {
		if x != 0 && len(nonzero) < 4 {
			nonzero = append(nonzero, fmt.Sprintf("%d:%.4f", i, x))
		}
	}
	got := strings.Join(nonzero, " ")
	if want := pinned; got != want {
		t.Errorf("pinned components = %s, want %s (if the change is deliberate, bump hashModel)", got, want)
	}
}

const pinned = "2:0.2117 6:0.0529 10:-0.1059 11:-0.0529"

func TestHashNormalised(t *testing.T) {
	h := NewHash(0)
	texts := []string{
		"a", "hello", "Hello, World!", "café naïve façade", "我们使用缓存",
		"東京は日本の首都です", "한국어 문장입니다", "v1.2.3 pkg/foo.go E1234",
		strings.Repeat("word ", 10000),
	}
	vecs, err := h.EmbedDocuments(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range vecs {
		if n := norm(v); math.Abs(n-1) > 1e-5 {
			t.Errorf("norm(EmbedDocuments(%.20q)) = %v, want 1", texts[i], n)
		}
	}
}

func TestHashEmpty(t *testing.T) {
	h := NewHash(8)
	for _, text := range []string{"", "   ", "!!! ... ---"} {
		v := embedOne(t, h, text)
		if len(v) != 8 || norm(v) != 0 {
			t.Errorf("EmbedQuery(%q) = %v, want 8 zeros", text, v)
		}
	}
	vecs, err := h.EmbedDocuments(context.Background(), nil)
	if err != nil || len(vecs) != 0 {
		t.Errorf("EmbedDocuments(nil) = %v, %v, want empty, nil", vecs, err)
	}
}

func TestHashStopWordsOnly(t *testing.T) {
	h := NewHash(0)
	a := embedOne(t, h, "to be or not to be")
	if norm(a) == 0 {
		t.Errorf("a text of only stop words gave a zero vector")
	}
	// Stop words do not make unrelated texts similar.
	b := embedOne(t, h, "the cat is on the mat and it is of the house")
	c := embedOne(t, h, "the stock is in the market and it is of the bank")
	if s := cosine(b, c); s > 0.2 {
		t.Errorf("cosine of texts sharing only stop words = %.3f, want <= 0.2", s)
	}
}

// TestHashStopSet checks that the hashed stop set holds exactly the
// function words of package tokenize it is built from.
func TestHashStopSet(t *testing.T) {
	words := tokenize.FunctionWords()
	for _, w := range words {
		if !isStopWord(w, fnvString(seedWord, w)) {
			t.Errorf("isStopWord(%q) = false, want true", w)
		}
	}
	n := 0
	for _, h := range stopSet {
		if h != 0 {
			n++
		}
	}
	if n != len(words) {
		t.Errorf("stop set has %d entries, want %d (tokenize.FunctionWords)", n, len(words))
	}
	// Stop words of the query planner outside the function words are
	// features of the embedder.
	for _, w := range []string{"about", "remember", "don't", "whom", "zebra", "thee"} {
		if got, want := isStopWord(w, fnvString(seedWord, w)), slices.Contains(words, w); got != want {
			t.Errorf("isStopWord(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestHashChecksum pins every bit of the vectors of a fixed corpus, so
// that any change of features, weights or arithmetic shows up; such a
// change must also rename the model (hashModel).
func TestHashChecksum(t *testing.T) {
	texts := syntheticCorpus(1, 200, 80)
	texts = append(texts, strings.Fields(benchVocabulary)...)
	texts = append(texts, "to be or not to be", "The Quick, brown fox! IT'S don’t zebra-comet-2026 我们使用缓存 café")
	vecs, err := NewHash(0).EmbedDocuments(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.New()
	var b [4]byte
	for _, v := range vecs {
		for _, x := range v {
			binary.LittleEndian.PutUint32(b[:], math.Float32bits(x))
			sum.Write(b[:])
		}
	}
	if got := hex.EncodeToString(sum.Sum(nil)); got != checksum {
		t.Errorf("SHA-256 of the vectors = %s, want %s (if the change is deliberate, bump hashModel)", got, checksum)
	}
}

const checksum = "5d6c902dfda37e936235e0ea310c4419f3206652702d591d2e044983615dbb5b"

func TestHashSimilarity(t *testing.T) {
	h := NewHash(0)
	tests := []struct {
		query, near, far string
	}{
		{
			"how do we rotate the database credentials",
			"Database credentials are rotated every 90 days by the ops team.",
			"The frontend build uses Vite and outputs to the dist folder.",
		},
		{
			"indexing performance",
			"We reindexed the corpus; the indexer performs well now.",
			"Lunch is served at noon in the cafeteria.",
		},
		{
			"zebra comet",
			"Release codename ZEBRA-COMET-2026 ships in May.",
			"Release codename ORCA-NEBULA-2027 ships in June.",
		},
		{
			"café résumé",
			"Le café et le résumé de la réunion.",
			"Der Hund läuft schnell über die Straße.",
		},
		{
			"缓存策略",
			"我们使用Valkey作为缓存，缓存策略是LRU。",
			"今天天气很好，我们去公园散步。",
		},
		{
			"東京の天気",
			"明日の東京の天気は晴れです。",
			"このライブラリはGoで書かれています。",
		},
	}
	for _, tt := range tests {
		q := embedOne(t, h, tt.query)
		near, far := cosine(q, embedOne(t, h, tt.near)), cosine(q, embedOne(t, h, tt.far))
		if near <= far {
			t.Errorf("query %q: cosine(near) = %.3f <= cosine(far) = %.3f", tt.query, near, far)
		}
	}
}

func TestHashScripts(t *testing.T) {
	h := NewHash(0)
	texts := []string{
		"我们使用Valkey作为缓存",
		"数据库每天晚上备份一次",
		"naïve façade Ærøskøbing",
		"東京は日本の首都です",
		"한국어 문장입니다",
		"Привет, мир",
	}
	vecs := make([][]float32, len(texts))
	for i, text := range texts {
		vecs[i] = embedOne(t, h, text)
		if norm(vecs[i]) == 0 {
			t.Errorf("EmbedQuery(%q) is a zero vector", text)
		}
	}
	if s := cosine(vecs[0], vecs[1]); s > 0.99 {
		t.Errorf("two different Chinese sentences have cosine %.3f, want clearly below 1", s)
	}
}

func TestHashCompoundParts(t *testing.T) {
	h := NewHash(0)
	whole := embedOne(t, h, "zebra-comet-2026")
	part := embedOne(t, h, "comet")
	other := embedOne(t, h, "galaxy")
	if cosine(whole, part) <= cosine(whole, other)+0.1 {
		t.Errorf("cosine(zebra-comet-2026, comet) = %.3f, not clearly above cosine(.., galaxy) = %.3f",
			cosine(whole, part), cosine(whole, other))
	}
}

// TestHashPartsMatchesTokenize checks that the allocation-free splitting of
// compound words agrees with tokenize.Parts.
func TestHashPartsMatchesTokenize(t *testing.T) {
	for _, text := range []string{
		"zebra-comet-2026", "v1.2.3", "pkg/foo.go", "it's", "snake_case_name",
		"host:8080", "café-naïve", "plain", "x", "e1234",
	} {
		for _, tok := range tokenize.Words(text) {
			s := newHashScratch()
			got := make([]float32, 64)
			s.parts(tok)
			s.flush(got)

			want := make([]float32, 64)
			if parts := tokenize.Parts(tok); len(parts) == 1 && parts[0] == tok {
				s.ngrams(tok)
			} else {
				for _, p := range parts {
					s.add(fnvString(seedWord, p), wordWeight)
					s.ngrams(p)
				}
			}
			s.flush(want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("parts(%q) differs from tokenize.Parts(%q) = %q", tok, tok, tokenize.Parts(tok))
			}
		}
	}
}

func TestHashCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	h := NewHash(0)
	if _, err := h.EmbedDocuments(ctx, []string{"a"}); err != context.Canceled {
		t.Errorf("EmbedDocuments(canceled) error = %v, want context.Canceled", err)
	}
	if _, err := h.EmbedQuery(ctx, "a"); err != context.Canceled {
		t.Errorf("EmbedQuery(canceled) error = %v, want context.Canceled", err)
	}
}

func TestHashConcurrent(t *testing.T) {
	h := NewHash(0)
	corpus := syntheticCorpus(1, 50, 1500)
	want, err := h.EmbedDocuments(context.Background(), corpus)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			got, err := h.EmbedDocuments(context.Background(), corpus)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("concurrent EmbedDocuments differs (err %v)", err)
			}
		})
	}
	wg.Wait()
}

// syntheticCorpus returns n English-like texts of about size bytes each,
// drawn with a Zipf distribution from a fixed vocabulary.
func syntheticCorpus(seed uint64, n, size int) []string {
	rng := rand.New(rand.NewPCG(seed, seed))
	vocab := strings.Fields(benchVocabulary)
	for i := range 2000 { // rarer, made-up terms: identifiers, names
		vocab = append(vocab, fmt.Sprintf("term%d", i), fmt.Sprintf("svc-%d", i))
	}
	zipf := rand.NewZipf(rng, 1.1, 2, uint64(len(vocab)-1))
	out := make([]string, n)
	var b strings.Builder
	for i := range out {
		b.Reset()
		for b.Len() < size {
			w := vocab[zipf.Uint64()]
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(w)
			if rng.IntN(12) == 0 {
				b.WriteString(".")
			}
		}
		out[i] = b.String()
	}
	return out
}

const benchVocabulary = `the of and to a in is it that for on with as was be by this are
from or an at not but have has which were they their can more will one all
would there been if when we so what about up out into them than then only some
index search query vector embedding chunk document memory file markdown heading
database sqlite table column row transaction commit migration schema backup
server client request response timeout retry error failure cache latency
deploy release version build test benchmark config option default value
user team project meeting decision note daily weekly summary review plan
network socket connection token key secret credential rotate policy access
performance throughput memory allocation goroutine channel mutex lock context
Valkey Redis Postgres Kubernetes Docker Linux Go Python TypeScript React`

func BenchmarkHash(b *testing.B) {
	for _, size := range []int{200, 1500, 6000} {
		b.Run(fmt.Sprintf("chunk=%dB", size), func(b *testing.B) {
			corpus := syntheticCorpus(42, 256, size)
			var bytes int
			for _, c := range corpus {
				bytes += len(c)
			}
			h := NewHash(0)
			ctx := context.Background()
			b.SetBytes(int64(bytes / len(corpus)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				if _, err := h.EmbedQuery(ctx, corpus[i%len(corpus)]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "chunks/s")
			b.ReportMetric(hashRecall(b, h, corpus), "recall@1")
		})
	}
}

// hashRecall returns the fraction of queries, each a run of 6 words from
// one document of corpus, whose nearest document is that one. Every
// synthetic document draws from the same Zipf vocabulary, so long ones look
// alike and the absolute value is low; it is there to compare changes.
func hashRecall(b *testing.B, h *Hash, corpus []string) float64 {
	ctx := context.Background()
	docs, err := h.EmbedDocuments(ctx, corpus)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	hits := 0
	for i, doc := range corpus {
		words := strings.Fields(doc)
		start := rng.IntN(len(words) - 6)
		qv, err := h.EmbedQuery(ctx, strings.Join(words[start:start+6], " "))
		if err != nil {
			b.Fatal(err)
		}
		best, bestScore := -1, math.Inf(-1)
		for j, d := range docs {
			if s := cosine(qv, d); s > bestScore {
				best, bestScore = j, s
			}
		}
		if best == i {
			hits++
		}
	}
	return float64(hits) / float64(len(corpus))
}

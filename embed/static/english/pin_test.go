package english_test

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embed/static/english"
)

// pinTexts returns texts that exercise every step of the model's
// tokenizer: capitals, punctuation, digits, accents, other scripts,
// controls, repeated words, words the vocabulary lacks (split into
// pieces, or unknown), overlong words, and generated sentences of made-up
// words like memweave-bench's corpus.
func pinTexts() []string {
	texts := []string{
		"", "   ", "!!!", "User prefers dark mode in every editor.",
		"What theme does the user like?", "Bob's automobile is a red hatchback",
		"The the THE tHe the, the; the.", "Kubernetes autoscaling limits: 3-5 pods (p99 < 250ms)",
		"ERR-4821 timeout at 2026-01-02T03:04:05Z", "v2.3.1 release notes",
		"Café naïve résumé façade Ångström", "東京 is in 日本; 北京欢迎你", "Привет, мир! Как дела?",
		"emoji 🎉 party 👍🏽 ok", "tabs\tand\nnewlines\r\nand\x00controls\x07here\u200b",
		"func main() { fmt.Println(\"hello, world\") } // code", "unaffable unbelievably antidisestablishmentarianism",
		strings.Repeat("a", 120) + " " + strings.Repeat("xyz", 40), "zzqx qqqj xkcd bakuzo tivelamo",
		"e-mail me at someone@example.com or https://example.com/path?q=1&r=2",
		"\xff\xfe invalid utf-8 \xc3 bytes", "ＦＵＬＬＷＩＤＴＨ ｌｅｔｔｅｒｓ and ﬁ ligature",
		"Mixed 中文and English日本語text",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	cons, vows := "bcdfghklmnprstvz", "aeiou"
	word := func() string {
		var b strings.Builder
		for range 1 + rng.IntN(3) {
			b.WriteByte(cons[rng.IntN(len(cons))])
			b.WriteByte(vows[rng.IntN(len(vows))])
		}
		if rng.IntN(3) == 0 {
			b.WriteByte(cons[rng.IntN(len(cons))])
		}
		return b.String()
	}
	common := strings.Fields("the cache eviction policy deployment rollback payments service latency budget team memory search")
	for range 40 {
		var b strings.Builder
		for i := range 20 + rng.IntN(60) {
			if i > 0 {
				b.WriteByte(" ,.\n"[rng.IntN(4)])
				b.WriteByte(' ')
			}
			if rng.IntN(2) == 0 {
				b.WriteString(common[rng.IntN(len(common))])
			} else {
				b.WriteString(word())
			}
		}
		texts = append(texts, b.String())
	}
	return texts
}

// TestPinnedVectors checks that the compiled-in model embeds pinTexts to
// exactly the vectors it always has: a change to the tokenizer or the
// summation that moves any bit of any vector fails here, and would make
// indexes built before it disagree with queries embedded after it.
func TestPinnedVectors(t *testing.T) {
	const want = "a8d5528ee79c7a1a9af2c8601242ea65b11960e5cc3766891e283cf37c633c45"
	e := english.New()
	ctx := context.Background()
	texts := pinTexts()
	docs, err := e.EmbedDocuments(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	for i, text := range texts {
		q, err := e.EmbedQuery(ctx, text)
		if err != nil {
			t.Fatal(err)
		}
		for j := range q {
			if math.Float32bits(q[j]) != math.Float32bits(docs[i][j]) {
				t.Fatalf("EmbedQuery(%q)[%d] = %v, EmbedDocuments gives %v", text, j, q[j], docs[i][j])
			}
		}
		for _, x := range q {
			h.Write(binary.LittleEndian.AppendUint32(nil, math.Float32bits(x)))
		}
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != want {
		t.Errorf("SHA-256 of the vectors of %d texts = %s, want %s", len(texts), got, want)
	}
}

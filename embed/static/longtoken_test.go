package static_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/embed/static"
	"github.com/memweave/memweave-go/embed/static/statictest"
	"github.com/memweave/memweave-go/memweavetest"
)

// wordPieceWith is statictest.WordPieceTokenizer with its
// max_input_chars_per_word set to maxChars.
func wordPieceWith(t *testing.T, vocab []string, maxChars int) string {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal([]byte(statictest.WordPieceTokenizer(vocab)), &doc); err != nil {
		t.Fatal(err)
	}
	doc["model"].(map[string]any)["max_input_chars_per_word"] = maxChars
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// longTokenCase is a tokenizer holding tokens over static.MaxTokenBytes,
// the same tokenizer without them, and a text whose one long word makes
// a matcher that tries every token length walk each long token at each
// position of the word.
type longTokenCase struct {
	name       string
	with, sans string
	text       string
}

// checkLongTokens asserts that each case's tokenizer tokenizes its text
// as the tokenizer without the long tokens does, and within a time no
// long-token matcher meets: a model folder inside a workspace needs no
// approval, and a note or a query may hold one long word (a base64 image,
// minified code), so a token of kilobytes cost seconds to minutes a text.
func checkLongTokens(t *testing.T, cases []longTokenCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			with, err := static.ParseTokenizer([]byte(c.with))
			if err != nil {
				t.Fatal(err)
			}
			sans, err := static.ParseTokenizer([]byte(c.sans))
			if err != nil {
				t.Fatal(err)
			}
			// CPU time, not wall time: under load, or in CI's background
			// job at the lowest priority, the wall time of a bounded
			// Tokenize passed 3 s waiting for a core.
			start, cpu := time.Now(), memweavetest.ProcessCPU()
			got := with.Tokenize(c.text, nil, nil)
			took := memweavetest.ProcessCPU() - cpu
			if cpu == 0 { // no getrusage on this system
				took = time.Since(start)
			}
			want := sans.Tokenize(c.text, nil, nil)
			if !slices.Equal(got, want) {
				t.Errorf("Tokenize = %d ids %v..., want the %d ids %v... of the vocabulary without tokens over %d bytes",
					len(got), got[:min(len(got), 4)], len(want), want[:min(len(want), 4)], static.MaxTokenBytes)
			}
			// Bounded work takes milliseconds; the unbounded matcher took
			// 2 to 30 s here. 3 s leaves room for a loaded machine.
			if took > 3*time.Second {
				t.Errorf("Tokenize of a %d-byte word took %v of CPU", len(c.text), took)
			}
		})
	}
}

func TestLongTokensCostBoundedWork(t *testing.T) {
	long := strings.Repeat("a", 16384)
	word := strings.Repeat("a", 32768) + "b"
	uni := func(pieces ...string) string {
		scores := make([]float64, len(pieces))
		for i := range scores {
			scores[i] = -1
		}
		return statictest.UnigramTokenizer(pieces, scores)
	}
	checkLongTokens(t, []longTokenCase{
		{"Unigram, one piece of 16 KiB", uni("<unk>", "a", "▁a", "b", long), uni("<unk>", "a", "▁a", "b"), word},
		{"Unigram, pieces of every length to 4 KiB", uni(append([]string{"<unk>", "a", "▁a", "b"}, func() []string {
			var p []string
			for n := 300; n <= 4096; n += 97 {
				p = append(p, strings.Repeat("a", n))
			}
			return p
		}()...)...), uni("<unk>", "a", "▁a", "b"), word},
		{"WordPiece, a 16 KiB token ending in b, words of any length", wordPieceWith(t, []string{"[UNK]", "a", "##a", "b", "##b", long + "b", "##" + long + "b"}, 1<<30),
			wordPieceWith(t, []string{"[UNK]", "a", "##a", "b", "##b"}, 1<<30), word},
	})
}

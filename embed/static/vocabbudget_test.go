package static_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embed/static"
)

// TestVocabularyBudget: a tokenizer.json under MaxTokenizerBytes could
// still hold millions of tokens or tens of megabytes of token text, and
// each costs memory to parse and keep: a 63 MiB file cost every command
// of a workspace naming its folder 0.43 GB (5.5M short WordPiece tokens),
// 1.5 GB (250-byte tokens sharing no prefix) or 2.0 GB (4.7M Unigram
// pieces). A vocabulary over MaxVocabTokens tokens or MaxVocabBytes of
// token text is refused, naming both the count and the limit.
func TestVocabularyBudget(t *testing.T) {
	skipUnderRace(t)
	// The files are written by hand: encoding/json takes seconds for a
	// million tokens.
	token := func(i, width int) string {
		s := fmt.Sprintf("t%x", i)
		return s + strings.Repeat("x", max(0, width-len(s)))
	}
	wordPiece := func(n, width int) string {
		var b strings.Builder
		b.WriteString(`{"normalizer":null,"pre_tokenizer":{"type":"Whitespace"},"model":{"type":"WordPiece","unk_token":"[UNK]","vocab":{"[UNK]":0`)
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, `,"%s":%d`, token(i, width), i)
		}
		b.WriteString(`}}}`)
		return b.String()
	}
	unigram := func(n, width int) string {
		var b strings.Builder
		b.WriteString(`{"normalizer":null,"pre_tokenizer":{"type":"Whitespace"},"model":{"type":"Unigram","unk_id":0,"vocab":[["<unk>",0]`)
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, `,["%s",-1.5]`, token(i, width))
		}
		b.WriteString(`]}}`)
		return b.String()
	}
	tooMany := static.MaxVocabTokens + 1
	tooLong := static.MaxVocabBytes/250 + 2
	cases := []struct {
		name, tok, want string
	}{
		{"WordPiece, too many tokens", wordPiece(tooMany, 0), fmt.Sprint(static.MaxVocabTokens)},
		{"Unigram, too many pieces", unigram(tooMany, 0), fmt.Sprint(static.MaxVocabTokens)},
		{"WordPiece, too much token text", wordPiece(tooLong, 250), "MiB"},
		{"Unigram, too much piece text", unigram(tooLong, 250), "MiB"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := static.ParseTokenizer([]byte(c.tok))
			if !errors.Is(err, static.ErrVocabTooLarge) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("ParseTokenizer = %v, want ErrVocabTooLarge naming %s", err, c.want)
			}
		})
	}
	// The largest public vocabularies (500,000 tokens) load.
	for _, tok := range []string{wordPiece(500_000, 12), unigram(500_000, 12)} {
		if _, err := static.ParseTokenizer([]byte(tok)); err != nil {
			t.Errorf("ParseTokenizer(500,000 tokens) = %v", err)
		}
	}
}

// skipUnderRace skips a test whose size is its property and whose work
// is one goroutine's parsing, which the race detector slows more than
// tenfold and can find no race in: .ci/run runs it without -race
// (docs/performance.md has the figures).
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("one goroutine parsing millions of tokens: run without -race (.ci/run does)")
	}
}

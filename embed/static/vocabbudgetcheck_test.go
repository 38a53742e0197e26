package static_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embed/static"
)

// TestVocabularyBudgetCheck is the held-out part of the budget family,
// written after TestVocabularyBudget's fix and run once: the third model
// type, and a vocabulary that the hand scanner hands to encoding/json.
func TestVocabularyBudgetCheck(t *testing.T) {
	skipUnderRace(t)
	object := func(n int, dup bool) string {
		var b strings.Builder
		b.WriteString(`{"[UNK]":0`)
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, `,"w%x":%d`, i, i)
		}
		if dup {
			b.WriteString(`,"w1":1`)
		}
		b.WriteString(`}`)
		return b.String()
	}
	n := static.MaxVocabTokens + 2
	for name, tok := range map[string]string{
		"WordLevel":                  `{"pre_tokenizer":{"type":"Whitespace"},"model":{"type":"WordLevel","unk_token":"[UNK]","vocab":` + object(n, false) + `}}`,
		"WordLevel, a duplicate key": `{"pre_tokenizer":{"type":"Whitespace"},"model":{"type":"WordLevel","unk_token":"[UNK]","vocab":` + object(n, true) + `}}`,
		"WordPiece, a duplicate key": `{"pre_tokenizer":{"type":"Whitespace"},"model":{"type":"WordPiece","unk_token":"[UNK]","vocab":` + object(n, true) + `}}`,
		"Unigram, escaped pieces": `{"pre_tokenizer":{"type":"Whitespace"},"model":{"type":"Unigram","unk_id":0,"vocab":[` +
			strings.TrimSuffix(strings.Repeat(`["\u0061b",1E0],`, n), ",") + `]}}`,
	} {
		_, err := static.ParseTokenizer([]byte(tok))
		if !errors.Is(err, static.ErrVocabTooLarge) {
			t.Errorf("%s: ParseTokenizer = %v, want ErrVocabTooLarge", name, err)
		}
	}
}

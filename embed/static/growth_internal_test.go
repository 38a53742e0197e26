package static

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestTokenizeCutsGrowth runs a normalizer whose configured strings pass
// the static check but whose Unicode steps expand the text each round
// (NFKD turns U+FDFA into eighteen characters, five of them the one the
// next step turns back into U+FDFA): the cut at run time bounds the
// pre-tokens by the input's size, which would otherwise grow five-fold a
// round.
func TestTokenizeCutsGrowth(t *testing.T) {
	round := []any{
		map[string]any{"type": "NFKD"},
		map[string]any{"type": "Replace", "pattern": map[string]any{"String": "ل"}, "content": "ﷺ"},
	}
	var steps []any
	for range 5 {
		steps = append(steps, round...)
	}
	doc := map[string]any{
		"normalizer":    map[string]any{"type": "Sequence", "normalizers": steps},
		"pre_tokenizer": map[string]any{"type": "WhitespaceSplit"},
		"model":         map[string]any{"type": "WordLevel", "vocab": map[string]int{"[UNK]": 0}, "unk_token": "[UNK]"},
	}
	b, _ := json.Marshal(doc)
	tok, err := ParseTokenizer(b)
	if err != nil {
		t.Fatalf("ParseTokenizer = %v, want it accepted (its configured strings add a half at most a step)", err)
	}
	text := strings.Repeat("ﷺ ", 200)
	limit := limitOf(len(text))
	norm := tok.normalize.run(text, limit)
	if len(norm) > limit {
		t.Errorf("normalized %d bytes into %d, want at most %d", len(text), len(norm), limit)
	}
	if n := len(norm); n < 4*len(text) {
		t.Errorf("normalized %d bytes into %d: the case does not grow, so it tests nothing", len(text), n)
	}
	ids := tok.Tokenize(text, nil, nil)
	if len(ids) > limitOf(limit) || len(ids) == 0 {
		t.Errorf("Tokenize gave %d ids for %d bytes, want 1 to %d", len(ids), len(text), limitOf(limit))
	}
}

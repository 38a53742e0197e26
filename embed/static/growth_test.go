package static_test

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embed/static"
	"github.com/memweave/memweave-go/embed/static/statictest"
)

// withSteps returns a WordPiece tokenizer.json over wpVocab whose
// normalizer and pre-tokenizer are the given ones (nil: the BERT ones).
func withSteps(t testing.TB, normalizer, preTokenizer any) string {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal([]byte(statictest.WordPieceTokenizer(wpVocab)), &doc); err != nil {
		t.Fatal(err)
	}
	if normalizer != nil {
		doc["normalizer"] = normalizer
	}
	if preTokenizer != nil {
		doc["pre_tokenizer"] = preTokenizer
	}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func seq(key string, steps ...any) map[string]any {
	return map[string]any{"type": "Sequence", key: steps}
}

func replace(kind, pattern, content string) map[string]any {
	return map[string]any{"type": "Replace", "pattern": map[string]any{kind: pattern}, "content": content}
}

func repeatSteps(n int, s any) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// TestChainedNormalizerModelRefused loads a model folder whose
// normalizers are chained Replace steps that each multiply the text: the
// model is refused as unusable, naming the step, before any text is
// normalized.
func TestChainedNormalizerModelRefused(t *testing.T) {
	double := replace("String", "a", "aa")
	tok := withSteps(t, seq("normalizers", repeatSteps(24, double)...), nil)
	dir := statictest.WriteModel(t, filepath.Join(t.TempDir(), "chain"), map[string]statictest.Tensor{"embeddings": statictest.F32(rows())}, tok, `{"normalize": true}`)
	m, err := load(t, dir)
	if err == nil {
		t.Fatalf("load(chained Replace model) = %v, nil; want it refused", m)
	}
	if testing.Verbose() {
		t.Log(err)
	}
	if !errors.Is(err, static.ErrFormat) {
		t.Errorf("load(chained Replace model) = %v, want an error wrapping ErrFormat", err)
	}
	for _, want := range []string{"tokenizer.json", "normalizers[3]", `Replace`, `"aa"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("load(chained Replace model) = %v, want it to name %q", err, want)
		}
	}
}

// TestGrowthRefused lists tokenizers whose configured strings could make
// a text too long, each with the step the error must name, and usable
// ones that must still load.
func TestGrowthRefused(t *testing.T) {
	big := strings.Repeat("x", 2048)
	for _, c := range []struct {
		name      string
		norm, pre any
		want      string // "" for accepted
	}{
		// Refused: literal patterns.
		{"one step of nine", replace("String", "a", "aaaaaaaaa"), nil, "Replace"},
		{"doubling chain", seq("normalizers", repeatSteps(4, replace("String", "ab", "abab"))...), nil, "normalizers[3]"},
		{"empty literal", seq("normalizers", repeatSteps(4, replace("String", "", "z"))...), nil, "normalizers[3]"},
		// Refused: regular expressions, by their shortest match.
		{"empty regex", seq("normalizers", replace("Regex", "a*", "bb"), replace("Regex", "x?", "yy")), nil, "normalizers[1]"},
		{"class regex", seq("normalizers", replace("Regex", "[a-z]", "qqq"), replace("Regex", "[a-z]", "qqq")), nil, "normalizers[1]"},
		{"anchored regex", seq("normalizers", repeatSteps(4, replace("Regex", "^", "abc"))...), nil, "normalizers[1]"},
		// Refused: added text, nested sequences, pre-tokenizers.
		{"long prepend", map[string]any{"type": "Prepend", "prepend": big}, nil, "Prepend"},
		{"nested", seq("normalizers", seq("normalizers", replace("String", "a", "aaaa")), seq("normalizers", replace("String", "a", "aaaa"))), nil, "normalizers[1]"},
		{"metaspace chain", nil, seq("pretokenizers", repeatSteps(3, map[string]any{"type": "Metaspace", "replacement": "  "})...), "pretokenizers[1]"},
		{"long metaspace", nil, map[string]any{"type": "Metaspace", "replacement": big}, "Metaspace"},
		// Accepted: what real models use.
		{"bert", nil, nil, ""},
		{"sentencepiece", seq("normalizers", replace("String", " ", "▁"), map[string]any{"type": "Prepend", "prepend": "▁"}, map[string]any{"type": "NFKC"}),
			seq("pretokenizers", map[string]any{"type": "WhitespaceSplit"}, map[string]any{"type": "Metaspace", "replacement": "▁"}), ""},
		{"squeeze spaces", seq("normalizers", replace("Regex", " {2,}", " "), map[string]any{"type": "Lowercase"}), nil, ""},
		{"shrinking chain", seq("normalizers", repeatSteps(40, replace("String", "aa", "a"))...), nil, ""},
	} {
		_, err := static.ParseTokenizer([]byte(withSteps(t, c.norm, c.pre)))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: ParseTokenizer = %v, want it accepted", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "multiply")):
			t.Errorf("%s: ParseTokenizer = %v, want an error naming %q", c.name, err, c.want)
		}
	}
}

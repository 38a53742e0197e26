package static_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embed/static"
)

// stepsTokenizer is a WordPiece tokenizer.json whose normalizer and
// pre-tokenizer are as given.
func stepsTokenizer(normalizer, preTokenizer string) string {
	return `{"normalizer":` + normalizer + `,"pre_tokenizer":` + preTokenizer +
		`,"model":{"type":"WordPiece","unk_token":"[UNK]","vocab":{"[UNK]":0,"a":1}}}`
}

// seqOf is a Sequence of n copies of step under key.
func seqOf(key, step string, n int) string {
	return `{"type":"Sequence","` + key + `":[` + strings.TrimSuffix(strings.Repeat(step+",", n), ",") + `]}`
}

// nested is n Sequences, each holding the next, around step.
func nested(key, step string, n int) string {
	return strings.Repeat(`{"type":"Sequence","`+key+`":[`, n) + step + strings.Repeat(`]}`, n)
}

// checkSteps asserts that each tokenizer is refused, naming the limit.
func checkSteps(t *testing.T, cases map[string]string) {
	t.Helper()
	for name, tok := range cases {
		_, err := static.ParseTokenizer([]byte(tok))
		if err == nil || !strings.Contains(err.Error(), "steps") || !strings.Contains(err.Error(), "64") {
			t.Errorf("%s: ParseTokenizer = %v, want an error naming the limit of %d steps", name, err, static.MaxTokenizerSteps)
		}
	}
}

// TestTokenizerStepsBounded: every normalizer and pre-tokenizer step runs
// on every text embedded, so a tokenizer.json of a model folder (no
// approval inside a workspace) holding 200,000 Lowercase steps (4 MB) made
// each 2 KB text take 1.8 s, 50,000 Replace regexes (2 MB) 0.86 s and
// 47 MB of heap; under the 64 MiB file bound, 30 times that. Trained
// tokenizers hold a handful of steps: more than MaxTokenizerSteps, nested
// Sequences counted, is refused at load.
func TestTokenizerStepsBounded(t *testing.T) {
	ws := `{"type":"Whitespace"}`
	checkSteps(t, map[string]string{
		"Lowercase x 200,000":  stepsTokenizer(seqOf("normalizers", `{"type":"Lowercase"}`, 200_000), ws),
		"Replace regex x 65":   stepsTokenizer(seqOf("normalizers", `{"type":"Replace","pattern":{"Regex":"q+"},"content":"q"}`, 65), ws),
		"Sequences 2,000 deep": stepsTokenizer(nested("normalizers", `{"type":"Lowercase"}`, 2_000), ws),
	})
	// A handful of steps, nested, loads.
	ok := stepsTokenizer(seqOf("normalizers", nested("normalizers", `{"type":"NFKC"}`, 3), 10), seqOf("pretokenizers", ws, 20))
	if _, err := static.ParseTokenizer([]byte(ok)); err != nil {
		t.Errorf("ParseTokenizer(10 x 4 normalizer steps, 20 pre-tokenizer steps) = %v", err)
	}
}

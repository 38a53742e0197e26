package static_test

import "testing"

// TestTokenizerStepsCheck is the held-out part of the steps family:
// pre-tokenizers and other step types, written with
// TestTokenizerStepsBounded and run only after its fix.
func TestTokenizerStepsCheck(t *testing.T) {
	checkSteps(t, map[string]string{
		"Whitespace pre-tokenizers x 100,000": stepsTokenizer(`null`, seqOf("pretokenizers", `{"type":"Whitespace"}`, 100_000)),
		"pre-tokenizer Sequences 3,000 deep":  stepsTokenizer(`null`, nested("pretokenizers", `{"type":"Digits"}`, 3_000)),
		"Replace string x 1,000":              stepsTokenizer(seqOf("normalizers", `{"type":"Replace","pattern":{"String":"q"},"content":"q"}`, 1000), `{"type":"Whitespace"}`),
		"10 Sequences of 10":                  stepsTokenizer(seqOf("normalizers", seqOf("normalizers", `{"type":"NFC"}`, 10), 10), `{"type":"Whitespace"}`),
	})
}

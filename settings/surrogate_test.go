package settings

import (
	"fmt"
	"strings"
	"testing"
)

// TestReadRefusesLoneSurrogateEscapes: "\udc00", half of a surrogate
// pair escaped alone, is no character; the decoder read it as U+FFFD,
// so a cloned memweave.json could show one prefix or model and have
// another sent (as a byte that is not UTF-8 could). It is refused,
// naming the file, the line and the escape; a pair and an escaped
// backslash followed by "udc00" pass.
func TestReadRefusesLoneSurrogateEscapes(t *testing.T) {
	for _, c := range []struct {
		name, data, esc string
		line            int
	}{
		// tune
		{"prefix", "{\n  \"embedder\": {\n    \"provider\": \"hash\",\n    \"document_prefix\": \"a\\udc00\"\n  }\n}\n", `\udc00`, 4},
		// check
		{"model upper case", "{\"embedder\": {\"provider\": \"openai\",\n \"model\": \"m\\uD800\"}}", `\uD800`, 2},
		{"reversed pair", "{\n\"embedder\": {\"query_prefix\": \"q\\ude00\\ud83d\"}}", `\ude00`, 2},
		{"extra path", "{\n\n\"extra_paths\": [\"ok\", \"n\\udbff.md\"]}", `\udbff`, 3},
		{"key", "{\"chunk_tokens\": 200,\n\"x\\udc00\": 1}", `\udc00`, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			path, s, err := readData(t, c.data)
			at := fmt.Sprintf("%s:%d:", path, c.line)
			if err == nil || !strings.Contains(err.Error(), at) || !strings.Contains(err.Error(), c.esc) || !strings.Contains(err.Error(), "surrogate") {
				t.Fatalf("Read = %+v, %v; want an error at %s naming %s, a lone surrogate", s, err, at, c.esc)
			}
		})
	}
	for _, data := range []string{
		`{"embedder": {"provider": "hash", "document_prefix": "\ud83d\ude00 "}}`,
		`{"embedder": {"provider": "hash", "document_prefix": "\\udc00"}}`,
	} {
		if _, s, err := readData(t, data); err != nil {
			t.Errorf("Read(%s) = %+v, %v; want it read", data, s, err)
		}
	}
}

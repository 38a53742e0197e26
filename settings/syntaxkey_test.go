package settings

import (
	"fmt"
	"strings"
	"testing"
)

// TestSyntaxErrorsNameTheKey: a value JSON cannot read (0x10, a comment,
// NaN) was refused naming the line alone, in the decoder's words
// ("invalid character 'x' after object key:value pair"), so a reader of
// a line holding several keys could not tell which. The error names
// the key read last before it.
func TestSyntaxErrorsNameTheKey(t *testing.T) {
	for _, c := range []struct {
		name, data, key string
		line            int
	}{
		// tune
		{"hex", "{\n  \"embedder\": {\"provider\": \"hash\", \"dims\": 0x10}\n}\n", "embedder.dims", 2},
		// check
		{"comment", "{\"chunk_tokens\": 200, // mine\n\"chunk_overlap\": 20}", "chunk_tokens", 1},
		{"nan", "{\"fusion\": {\"method\": \"rrf\"},\n \"chunk_tokens\": NaN}", "chunk_tokens", 2},
		{"plus", "{\"embedder\": {\"dims\": +16}}", "embedder.dims", 1},
		{"list", "{\"extra_paths\": [\"a\", 'b']}", "extra_paths", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			path, s, err := readData(t, c.data)
			at := fmt.Sprintf("%s:%d:", path, c.line)
			if err == nil || !strings.Contains(err.Error(), at) || !strings.Contains(err.Error(), c.key) {
				t.Fatalf("Read = %+v, %v; want an error at %s naming %s", s, err, at, c.key)
			}
		})
	}
}

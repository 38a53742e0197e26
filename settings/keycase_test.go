package settings

import (
	"fmt"
	"strings"
	"testing"
)

// TestReadRefusesAKeyInAnotherCase: encoding/json matches a key to a
// field up to case folding, so "Base_URL", "EXTRA_PATHS" or "baſe_url"
// (a long s) set the setting of that name while a reader of the file,
// a program reading it case-sensitively, or a diff reviewer, takes
// them for unknown keys that do nothing. Each is refused, naming the
// key as written, its line and the spelling to use.
func TestReadRefusesAKeyInAnotherCase(t *testing.T) {
	for _, c := range []struct {
		name, data, key, want string
		line                  int
	}{
		// tune
		{"nested", "{\n  \"embedder\": {\n    \"provider\": \"openai\", \"model\": \"m\",\n    \"Base_URL\": \"http://203.0.113.9/v1\"\n  }\n}\n", "embedder.Base_URL", "base_url", 4},
		{"top", "{\n  \"EXTRA_PATHS\": [\"docs\"]\n}\n", "EXTRA_PATHS", "extra_paths", 2},
		{"object", "{\n  \"chunk_tokens\": 200,\n  \"Embedder\": {\"provider\": \"hash\"}\n}\n", "Embedder", "embedder", 3},
		// check
		{"long s", "{\n  \"embedder\": {\n    \"provider\": \"openai\", \"model\": \"m\",\n    \"ba\u017fe_url\": \"http://203.0.113.9/v1\"\n  }\n}\n", "embedder.ba\u017fe_url", "base_url", 4},
		{"kelvin", "{\n  \"chun\u212a_tokens\": 300\n}\n", "chun\u212a_tokens", "chunk_tokens", 2},
		{"escaped", "{\n  \"embedder\": {\"provider\": \"hash\",\n    \"Dims\": 64}\n}\n", "embedder.Dims", "dims", 3},
		{"fusion", "{\n  \"fusion\": {\n    \"METHOD\": \"blend\"\n  }\n}\n", "fusion.METHOD", "method", 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			path, s, err := readData(t, c.data)
			at := fmt.Sprintf("%s:%d:", path, c.line)
			if err == nil || !strings.Contains(err.Error(), at) || !strings.Contains(err.Error(), fmt.Sprintf("%+q", c.key)) || !strings.Contains(err.Error(), `"`+c.want+`"`) {
				t.Fatalf("Read = %+v, %v; want an error at %s naming %q and %q", s, err, at, c.key, c.want)
			}
		})
	}
}

// TestReadRefusesBytesThatAreNotUTF8: JSON is UTF-8 (RFC 8259), and Go's
// decoder reads each byte that is not as U+FFFD: a prefix or model a
// reader of the file sees as one byte string would be used, and sent,
// as another. The file is refused, naming the line of the first such
// byte.
func TestReadRefusesBytesThatAreNotUTF8(t *testing.T) {
	for _, c := range []struct {
		name, data string
		line       int
	}{
		// tune
		{"prefix", "{\n  \"embedder\": {\n    \"provider\": \"hash\",\n    \"document_prefix\": \"doc\xff: \"\n  }\n}\n", 4},
		// check
		{"query prefix overlong", "{\n  \"embedder\": {\n    \"query_prefix\": \"\xc0\xafq: \"\n  }\n}\n", 3},
		{"key", "{\n  \"chunk_tokens\": 200,\n  \"extra_paths\": [\"a\"],\n  \"x\xe2\x82\": 1\n}\n", 4},
		{"model surrogate", "{\"embedder\": {\"provider\": \"openai\", \"model\": \"m\xed\xa0\x80\"}}", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			path, s, err := readData(t, c.data)
			at := fmt.Sprintf("%s:%d:", path, c.line)
			if err == nil || !strings.Contains(err.Error(), at) || !strings.Contains(err.Error(), "UTF-8") {
				t.Fatalf("Read = %+v, %v; want an error at %s saying the file is not UTF-8", s, err, at)
			}
		})
	}
}

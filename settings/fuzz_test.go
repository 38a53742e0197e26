package settings

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

// FuzzParse feeds Parse any bytes, as a cloned memweave.json can hold:
// it never panics, an error names the file, and settings it accepts
// pass Validate and read back the same once written as Write writes
// them.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		`{}`,
		`{"chunk_tokens": 400, "chunk_overlap": 80, "extra_paths": ["notes"], "fusion": {"method": "rrf"}}`,
		`{"embedder": {"provider": "openai", "model": "m", "base_url": "http://127.0.0.1:8080/v1", "dims": 512, "query_prefix": "q: ", "document_prefix": "d: "}}`,
		`{"embedder": {"provider": "hash", "dims": 4096}}`,
		`{"chunk_tokens": 16, "chunk_overlap": 8}`,
		`{"chunk_tokens": 1e400}`,
		`{"chunk_tokens": 9007199254740993}`,
		`{"chunk_tokens": 1, "CHUNK_TOKENS": 2}`,
		`{"embedder": {"dims": 8, "dims": 9}}`,
		`{"hooks": {"a": {"b": [1, 2, {"c": null}]}}}`,
		"\ufeff{\"chunk_tokens\": 300}",
		`{"embedder": {"base_url": "http://0x7f.1/v1"}}`,
		`{"extra_paths": ["/", "../..", "~", "\u202e"]}`,
		`[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]`,
		`{"chunk_tokens": 400} {}`,
		`{"fusion": {"method": "weighted"}, "chunk_overlap": -1}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const p = "/ws/memweave.json"
		start := time.Now()
		s, err := Parse(data, p)
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("Parse of %d bytes took %v", len(data), d)
		}
		if err != nil {
			if !strings.Contains(err.Error(), p) {
				t.Fatalf("Parse(%q) = %v: the error does not name the file", data, err)
			}
			return
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("Parse(%q) accepted settings Validate refuses: %v", data, err)
		}
		out, err := json.MarshalIndent(s, "", "  ")
		if err != nil {
			t.Fatalf("marshal %+v: %v", s, err)
		}
		back, err := Parse(out, p)
		if err != nil {
			t.Fatalf("Parse(%q) = %+v, written as %s, read back: %v", data, s, out, err)
		}
		back.lines, s.lines = nil, nil
		if len(s.ExtraPaths) == 0 {
			s.ExtraPaths = nil // [] is no extra path, written as none
		}
		if !reflect.DeepEqual(back, s) {
			t.Fatalf("Parse(%q) = %+v, read back as %+v", data, s, back)
		}
	})
}

package static

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// FuzzParseVocab checks the vocabulary scanner against encoding/json:
// the same map, or an error from both.
func FuzzParseVocab(f *testing.F) {
	for _, s := range []string{
		`{}`, ` { "a" : 1 , "##b":2 }  `, `{"\u00e9t\u00e9": 3, "q\"uote": 4, "tab\t": 5}`,
		`{"[UNK]": 0, "東京": 12345}`, `{"a": 01}`, `{"a": -1}`, `{"a": 1, "a": 2}`, `{"a": 1,}`,
		`{"a": 1.5}`, `[1]`, `{"a": 1} x`, "{\"\xff\": 1}", `{"a": 12345678901}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := parseVocab(b)
		var want map[string]int
		werr := json.Unmarshal(b, &want)
		if (err == nil) != (werr == nil) || err == nil && !reflect.DeepEqual(got, want) {
			t.Errorf("parseVocab(%q) = %v, %v; encoding/json: %v, %v", b, got, err, want, werr)
		}
	})
}

// FuzzCleanLowerASCII checks the one-pass ASCII normalizer against the
// general one.
func FuzzCleanLowerASCII(f *testing.F) {
	f.Add("Hello,\tWORLD!\x00\x7f\v\f\r\n")
	f.Fuzz(func(t *testing.T, s string) {
		if !isASCII(s) {
			return
		}
		if got, want := cleanLowerASCII(s), strings.ToLower(cleanText(s)); got != want {
			t.Errorf("cleanLowerASCII(%q) = %q, want %q", s, got, want)
		}
	})
}

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

// FuzzObjectMembers checks the object splitter against encoding/json on
// every object encoding/json accepts: the same members, the last of equal
// keys winning. (The splitter may accept malformed values it skips.)
func FuzzObjectMembers(f *testing.F) {
	for _, s := range []string{
		`{}`, ` {"a": 1, "b": [1, {"c": "}"}], "d": "\"]"} `, `{"model": {"vocab": {"x": 1}}, "model": null}`,
		`{"a\u0062": true, "n": -1.5e3, "s": "é"}`, `{"a": 1,}`, `{"a" 1}`, `[]`, `{"a": [}`, `{"a": 1} x`, `{"a": tru}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var want map[string]json.RawMessage
		if json.Unmarshal(b, &want) != nil || want == nil {
			return
		}
		ms, err := objectMembers(b)
		if err != nil {
			t.Fatalf("objectMembers(%q) = %v; encoding/json accepts it", b, err)
		}
		got := map[string]json.RawMessage{}
		for _, m := range ms {
			got[m.key] = m.value
		}
		if len(got) != len(want) {
			t.Fatalf("objectMembers(%q) = %d keys, encoding/json %d", b, len(got), len(want))
		}
		for k, v := range want {
			if string(got[k]) != string(v) {
				t.Errorf("objectMembers(%q)[%q] = %s, encoding/json %s", b, k, got[k], v)
			}
		}
	})
}

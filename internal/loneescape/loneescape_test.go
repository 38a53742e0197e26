package loneescape

import (
	"encoding/json"
	"testing"
	"unicode/utf8"
)

func TestFind(t *testing.T) {
	for _, c := range []struct {
		in  string
		at  int
		esc string
	}{
		{`"a"`, -1, ""},
		{`"\udc00"`, 1, `\udc00`},
		{`"\ud83d\ude00"`, -1, ""},
		{`"\ude00\ud83d"`, 1, `\ude00`},
		{`"\ud83d"`, 1, `\ud83d`},
		{`"\ud83dx"`, 1, `\ud83d`},
		{`"\ud83d\u0041"`, 1, `\ud83d`},
		{`"\\udc00"`, -1, ""},
		{`"\\\udc00"`, 3, `\udc00`},
		{`{"k\uDFFF": 1}`, 3, `\uDFFF`},
		{`"\ud83d\ude00\udc00"`, 13, `\udc00`},
		{`"\u00e9\"\u2028"`, -1, ""},
	} {
		at, esc := Find([]byte(c.in))
		if at != c.at || esc != c.esc {
			t.Errorf("Find(%s) = %d, %q, want %d, %q", c.in, at, esc, c.at, c.esc)
		}
	}
}

// FuzzFind: a JSON string without a lone surrogate escape decodes to
// the text it escapes, never U+FFFD unless written, and one with
// decodes to U+FFFD where it stands.
func FuzzFind(f *testing.F) {
	for _, s := range []string{`"\udc00"`, `"\ud83d\ude00"`, `"\\udc00"`, `"a\u00e9"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v string
		if !utf8.ValidString(s) || json.Unmarshal([]byte(s), &v) != nil {
			return
		}
		at, _ := Find([]byte(s))
		var plain string
		if json.Unmarshal([]byte(s), &plain) == nil && at < 0 {
			for _, r := range plain {
				if r == utf8.RuneError && !containsFFFD(s) {
					t.Fatalf("Find(%s) = -1, but it decodes to %q", s, plain)
				}
			}
		}
	})
}

// containsFFFD reports whether s writes U+FFFD itself, raw or escaped.
func containsFFFD(s string) bool {
	for i := 0; i+6 <= len(s); i++ {
		if s[i:i+6] == `\ufffd` || s[i:i+6] == `\uFFFD` {
			return true
		}
	}
	for _, r := range s {
		if r == utf8.RuneError {
			return true
		}
	}
	return false
}

package mcpserver

import (
	"encoding/json"
	"testing"
)

// FuzzJSONSize: jsonSize counts what encoding/json writes for a string,
// byte for byte, and jsonPrefix never splits a rune nor passes its
// bounds.
func FuzzJSONSize(f *testing.F) {
	for _, s := range []string{"", "plain", "\x01<>&\"\\\n\t\u2028\u2029\x7f", "ok\xff\xed\xa0\x80", "日本\U0001F680", "\xc3"} {
		f.Add(s, 5, 12)
	}
	f.Fuzz(func(t *testing.T, s string, maxBytes, maxJSON int) {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := jsonSize(s); got != len(b)-2 {
			t.Fatalf("jsonSize(%q) = %d, want %d (%s)", s, got, len(b)-2, b)
		}
		n, whole := jsonPrefix(s, maxBytes, maxJSON)
		if n < 0 || n > len(s) || (n > maxBytes && n > 0) || jsonSize(s[:n]) > max(maxJSON, 0) || whole != (n == len(s)) {
			t.Fatalf("jsonPrefix(%q, %d, %d) = %d, %v", s, maxBytes, maxJSON, n, whole)
		}
	})
}

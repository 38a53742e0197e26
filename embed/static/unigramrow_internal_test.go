package static

import (
	"encoding/json"
	"testing"
)

// FuzzUnigramRow: a row the hand scanner reads, it reads as encoding/json
// does.
func FuzzUnigramRow(f *testing.F) {
	for _, s := range []string{`["a",-1.5]`, `[ "▁de" , -3 ]`, `["a\"b",1]`, `["x",1e3]`, `["x",-0.25,7]`, `["x"]`, `["é\u00e9",2]`,
		"[\"a\tb\",1]", `["a",01]`, `["a",-]`, `["",0]`, `["a",1.]`, `["a",  -2.5  ]`, `["\xff",1]`, `[1,"a"]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, row string) {
		piece, score, ok := scanUnigramRow([]byte(row))
		if !ok {
			return
		}
		var r [2]json.RawMessage
		var p string
		var sc float64
		if err := json.Unmarshal([]byte(row), &r); err != nil {
			t.Fatalf("scanned %q as (%q, %v), encoding/json refuses it: %v", row, piece, score, err)
		}
		if json.Unmarshal(r[0], &p) != nil || json.Unmarshal(r[1], &sc) != nil || p != piece || sc != score {
			t.Fatalf("scanned %q as (%q, %v), encoding/json reads (%q, %v)", row, piece, score, p, sc)
		}
	})
}

package hexdigits

import "testing"

func TestLower(t *testing.T) {
	for s, want := range map[string]bool{"": true, "0123456789abcdef": true, "A": false, "g": false, "0x": false, "é": false, "ab\x00": false} {
		if got := Lower(s); got != want {
			t.Errorf("Lower(%q) = %v, want %v", s, got, want)
		}
	}
}

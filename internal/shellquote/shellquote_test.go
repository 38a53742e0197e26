package shellquote

import "testing"

func TestQuote(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"/home/ann/notes", "/home/ann/notes"},
		{"a-b_c.d+e,f:g@h", "a-b_c.d+e,f:g@h"},
		{"", "''"},
		{"my notes", "'my notes'"},
		{"it's", `'it'\''s'`},
		{"$HOME", "'$HOME'"},
		{"é", "'é'"},
	} {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

package ctlesc

import "testing"

func TestMessage(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"memweave: search: empty query", "search: empty query"},
		{"memweave: memweave: open workspace /w: not found", "open workspace /w: not found"},
		{"memory_write: memweave: write a.md: refused", "memory_write: write a.md: refused"},
		{"index: memweave: memweave: x", "index: x"},
		{`memory_get "x" not found (memweave: get x: workspace: not found)`, `memory_get "x" not found (get x: workspace: not found)`},
		{"memweave: first failed\nmemweave: second failed", "first failed second failed"},
		{"a:\n  memweave: b", "a: b"},
		{"  spaced \t out  ", "spaced out"},
		// A "memweave: " that is part of a quoted name or text is kept.
		{`memory_get "memory/x memweave: y.md" not found`, `memory_get "memory/x memweave: y.md" not found`},
		{"note says why memweave: is our tool", "note says why memweave: is our tool"},
		{"bad name \x1b[2J\u202e.md", `bad name \x1b[2J\u202e.md`},
		{"", ""},
	} {
		if got := Message(c.in); got != c.want {
			t.Errorf("Message(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

package history

import "testing"

// TestShownEscapesAsTheCommandsDo: a tree's path is shown with the
// CLI's and the MCP server's one rule (internal/ctlesc), so a
// bidirectional override, which reorders what a terminal prints, is
// quoted too, and a path with none is as it is.
func TestShownEscapesAsTheCommandsDo(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"memory/a.md", "memory/a.md"},
		{"memory/a\x1b[2Jb.md", `"memory/a\x1b[2Jb.md"`},
		{"memory/invoice\u202eexe.md", `"memory/invoice\u202eexe.md"`},
		{"memory/a\u0085b.md", `"memory/a\u0085b.md"`},
	} {
		if got := shown(tt.in); got != tt.want {
			t.Errorf("shown(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

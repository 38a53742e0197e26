package history

import "testing"

// TestEscapeFollowsTheCLIRule: a name from a tree (OneLine) and git's
// standard error (printable) are escaped as the CLI and the MCP server
// escape text (internal/ctlesc): a bidi override in a remote's branch
// name ("main\u202egpj.exe") would print the rest of the line reversed.
func TestEscapeFollowsTheCLIRule(t *testing.T) {
	for _, c := range []struct{ in, oneLine, printable string }{
		{"main\u202egpj.exe", `main\u202egpj.exe`, `main\u202egpj.exe`},
		{"a\x1b[2Jb\x9b", `a\x1b[2Jb\x9b`, `a\x1b[2Jb\x9b`},
		{"line\n\tnext\rover", `line\n\tnext\rover`, "line\n\tnext\\rover"},
		{"plain ünïcode", "plain ünïcode", "plain ünïcode"},
	} {
		if got := OneLine(c.in); got != c.oneLine {
			t.Errorf("OneLine(%q) = %q, want %q", c.in, got, c.oneLine)
		}
		if got := printable(c.in); got != c.printable {
			t.Errorf("printable(%q) = %q, want %q", c.in, got, c.printable)
		}
	}
}

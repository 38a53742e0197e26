package workspace_test

import (
	"strconv"
	"strings"
	"testing"
)

// TestDiscoverWarnsOfOtherScriptLookalikes: a cloned note named with
// Cyrillic or Greek letters that read as Latin ones ("\u0430pi.md", its a
// Cyrillic, beside "api.md") was indexed without a word: every output
// showed two notes of one name, and an agent that read a result of the
// planted one and then deleted or rewrote "api.md" acted on the other.
// Both are still indexed, and a warning names them in ASCII quotes, as
// for names composed otherwise. Russian or Greek names that read as no
// other name of the folder are not warned of; Api.md beside api.md is,
// as a case twin (TestDiscoverWarnsOfCaseTwins).
func TestDiscoverWarnsOfOtherScriptLookalikes(t *testing.T) {
	pairs := [][2]string{
		{"api.md", "\u0430pi.md"},                  // Cyrillic a
		{"passwords.md", "p\u0430ssw\u043erds.md"}, // Cyrillic a and o
		{"Deploy.md", "D\u0435pl\u043ey.md"},       // Cyrillic e, o
		{"COPY.md", "\u0421\u041e\u0420\u0423.md"}, // Cyrillic capitals
		{"topics/ops", "topics/\u03bfps"},          // a folder, Greek omicron
		{"keys.md", "\uff4beys.md"},                // fullwidth k
	}
	files := map[string]string{"memory/\u043f\u0440\u0438\u0432\u0435\u0442.md": "# Hi\n", "memory/Api.md": "# C\n"}
	for _, p := range pairs {
		for _, n := range p {
			if strings.HasPrefix(n, "topics/") {
				n += "/x.md"
			}
			files["memory/"+n] = "# " + n + "\n"
		}
	}
	found := discoverLookalikes(t, files)
	if len(found) != len(pairs)+1 {
		t.Errorf("Discover's lookalike warnings = %q, want %d, one for each pair and one for Api.md", found, len(pairs)+1)
	}
	for _, p := range pairs {
		a, b := p[0][strings.LastIndex(p[0], "/")+1:], p[1][strings.LastIndex(p[1], "/")+1:]
		qa, qb := strings.Trim(strconv.QuoteToASCII(a), `"`), strings.Trim(strconv.QuoteToASCII(b), `"`)
		if !warnsOfPair(found, qa, qb) {
			t.Errorf("no warning names %s and %s in ASCII quotes: %q", qa, qb, found)
		}
	}
}

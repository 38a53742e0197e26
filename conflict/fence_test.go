package conflict

import "testing"

// TestClaimsSkipQuotedFences: a fenced block quoted inside a longer
// fence ("````" around "```", "```" around "~~~": a note showing how
// another note looks) and an indented code block are code, not claims;
// claims toggled at any line opening with ``` or ~~~, so the quoted
// line was hinted against the note stating the fact.
func TestClaimsSkipQuotedFences(t *testing.T) {
	a := "The staging database runs PostgreSQL 15 on the shared cluster."
	quoted := "The staging database runs PostgreSQL 16 on the shared cluster."
	for _, b := range []string{
		"How a resolved note looks:\n````markdown\n```\n" + quoted + "\n```\n````",
		"How a resolved note looks:\n```markdown\n~~~\n" + quoted + "\n~~~\n```",
		"How a resolved note looks:\n\n    " + quoted + "\n",
		"How a resolved note looks:\n- an example:\n  ````\n  ```\n  " + quoted + "\n  ```\n  ````\n",
	} {
		if v, ok := Judge(a, b); ok {
			t.Errorf("Judge(%q, %q) = %+v, want no conflict: the second states its line as code", a, b, v)
		}
	}
	// A fence closed, the text after it is claims again.
	b := "How a resolved note looks:\n````\n```\nan example\n```\n````\n" + quoted
	if _, ok := Judge(a, b); !ok {
		t.Errorf("Judge(%q, %q) found no conflict, want the line after the closed fence read", a, b)
	}
}

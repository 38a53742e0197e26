package curate

import (
	"strings"
	"testing"
)

// TestDiffersOnCodeSpaces: white space inside a code span is code as
// written (CommonMark keeps a span's inner spaces): "cut -d' '" is not
// "cut -d'  '"; the same span in both copies is no difference.
func TestDiffersOnCodeSpaces(t *testing.T) {
	const text = "The log parser splits each line with %s to read the request path before it counts the hits."
	with := func(w string) string { return strings.Replace(text, "%s", w, 1) }
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{with("`cut -d' ' -f2`"), with("`cut -d'  ' -f2`"), true},
		{with("`printf '%s\\t%s'`"), with("`printf '%s \\t%s'`"), true},
		{with("`cut -d'  ' -f2`"), with("`cut -d'  ' -f2`"), false},
	} {
		if _, got := Differs(c.a, c.b); got != c.want {
			t.Errorf("Differs(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
		if c.want && OneText(c.a, c.b) {
			t.Errorf("OneText(%q, %q) = true: code written otherwise is not a Markdown form", c.a, c.b)
		}
	}
}

package curate

import "testing"

// TestDefinitionLost: a removal that takes a link reference definition,
// a footnote or a heading (its anchor) a kept line uses is found; one defined again in a kept
// line, used only by removed lines, or written in code is not.
func TestDefinitionLost(t *testing.T) {
	for _, c := range []struct {
		name     string
		src      string
		from, to int
		line     int
		label    string
	}{
		{"link used above", "See the [wiki][RB].\n\nCopy.\n[rb]: https://a\n", 3, 4, 1, "[rb]"},
		{"shortcut link", "See [RB] first.\n\nCopy.\n[rb]: https://a\n", 3, 4, 1, "[rb]"},
		{"footnote", "Cited[^1].\n\nCopy.\n[^1]: Audit 2026.\n", 3, 4, 1, "[^1]"},
		{"defined again", "See [wiki][rb].\n[rb]: https://a\n\nCopy.\n[rb]: https://a\n", 4, 5, 0, ""},
		{"used only by the copy", "Other text.\n\nCopy [wiki][rb].\n[rb]: https://a\n", 3, 4, 0, ""},
		{"in code", "```\nsee [wiki][rb]\n```\n\nCopy.\n[rb]: https://a\n", 5, 6, 0, ""},
		{"definition in code", "See [wiki][rb].\n\n```\n[rb]: https://a\n```\n", 3, 5, 0, ""},
		{"indented four", "See [wiki][rb].\n\nCopy.\n    [rb]: https://a\n", 3, 4, 0, ""},
		{"kept by keep", "See [wiki][rb].\n\nCopy.\n[rb]: https://a\n", 3, 4, 0, ""},
		{"heading linked to", "See [the steps](#restore-steps).\n\n## Restore Steps\n\nCopy.\n", 3, 5, 1, "#restore-steps"},
		{"heading linked with a title", "See [the steps](#restore-steps \"steps\").\n\n## Restore steps\n\nCopy.\n", 3, 5, 1, "#restore-steps"},
		{"heading not linked", "See the steps below.\n\n## Restore steps\n\nCopy.\n", 3, 5, 0, ""},
		{"heading kept twice", "See [the steps](#restore-steps).\n\n## Restore steps\n\nOld.\n\n## Restore steps\n\nCopy.\n", 7, 9, 0, ""},
	} {
		keep := [][2]int(nil)
		if c.name == "kept by keep" {
			keep = [][2]int{{4, 4}}
		}
		line, label := DefinitionLost([]byte(c.src), c.from, c.to, keep)
		if line != c.line || label != c.label {
			t.Errorf("%s: DefinitionLost(%q, %d, %d) = %d, %q, want %d, %q", c.name, c.src, c.from, c.to, line, label, c.line, c.label)
		}
	}
}

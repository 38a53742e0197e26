package mdfence

import (
	"strings"
	"testing"
)

// TestStep: a fence closes only with its own character, at least as
// long; a shorter or other fence inside it is a line of the block.
func TestStep(t *testing.T) {
	doc := "prose\n````md\n```\ninside\n```\n````\nafter\n```\n~~~\n```\n\n    indented\n- item\n  ```\n  in item\n  ```\n"
	// f: a fence line, i: inside a fenced block, .: neither.
	want := "." + "f" + "iii" + "f" + "." + "f" + "i" + "f" + "." + "." + "." + "f" + "i" + "f"
	var f Fence
	var got strings.Builder
	for _, l := range strings.Split(strings.TrimSuffix(doc, "\n"), "\n") {
		switch fence, inside := f.Step(l); {
		case fence:
			got.WriteByte('f')
		case inside:
			got.WriteByte('i')
		default:
			got.WriteByte('.')
		}
	}
	if got.String() != want {
		t.Errorf("Step over %q = %s, want %s", doc, got.String(), want)
	}
}

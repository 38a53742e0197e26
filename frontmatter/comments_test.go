package frontmatter_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/frontmatter"
)

// TestEditsKeepCommentLines: a comment line of the front matter between
// the field an edit rewrites and the next field, or at the end of the
// block after it, is the note's owner's text, not part of the field's
// value: feedback and consolidate's merge rewrite the field and keep the
// comment byte for byte.
func TestEditsKeepCommentLines(t *testing.T) {
	const comment = "# reviewed by Ana on 2026-11-01: keep this note\n"
	tests := []struct {
		name, src, want string
		edit            func([]byte) ([]byte, error)
	}{
		{"feedback, comment before the next field",
			"---\nfeedback:\n  px: {useful: 1, useless: 0}\n" + comment + "tags: [x]\n---\nbody\n",
			"---\nfeedback:\n  px: {useful: 2, useless: 0}\n" + comment + "tags: [x]\n---\nbody\n",
			func(src []byte) ([]byte, error) { return frontmatter.SetFeedback(src, "px", true) }},
		{"feedback, comment and blank line at the end",
			"---\nfeedback:\n  px: {useful: 1, useless: 0}\n\n" + comment + "---\nbody\n",
			"---\nfeedback:\n  px: {useful: 2, useless: 0}\n\n" + comment + "---\nbody\n",
			func(src []byte) ([]byte, error) { return frontmatter.SetFeedback(src, "px", true) }},
		{"feedback, crlf",
			"---\r\nfeedback:\r\n  px: {useful: 1, useless: 0}\r\n  # old marks\r\ntitle: x\r\n---\r\n",
			"---\r\nfeedback:\r\n  px: {useful: 2, useless: 0}\r\n  # old marks\r\ntitle: x\r\n---\r\n",
			func(src []byte) ([]byte, error) { return frontmatter.SetFeedback(src, "px", true) }},
		{"feedback, comment on the key's line",
			"---\nfeedback: {}   # marks go here\ntitle: x\n---\n",
			"---\nfeedback: # marks go here\n  px: {useful: 1, useless: 0}\ntitle: x\n---\n",
			func(src []byte) ([]byte, error) { return frontmatter.SetFeedback(src, "px", true) }},
		{"merge, comments on the fields' lines",
			"---\ntags: [a]   # from the audit\nimportance: 0.5 # why\n---\n",
			"---\ntags: [\"a\",\"b\"] # from the audit\nimportance: 0.9 # why\n---\n",
			func(src []byte) ([]byte, error) {
				v := 0.9
				return frontmatter.Merge(src, frontmatter.Meta{Tags: []string{"b"}, Importance: &v})
			}},
		{"merge tags",
			"---\ntags: [a]\n" + comment + "importance: 0.5\n---\nbody\n",
			"---\ntags: [\"a\",\"b\"]\n" + comment + "importance: 0.5\n---\nbody\n",
			func(src []byte) ([]byte, error) { return frontmatter.Merge(src, frontmatter.Meta{Tags: []string{"b"}}) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.edit([]byte(tt.src))
			if err != nil {
				t.Fatalf("edit of %q: %v", tt.src, err)
			}
			if string(got) != tt.want {
				t.Errorf("edit of %q = %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}

// TestEditRefusesAnchoredField: a field whose value other fields refer
// to by an anchor ("tags: &t [a]" and "aliases: *t") cannot be written
// again without changing them; the edit is refused naming the field and
// its line, not as YAML the note's owner wrote wrong.
func TestEditRefusesAnchoredField(t *testing.T) {
	src := []byte("---\ntitle: x\ntags: &t [a]\naliases: *t\n---\nbody\n")
	_, err := frontmatter.Merge(src, frontmatter.Meta{Tags: []string{"b"}})
	var fe *frontmatter.Error
	if !errors.As(err, &fe) || !errors.Is(err, frontmatter.ErrUnsafeEdit) || fe.Line != 3 || !strings.Contains(err.Error(), "anchor &t") {
		t.Errorf("Merge(%q) error = %v, want ErrUnsafeEdit at line 3 naming the anchor &t", src, err)
	}
}

package frontmatter_test

import (
	"testing"

	"github.com/memweave/memweave-go/frontmatter"
)

// TestFeedbackKeepsCommentsAmongItsEntries: comments the note's owner
// wrote inside the feedback field, at the end of an entry's line or on a
// line between entries, are theirs: a mark, or consolidate dropping a
// copy's marks, rewrites the counts and keeps every comment.
func TestFeedbackKeepsCommentsAmongItsEntries(t *testing.T) {
	const src = "---\ntags: [x]\nfeedback:\n  # from the March review\n  pb: {useful: 1, useless: 0}  # agent A\n  # keep these\n  pa: {useful: 0, useless: 2}\ntitle: t\n---\nbody\n"
	tests := []struct {
		name, want string
		edit       func([]byte) ([]byte, error)
	}{
		{"mark an entry", "---\ntags: [x]\nfeedback:\n  # from the March review\n  pb: {useful: 2, useless: 0}  # agent A\n  # keep these\n  pa: {useful: 0, useless: 2}\ntitle: t\n---\nbody\n",
			func(s []byte) ([]byte, error) { return frontmatter.SetFeedback(s, "pb", true) }},
		{"mark a new key", "---\ntags: [x]\nfeedback:\n  # from the March review\n  pb: {useful: 1, useless: 0}  # agent A\n  # keep these\n  pa: {useful: 0, useless: 2}\n  pc: {useful: 0, useless: 1}\ntitle: t\n---\nbody\n",
			func(s []byte) ([]byte, error) { return frontmatter.SetFeedback(s, "pc", false) }},
		{"drop an entry", "---\ntags: [x]\nfeedback:\n  # from the March review\n  # keep these\n  pa: {useful: 0, useless: 2}\ntitle: t\n---\nbody\n",
			func(s []byte) ([]byte, error) { return frontmatter.DropFeedback(s, []string{"pb"}) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.edit([]byte(src))
			if err != nil {
				t.Fatalf("edit: %v", err)
			}
			if string(got) != tt.want {
				t.Errorf("edit of %q\n= %q\nwant %q", src, got, tt.want)
			}
		})
	}
}

// TestFeedbackEntriesEdgeCases: CRLF lines keep their breaks, dropping
// every entry leaves the comments and an empty field, and a field not
// written one entry per line is still written whole.
func TestFeedbackEntriesEdgeCases(t *testing.T) {
	got, err := frontmatter.SetFeedback([]byte("---\r\nfeedback:\r\n  # c\r\n  pa: {useful: 1, useless: 0} # a\r\n---\r\nx\r\n"), "pa", true)
	if want := "---\r\nfeedback:\r\n  # c\r\n  pa: {useful: 2, useless: 0} # a\r\n---\r\nx\r\n"; err != nil || string(got) != want {
		t.Errorf("crlf: %q, %v; want %q", got, err, want)
	}
	got, err = frontmatter.DropFeedback([]byte("---\nfeedback:\n  # c\n  pa: {useful: 1, useless: 0}\ntitle: t\n---\nx\n"), []string{"pa"})
	if want := "---\nfeedback:\n  # c\ntitle: t\n---\nx\n"; err != nil || string(got) != want {
		t.Errorf("drop all: %q, %v; want %q", got, err, want)
	}
	got, err = frontmatter.SetFeedback([]byte("---\nfeedback:\n  pa:\n    useful: 1\n    useless: 0\n---\nx\n"), "pa", true)
	if want := "---\nfeedback:\n  pa: {useful: 2, useless: 0}\n---\nx\n"; err != nil || string(got) != want {
		t.Errorf("block entry: %q, %v; want %q", got, err, want)
	}
}

package frontmatter_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/frontmatter"
)

// TestBudgets: front matter over a budget, in any of the shapes that
// reach it, is refused with an error wrapping ErrTooLarge and
// ErrInvalid, naming the line where the block or the list starts; the
// block is still found, so that the note's text is told from it.
func TestBudgets(t *testing.T) {
	list := func(key string, n int, item func(int) string) string {
		var sb strings.Builder
		sb.WriteString("---\ntitle: x\n" + key + ":\n")
		for i := range n {
			sb.WriteString(item(i))
		}
		sb.WriteString("---\n# Note\n\nThe text.\n")
		return sb.String()
	}
	over := frontmatter.MaxEntries + 1
	tests := []struct {
		name string
		src  string
		line int
	}{
		{"80k tags", tagsString(80000), 1},
		{"60k feedback keys", list("feedback", 60000, func(i int) string { return fmt.Sprintf("  p%08x: {useful: 1, useless: 0}\n", i) }), 1},
		{"tags list over the entry cap", list("tags", over, func(i int) string { return fmt.Sprintf("- t%d\n", i) }), 4},
		{"feedback map over the entry cap", list("feedback", over, func(i int) string { return fmt.Sprintf("  %d: {}\n", i) }), 4},
		{"another field's list", list("aliases", over, func(i int) string { return "- a\n" }), 4},
		{"a nested map", list("deep", 1, func(int) string {
			var sb strings.Builder
			sb.WriteString("  inner:\n")
			for i := range over {
				fmt.Fprintf(&sb, "    k%d: v\n", i)
			}
			return sb.String()
		}), 5},
		{"a tags string over the entry cap", "---\ntags: " + tagWords(over) + "\n---\ntext\n", 2},
		{"a flow list over the entry cap", "---\nlist: [" + strings.Repeat("1,", over) + "]\n---\ntext\n", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, b, err := frontmatter.Parse([]byte(tt.src))
			var fe *frontmatter.Error
			if !errors.As(err, &fe) || !errors.Is(err, frontmatter.ErrTooLarge) || !errors.Is(err, frontmatter.ErrInvalid) {
				t.Fatalf("Parse = %v, want an *Error wrapping ErrTooLarge and ErrInvalid", err)
			}
			if fe.Line != tt.line {
				t.Errorf("Parse error at line %d (%v), want %d", fe.Line, err, tt.line)
			}
			if !m.IsZero() || b.Lines == 0 {
				t.Errorf("Parse = %+v, %d lines; want no fields and the block found", m, b.Lines)
			}
			if _, err := frontmatter.SetFeedback([]byte(tt.src), "px", true); !errors.Is(err, frontmatter.ErrTooLarge) {
				t.Errorf("SetFeedback = %v, want ErrTooLarge", err)
			}
		})
	}
	// At the caps, everything is read.
	at := list("tags", frontmatter.MaxEntries, func(i int) string { return fmt.Sprintf("- t%d\n", i) })
	if m, _, err := frontmatter.Parse([]byte(at)); err != nil || len(m.Tags) != frontmatter.MaxEntries {
		t.Errorf("Parse of %d tags = %d tags, %v", frontmatter.MaxEntries, len(m.Tags), err)
	}
	words := "---\ntags: " + tagWords(frontmatter.MaxEntries) + " t0 T0 #t1\n---\n"
	if m, _, err := frontmatter.Parse([]byte(words)); err != nil || len(m.Tags) != frontmatter.MaxEntries {
		t.Errorf("Parse of a string of %d distinct tags = %d tags, %v", frontmatter.MaxEntries, len(m.Tags), err)
	}
}

// tagsString is a note whose front matter lists n tags, one a line.
func tagsString(n int) string { return string(tagsNote(n)) }

// tagWords is a string of n distinct tags, comma-separated.
func tagWords(n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = fmt.Sprintf("t%d", i)
	}
	return strings.Join(w, ", ")
}

// TestFeedbackDecoding: the feedback field read without yaml's map
// decoding means the same as before: nulls, aliases and unknown keys
// are fine; duplicates, merges and other shapes are refused.
func TestFeedbackDecoding(t *testing.T) {
	tests := []struct {
		body string
		want map[string]frontmatter.Votes
		ok   bool
	}{
		{"feedback:\n", nil, true},
		{"feedback: ~\n", nil, true},
		{"feedback:\n  pa: {useful: 2, useless: 1}\n  pb:\n", map[string]frontmatter.Votes{"pa": {2, 1}, "pb": {}}, true},
		{"v: &v {useful: 0x3}\nfeedback:\n  pa: *v\n", map[string]frontmatter.Votes{"pa": {Useful: 3}}, true},
		{"feedback:\n  pa: {useful: 1, note: x}\n", map[string]frontmatter.Votes{"pa": {Useful: 1}}, true},
		{"feedback:\n  pa: {useful: 1}\n  pa: {useful: 2}\n", nil, false},
		{"feedback:\n  pa: {useful: 1, useful: 2}\n", nil, false},
		{"feedback:\n  pa: {useful: x}\n", nil, false},
		{"feedback:\n  pa: [1]\n", nil, false},
		{"feedback: [pa]\n", nil, false},
		{"b: &b {useful: 1}\nfeedback:\n  pa: {<<: *b}\n", nil, false},
	}
	for _, tt := range tests {
		m, _, err := frontmatter.Parse([]byte("---\n" + tt.body + "---\n"))
		if (err == nil) != tt.ok || fmt.Sprint(m.Feedback) != fmt.Sprint(tt.want) {
			t.Errorf("Parse(%q) = %v, %v; want %v, ok %v", tt.body, m.Feedback, err, tt.want, tt.ok)
		}
	}
}

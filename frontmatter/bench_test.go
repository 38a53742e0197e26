package frontmatter_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/frontmatter"
)

// feedbackNote returns a note whose front matter files marks under n
// passage keys.
func feedbackNote(n int) []byte {
	var sb strings.Builder
	sb.WriteString("---\ntitle: big\nfeedback:\n")
	for i := range n {
		fmt.Fprintf(&sb, "  p%08x: {useful: %d, useless: 0}\n", i, i%7)
	}
	sb.WriteString("---\n# Note\n\nText.\n")
	return []byte(sb.String())
}

// tagsNote returns a note whose front matter lists n tags.
func tagsNote(n int) []byte {
	var sb strings.Builder
	sb.WriteString("---\ntags:\n")
	for i := range n {
		fmt.Fprintf(&sb, "  - tag%d\n", i)
	}
	sb.WriteString("---\n# Note\n\nText.\n")
	return []byte(sb.String())
}

// tagStringNote returns a note whose tags are one string of n tags.
func tagStringNote(n int) []byte {
	var sb strings.Builder
	sb.WriteString("---\ntags: \"")
	for i := range n {
		fmt.Fprintf(&sb, "t%d, ", i)
	}
	sb.WriteString("\"\n---\n# Note\n\nText.\n")
	return []byte(sb.String())
}

// BenchmarkParse parses front matter with many feedback keys or tags, at
// several sizes, within the budgets and over them (refused): the time per
// byte stays flat when parsing is linear.
func BenchmarkParse(b *testing.B) {
	shapes := []struct {
		name  string
		note  func(int) []byte
		sizes []int
	}{
		{"feedback", feedbackNote, []int{1000, 5000, 6500, 60000}},
		{"tags", tagsNote, []int{1000, 5000, 10000, 80000}},
		{"tagstring", tagStringNote, []int{1000, 10000, 80000}},
	}
	for _, shape := range shapes {
		for _, n := range shape.sizes {
			src := shape.note(n)
			b.Run(fmt.Sprintf("%s=%d", shape.name, n), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					frontmatter.Parse(src)
				}
			})
		}
	}
}

// BenchmarkSetFeedback adds a mark to a note with n feedback keys.
func BenchmarkSetFeedback(b *testing.B) {
	for _, n := range []int{1000, 5000, 6500, 60000} {
		src := feedbackNote(n)
		b.Run(fmt.Sprintf("feedback=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				frontmatter.SetFeedback(src, "pnew", true)
			}
		})
	}
}

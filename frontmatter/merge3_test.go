package frontmatter

import (
	"bytes"
	"errors"
	"maps"
	"slices"
	"testing"
)

func TestMerge3(t *testing.T) {
	const body = "# Stack\n\nPostgres 16.\n"
	tests := []struct {
		name               string
		base, ours, theirs string
		want               string
	}{
		{"a mark on each side, other passages",
			"---\nfeedback:\n  pa: {useful: 1, useless: 0}\n---\n",
			"---\nfeedback:\n  pa: {useful: 1, useless: 0}\n  pb: {useful: 1, useless: 0}\n---\n",
			"---\nfeedback:\n  pa: {useful: 1, useless: 0}\n  pc: {useful: 0, useless: 1}\n---\n",
			"---\nfeedback:\n  pa: {useful: 1, useless: 0}\n  pb: {useful: 1, useless: 0}\n  pc: {useful: 0, useless: 1}\n---\n"},
		{"one passage marked on both: the marks add up",
			"---\nfeedback:\n  pa: {useful: 1, useless: 0}\n---\n",
			"---\nfeedback:\n  pa: {useful: 2, useless: 0}\n---\n",
			"---\nfeedback:\n  pa: {useful: 2, useless: 0}\n---\n",
			"---\nfeedback:\n  pa: {useful: 3, useless: 0}\n---\n"},
		{"a block added on both",
			"",
			"---\nfeedback:\n  pa: {useful: 1, useless: 0}\n---\n",
			"---\nfeedback:\n  pa: {useful: 0, useless: 1}\n---\n",
			"---\nfeedback:\n  pa: {useful: 1, useless: 1}\n---\n"},
		{"a mark folded into another key here (consolidate), marked there",
			"---\nfeedback:\n  pold: {useful: 2, useless: 0}\n---\n",
			"---\nfeedback:\n  pnew: {useful: 3, useless: 0}\n---\n",
			"---\nfeedback:\n  pold: {useful: 2, useless: 1}\n---\n",
			"---\nfeedback:\n  pnew: {useful: 3, useless: 0}\n  pold: {useful: 0, useless: 1}\n---\n"},
		{"importance on both: the higher; a title only theirs has",
			"---\nimportance: 0.5\n---\n",
			"---\nimportance: 0.9\n---\n",
			"---\ntitle: Stack\nimportance: 0.2\n---\n",
			"---\ntitle: Stack\nimportance: 0.9\n---\n"},
		{"importance removed here, kept there",
			"---\nimportance: 0.5\npinned: true\n---\n",
			"---\npinned: true\n---\n",
			"---\nimportance: 0.5\npinned: false\n---\n",
			"---\npinned: false\n---\n"},
		{"tags: one removed here, one added there, one added on both",
			"---\ntags: [infra, db]\n---\n",
			"---\ntags: [db, cache]\n---\n",
			"---\ntags: [infra, db, queue, cache]\n---\n",
			"---\ntags: [\"db\",\"queue\",\"cache\"]\n---\n"},
		{"expiry on both: the later; none is latest",
			"---\nexpires: 2027-01-01\n---\n",
			"---\n---\n",
			"---\nexpires: 2027-06-01\n---\n",
			"---\n---\n"},
		{"fields memweave does not read changed here only, a mark there",
			"---\ntitle: Stack\n---\n",
			"---\ntitle: The stack\n---\n",
			"---\ntitle: Stack\nfeedback:\n  pa: {useful: 1, useless: 0}\n---\n",
			"---\ntitle: The stack\nfeedback:\n  pa: {useful: 1, useless: 0}\n---\n"},
		{"CRLF, a mark on each",
			"---\r\nfeedback:\r\n  pa: {useful: 1, useless: 0}\r\n---\r\n",
			"---\r\nfeedback:\r\n  pa: {useful: 2, useless: 0}\r\n---\r\n",
			"---\r\nfeedback:\r\n  pa: {useful: 1, useless: 0}\r\n  pb: {useful: 1, useless: 0}\r\n---\r\n",
			"---\r\nfeedback:\r\n  pa: {useful: 2, useless: 0}\r\n  pb: {useful: 1, useless: 0}\r\n---\r\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Merge3([]byte(tt.base+body), []byte(tt.ours+body), []byte(tt.theirs+body), []byte(body))
			if err != nil || string(got) != tt.want+body {
				t.Errorf("Merge3 = %q, %v; want %q", got, err, tt.want+body)
			}
			// The other way round, the same fields (the bytes may differ:
			// the block kept is the other side's, and so is the tags' order).
			rev, err := Merge3([]byte(tt.base+body), []byte(tt.theirs+body), []byte(tt.ours+body), []byte(body))
			m1, _, _ := Parse(got)
			m2, _, _ := Parse(rev)
			slices.Sort(m1.Tags)
			slices.Sort(m2.Tags)
			if err != nil || !m1.equal(m2) {
				t.Errorf("Merge3 with the sides swapped = %+v, %v; want %+v", m2, err, m1)
			}
		})
	}
}

func TestMerge3Refuses(t *testing.T) {
	body := []byte("text\n")
	tests := []struct {
		name               string
		base, ours, theirs string
		want               error
	}{
		{"a field memweave does not read, changed both ways",
			"---\ntitle: a\n---\n", "---\ntitle: b\n---\n", "---\ntitle: c\n---\n", ErrUnsafeEdit},
		{"invalid YAML on one side",
			"---\ntitle: a\n---\n", "---\ntitle: [\n---\n", "---\ntitle: a\n---\n", ErrInvalid},
		{"a key twice",
			"", "---\nfeedback:\n  pa: {useful: 1, useless: 0}\n  pa: {useful: 2, useless: 0}\n---\n", "", ErrInvalid},
		{"fields written as one flow mapping, a mark on each",
			"---\n{title: a}\n---\n", "---\n{title: a, pinned: true}\n---\n", "---\n{title: a, importance: 0.5}\n---\n", ErrUnsafeEdit},
	}
	for _, tt := range tests {
		_, err := Merge3([]byte(tt.base+string(body)), []byte(tt.ours+string(body)), []byte(tt.theirs+string(body)), body)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: Merge3 = %v, want %v", tt.name, err, tt.want)
		}
	}
}

// FuzzMerge3: whatever the three versions, a merge that succeeds holds
// the body given, parses, and its marks are each side's added up.
func FuzzMerge3(f *testing.F) {
	f.Add([]byte("---\nfeedback:\n  pa: {useful: 1, useless: 0}\n---\nx\n"), []byte("---\nfeedback:\n  pa: {useful: 2, useless: 0}\n---\nx\n"), []byte("---\ntags: [a]\nfeedback:\n  pb: {useful: 0, useless: 3}\n---\nx\n"))
	f.Add([]byte("x\n"), []byte("---\nimportance: 0.4\n---\nx\n"), []byte("---\r\npinned: true\r\n---\r\nx\r\n"))
	f.Fuzz(func(t *testing.T, base, ours, theirs []byte) {
		body := []byte("the body\n")
		got, err := Merge3(base, ours, theirs, body)
		if err != nil {
			return
		}
		m, _, err := Parse(got)
		if err != nil || !bytes.Equal(Body(got), body) {
			t.Fatalf("Merge3 = %q: %v, body %q", got, err, Body(got))
		}
		mb, _, _ := Parse(base)
		mo, _, _ := Parse(ours)
		mt, _, _ := Parse(theirs)
		want := merge3Meta(mb, mo, mt)
		if !maps.Equal(m.Feedback, want.Feedback) {
			t.Fatalf("Merge3 feedback = %v, want %v", m.Feedback, want.Feedback)
		}
	})
}

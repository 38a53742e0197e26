package frontmatter

import (
	"bytes"
	"slices"
	"testing"
	"time"
)

func TestMerge(t *testing.T) {
	imp := 0.7
	other := Meta{Pinned: true, Tags: []string{"infra", "db"}, Importance: &imp}
	tests := []struct {
		src, want string
	}{
		{"# Note\n", "---\npinned: true\ntags: [\"infra\",\"db\"]\nimportance: 0.7\n---\n# Note\n"},
		{"---\ntitle: x\ntags: [db]\nimportance: 0.9\n---\nbody\n", "---\ntitle: x\ntags: [\"db\",\"infra\"]\nimportance: 0.9\npinned: true\n---\nbody\n"},
		{"---\r\npinned: true\r\ntags: [infra, db]\r\nimportance: 0.7\r\n---\r\nbody\r\n", "---\r\npinned: true\r\ntags: [infra, db]\r\nimportance: 0.7\r\n---\r\nbody\r\n"},
	}
	for _, tt := range tests {
		got, err := Merge([]byte(tt.src), other)
		if err != nil || string(got) != tt.want {
			t.Errorf("Merge(%q) = %q, %v; want %q", tt.src, got, err, tt.want)
		}
	}
	marks := Meta{Feedback: map[string]Votes{"pab58f8f6": {Useful: 3}, "p00000001": {Useless: 1}}}
	for src, want := range map[string]string{
		"body\n": "---\nfeedback:\n  p00000001: {useful: 0, useless: 1}\n  pab58f8f6: {useful: 3, useless: 0}\n---\nbody\n",
		"---\r\ntitle: x\r\nfeedback:\r\n  pab58f8f6: {useful: 1, useless: 2}\r\n---\r\nbody\r\n": "---\r\ntitle: x\r\nfeedback:\r\n  p00000001: {useful: 0, useless: 1}\r\n  pab58f8f6: {useful: 4, useless: 2}\r\n---\r\nbody\r\n",
	} {
		if got, err := Merge([]byte(src), marks); err != nil || string(got) != want {
			t.Errorf("Merge(%q, feedback) = %q, %v; want %q", src, got, err, want)
		}
	}
	if _, err := Merge([]byte("---\nimportance: [\n---\nbody\n"), other); err == nil {
		t.Error("Merge of invalid front matter did not refuse")
	}
}

func TestDate(t *testing.T) {
	for src, want := range map[string]string{
		"---\ndate: 2026-03-04\n---\nx":                        "2026-03-04",
		"---\ntitle: a\ndate: \"2026-03-05T10:00:00Z\"\n---\n": "2026-03-05",
		"---\ndate: soon\n---\n":                               "",
		"---\n  date: 2026-03-04\n---\n":                       "",
		"date: 2026-03-04\n":                                   "",
	} {
		d, ok := Date([]byte(src))
		got := ""
		if ok {
			got = d.Format(time.DateOnly)
		}
		if got != want {
			t.Errorf("Date(%q) = %q, want %q", src, got, want)
		}
	}
}

// FuzzMerge checks that Merge either refuses or returns a note whose
// text after the front matter is unchanged and whose fields are the
// merge of both.
func FuzzMerge(f *testing.F) {
	f.Add("---\ntags: [a]\n---\nbody\n", true, "b", 0.5)
	f.Add("# no block\n", false, "", -1.0)
	f.Add("---\n  tags: x\n---\n", true, "x", 1.0)
	f.Add("---\n{}\n---\nbody\n", true, "a", 0.2)
	f.Add("---\n  pinned: false\n  title: t\n---\nbody\n", true, "", 0.9)
	f.Add("---\r\ntags: a, b\r\n---\r\n", false, "c", 0.0)
	f.Fuzz(func(t *testing.T, src string, pinned bool, tag string, imp float64) {
		other := Meta{Pinned: pinned}
		if tag != "" {
			other.Tags = []string{normTag(tag)}
		}
		if imp >= 0 && imp <= 1 {
			other.Importance = &imp
		}
		out, err := Merge([]byte(src), other)
		if err != nil {
			return
		}
		before, bb, _ := Parse([]byte(src))
		after, ba, err := Parse(out)
		if err != nil {
			t.Fatalf("Merge(%q) = %q, which does not parse: %v", src, out, err)
		}
		if !bytes.Equal(bodyAfter([]byte(src), bb), bodyAfter(out, ba)) {
			t.Fatalf("Merge(%q) = %q changed the note's text", src, out)
		}
		if after.Pinned != (before.Pinned || pinned) || after.Expires != before.Expires || len(after.Feedback) != len(before.Feedback) {
			t.Fatalf("Merge(%q) = %q: fields %+v from %+v", src, out, after, before)
		}
		for _, tg := range append(before.Tags, other.Tags...) {
			if tg = normTag(tg); tg != "" && !slices.Contains(after.Tags, tg) {
				t.Fatalf("Merge(%q) = %q lost tag %q", src, out, tg)
			}
		}
	})
}

// bodyAfter returns src after its front matter block b.
func bodyAfter(src []byte, b Block) []byte {
	for range b.Lines {
		i := bytes.IndexByte(src, '\n')
		if i < 0 {
			return nil
		}
		src = src[i+1:]
	}
	return src
}

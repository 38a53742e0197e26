package frontmatter_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
)

func TestParse(t *testing.T) {
	half := 0.5
	tests := []struct {
		name, src string
		want      frontmatter.Meta
		lines     int
		errLine   int // 0: no error
	}{
		{"none", "# Title\ntext\n", frontmatter.Meta{}, 0, 0},
		{"fields", "---\ntags: [Infra, '#cache']\nimportance: 0.5\npinned: true\nexpires: 2027-01-31\ntitle: x\n---\n# T\n",
			frontmatter.Meta{Tags: []string{"infra", "cache"}, Importance: &half, Pinned: true, Expires: "2027-01-31"}, 7, 0},
		{"tag string", "---\ntags: a, b c\n---\n", frontmatter.Meta{Tags: []string{"a", "b", "c"}}, 3, 0},
		{"empty", "---\n---\ntext\n", frontmatter.Meta{}, 2, 0},
		{"prose is not front matter", "---\nJust a sentence here.\n---\n", frontmatter.Meta{}, 0, 0},
		{"unclosed", "---\ntags: a\n", frontmatter.Meta{}, 0, 0},
		{"importance out of range", "---\ntags: a\nimportance: 1.5\n---\n", frontmatter.Meta{}, 4, 3},
		{"bad date", "---\nexpires: next week\n---\n", frontmatter.Meta{}, 3, 2},
		{"bad yaml", "---\ntags: [a\npinned: true\n---\n", frontmatter.Meta{}, 4, 2},
		{"crlf", "---\r\npinned: true\r\n---\r\nx\r\n", frontmatter.Meta{Pinned: true}, 3, 0},
		{"bom", "\ufeff---\npinned: true\n---\n", frontmatter.Meta{Pinned: true}, 3, 0},
		// Lone CRs (classic Mac OS) end lines, as the chunker, get and
		// YAML count them.
		{"lone cr", "---\rtags: [infra]\rpinned: true\r---\rbody\r", frontmatter.Meta{Tags: []string{"infra"}, Pinned: true}, 4, 0},
		{"lone cr, no final break", "---\rexpires: 2027-01-31\r---", frontmatter.Meta{Expires: "2027-01-31"}, 3, 0},
		{"cr then crlf", "---\rpinned: true\r\n---\r\nx\r", frontmatter.Meta{Pinned: true}, 3, 0},
		{"crlf then cr", "---\r\ntags: a\rpinned: true\n...\rx", frontmatter.Meta{Tags: []string{"a"}, Pinned: true}, 4, 0},
		{"lone cr, bad date", "---\rtags: a\rexpires: soon\r---\r", frontmatter.Meta{}, 4, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, b, err := frontmatter.Parse([]byte(tt.src))
			var fe *frontmatter.Error
			switch {
			case tt.errLine == 0 && err != nil:
				t.Fatalf("Parse(%q) error %v", tt.src, err)
			case tt.errLine != 0 && (!errors.As(err, &fe) || !errors.Is(err, frontmatter.ErrInvalid)):
				t.Fatalf("Parse(%q) error %v, want an *Error", tt.src, err)
			case fe != nil && fe.Line != tt.errLine:
				t.Errorf("Parse(%q) error at line %d (%v), want %d", tt.src, fe.Line, err, tt.errLine)
			}
			if !reflect.DeepEqual(m, tt.want) || b.Lines != tt.lines {
				t.Errorf("Parse(%q) = %+v, %d lines, want %+v, %d", tt.src, m, b.Lines, tt.want, tt.lines)
			}
		})
	}
}

func TestSetFeedback(t *testing.T) {
	k := curate.PassageKey(nil, "# Cache\nRedis.\n")
	src := []byte("# Cache\nRedis.\n")
	for range 3 {
		var err error
		if src, err = frontmatter.SetFeedback(src, k, true); err != nil {
			t.Fatal(err)
		}
	}
	src, _ = frontmatter.SetFeedback(src, "pother", false)
	want := "---\nfeedback:\n  " + k + ": {useful: 3, useless: 0}\n  pother: {useful: 0, useless: 1}\n---\n# Cache\nRedis.\n"
	if string(src) != want {
		t.Errorf("SetFeedback = %q, want %q", src, want)
	}
	// The other fields are kept as written.
	src = []byte("---\ntags: [a]   # keep\nfeedback:\n  px: {useful: 1, useless: 0}\npinned: true\n---\nbody\n")
	got, err := frontmatter.SetFeedback(src, "px", true)
	if err != nil {
		t.Fatal(err)
	}
	want = "---\ntags: [a]   # keep\nfeedback:\n  px: {useful: 2, useless: 0}\npinned: true\n---\nbody\n"
	if string(got) != want {
		t.Errorf("SetFeedback = %q, want %q", got, want)
	}
	m, _, err := frontmatter.Parse(got)
	if err != nil || m.Feedback["px"].Useful != 2 || !m.Pinned {
		t.Errorf("Parse(SetFeedback) = %+v, %v", m, err)
	}
	if _, err := frontmatter.SetFeedback([]byte("---\nimportance: 9\n---\n"), "px", true); !errors.Is(err, frontmatter.ErrInvalid) {
		t.Errorf("SetFeedback over invalid front matter: %v, want ErrInvalid", err)
	}
}

// TestSetFeedbackShapes: the front matter shapes a fuzz run found
// SetFeedback losing the mark on are marked right or refused.
func TestSetFeedbackShapes(t *testing.T) {
	tests := []struct {
		name, src, want string
		errLine         int // 0: no error
	}{
		{"indented keys", "---\n  title: x\n---\nbody\n", "---\n  title: x\n  feedback:\n    px: {useful: 1, useless: 0}\n---\nbody\n", 0},
		{"indented feedback", "---\n  feedback:\n    px: {useful: 1, useless: 0}\n  title: x\n---\n",
			"---\n  feedback:\n    px: {useful: 2, useless: 0}\n  title: x\n---\n", 0},
		{"empty flow mapping", "---\n{}\n---\nbody\n", "---\nfeedback:\n  px: {useful: 1, useless: 0}\n---\nbody\n", 0},
		{"flow mapping", "---\n{title: x}\n---\nbody\n", "", 2},
		{"bom, no block", "\ufeff# T\n", "\ufeff---\nfeedback:\n  px: {useful: 1, useless: 0}\n---\n# T\n", 0},
		{"crlf", "---\r\ntitle: x\r\n---\r\nbody\r\n", "---\r\ntitle: x\r\nfeedback:\r\n  px: {useful: 1, useless: 0}\r\n---\r\nbody\r\n", 0},
		{"lone cr", "---\rtitle: x\r---\rbody\r", "---\rtitle: x\rfeedback:\r  px: {useful: 1, useless: 0}\r---\rbody\r", 0},
		{"lone cr, feedback there", "---\rfeedback:\r  px: {useful: 1, useless: 0}\rtitle: x\r---\rbody\r",
			"---\rfeedback:\r  px: {useful: 2, useless: 0}\rtitle: x\r---\rbody\r", 0},
		{"lone cr, no block", "# T\rbody\r", "---\rfeedback:\r  px: {useful: 1, useless: 0}\r---\r# T\rbody\r", 0},
		{"lone cr, unclosed", "---\rtitle: x", "---\rfeedback:\r  px: {useful: 1, useless: 0}\r---\r---\rtitle: x", 0},
		{"mixed, crlf first", "---\r\ntitle: x\rmore: y\n---\rbody\n", "---\r\ntitle: x\rmore: y\nfeedback:\r\n  px: {useful: 1, useless: 0}\r\n---\rbody\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := frontmatter.SetFeedback([]byte(tt.src), "px", true)
			var fe *frontmatter.Error
			switch {
			case tt.errLine == 0 && err != nil:
				t.Fatalf("SetFeedback(%q) error %v", tt.src, err)
			case tt.errLine != 0 && (!errors.As(err, &fe) || !errors.Is(err, frontmatter.ErrUnsafeEdit) || fe.Line != tt.errLine):
				t.Fatalf("SetFeedback(%q) = %q, %v; want ErrUnsafeEdit at line %d", tt.src, got, err, tt.errLine)
			case string(got) != tt.want:
				t.Errorf("SetFeedback(%q) = %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}

func TestFenceLines(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int
	}{
		{"", 0},
		{"---", 0},
		{"---\n", 0},
		{"---\n---", 2},
		{"---\n---\n", 2},
		{"--- \t\r\ntags: x\r\n... \r\nbody", 3},
		{"---\nprose\n\n---\nmore", 4}, // not a mapping: Find says none
		{"---\nkey: v\n----\n", 0},
		{"---\nkey: v\n. . .\n", 0},
		{" ---\nkey: v\n---\n", 0},
		{"\ufeff---\nkey: v\n---\n", 0}, // the caller skips a byte order mark
		{"...\nkey: v\n---\n", 0},
		{"---\rkey: v\r---\rbody", 3},
		{"---\rkey: v\r\n---", 3},
		{"---\r", 0},
		{"---\r\r---\r\n", 3},
	} {
		if got := frontmatter.FenceLines(c.src); got != c.want {
			t.Errorf("FenceLines(%q) = %d, want %d", c.src, got, c.want)
		}
		if got := frontmatter.FenceLines([]byte(c.src)); got != c.want {
			t.Errorf("FenceLines([]byte(%q)) = %d, want %d", c.src, got, c.want)
		}
	}
	if b := frontmatter.Find([]byte("---\nprose\n\n---\nmore")); b.Lines != 0 {
		t.Errorf("Find(prose between breaks).Lines = %d, want 0", b.Lines)
	}
}

// TestLoneCRFields checks the readers and the other edit beside Parse on
// front matter whose lines end in a lone CR.
func TestLoneCRFields(t *testing.T) {
	if d, ok := frontmatter.Date([]byte("---\rtitle: x\rdate: 2026-03-04\r---\rbody\r")); !ok || d.Format("2006-01-02") != "2026-03-04" {
		t.Errorf("Date(lone CR) = %v, %v, want 2026-03-04", d, ok)
	}
	src := "---\rtags: [a]\r---\rbody\r"
	got, err := frontmatter.Merge([]byte(src), frontmatter.Meta{Pinned: true})
	if want := "---\rtags: [a]\rpinned: true\r---\rbody\r"; err != nil || string(got) != want {
		t.Errorf("Merge(%q, pinned) = %q, %v, want %q", src, got, err, want)
	}
}

// TestParseRefusesFieldGivenTwice: a field memweave reads given twice,
// or brought in by a merge key, is refused with an error naming its
// line, like any field it cannot use, rather than read one way: an
// "expires" given twice would hide the note or not depending on which
// one the reader takes. Feedback is then refused too.
func TestParseRefusesFieldGivenTwice(t *testing.T) {
	for _, c := range []struct {
		body string
		line int
	}{
		{"expires: 2099-01-01\nexpires: 2020-01-01\n", 3},
		{"pinned: true\ntitle: x\npinned: false\n", 4},
		{"feedback:\n  px: {useful: 1, useless: 0}\nfeedback:\n  py: {useful: 1, useless: 0}\n", 4},
		{"<<: {expires: 2020-01-01}\n", 2},
		{"d: &d {expires: 2020-01-01}\n<<: [*d]\n", 3},
	} {
		src := []byte("---\n" + c.body + "---\nbody\n")
		m, _, err := frontmatter.Parse(src)
		var fe *frontmatter.Error
		if !errors.As(err, &fe) || fe.Line != c.line || !errors.Is(err, frontmatter.ErrInvalid) || !m.IsZero() {
			t.Errorf("Parse(%q) = %+v, %v; want ErrInvalid at line %d", src, m, err, c.line)
		}
		if _, err := frontmatter.SetFeedback(src, "px", true); err == nil {
			t.Errorf("SetFeedback(%q) = nil error, want a refusal", src)
		}
	}
	for _, body := range []string{"title: a\ntitle: b\nexpires: 2020-01-01\n", "<<: {title: x}\nexpires: 2020-01-01\n"} {
		if m, _, err := frontmatter.Parse([]byte("---\n" + body + "---\n")); err != nil || m.Expires != "2020-01-01" {
			t.Errorf("Parse(%q) = %+v, %v; want expires 2020-01-01: other fields are not memweave's", body, m, err)
		}
	}
}

package frontmatter_test

import (
	"bytes"
	"errors"
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/memweavetest"
)

// setFeedbackSeeds are shapes of front matter that SetFeedback must
// either mark correctly or refuse.
var setFeedbackSeeds = []string{
	"# Note\n\nText.\n",
	"",
	"---\n---\ntext\n",
	"---\n\n---\ntext\n",
	"---\ntags: [a]\n---\n# T\n",
	"  ---\ntags: a\n---\n",
	"---\n  tags: [a]\n  pinned: true\n---\nbody\n",
	"---\n    title: x\n    feedback:\n      px: {useful: 1, useless: 0}\n---\nbody\n",
	"---\n{}\n---\nbody\n",
	"---\n{title: x, pinned: true}\n---\nbody\n",
	"---\r\ntitle: x\r\n---\r\nbody\r\n",
	"---\r\n---\r\nbody\r\n",
	"# no front matter\r\nbody\r\n",
	"\ufeff---\ntitle: x\n---\nbody\n",
	"\ufeff# Title\n",
	"---\n# only a comment\n---\nbody\n",
	"---\ntitle: x # trailing\n# between\nfeedback: # marks\n  px: {useful: 1, useless: 0}\n# after\nother: y\n---\n",
	"---\nbase: &b {useful: 1, useless: 2}\nfeedback:\n  px: *b\n---\n",
	"---\nfeedback:\n  px: &v {useful: 1, useless: 0}\ncopy: *v\n---\n",
	"---\nfeedback: {px: {useful: 1, useless: 0}}\ntitle: x\n---\n",
	"---\nfeedback:\n---\nbody\n",
	"---\ntitle: x\n...\nbody\n",
	"---\ntitle: |\n  a block\n  feedback: not a key\n---\n",
	"---\ntitle: x\n---",
	"---\ntitle: x\n---\n---\nmore: y\n---\n",
	"---\n? complex\n: key\n---\n",
	"---\ntitle: x\n\t\n---\n",
	"---\nimportance: 0.5\nexpires: 2027-01-01\ntags: a, b\n---\n",
	"---\n feedback:\r 0:\n---",
	"---\ntitle: x\rfeedback:\r  px: {useful: 1, useless: 0}\rother: y\n---\n",
	"---\rtitle: x\r---\rbody\r",
	"---\rfeedback:\r  px: {useful: 1, useless: 0}\r---\r",
	"---\r\ntitle: x\rother: y\n---\rbody\n",
	"# no front matter\rbody\r",
	"---\ntitle: a\u2028b\nfeedback:\n  px: {useful: 1, useless: 0}\nnext: \u0085z\n---\n",
}

// FuzzSetFeedback checks SetFeedback's promise on any input: it either
// refuses, or returns a note that, parsed again, has one more mark for
// the key, every other mark and every other field as before, and the
// text after the front matter unchanged.
func FuzzSetFeedback(f *testing.F) {
	for _, s := range setFeedbackSeeds {
		f.Add(s, "p0a1b2c3d", true)
		f.Add(s, "px", false)
	}
	f.Fuzz(func(t *testing.T, src, key string, useful bool) {
		out, err := frontmatter.SetFeedback([]byte(src), key, useful)
		if err != nil {
			var fe *frontmatter.Error
			if !errors.As(err, &fe) || fe.Line < 1 {
				t.Fatalf("SetFeedback(%q, %q) error %v, want an *Error naming a line", src, key, err)
			}
			return
		}
		checkMarked(t, []byte(src), out, key, useful)
	})
}

// TestSetFeedbackMutations runs FuzzSetFeedback's check on the seeds
// mutated by a fixed-seed generator (YAML's syntax characters inserted,
// bytes deleted, lines doubled), so that every test run, short ones
// included, explores past the seeds the same way.
func TestSetFeedbackMutations(t *testing.T) {
	alphabet := []string{" ", "  ", "\n", "\r\n", "\t", ":", ": ", "-", "- ", "{", "}", "[", "]", ",", "#", "&a ", "*a", "'", "\"",
		"|", ">", "?", "!", "!!str ", "a", "0", "---", "...", "feedback", "tags", "\ufeff", "<<: "}
	rng := rand.New(rand.NewPCG(1, 2))
	n := 4000
	if !memweavetest.LongEnabled() {
		n = 1000
	}
	for i := range n {
		src := []byte(setFeedbackSeeds[rng.IntN(len(setFeedbackSeeds))])
		for range 1 + rng.IntN(3) {
			at := rng.IntN(len(src) + 1)
			switch rng.IntN(3) {
			case 0:
				src = slices.Insert(src, at, []byte(alphabet[rng.IntN(len(alphabet))])...)
			case 1:
				if at < len(src) {
					src = slices.Delete(src, at, at+1)
				}
			case 2:
				lines := strings.SplitAfter(string(src), "\n")
				j := rng.IntN(len(lines))
				src = []byte(strings.Join(slices.Insert(lines, j, lines[j]), ""))
			}
		}
		key, useful := "px", i%2 == 0
		if i%3 == 0 {
			key = "p0a1b2c3d"
		}
		out, err := frontmatter.SetFeedback(src, key, useful)
		if err != nil {
			var fe *frontmatter.Error
			if !errors.As(err, &fe) || fe.Line < 1 {
				t.Fatalf("SetFeedback(%q, %q) error %v, want an *Error naming a line", src, key, err)
			}
			continue
		}
		checkMarked(t, src, out, key, useful)
	}
}

// checkMarked fails unless out is src with one more mark for key, every
// other field kept.
func checkMarked(t *testing.T, src, out []byte, key string, useful bool) {
	t.Helper()
	old, oldB, err := frontmatter.Parse(src)
	if err != nil {
		t.Fatalf("SetFeedback(%q) succeeded over front matter Parse refuses: %v", src, err)
	}
	got, gotB, err := frontmatter.Parse(out)
	if err != nil || gotB.Lines == 0 {
		t.Fatalf("SetFeedback(%q) = %q: parsed again, %d lines, error %v", src, out, gotB.Lines, err)
	}
	want := maps.Clone(old.Feedback)
	if want == nil {
		want = map[string]frontmatter.Votes{}
	}
	v := want[key]
	if useful {
		v.Useful++
	} else {
		v.Useless++
	}
	want[key] = v
	if !maps.Equal(got.Feedback, want) {
		t.Fatalf("SetFeedback(%q, %q) = %q: feedback %v, want %v", src, key, out, got.Feedback, want)
	}
	got.Feedback, old.Feedback = nil, nil
	if gj, oj := marshal(t, got), marshal(t, old); gj != oj {
		t.Fatalf("SetFeedback(%q) = %q: fields %s, want %s", src, out, gj, oj)
	}
	if g, o := otherFields(t, out), otherFields(t, src); g != o {
		t.Fatalf("SetFeedback(%q) = %q: other fields %s, want %s", src, out, g, o)
	}
	rest := bytes.TrimPrefix(src, []byte("\ufeff"))
	if oldB.Lines > 0 {
		rest = []byte(strings.Join(linesOf(string(rest))[oldB.Lines:], ""))
	}
	if !bytes.HasSuffix(out, rest) {
		t.Fatalf("SetFeedback(%q) = %q: the text after the front matter changed", src, out)
	}
}

// marshal returns v as YAML, for comparisons.
func marshal(t *testing.T, v any) string {
	t.Helper()
	b, err := yaml.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// otherFields returns the fields of note's front matter, feedback left
// out, each decoded by yaml itself and marshaled again, or its decoding
// error without line numbers ("" for none).
func otherFields(t *testing.T, note []byte) string {
	t.Helper()
	_, b, _ := frontmatter.Parse(note)
	if b.Lines == 0 {
		return ""
	}
	lines := linesOf(string(bytes.TrimPrefix(note, []byte("\ufeff"))))
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(strings.Join(lines[1:b.Lines-1], "")), &doc); err != nil {
		t.Fatalf("yaml of %q: %v", note, err)
	}
	if len(doc.Content) == 0 {
		return ""
	}
	var sb strings.Builder
	c := doc.Content[0].Content
	for i := 0; i+1 < len(c); i += 2 {
		if c[i].Value == "feedback" {
			continue
		}
		var v any
		if err := c[i+1].Decode(&v); err != nil {
			sb.WriteString(c[i].Value + ": error " + lineNumbers.ReplaceAllString(err.Error(), "") + "\n")
			continue
		}
		sb.WriteString(c[i].Value + ": " + marshal(t, v))
	}
	return sb.String()
}

// lineNumbers matches the line numbers in yaml's errors.
var lineNumbers = regexp.MustCompile(`line \d+`)

// linesOf splits s after each line break (LF, CR LF or a lone CR), with
// a last, empty, element after the last line break.
func linesOf(s string) []string { return append(curate.SplitLines(s), "") }

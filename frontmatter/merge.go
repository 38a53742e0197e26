package frontmatter

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"strconv"
	"strings"
	"time"
)

// Date returns the date a note's front matter gives itself: the value of
// a top-level "date" field, as YYYY-MM-DD or an RFC 3339 time (quoted or
// not), or false when there is none or it is not a date. It reads the
// block's lines (ended by LF, CR LF or a lone CR), not the YAML: a field whose key is indented, or a date
// in a nested mapping, does not count.
func Date(src []byte) (time.Time, bool) {
	b := Find(src)
	for line := range bytes.FieldsFuncSeq(b.body, func(r rune) bool { return r == '\n' || r == '\r' }) {
		v, ok := bytes.CutPrefix(line, []byte("date:"))
		if !ok {
			continue
		}
		s := string(bytes.TrimSpace(v))
		if i := strings.Index(s, " #"); i >= 0 {
			s = strings.TrimSpace(s[:i])
		}
		s = strings.Trim(s, `"'`)
		if t, err := time.Parse(time.DateOnly, s); err == nil {
			return t, true
		}
		if t, err := time.Parse(time.RFC3339, s); err == nil {
			return t.UTC(), true
		}
		return time.Time{}, false
	}
	return time.Time{}, false
}

// Merge returns src with the curation fields of other merged into its
// front matter, so that a note that replaces copies of itself keeps what
// they carried: pinned when either is pinned, the tags of both (src's
// first, in order), the higher importance, and other's feedback marks
// added to src's, key by key. Fields that do not change are
// kept byte for byte; a block is added when src has none and something
// is to be added. The result is parsed again: when it does not hold the
// merged fields, or any other field memweave reads changed, Merge
// refuses with an [*Error] and src is to be left as it is. An invalid
// front matter in src is refused the same way, rather than rewritten.
func Merge(src []byte, other Meta) ([]byte, error) {
	m, _, err := Parse(src)
	if err != nil {
		return nil, err
	}
	want := m
	want.Pinned = m.Pinned || other.Pinned
	tags := tagSetOf(m.Tags)
	for _, t := range other.Tags {
		tags.add(t)
	}
	want.Tags = tags.list
	if other.Importance != nil && (m.Importance == nil || *other.Importance > *m.Importance) {
		v := *other.Importance
		want.Importance = &v
	}
	if len(other.Feedback) > 0 {
		want.Feedback = maps.Clone(m.Feedback)
		if want.Feedback == nil {
			want.Feedback = map[string]Votes{}
		}
		for k, v := range other.Feedback {
			w := want.Feedback[k]
			want.Feedback[k] = Votes{Useful: min(w.Useful+v.Useful, MaxVotes), Useless: min(w.Useless+v.Useless, MaxVotes)}
		}
	}
	out := src
	set := func(name, value string) error {
		_, b, err := Parse(out)
		if err != nil {
			return err
		}
		out, err = setField(out, b, name, func(indent string) string { return indent + name + ": " + value + b.newline() })
		return err
	}
	if want.Pinned != m.Pinned {
		if err := set("pinned", "true"); err != nil {
			return nil, err
		}
	}
	if len(want.Tags) != len(m.Tags) {
		tags, err := json.Marshal(want.Tags)
		if err != nil {
			return nil, err
		}
		if err := set("tags", string(tags)); err != nil {
			return nil, err
		}
	}
	if want.Importance != m.Importance {
		if err := set("importance", strconv.FormatFloat(*want.Importance, 'g', -1, 64)); err != nil {
			return nil, err
		}
	}
	if !maps.Equal(want.Feedback, m.Feedback) {
		_, b, err := Parse(out)
		if err != nil {
			return nil, err
		}
		if out, err = setField(out, b, "feedback", func(indent string) string { return encodeFeedback(want.Feedback, b.newline(), indent) }); err != nil {
			return nil, err
		}
	}
	got, b, err := Parse(out)
	if err != nil || !sameMeta(got, want) {
		return nil, &Error{Line: max(b.Lines, 1), Msg: fmt.Sprintf("merging pinned, tags, importance and feedback did not give the fields wanted (got %+v); the note is left as it is", got)}
	}
	return out, nil
}

// sameMeta reports whether a and b hold the same fields.
func sameMeta(a, b Meta) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
}

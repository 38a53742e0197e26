package frontmatter

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
)

// Body returns src after its front matter block (delimiters and a byte
// order mark included in the block): src itself when it has none.
func Body(src []byte) []byte {
	b := Find(src)
	if b.Lines == 0 {
		return src
	}
	return src[b.after:]
}

// Merge3 returns the note whose text after the front matter is body and
// whose front matter holds what two machines did to the fields memweave
// reads since base (nil: the note is new on both): ours and theirs are
// their versions. Feedback marks add up, key by key (each machine's mark
// is a mark: theirs' count plus what ours added, or took away, since
// base); tags take each side's additions and removals; importance,
// pinned and expires take the side that changed them, and when both
// did, the higher importance and the later expiry (none is latest), as
// consolidation keeps what copies carried ([Merge]). The other fields
// are theirs', or ours' when only ours changed them; when both changed
// them otherwise, Merge3 refuses (wrapping [ErrUnsafeEdit]): that text
// truly conflicts. Fields that need no change are kept byte for byte
// from that side's block. An invalid front matter in any version is
// refused with its [*Error], and the result is parsed again and refused
// unless it holds the merged fields, the other fields and body.
func Merge3(base, ours, theirs, body []byte) ([]byte, error) {
	var mb, mo, mt Meta
	var bb, bo, bt Block
	for _, v := range []struct {
		src []byte
		m   *Meta
		b   *Block
	}{{base, &mb, &bb}, {ours, &mo, &bo}, {theirs, &mt, &bt}} {
		var err error
		if *v.m, *v.b, err = Parse(v.src); err != nil {
			return nil, err
		}
	}
	start, sm, sb := theirs, mt, bt
	if _, same := sameFields(bt.doc, bb.doc, readKeys...); same {
		start, sm, sb = ours, mo, bo
	} else if _, same := sameFields(bo.doc, bb.doc, readKeys...); !same {
		if _, same := sameFields(bo.doc, bt.doc, readKeys...); !same {
			return nil, &Error{Line: 1, kind: ErrUnsafeEdit, Msg: "both sides changed fields memweave does not read, otherwise"}
		}
	}
	want := merge3Meta(mb, mo, mt)
	out := slices.Concat(start[:len(start)-len(Body(start))], body)
	set := func(name, value string) error {
		_, b, err := Parse(out)
		if err != nil {
			return err
		}
		out, err = setField(out, b, name, func(indent string) string {
			if value == "" {
				return ""
			}
			return indent + name + ": " + value + b.newline()
		})
		return err
	}
	var err error
	if want.Pinned != sm.Pinned {
		err = set("pinned", strconv.FormatBool(want.Pinned))
	}
	if err == nil && !slices.Equal(want.Tags, sm.Tags) {
		tags, _ := json.Marshal(want.Tags) // strings: never fails
		if want.Tags == nil {
			tags = []byte("[]")
		}
		err = set("tags", string(tags))
	}
	if err == nil && !sameImportance(want.Importance, sm.Importance) {
		v := ""
		if want.Importance != nil {
			v = strconv.FormatFloat(*want.Importance, 'g', -1, 64)
		}
		err = set("importance", v)
	}
	if err == nil && want.Expires != sm.Expires {
		err = set("expires", want.Expires)
	}
	if err == nil && !maps.Equal(want.Feedback, sm.Feedback) {
		var b Block
		if _, b, err = Parse(out); err == nil {
			if fb, ok := editFeedbackEntries(out, b, want.Feedback); ok {
				out = fb
			} else {
				text := func(indent string) string { return encodeFeedback(want.Feedback, b.newline(), indent) }
				if len(want.Feedback) == 0 {
					text = func(string) string { return "" }
				}
				out, err = setField(out, b, "feedback", text)
			}
		}
	}
	if err != nil {
		return nil, err
	}
	got, nb, err := Parse(out)
	if _, same := sameFields(sb.doc, nb.doc, readKeys...); err != nil || !same || !got.equal(want) || !bytes.Equal(Body(out), body) {
		return nil, &Error{Line: max(nb.Lines, 1), kind: ErrUnsafeEdit, Msg: fmt.Sprintf("merging both sides' fields did not give the fields wanted (got %+v, want %+v)", got, want)}
	}
	return out, nil
}

// merge3Meta returns the fields memweave reads merged as [Merge3] says.
func merge3Meta(b, o, t Meta) Meta {
	m := t
	if o.Pinned != b.Pinned {
		m.Pinned = o.Pinned
	}
	inB, inO := setOf(b.Tags), setOf(o.Tags)
	seen := map[string]bool{}
	m.Tags = nil
	keep := func(tag string) {
		if !seen[tag] {
			seen[tag] = true
			m.Tags = append(m.Tags, tag)
		}
	}
	for _, tag := range t.Tags { // theirs' tags but those ours removed,
		if !inB[tag] || inO[tag] {
			keep(tag)
		}
	}
	for _, tag := range o.Tags { // then those ours added
		if !inB[tag] {
			keep(tag)
		}
	}
	switch {
	case sameImportance(o.Importance, b.Importance):
	case sameImportance(t.Importance, b.Importance) || t.Importance == nil ||
		o.Importance != nil && *o.Importance > *t.Importance:
		m.Importance = o.Importance
	}
	switch {
	case o.Expires == b.Expires:
	case t.Expires == b.Expires || o.Expires == "" || t.Expires != "" && o.Expires > t.Expires:
		m.Expires = o.Expires
	}
	m.Feedback = nil
	for _, k := range slices.Sorted(maps.Keys(mapsUnion(o.Feedback, t.Feedback))) {
		v := Votes{Useful: add3(t.Feedback[k].Useful, o.Feedback[k].Useful, b.Feedback[k].Useful),
			Useless: add3(t.Feedback[k].Useless, o.Feedback[k].Useless, b.Feedback[k].Useless)}
		_, inO := o.Feedback[k]
		_, inT := t.Feedback[k]
		if v != (Votes{}) || inO && inT {
			if m.Feedback == nil {
				m.Feedback = map[string]Votes{}
			}
			m.Feedback[k] = v
		}
	}
	return m
}

// add3 is t plus what o added to (or took from) b, within [0, MaxVotes].
func add3(t, o, b int) int { return min(max(t+o-b, 0), MaxVotes) }

// mapsUnion returns a map holding the keys of a and b.
func mapsUnion(a, b map[string]Votes) map[string]bool {
	u := map[string]bool{}
	for k := range a {
		u[k] = true
	}
	for k := range b {
		u[k] = true
	}
	return u
}

// setOf returns the set of tags.
func setOf(tags []string) map[string]bool {
	s := make(map[string]bool, len(tags))
	for _, t := range tags {
		s[t] = true
	}
	return s
}

// sameImportance reports whether a and b are both unset or equal.
func sameImportance(a, b *float64) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

package frontmatter

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// bom is the UTF-8 byte order mark a file may start with.
const bom = "\ufeff"

// SetFeedback returns src with one more mark for the passage key in its
// front matter (useful or useless), adding a front matter block when src
// has none. Only the feedback field's lines change; the rest of the block
// is kept byte for byte, at its indentation.
//
// It fails with an [*Error] naming the line rather than rewrite front
// matter that is invalid or over its budget (wrapping [ErrInvalid]), or
// when the result, parsed again, would lack the mark, change another
// field, or stop being front matter (wrapping [ErrUnsafeEdit]): the
// fields written as one flow mapping ({...}), say.
func SetFeedback(src []byte, key string, useful bool) ([]byte, error) {
	m, b, err := Parse(src)
	if err != nil {
		return nil, err
	}
	fb := maps.Clone(m.Feedback)
	if fb == nil {
		fb = map[string]Votes{}
	}
	v := fb[key]
	if useful {
		v.Useful = min(v.Useful+1, MaxVotes)
	} else {
		v.Useless = min(v.Useless+1, MaxVotes)
	}
	fb[key] = v
	return writeFeedback(src, m, b, fb)
}

// DropFeedback returns src without the feedback entries of keys, as
// [SetFeedback] edits them (only the feedback field's lines change); src
// itself when it holds none of them.
func DropFeedback(src []byte, keys []string) ([]byte, error) {
	m, b, err := Parse(src)
	if err != nil {
		return nil, err
	}
	fb := maps.Clone(m.Feedback)
	for _, k := range keys {
		delete(fb, k)
	}
	if len(fb) == len(m.Feedback) {
		return src, nil
	}
	return writeFeedback(src, m, b, fb)
}

// writeFeedback returns src, whose front matter m and block b are, with
// its feedback field set to fb: entry by entry where each is a line of
// its own ([editFeedbackEntries]), else the field written whole; the
// result is parsed again and must hold fb and nothing else changed.
func writeFeedback(src []byte, m Meta, b Block, fb map[string]Votes) ([]byte, error) {
	out, ok := editFeedbackEntries(src, b, fb)
	if !ok {
		var err error
		if out, err = setField(src, b, "feedback", func(indent string) string { return encodeFeedback(fb, b.newline(), indent) }); err != nil {
			return nil, err
		}
	}
	if err := checkEdit(src, m, b, out, "feedback", func(got Meta) bool { return maps.Equal(got.Feedback, fb) }); err != nil {
		return nil, err
	}
	return out, nil
}

func (b Block) newline() string {
	if b.nl == "" {
		return "\n"
	}
	return b.nl
}

// encodeFeedback writes the feedback field, keys sorted, one line each,
// its key at indent.
func encodeFeedback(fb map[string]Votes, nl, indent string) string {
	var sb strings.Builder
	sb.WriteString(indent + "feedback:" + nl)
	for _, k := range slices.Sorted(maps.Keys(fb)) {
		fmt.Fprintf(&sb, "%s  %s: {useful: %d, useless: %d}%s", indent, k, fb[k].Useful, fb[k].Useless, nl)
	}
	return sb.String()
}

// setField returns src with the top-level field name of its front matter
// b replaced by text(indent) (whole lines, ending in a line break, with
// the field's key at indent, the indentation of the block's keys; the
// blank and comment lines after its value stay, see [valueEnd], and so
// does a comment at the end of its key's line), or
// added at the end of the block, or in a new block when src has none.
// Fields written as one flow mapping are refused, unless it is empty.
func setField(src []byte, b Block, name string, text func(indent string) string) ([]byte, error) {
	if b.Lines == 0 {
		lead := 0
		if bytes.HasPrefix(src, []byte(bom)) {
			lead = len(bom)
		}
		nl := breakOf(src[lead:])
		t := strings.ReplaceAll(strings.ReplaceAll(text(""), "\r\n", "\n"), "\n", nl)
		out := make([]byte, 0, len(src)+len(t)+10)
		out = append(out, src[:lead]...)
		out = append(out, "---"+nl+t+"---"+nl...)
		return append(out, src[lead:]...), nil
	}
	if b.doc == nil {
		return nil, &Error{Line: 2, Msg: "invalid YAML"}
	}
	body := b.body
	from, to := len(body), len(body) // byte range of the field in body
	indent, lineComment := "", ""
	if len(b.doc.Content) > 0 {
		root := b.doc.Content[0]
		if root.Style&yaml.FlowStyle != 0 {
			if len(root.Content) > 0 {
				return nil, &Error{Line: root.Line + 1, kind: ErrUnsafeEdit,
					Msg: "the fields are one flow mapping ({...}): write them one per line, then give the feedback again"}
			}
			from, to = 0, len(body) // an empty {} gives way to the field
		}
		indent = indentOf(root)
		lines := lineStarts(body)
		at := func(n *yaml.Node) (int, bool) {
			if n.Line < 1 || n.Line > len(lines) {
				return 0, false
			}
			return lines[n.Line-1], true
		}
		for i := 0; i+1 < len(root.Content); i += 2 {
			if root.Content[i].Value != name {
				continue
			}
			var ok bool
			if from, ok = at(root.Content[i]); !ok {
				return nil, &Error{Line: 1, kind: ErrUnsafeEdit, Msg: "cannot place the " + name + " field"}
			}
			if v := root.Content[i+1]; v.Anchor != "" {
				return nil, &Error{Line: root.Content[i].Line + 1, kind: ErrUnsafeEdit,
					Msg: "the " + name + " field holds the anchor &" + v.Anchor + " that other fields may refer to; write its value without the anchor, then try again"}
			}
			lineComment = keyLineComment(root.Content[i], root.Content[i+1])
			if i+2 < len(root.Content) {
				if to, ok = at(root.Content[i+2]); !ok {
					return nil, &Error{Line: 1, kind: ErrUnsafeEdit, Msg: "cannot place the " + name + " field"}
				}
			}
			break
		}
	}
	to = from + valueEnd(body[from:to])
	t := text(indent)
	if i := strings.IndexAny(t, "\r\n"); i >= 0 && lineComment != "" {
		t = t[:i] + " " + lineComment + t[i:]
	}
	if from == len(body) && len(body) > 0 && body[len(body)-1] != '\n' && body[len(body)-1] != '\r' {
		t = b.newline() + t
	}
	out := make([]byte, 0, len(src)+len(t))
	out = append(out, src[:b.start+from]...)
	out = append(out, t...)
	return append(out, src[b.start+to:]...), nil
}

// keyLineComment returns the comment written at the end of the line of
// the field key (its value on the same line), "" for none: an edit of
// the field writes it again after the new key or value.
func keyLineComment(key, value *yaml.Node) string {
	c := key.LineComment
	if c == "" && value.Line == key.Line {
		c = value.LineComment
	}
	if strings.ContainsAny(c, "\r\n") || !strings.HasPrefix(c, "#") {
		return ""
	}
	return c
}

// valueEnd returns where the lines of a field (its key's line first, up
// to the next field or the end of the block) stop holding its value:
// before the run of blank and comment-only lines that ends them. Those
// lines are the note's owner's (a comment about the next field, or at
// the end of the block), and an edit of the field keeps them.
func valueEnd(field []byte) int {
	starts := lineStarts(field)
	end := len(field)
	for i := len(starts) - 1; i > 0; i-- {
		line := bytes.TrimSpace(field[starts[i]:end])
		if len(line) > 0 && line[0] != '#' {
			break
		}
		end = starts[i]
	}
	return end
}

// lineStarts returns the byte offset of each line of s, 0-based, as
// yaml numbers lines: a line ends at LF, CR LF, a lone CR, NEL, LS or PS.
func lineStarts(s []byte) []int {
	out := []int{0}
	for i := 0; i < len(s); i++ {
		n := 0
		switch {
		case s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n':
			n = 2
		case s[i] == '\n' || s[i] == '\r':
			n = 1
		case s[i] == 0xC2 && i+1 < len(s) && s[i+1] == 0x85:
			n = 2
		case s[i] == 0xE2 && i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9):
			n = 3
		default:
			continue
		}
		i += n - 1
		if i+1 < len(s) {
			out = append(out, i+1)
		}
	}
	return out
}

// checkEdit parses out, the edit of src (whose fields are old, in the
// block b) that set the field name, again: it must still have front
// matter, hold what set says it should, keep every other field (of
// memweave or not) as it was, and keep the text after the block byte for
// byte. Otherwise the edit is refused with an [*Error] wrapping
// [ErrUnsafeEdit].
func checkEdit(src []byte, old Meta, b Block, out []byte, name string, set func(Meta) bool) error {
	unsafe := func(line int, format string, args ...any) error {
		return &Error{Line: line, kind: ErrUnsafeEdit,
			Msg: fmt.Sprintf(format, args...) + "; the note is left as it was"}
	}
	got, nb, err := Parse(out)
	var fe *Error
	switch {
	case errors.As(err, &fe):
		return unsafe(fe.Line, "setting %s would make the front matter unreadable (%s)", name, fe.Msg)
	case err != nil:
		return unsafe(1, "setting %s would make the front matter unreadable (%v)", name, err)
	case nb.Lines == 0:
		return unsafe(1, "setting %s would make the block stop being front matter", name)
	case !set(got):
		return unsafe(1, "setting %s would not record it", name)
	}
	rest := src
	if b.Lines > 0 {
		rest = src[b.after:]
	} else {
		rest = bytes.TrimPrefix(src, []byte(bom))
	}
	if !bytes.Equal(out[nb.after:], rest) || bytes.HasPrefix(src, []byte(bom)) != bytes.HasPrefix(out, []byte(bom)) {
		return unsafe(b.Lines+1, "setting %s would change the note after its front matter", name)
	}
	if line, ok := sameFields(b.doc, nb.doc, name); !ok {
		return unsafe(line, "setting %s would change another field", name)
	}
	// sameFields compared the YAML; this compares what memweave reads of
	// it, the field set aside (feedback, the only one set today).
	g, o := got, old
	g.Feedback, o.Feedback = nil, nil
	if !g.equal(o) {
		return unsafe(1, "setting %s would change the fields memweave reads", name)
	}
	return nil
}

// equal reports whether m and o hold the same fields.
func (m Meta) equal(o Meta) bool {
	return slices.Equal(m.Tags, o.Tags) && m.Pinned == o.Pinned && m.Expires == o.Expires &&
		(m.Importance == nil) == (o.Importance == nil) && (m.Importance == nil || *m.Importance == *o.Importance) &&
		maps.Equal(m.Feedback, o.Feedback)
}

// sameFields reports whether the documents a and b (nil for none) hold
// the same top-level fields, those named aside, in the same order, with
// equal values; if not, it returns the line in the file of the first
// field that differs.
func sameFields(a, b *yaml.Node, names ...string) (int, bool) {
	fa, fb := fields(a, names...), fields(b, names...)
	for i := range max(len(fa), len(fb)) / 2 {
		if 2*i+1 >= len(fa) || 2*i+1 >= len(fb) {
			line := 1
			if 2*i < len(fa) {
				line = fa[2*i].Line + 1
			}
			return line, false
		}
		if fa[2*i].Value != fb[2*i].Value || !sameNode(fa[2*i+1], fb[2*i+1]) {
			return fa[2*i].Line + 1, false
		}
	}
	return 0, true
}

// fields returns the key and value nodes of the root mapping of doc, the
// fields named left out.
func fields(doc *yaml.Node, names ...string) []*yaml.Node {
	if doc == nil || len(doc.Content) == 0 {
		return nil
	}
	var out []*yaml.Node
	c := doc.Content[0].Content
	for i := 0; i+1 < len(c); i += 2 {
		if !slices.Contains(names, c[i].Value) {
			out = append(out, c[i], c[i+1])
		}
	}
	return out
}

// sameNode reports whether the YAML nodes a and b are the same value:
// kind, tag, scalar value, anchor and content, compared in time linear
// in their size (aliases are compared by name, not followed).
func sameNode(a, b *yaml.Node) bool {
	stack := [][2]*yaml.Node{{a, b}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := p[0], p[1]
		if x.Kind != y.Kind || x.ShortTag() != y.ShortTag() || x.Value != y.Value || x.Anchor != y.Anchor || len(x.Content) != len(y.Content) {
			return false
		}
		for i := range x.Content {
			stack = append(stack, [2]*yaml.Node{x.Content[i], y.Content[i]})
		}
	}
	return true
}

// feedbackEntry is one entry of the feedback field, on a line of its
// own.
type feedbackEntry struct {
	key      string
	from, to int    // the entry's line in the block's body, its break included
	text     string // what the line holds up to its value's closing brace
	lead     string // the line's indentation
}

// feedbackEntryLines returns the entries of field, the feedback mapping
// of b, by key, with the end of the last entry's line and its
// indentation; ok is false unless each entry is one line, "KEY: {...}".
func feedbackEntryLines(b Block, field *yaml.Node) (entries map[string]feedbackEntry, lastEnd int, lead string, ok bool) {
	lines := lineStarts(b.body)
	entries = map[string]feedbackEntry{}
	for i := 0; i+1 < len(field.Content); i += 2 {
		k, v := field.Content[i], field.Content[i+1]
		if k.Kind != yaml.ScalarNode || k.Line != v.Line || v.Kind != yaml.MappingNode || v.Style&yaml.FlowStyle == 0 ||
			k.Anchor != "" || v.Anchor != "" || k.Line < 1 || k.Line > len(lines) {
			return nil, 0, "", false
		}
		from, to := lines[k.Line-1], len(b.body)
		if k.Line < len(lines) {
			to = lines[k.Line]
		}
		line := string(b.body[from:to])
		if !strings.HasSuffix(line, "\n") || strings.ContainsAny(strings.TrimRight(line, "\r\n"), "\r") {
			return nil, 0, "", false
		}
		body := strings.TrimRight(line, "\r\n")
		if c := keyLineComment(k, v); c != "" {
			body = strings.TrimSuffix(body, c)
		}
		body = strings.TrimRight(body, " \t")
		l := body[:len(body)-len(strings.TrimLeft(body, " \t"))]
		if !strings.HasPrefix(body[len(l):], k.Value+":") || !strings.HasSuffix(body, "}") || strings.Count(body, "}") != 1 {
			return nil, 0, "", false
		}
		if _, dup := entries[k.Value]; dup {
			return nil, 0, "", false
		}
		entries[k.Value] = feedbackEntry{key: k.Value, from: from, to: to, text: body, lead: l}
		if to > lastEnd {
			lastEnd, lead = to, l
		}
	}
	return entries, lastEnd, lead, true
}

// editFeedbackEntries returns src with its feedback entries set to fb
// line by line: an entry's counts are written again in place (what
// follows them on the line, a comment, stays), an entry fb lacks loses
// its line, and a new one is added after the last. Every other line of
// the field (the owner's comments among the entries) is kept byte for
// byte. ok is false when the field is not written one entry per line,
// "KEY: {...}" each (then [setField] writes it whole).
func editFeedbackEntries(src []byte, b Block, fb map[string]Votes) (out []byte, ok bool) {
	if b.doc == nil || len(b.doc.Content) == 0 {
		return nil, false
	}
	root := b.doc.Content[0]
	if root.Kind != yaml.MappingNode || root.Style&yaml.FlowStyle != 0 {
		return nil, false
	}
	var field *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "feedback" {
			field = root.Content[i+1]
			if root.Content[i].Line >= field.Line {
				return nil, false
			}
		}
	}
	if field == nil || field.Kind != yaml.MappingNode || field.Style&yaml.FlowStyle != 0 || len(field.Content) == 0 || field.Anchor != "" {
		return nil, false
	}
	entries, lastEnd, lead, ok := feedbackEntryLines(b, field)
	if !ok {
		return nil, false
	}
	nl := b.newline()
	var sb strings.Builder
	at := 0
	for _, e := range slices.SortedFunc(maps.Values(entries), func(x, y feedbackEntry) int { return x.from - y.from }) {
		sb.Write(b.body[at:e.from])
		at = e.to
		k := e.key
		v, keep := fb[k]
		if keep {
			fmt.Fprintf(&sb, "%s%s: {useful: %d, useless: %d}", e.lead, k, v.Useful, v.Useless)
			sb.Write(b.body[e.from+len(e.text) : e.to])
		}
		if e.to == lastEnd {
			for _, nk := range slices.Sorted(maps.Keys(fb)) {
				if _, had := entries[nk]; !had {
					fmt.Fprintf(&sb, "%s%s: {useful: %d, useless: %d}%s", lead, nk, fb[nk].Useful, fb[nk].Useless, nl)
				}
			}
		}
	}
	sb.Write(b.body[at:])
	out = make([]byte, 0, len(src)+sb.Len())
	out = append(out, src[:b.start]...)
	out = append(out, sb.String()...)
	return append(out, src[b.end:]...), true
}

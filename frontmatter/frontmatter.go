// Package frontmatter reads and edits the YAML front matter of a note: a
// block between "---" lines at the top of a Markdown file, as Obsidian,
// Hugo and basic-memory write it. memweave reads these fields from it:
//
//	---
//	tags: [infra, cache]     # a list, or one string of comma-separated tags
//	importance: 0.8          # 0..1
//	pinned: true
//	expires: 2027-01-31      # YYYY-MM-DD; left out of searches after that day
//	feedback:                # written by memweave feedback
//	  p1a2b3c4d5e6f7a8b: {useful: 3, useless: 0}
//	---
//
// Other fields are kept and ignored. The package is pure: it takes bytes
// and returns values, and does no I/O.
//
// Front matter is read in time linear in its size, within budgets: a
// block over [MaxBytes], or with a list or map (tags, feedback or any
// other field, at any depth) of more than [MaxEntries] entries, is
// refused with an [*Error] wrapping [ErrTooLarge] that names its line.
// The note is then indexed as if it had no front matter.
//
// Edits ([SetFeedback]) are checked: the result is parsed again, and an
// edit that would lose the mark or change any other field is refused
// with an [*Error] wrapping [ErrUnsafeEdit], the note left as it was.
package frontmatter

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.yaml.in/yaml/v3"
)

// ErrInvalid is wrapped by every [Error]: the front matter is there but
// memweave cannot use it, and the note is indexed as if it had none.
var ErrInvalid = errors.New("frontmatter: invalid front matter")

// ErrTooLarge is wrapped, with [ErrInvalid], by the [*Error] for a front
// matter block over its budget ([MaxBytes], [MaxEntries]).
var ErrTooLarge = errors.New("frontmatter: front matter over its budget")

// ErrUnsafeEdit is wrapped by the [*Error] of an edit ([SetFeedback])
// that, parsed again, would not have the mark, or would change another
// field: the edit is refused rather than written.
var ErrUnsafeEdit = errors.New("frontmatter: the edit would change the front matter")

// Error is a problem in a note's front matter, at a 1-based line of the
// file.
type Error struct {
	Line int
	Msg  string
	// kind is the sentinel the error wraps besides, or instead of,
	// ErrInvalid: nil, ErrTooLarge or ErrUnsafeEdit.
	kind error
}

// Error returns "front matter: MSG" (the caller names file and line).
func (e *Error) Error() string { return "front matter: " + e.Msg }

// Unwrap returns [ErrInvalid], with [ErrTooLarge] for a block over its
// budget; or [ErrUnsafeEdit] alone for a refused edit.
func (e *Error) Unwrap() []error {
	switch e.kind {
	case nil:
		return []error{ErrInvalid}
	case ErrUnsafeEdit:
		return []error{ErrUnsafeEdit}
	}
	return []error{ErrInvalid, e.kind}
}

// Votes are the feedback marks of one passage.
//
// Each count is read clamped to [0, MaxVotes] (a negative count, written
// by hand or by a hostile clone, as 0), and marking a passage at
// MaxVotes leaves it there: counts are summed and subtracted, and none
// may wrap around.
type Votes struct {
	Useful  int `json:"useful" yaml:"useful"`
	Useless int `json:"useless" yaml:"useless"`
}

// MaxVotes is the largest count of useful or useless marks a passage's
// [Votes] hold.
const MaxVotes = 1_000_000

// Meta are the fields memweave reads from a note's front matter. The zero
// Meta is a note without any.
type Meta struct {
	// Tags are lower-cased, without a leading '#', in the order written.
	Tags []string `json:"tags,omitempty"`
	// Importance is in [0,1]; nil when not given.
	Importance *float64 `json:"importance,omitempty"`
	Pinned     bool     `json:"pinned,omitempty"`
	// Expires is a YYYY-MM-DD date, "" for never.
	Expires string `json:"expires,omitempty"`
	// Feedback maps a passage key (curate.PassageKey) to its marks.
	Feedback map[string]Votes `json:"feedback,omitempty"`
}

// IsZero reports whether m holds no field.
func (m Meta) IsZero() bool {
	return len(m.Tags) == 0 && m.Importance == nil && !m.Pinned && m.Expires == "" && len(m.Feedback) == 0
}

// HasTag reports whether m carries tag, compared as [Parse] normalises
// tags.
func (m Meta) HasTag(tag string) bool { return slices.Contains(m.Tags, normTag(tag)) }

// Block is where the front matter sits in a file: lines [0, Lines) of
// it, delimiters included. Lines is 0 when the file has none.
type Block struct {
	Lines int
	// body is the YAML between the delimiters; start and end are its byte
	// offsets in the file, end at the start of the closing line, and
	// after the offset just past the closing line.
	body              []byte
	start, end, after int
	nl                string // the file's line ending
	// doc is body parsed, nil when it is not valid YAML or is over
	// MaxBytes.
	doc *yaml.Node
}

// Find locates a front matter block: "---" on the first line, closed by
// a "---" or "..." line (see [FenceLines]), whose content is a YAML
// mapping (or empty). A block whose content is not a mapping, e.g. prose
// between two thematic breaks, is not front matter. A block over
// [MaxBytes] is not parsed: it is front matter when its first content
// line looks like "key:".
func Find(src []byte) Block {
	bom := 0
	if bytes.HasPrefix(src, []byte("\ufeff")) {
		src, bom = src[3:], 3
	}
	n, start, end, after := fence(src)
	if n == 0 {
		return Block{}
	}
	b := Block{Lines: n, body: src[start:end], start: start + bom, end: end + bom, after: after + bom, nl: breakOf(src[:start])}
	var isMap bool
	if b.doc, isMap = mappingOrEmpty(b.body); !isMap {
		return Block{}
	}
	return b
}

// breakOf returns the line break ending the first line of src: "\n",
// "\r\n" or a lone "\r"; "\n" when src holds none.
func breakOf(src []byte) string {
	i := bytes.IndexAny(src, "\r\n")
	switch {
	case i < 0 || src[i] == '\n':
		return "\n"
	case i+1 < len(src) && src[i+1] == '\n':
		return "\r\n"
	}
	return "\r"
}

// FenceLines returns the lines, delimiters included, of the fenced block
// that opens src, 0 for none: "---" on the first line, closed by a "---"
// or "..." line, trailing spaces and tabs ignored. A line ends at LF,
// CR LF or a lone CR, as the chunker, get and YAML count lines. It reads
// no YAML: [Find] also requires a mapping inside, while the chunker keeps
// any such block, front matter or not, in a section of its own. A byte
// order mark is not skipped. It takes time linear in the block's size
// and allocates nothing.
func FenceLines[T string | []byte](src T) int {
	n, _, _, _ := fence(src)
	return n
}

// fence is [FenceLines] with the block's byte offsets: its body is
// src[start:end], end at the start of the closing line, and after is
// just past the closing line (and its line break, if any).
func fence[T string | []byte](src T) (lines, start, end, after int) {
	// index returns the offset of c in src from i on, or -1, by the
	// vectorised search of strings or bytes.
	var index func(i, j int, c byte) int
	switch s := any(src).(type) {
	case string:
		index = func(i, j int, c byte) int { return strings.IndexByte(s[i:j], c) }
	case []byte:
		index = func(i, j int, c byte) int { return bytes.IndexByte(s[i:j], c) }
	}
	// lineEnd returns the offset of the break ending the line at i, or
	// len(src), and the offset of the next line: the first LF, or a CR
	// before it, with a CR LF taken as one break.
	lineEnd := func(i int) (int, int) {
		j := len(src)
		if k := index(i, j, '\n'); k >= 0 {
			j = i + k
		}
		if k := index(i, j, '\r'); k >= 0 {
			j = i + k
		}
		switch {
		case j == len(src):
			return j, j
		case src[j] == '\r' && j+1 < len(src) && src[j+1] == '\n':
			return j, j + 2
		}
		return j, j + 1
	}
	// delimiter reports whether the line src[i:j] is "---" or, when
	// closing, "...", before trailing spaces and tabs.
	delimiter := func(i, j int, closing bool) bool {
		for j > i && (src[j-1] == ' ' || src[j-1] == '\t') {
			j--
		}
		if j-i != 3 {
			return false
		}
		c := src[i]
		return (c == '-' || closing && c == '.') && src[i+1] == c && src[i+2] == c
	}
	j, next := lineEnd(0)
	if j == len(src) || !delimiter(0, j, false) {
		return 0, 0, 0, 0
	}
	start = next
	for i, n := start, 2; ; n++ {
		j, next := lineEnd(i)
		if delimiter(i, j, true) {
			return n, start, i, next
		}
		if j == len(src) {
			return 0, 0, 0, 0
		}
		i = next
	}
}

// Keys returns the top-level keys of the block, in order, and whether
// they could be read: false for a block that is not valid YAML or is
// over [MaxBytes]. A file without front matter has none.
func (b Block) Keys() ([]string, bool) {
	if b.Lines == 0 {
		return nil, true
	}
	if b.doc == nil {
		return nil, false
	}
	var keys []string
	if len(b.doc.Content) > 0 {
		root := b.doc.Content[0]
		for i := 0; i+1 < len(root.Content); i += 2 {
			keys = append(keys, root.Content[i].Value)
		}
	}
	return keys, true
}

// Values returns the scalar values of the block's top-level fields
// whose keys skip does not report, in order, and those of their lists and
// mappings, at any depth; false for a block that is not valid YAML or is
// over [MaxBytes]. A file without front matter has none.
func (b Block) Values(skip func(key string) bool) ([]string, bool) {
	if b.Lines == 0 {
		return nil, true
	}
	if b.doc == nil {
		return nil, false
	}
	var out []string
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		switch n.Kind {
		case yaml.ScalarNode:
			out = append(out, n.Value)
		case yaml.SequenceNode:
			for _, c := range n.Content {
				walk(c)
			}
		case yaml.MappingNode:
			for i := 1; i < len(n.Content); i += 2 {
				walk(n.Content[i])
			}
		}
	}
	if len(b.doc.Content) > 0 {
		root := b.doc.Content[0]
		for i := 0; i+1 < len(root.Content); i += 2 {
			if !skip(root.Content[i].Value) {
				walk(root.Content[i+1])
			}
		}
	}
	return out, true
}

// mappingOrEmpty reports whether body is blank or parses as, or looks
// like (its first content line holds "key:"), a YAML mapping, and returns
// it parsed when it is valid YAML within [MaxBytes].
func mappingOrEmpty(body []byte) (*yaml.Node, bool) {
	if len(body) > MaxBytes {
		return nil, looksLikeMapping().Match(body)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(body, &doc); err != nil {
		return nil, looksLikeMapping().Match(body)
	}
	return &doc, len(doc.Content) == 0 || doc.Content[0].Kind == yaml.MappingNode
}

// looksLikeMapping matches YAML whose first content line is "key:".
var looksLikeMapping = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(?:\s*(?:#[^\n]*)?\n)*[\w"'-][^\n:]*:(?:\s|$)`) })

// Parse returns the fields of src's front matter and where it is. A block
// that memweave cannot use (invalid YAML, an importance outside 0..1, a
// date that is not YYYY-MM-DD, a field of the wrong type) gives a zero
// Meta and an [*Error] naming the line.
func Parse(src []byte) (Meta, Block, error) {
	b := Find(src)
	if b.Lines == 0 {
		return Meta{}, b, nil
	}
	m, err := decode(b)
	return m, b, err
}

// yamlLine finds the line in a yaml.v3 error message.
var yamlLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`line (\d+): `) })

// decode reads the fields of the block b, in time linear in its size.
func decode(b Block) (Meta, error) {
	doc, err := parseBlock(b)
	if err != nil {
		return Meta{}, err
	}
	if err := checkEntries(doc); err != nil {
		return Meta{}, err
	}
	var m Meta
	if len(doc.Content) == 0 {
		return m, nil
	}
	root := doc.Content[0]
	seen := map[string]int{} // the line of each field memweave reads
	for i := 0; i+1 < len(root.Content); i += 2 {
		k := root.Content[i]
		if err := checkKey(k, resolve(root.Content[i+1]), seen); err != nil {
			return Meta{}, err
		}
		if err := m.decodeField(k, resolve(root.Content[i+1])); err != nil {
			return Meta{}, err
		}
	}
	return m, nil
}

// readKeys are the fields memweave reads.
var readKeys = []string{"tags", "importance", "pinned", "expires", "feedback"}

// checkKey refuses, as an [*Error] naming the line, a field memweave
// reads given twice (YAML readers differ on which one counts: "expires"
// twice would hide or show a note at the reader's whim), and a merge key
// ("<<") that would bring in such a field: memweave does not read
// merges, so the note's fields would not be what other YAML readers see.
// seen records the line of each field read so far.
func checkKey(k, v *yaml.Node, seen map[string]int) error {
	if k.Value == "<<" {
		maps := []*yaml.Node{v}
		if v.Kind == yaml.SequenceNode {
			maps = v.Content
		}
		for _, mp := range maps {
			mp = resolve(mp)
			for j := 0; mp.Kind == yaml.MappingNode && j+1 < len(mp.Content); j += 2 {
				if slices.Contains(readKeys, mp.Content[j].Value) {
					return &Error{Line: k.Line + 1, Msg: fmt.Sprintf("<<: merges in %s, which memweave does not read from a merge; write the field itself", mp.Content[j].Value)}
				}
			}
		}
		return nil
	}
	if !slices.Contains(readKeys, k.Value) {
		return nil
	}
	if line, dup := seen[k.Value]; dup {
		return &Error{Line: k.Line + 1, Msg: fmt.Sprintf("%s: given twice (line %d and here)", k.Value, line)}
	}
	seen[k.Value] = k.Line + 1
	return nil
}

// parseBlock returns the YAML of the block b parsed (as [Find] left it,
// or parsed now), or an [*Error] naming the line for a block over
// [MaxBytes] or invalid YAML.
func parseBlock(b Block) (*yaml.Node, error) {
	if len(b.body) > MaxBytes {
		return nil, &Error{Line: 1, kind: ErrTooLarge,
			Msg: fmt.Sprintf("the block is %d bytes, over the %d-byte limit", len(b.body), MaxBytes)}
	}
	if b.doc != nil {
		return b.doc, nil
	}
	doc := new(yaml.Node)
	if err := yaml.Unmarshal(b.body, doc); err != nil {
		line := 0
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		if g := yamlLine().FindStringSubmatch(msg); g != nil {
			line, _ = strconv.Atoi(g[1])
			msg = strings.Replace(msg, g[0], "", 1)
		}
		return nil, &Error{Line: line + 1, Msg: "invalid YAML: " + msg}
	}
	return doc, nil
}

// decodeField sets the field of m the key k names from its value v; a
// key memweave does not read is ignored. A value of the wrong type or
// out of range is an [*Error] naming its line.
func (m *Meta) decodeField(k, v *yaml.Node) error {
	bad := func(format string, args ...any) error {
		return &Error{Line: v.Line + 1, Msg: k.Value + ": " + fmt.Sprintf(format, args...)}
	}
	switch k.Value {
	case "tags":
		tags, err := decodeTags(k, v, bad)
		if err != nil {
			return err
		}
		m.Tags = tags
	case "importance":
		f, err := strconv.ParseFloat(v.Value, 64)
		if v.Kind != yaml.ScalarNode || err != nil || !(f >= 0 && f <= 1) || math.IsNaN(f) {
			return bad("%q is not a number from 0 to 1", v.Value)
		}
		m.Importance = &f
	case "pinned":
		var p bool
		if v.Kind != yaml.ScalarNode || v.Decode(&p) != nil {
			return bad("%q is not true or false", v.Value)
		}
		m.Pinned = p
	case "expires":
		if _, err := time.Parse(time.DateOnly, v.Value); v.Kind != yaml.ScalarNode || err != nil {
			return bad("%q is not a YYYY-MM-DD date", v.Value)
		}
		m.Expires = v.Value
	case "feedback":
		fb, ok := decodeFeedback(v)
		if !ok {
			return bad("want passage keys each with {useful: N, useless: N}")
		}
		if len(fb) > 0 {
			m.Feedback = fb
		}
	}
	return nil
}

// decodeTags returns the tags of the value v of the key k: a list of
// words, or one string of words separated by commas or spaces,
// normalised and without repeats. bad makes the error of a value of
// another shape.
func decodeTags(k, v *yaml.Node, bad func(format string, args ...any) error) ([]string, error) {
	var tags tagSet
	switch {
	case v.Kind == yaml.ScalarNode:
		for t := range strings.FieldsFuncSeq(v.Value, func(r rune) bool { return r == ',' || r == ' ' }) {
			if tags.add(t) > MaxEntries {
				return nil, tooMany(k, v, MaxEntries+1)
			}
		}
	case v.Kind == yaml.SequenceNode:
		for _, t := range v.Content {
			if t.Kind != yaml.ScalarNode {
				return nil, bad("want a list of words")
			}
			tags.add(t.Value)
		}
	default:
		return nil, bad("want a list of words or one string")
	}
	return tags.list, nil
}

func normTag(t string) string { return strings.ToLower(strings.TrimPrefix(strings.TrimSpace(t), "#")) }

// Decode returns the Meta whose JSON the index stores ("" for none); a
// row it cannot read gives the zero Meta.
func Decode(stored string) Meta {
	var m Meta
	if stored != "" {
		_ = json.Unmarshal([]byte(stored), &m)
	}
	return m
}

// Expired reports whether m's expiry date is before today, a YYYY-MM-DD
// date.
func (m Meta) Expired(today string) bool { return m.Expires != "" && m.Expires < today }

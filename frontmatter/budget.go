package frontmatter

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The budgets of a front matter block. They keep every read and edit of
// a hostile note (a tags list or a feedback map of tens of thousands of
// entries) short, so that no index run or write waits on it, while
// leaving hand-written front matter far inside them. A block over a
// budget is refused with an [*Error] wrapping [ErrTooLarge], naming the
// line; the note's text is still indexed, without its fields.
const (
	// MaxBytes is the largest front matter block read, in bytes between
	// the delimiters.
	MaxBytes = 256 << 10
	// MaxEntries is the most entries of any one list or map in the block
	// (the tags, the passages of feedback, any other field at any
	// depth), and the most tags of a tags string.
	MaxEntries = 10_000
)

// checkEntries refuses a document with a list or map of more than
// MaxEntries entries, in time linear in its node count. Aliases are not
// followed: an alias is one node, whatever it names.
func checkEntries(doc *yaml.Node) error {
	stack := []*yaml.Node{doc}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		entries := len(n.Content)
		if n.Kind == yaml.MappingNode {
			entries /= 2
		}
		if entries > MaxEntries && n.Kind != yaml.DocumentNode {
			return &Error{Line: n.Line + 1, kind: ErrTooLarge,
				Msg: fmt.Sprintf("a %s of more than %d entries (%d)", kindName(n), MaxEntries, entries)}
		}
		stack = append(stack, n.Content...)
	}
	return nil
}

// tooMany is the error for the field k whose value v holds n entries,
// over MaxEntries.
func tooMany(k, v *yaml.Node, n int) error {
	return &Error{Line: v.Line + 1, kind: ErrTooLarge,
		Msg: fmt.Sprintf("%s: more than %d entries (%d)", k.Value, MaxEntries, n)}
}

// kindName names the kind of a list or map node in messages.
func kindName(n *yaml.Node) string {
	if n.Kind == yaml.MappingNode {
		return "map"
	}
	return "list"
}

// resolve returns the node an alias names, or n itself.
func resolve(n *yaml.Node) *yaml.Node {
	for range 8 {
		if n.Kind != yaml.AliasNode || n.Alias == nil {
			break
		}
		n = n.Alias
	}
	return n
}

// tagSet gathers normalised tags, each once, in the order written, in
// time linear in their count.
type tagSet struct {
	list []string
	seen map[string]struct{}
}

// tagSetOf returns the set of the tags, already normalised, in their
// order.
func tagSetOf(tags []string) *tagSet {
	s := &tagSet{list: slices.Clone(tags), seen: make(map[string]struct{}, len(tags))}
	for _, t := range tags {
		s.seen[t] = struct{}{}
	}
	return s
}

// add adds the tag t, normalised, unless empty or already there, and
// returns how many tags the set holds.
func (s *tagSet) add(t string) int {
	if t = normTag(t); t == "" {
		return len(s.list)
	}
	if s.seen == nil {
		s.seen = make(map[string]struct{})
	}
	if _, ok := s.seen[t]; !ok {
		s.seen[t] = struct{}{}
		s.list = append(s.list, t)
	}
	return len(s.list)
}

// decodeFeedback reads a feedback field: a map of passage keys, each to
// a {useful: N, useless: N} map (null for none). It walks the nodes
// itself, in time linear in their count: yaml's own decoding into a map
// checks for duplicate keys in quadratic time. A duplicate key, a merge
// key ("<<") or a value of another shape is refused.
func decodeFeedback(v *yaml.Node) (map[string]Votes, bool) {
	if isNull(v) {
		return nil, true
	}
	if v.Kind != yaml.MappingNode {
		return nil, false
	}
	fb := make(map[string]Votes, len(v.Content)/2)
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], resolve(v.Content[i+1])
		if k.Kind != yaml.ScalarNode || k.Value == "<<" {
			return nil, false
		}
		if _, dup := fb[k.Value]; dup {
			return nil, false
		}
		votes, ok := decodeVotes(val)
		if !ok {
			return nil, false
		}
		fb[k.Value] = votes
	}
	return fb, true
}

// decodeVotes reads one passage's {useful: N, useless: N}, each count
// clamped to [0, MaxVotes]; other keys are ignored, as yaml's decoding
// into a struct does.
func decodeVotes(v *yaml.Node) (Votes, bool) {
	var votes Votes
	if isNull(v) {
		return votes, true
	}
	if v.Kind != yaml.MappingNode {
		return votes, false
	}
	var seen [2]bool
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], resolve(v.Content[i+1])
		if k.Kind != yaml.ScalarNode || k.Value == "<<" {
			return votes, false
		}
		var dst *int
		var j int
		switch k.Value {
		case "useful":
			dst, j = &votes.Useful, 0
		case "useless":
			dst, j = &votes.Useless, 1
		default:
			continue
		}
		if seen[j] || val.Kind != yaml.ScalarNode || val.Decode(dst) != nil {
			return votes, false
		}
		*dst = min(max(*dst, 0), MaxVotes)
		seen[j] = true
	}
	return votes, true
}

// isNull reports whether v is a YAML null (an empty value, "~", "null").
func isNull(v *yaml.Node) bool {
	return v.Kind == yaml.ScalarNode && v.ShortTag() == "!!null"
}

// indentOf returns the white space before the first key of the root
// mapping of doc, "" when there is none.
func indentOf(root *yaml.Node) string {
	if root == nil || len(root.Content) == 0 || root.Content[0].Column < 1 {
		return ""
	}
	return strings.Repeat(" ", root.Content[0].Column-1)
}

package curate

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"

	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/internal/hexdigits"
)

// LinesKey is the content key of lines, the one key by which curation
// names passages and lines (a resolution's marker, [PassageKey]): the
// first 8 hex digits of the SHA-256 of their text, each line trimmed of
// surrounding white space (and a byte order mark), joined by "\n".
// Indentation and line endings do not change it.
func LinesKey(lines []string) string {
	h := sha256.New()
	for i, l := range lines {
		if i > 0 {
			h.Write([]byte{'\n'})
		}
		h.Write([]byte(strings.TrimSpace(strings.TrimPrefix(l, "\ufeff"))))
	}
	return hex.EncodeToString(h.Sum(nil)[:4])
}

// PassageKey is the key feedback is filed under, in a note's front
// matter, for a passage with the given heading path (chunker.Chunk's
// Headings, a search result's) and text: "p", the 8 hex digits of
// [LinesKey] of its first non-blank line, then 4 of the heading path's
// and 4 of its whole text's (17 characters); "" for a passage with no
// text. Passages of one note that open with the same line (## Database
// under # Staging and under # Production, two bullets or paragraphs
// opening alike) have distinct keys unless their heading path and text
// are both the same. [Marks] reads a key written before an edit of the
// passage's text or headings.
func PassageKey(headings []string, text string) string {
	first := LineKey(text)
	if first == "" {
		return ""
	}
	return first + LinesKey(headings)[:4] + LinesKey(strings.Split(strings.TrimSpace(text), "\n"))[:4]
}

// LineKey is the key of a passage's first non-blank line alone: "p" and
// its [LinesKey], "" for a passage with none. Builds before
// [PassageKey] filed feedback under it; [Marks] still reads it, for
// every passage of the note that opens with that line.
func LineKey(text string) string {
	for line := range strings.Lines(text) {
		if strings.TrimSpace(line) != "" {
			return "p" + LinesKey([]string{line})
		}
	}
	return ""
}

// KeyParts returns the three parts of the [PassageKey] k: "p" and the 8
// hex digits of its first line's key, the 4 of its heading path's and
// the 4 of its text's; three "" for a key of another length (a
// [LineKey], ""). Curation compares keys by these parts alone, never by
// offsets into them.
func KeyParts(k string) (first, headings, text string) {
	if len(k) != passageKeyLen || k[0] != 'p' {
		return "", "", ""
	}
	return k[:9], k[9:13], k[13:]
}

// passageKeyLen is the length of a [PassageKey].
const passageKeyLen = 17

// PassageKeyForm says, for an error, what [IsPassageKey] accepts.
const PassageKeyForm = "p and 16 hex digits, or 8 as earlier builds wrote, as a search result's passage gives it"

// IsPassageKey reports whether key has the form of a [PassageKey] or a
// [LineKey] ([PassageKeyForm]).
func IsPassageKey(key string) bool {
	if (len(key) != passageKeyLen && len(key) != 9) || key[0] != 'p' {
		return false
	}
	return hexdigits.Lower(key[1:])
}

// Keyed is a passage of a note as [Marks] reads it: its heading path
// and text.
type Keyed struct {
	Headings []string
	Text     string
}

// Marks returns the feedback marks of the passage p of a note whose
// front matter's feedback field is fb, and whether any entry applies.
// It adds up:
//   - the entry under p's [PassageKey];
//   - the entry under its [LineKey], as builds before PassageKey wrote
//     it, which applies to every passage of the note opening with that
//     line (to one where one does, to all of them where several do, as
//     those builds read it);
//   - each entry under a PassageKey that no passage of the note has now
//     (written before an edit of the passage's text or of its headings,
//     not both) that [Owners] gives to p: the only passage with its
//     first line and heading path, else, when none has those, the only
//     one with its first line and text; when several are, nobody.
//
// owners returns [Owners] of the note; it is called only when fb has an
// entry of that last kind with p's first line. A nil owners skips them.
func Marks(fb map[string]frontmatter.Votes, p Keyed, owners func() map[string]string) (frontmatter.Votes, bool) {
	k := PassageKey(p.Headings, p.Text)
	if k == "" || len(fb) == 0 {
		return frontmatter.Votes{}, false
	}
	var sum frontmatter.Votes
	found := false
	add := func(key string) {
		if v, ok := fb[key]; ok {
			sum.Useful, sum.Useless, found = sum.Useful+v.Useful, sum.Useless+v.Useless, true
		}
	}
	add(LineKey(p.Text))
	add(k)
	var own map[string]string
	kf, _, _ := KeyParts(k)
	for e := range fb {
		if ef, _, _ := KeyParts(e); ef == "" || e == k || ef != kf || owners == nil {
			continue
		}
		if own == nil {
			own = owners()
		}
		if own[e] == k {
			add(e)
		}
	}
	return sum, found
}

// Owners returns, for each entry of fb under a [PassageKey] that none of
// the note's passages ps has, the key of the passage it belongs to by
// [Marks]' rules ([KeyOwner]); entries it cannot tell are left out. Its
// work is the entries times the passages sharing their first line.
func Owners(fb map[string]frontmatter.Votes, ps []Keyed) map[string]string {
	keys := make([]string, len(ps))
	byFirst := map[string][]string{}
	for i, p := range ps {
		keys[i] = PassageKey(p.Headings, p.Text)
		if first, _, _ := KeyParts(keys[i]); first != "" {
			byFirst[first] = append(byFirst[first], keys[i])
		}
	}
	out := map[string]string{}
	for e := range fb {
		first, _, _ := KeyParts(e)
		if first == "" {
			continue
		}
		same := byFirst[first]
		if i := KeyOwner(e, same); i >= 0 {
			out[e] = same[i]
		}
	}
	return out
}

// KeyOwner returns the index in keys (a note's [PassageKey]s, in order)
// of the passage the PassageKey e, which none of them is, was written
// for, by [Marks]' rules: -1 when e is one of keys, is not a PassageKey,
// or when no passage, or several, can be it. Among several, whether each
// has an entry of its own tells nothing: the passage edited and marked
// again since has one, and a twin added since, or never marked, has none.
func KeyOwner(e string, keys []string) int {
	ef, eh, et := KeyParts(e)
	if ef == "" || slices.Contains(keys, e) {
		return -1
	}
	for _, alike := range []func(f, h, t string) bool{
		func(f, h, _ string) bool { return f == ef && h == eh }, // first line and heading path
		func(f, _, t string) bool { return f == ef && t == et }, // first line and text
	} {
		owner := -1
		for i, q := range keys {
			if f, h, t := KeyParts(q); f == "" || !alike(f, h, t) {
				continue
			}
			if owner >= 0 {
				return -1
			}
			owner = i
		}
		if owner >= 0 {
			return owner
		}
	}
	return -1
}

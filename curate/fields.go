package curate

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/memweave/memweave-go/frontmatter"
)

// FieldValues returns the values of the front matter fields of the note
// data that may say what it is about (title, env, project, customer...),
// in the order written: all but those memweave reads or moves itself
// ([MootField]) and those that say who wrote the note, where from, when,
// or how to show it (author, source, created, status...). nil for a note
// without front matter or with one that does not parse. [FieldsLose]
// and a passage's About read them.
func FieldValues(data []byte) []string {
	loadTables()
	v, _ := frontmatter.Find(data).Values(func(k string) bool { return mootFields[k] || aboutTheNote[strings.ToLower(k)] })
	return v
}

// MootField reports whether a note left with no passage may lose its
// front matter field key: one the kept note took (pinned, tags,
// importance), or one about the note's passages or its date (feedback,
// expires, date).
func MootField(key string) bool {
	loadTables()
	return mootFields[key]
}

// mootFields are the fields [MootField] names, and aboutTheNote those
// [FieldValues] leaves out for saying who, where from, when or how
// rather than what about; both filled by loadTables.
var mootFields, aboutTheNote map[string]bool

// standingFields are the front matter fields that say whether a note's
// content still holds, for [StandingChanged]: "status: obsolete",
// "deprecated: true", "draft: true", "verified: false".
var standingFields = sync.OnceValue(func() map[string]bool {
	return setOf(`status state lifecycle deprecated obsolete outdated archived superseded stale draft
wip verified unverified confidence certainty validity valid reviewed approved retired expires expiry
expiration expire expired sunset eol supersedes replaced review accuracy accurate correct`)
})

// standingWords are the values that say a note's content no longer
// holds or was never checked, in a field of any name ("note: outdated
// since the upgrade", "comment: this is incorrect"), for
// [StandingChanged].
var standingWords = sync.OnceValue(func() map[string]bool {
	return setOf(`obsolete outdated deprecated wrong incorrect invalid superseded stale expired retired
archived withdrawn rejected unverified disputed inaccurate untrue draft`)
})

// standingField reports whether the front matter field key, or its value
// v, says whether the note's content still holds: a word of the key
// (split at every character not a letter and before each capital:
// "validity_note", "superseded_by", "reviewState") is one of
// [standingFields], or a word of v one of [standingWords].
func standingField(key, v string) bool {
	start := 0
	for i, r := range key {
		if !unicode.IsLetter(r) || unicode.IsUpper(r) && i > 0 && unicode.IsLower(rune(key[i-1])) {
			if i > start && standingFields()[strings.ToLower(key[start:i])] {
				return true
			}
			start = i
			if !unicode.IsLetter(r) {
				start = i + utf8.RuneLen(r)
			}
		}
	}
	if start < len(key) && standingFields()[strings.ToLower(key[start:])] {
		return true
	}
	if v == "" || !strings.ContainsAny(v, "deiouDEIOU") {
		return false
	}
	for _, w := range nameWords(strings.ToLower(v)) {
		if standingWords()[w] {
			return true
		}
	}
	return false
}

// StandingChanged returns a field that says whether a note's content
// holds ([standingField]: "status", "validity_note", "superseded_by",
// "expires", or any field whose value says "outdated") that the notes a
// and b (their data) give other values, or only one of them gives, as
// "status: obsolete / (none)"; "" when they agree on every such field,
// letter case aside. A fact copied into a note marked obsolete or a
// draft is not the fact of a note that says no such thing: dropping
// either copy for the other would lose that word or spread it. A front
// matter that does not parse (or is over [frontmatter.MaxBytes]) with a
// line naming such a field ("status: obsolete" beside a YAML error) may
// say so unread: it is reported as "status: (does not parse) / ...",
// whatever the other says. It is [StandingOf] a [Standing.Changed] from
// [StandingOf] b; a caller comparing one note with many reads each once.
func StandingChanged(a, b []byte) string {
	return StandingOf(a).Changed(StandingOf(b))
}

// Standing is what a note's front matter says of whether its content
// holds: the values of its standing fields by lower-case key
// ([StandingOf]).
type Standing map[string]string

// StandingOf returns the standing fields of the note data
// ([StandingChanged] tells which fields are).
func StandingOf(data []byte) Standing { return standingValues(data) }

// Changed returns the first standing field, by key, that s and t give
// other values or only one of them gives, as [StandingChanged] reports
// it; "" when they agree.
func (s Standing) Changed(t Standing) string {
	keys := make([]string, 0, len(s)+len(t))
	for k := range s {
		keys = append(keys, k)
	}
	for k := range t {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if s[k] != t[k] || s[k] == unparsed {
			return k + ": " + cmpOrNone(s[k]) + " / " + cmpOrNone(t[k])
		}
	}
	return ""
}

// cmpOrNone is v, or "(none)" for a field a note does not have.
func cmpOrNone(v string) string {
	if v == "" {
		return "(none)"
	}
	return v
}

// unparsed is the value [standingValues] gives a field of
// [standingFields] that a front matter that does not parse names.
const unparsed = "(does not parse)"

// standingValues returns the values of the [standingFields] of the note
// data, by lower-case key, each lower-cased and joined by ", ". In a
// front matter that does not parse, each line "key: ..." whose key is
// such a field gives it the value [unparsed].
func standingValues(data []byte) map[string]string {
	b := frontmatter.Find(data)
	keys, ok := b.Keys()
	out := map[string]string{}
	if !ok {
		lines := strings.SplitN(string(data), "\n", b.Lines+1) // the block's, then the rest
		for _, line := range lines[:min(b.Lines, len(lines))] {
			if k, v, found := strings.Cut(line, ":"); found && standingField(strings.TrimSpace(k), v) {
				out[strings.ToLower(strings.TrimSpace(k))] = unparsed
			}
		}
		return out
	}
	for _, k := range keys {
		lk := strings.ToLower(k)
		v, _ := b.Values(func(key string) bool { return key != k })
		if !standingField(k, strings.Join(v, " ")) {
			continue
		}
		out[lk] = strings.ToLower(strings.Join(v, ", "))
		if out[lk] == "" {
			out[lk] = "(empty)"
		}
	}
	return out
}

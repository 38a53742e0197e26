package curate

import (
	"strings"

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

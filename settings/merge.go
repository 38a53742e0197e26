package settings

import (
	"errors"
	"reflect"
	"slices"
	"strings"

	"github.com/memweave/memweave-go/search"
)

// kind says how the file's value of a setting and the program's combine.
type kind int

const (
	// identity is part of what the index is built with: the file records
	// every such value, so a program's value the file leaves unset
	// disagrees with it.
	identity kind = iota
	// embedding is identity, and left to the program entirely when it
	// brings its own embedder, which the file cannot describe.
	embedding
	// override is the fusion: the file's value replaces the default
	// only; where the file sets none, the program's value stands.
	override
)

// field is one setting: its key in the file, the memweave.Config field
// it fills, how the two combine, and how to read and copy it. Settings
// are found by these names, never by their position in [fields].
type field struct {
	key, name string
	kind      kind
	// value returns the setting, of its own type (for comparison and
	// errors); unset reports whether it is unset; take copies src's
	// value into dst.
	value func(*File) any
	unset func(*File) bool
	take  func(dst, src *File)
}

// entry returns the field whose value is at(f), unset when zero.
func entry[T any](key, name string, k kind, at func(*File) *T, zero func(T) bool) field {
	return field{key: key, name: name, kind: k,
		value: func(f *File) any { return *at(f) },
		unset: func(f *File) bool { return zero(*at(f)) },
		take:  func(dst, src *File) { *at(dst) = *at(src) },
	}
}

// emptyString reports whether a string setting is unset.
func emptyString(s string) bool { return s == "" }

// fields are the settings of the file, in the order their disagreements
// are reported.
var fields = []field{
	entry("embedder.provider", "Embedder.Provider", embedding, func(f *File) *string { return &f.Embedder.Provider }, emptyString),
	entry("embedder.model", "Embedder.Model", embedding, func(f *File) *string { return &f.Embedder.Model }, emptyString),
	entry("embedder.base_url", "Embedder.BaseURL", embedding, func(f *File) *string { return &f.Embedder.BaseURL }, emptyString),
	entry("embedder.dims", "Embedder.Dims", embedding, func(f *File) *int { return &f.Embedder.Dims }, func(n int) bool { return n == 0 }),
	entry("embedder.query_prefix", "Embedder.QueryPrefix", embedding, func(f *File) *string { return &f.Embedder.QueryPrefix }, emptyString),
	entry("embedder.document_prefix", "Embedder.DocumentPrefix", embedding, func(f *File) *string { return &f.Embedder.DocumentPrefix }, emptyString),
	entry("chunk_tokens", "ChunkTokens", identity, func(f *File) *int { return &f.ChunkTokens }, func(n int) bool { return n == 0 }),
	entry("chunk_overlap", "ChunkOverlap", identity, func(f *File) **int { return &f.ChunkOverlap }, func(p *int) bool { return p == nil }),
	{key: "extra_paths", name: "ExtraPaths", kind: identity,
		value: func(f *File) any { return f.ExtraPaths },
		unset: func(f *File) bool { return len(f.ExtraPaths) == 0 },
		take:  func(dst, src *File) { dst.ExtraPaths = slices.Clone(src.ExtraPaths) }},
	{key: "fusion.method", name: "Fusion.Method", kind: override,
		value: func(f *File) any { return fusionMethod(f) },
		unset: func(f *File) bool { return fusionMethod(f) == "" },
		take:  func(dst, src *File) { dst.Fusion = &Fusion{Method: fusionMethod(src)} }},
}

// fusionMethod returns the fusion method f sets, "" when none.
func fusionMethod(f *File) search.FusionMethod {
	if f.Fusion == nil {
		return ""
	}
	return f.Fusion.Method
}

// Filled records which values of a merged configuration the settings
// file supplied, for errors about them and for approvals.
type Filled struct {
	file *File
	path string
	// names maps the memweave.Config field filled to its settings key.
	names map[string]string
}

// Has reports whether the file filled the memweave.Config field name
// ("ExtraPaths", "Embedder.BaseURL").
func (fl Filled) Has(name string) bool {
	_, ok := fl.names[name]
	return ok
}

// Everything is the Filled of a configuration all of whose values came
// from a settings file: a program's own values judged as a file's.
func Everything() Filled {
	fl := Filled{names: make(map[string]string, len(fields))}
	for _, fd := range fields {
		fl.names[fd.name] = fd.key
	}
	return fl
}

// Locate turns err, when it is the [*ConfigError] of a value the file
// supplied, into a [*FieldError] naming the file, key and line; other
// errors pass through.
func (fl Filled) Locate(err error) error {
	var ce *ConfigError
	if fl.file == nil || !errors.As(err, &ce) {
		return err
	}
	key, ok := fl.names[ce.Field]
	if !ok && ce.Field == "Fusion" && fl.file.Fusion != nil {
		key, ok = "fusion", true
	}
	if !ok {
		return err
	}
	// A key the file leaves out has the line of its object, if any.
	line := fl.file.lines[key]
	for k := key; line == 0 && strings.Contains(k, "."); {
		k = k[:strings.LastIndex(k, ".")]
		line = fl.file.lines[k]
	}
	return &FieldError{Path: fl.path, Setting: key, Line: line, Err: ce.Err}
}

// Merge returns own, a program's settings, with the values it leaves
// unset taken from f, the settings file at path, and reports which it
// took. A value of the index's identity that own sets and f disagrees
// with, or leaves unset, is a [*MismatchError]; the fusion only
// overrides what f sets. With customEmbedder the program brings its own
// embedder, and the file's embedder settings are not looked at. A fusion
// method f holds that this memweave does not know is a [*FieldError].
// A nil f leaves own as it is.
func Merge(own File, customEmbedder bool, f *File, path string) (File, Filled, error) {
	if f == nil {
		return own, Filled{}, nil
	}
	if f.Fusion != nil {
		if err := (search.FusionOptions{Method: f.Fusion.Method}).Validate(); err != nil {
			return own, Filled{}, &FieldError{Path: path, Setting: "fusion.method", Line: f.lines["fusion.method"], Err: err}
		}
	}
	filled := Filled{file: f, path: path, names: make(map[string]string)}
	for _, fd := range fields {
		if fd.kind == embedding && customEmbedder {
			continue
		}
		mine, theirs := fd.unset(&own), fd.unset(f)
		switch {
		case theirs && mine:
		case theirs && fd.kind == override:
		case theirs:
			return own, Filled{}, &MismatchError{Field: fd.name, Setting: fd.key, Config: fd.value(&own), File: "unset", Path: path}
		case mine:
			fd.take(&own, f)
			filled.names[fd.name] = fd.key
		case !sameValue(fd.value(&own), fd.value(f)):
			return own, Filled{}, &MismatchError{Field: fd.name, Setting: fd.key, Config: fd.value(&own), File: fd.value(f), Path: path}
		}
	}
	return own, filled, nil
}

// sameValue compares two settings, through pointers.
func sameValue(a, b any) bool {
	if a, ok := a.(*int); ok {
		b := b.(*int)
		return a != nil && b != nil && *a == *b
	}
	return reflect.DeepEqual(a, b)
}

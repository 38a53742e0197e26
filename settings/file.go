package settings

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/internal/loneescape"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/search"
	wspace "github.com/memweave/memweave-go/workspace"
)

// FileName is the name of the workspace's settings file, at its root
// beside memory/. It is plain JSON meant to be committed with the
// memories; it never holds an API key.
const FileName = "memweave.json"

// MaxBytes bounds the settings file a workspace may hold (64 KiB).
const MaxBytes = 64 << 10

// File is the contents of the workspace's settings file. A zero field is
// unset: the program's value or its default applies.
type File struct {
	// Embedder is the embedding provider the index is built with.
	Embedder Embedder `json:"embedder"`
	// ChunkTokens and ChunkOverlap are the chunk size and overlap in
	// estimated tokens (memweave.Config's fields of the same names).
	ChunkTokens  int  `json:"chunk_tokens,omitempty"`
	ChunkOverlap *int `json:"chunk_overlap,omitempty"`
	// ExtraPaths are files or folders outside memory/ to index too,
	// relative to the workspace.
	ExtraPaths []string `json:"extra_paths,omitempty"`
	// Fusion is the fusion of keyword and vector scores; unset keeps the
	// default of the memweave that reads it.
	Fusion *Fusion `json:"fusion,omitempty"`

	// lines are the lines of the keys of the file read, for errors.
	lines map[string]int
}

// Embedder holds the settings of an [embed.Config] that identify the
// embedding space; the API key is never among them.
type Embedder struct {
	Provider       string `json:"provider,omitempty"`
	Model          string `json:"model,omitempty"`
	BaseURL        string `json:"base_url,omitempty"`
	Dims           int    `json:"dims,omitempty"`
	QueryPrefix    string `json:"query_prefix,omitempty"`
	DocumentPrefix string `json:"document_prefix,omitempty"`
}

// embedderOf returns the settings of c that identify its embedding space.
func embedderOf(c embed.Config) Embedder {
	return Embedder{Provider: c.Provider, Model: c.Model, BaseURL: c.BaseURL, Dims: c.Dims,
		QueryPrefix: c.QueryPrefix, DocumentPrefix: c.DocumentPrefix}
}

// ApplyTo sets the fields of c that e records, leaving the others (the
// API key, batching, timeouts, a custom embedder) as they are.
func (e Embedder) ApplyTo(c *embed.Config) {
	c.Provider, c.Model, c.BaseURL, c.Dims = e.Provider, e.Model, e.BaseURL, e.Dims
	c.QueryPrefix, c.DocumentPrefix = e.QueryPrefix, e.DocumentPrefix
}

// Fusion is the fusion setting a workspace may fix: the method, one of
// [search.FusionMethods].
type Fusion struct {
	Method search.FusionMethod `json:"method,omitempty"`
}

// Of returns the settings that record a configuration: its embedder,
// chunking and extra paths, and its fusion method when set.
func Of(emb embed.Config, chunkTokens int, chunkOverlap *int, extraPaths []string, fusion search.FusionMethod) File {
	s := File{Embedder: embedderOf(emb), ChunkTokens: chunkTokens, ExtraPaths: slices.Clone(extraPaths)}
	if chunkOverlap != nil {
		s.ChunkOverlap = new(*chunkOverlap)
	}
	if fusion != "" {
		s.Fusion = &Fusion{Method: fusion}
	}
	return s
}

// Read returns the settings file of the workspace, or nil and no error
// when it has none. A file that is not valid JSON, or holds an unknown
// field or a key given twice (in any letter case), is an error naming
// the file and the line; a value out of range or of the wrong JSON
// type is a [FieldError] naming the file, key and line.
//
// The file is read only when it is a regular file of at most 64 KiB: a
// FIFO, a device or a folder in its place is refused at once, without
// waiting in open(2), and so is a symbolic link that leads out of the
// workspace. Each error names the file and wraps [ErrRefused].
func Read(ctx context.Context, workspace string) (*File, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p := filepath.Join(workspace, FileName)
	real, err := target(workspace, p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	f, _, err := wspace.OpenRegular(real)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("memweave: settings %s: %w: %w", p, ErrRefused, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("memweave: settings %s: %w", p, err)
	}
	return Parse(data, p)
}

// Parse returns the settings of data, the content of the settings file
// p (as errors name it), with the errors [Read] gives: over 64 KiB, not
// JSON, an unknown or repeated key, a value out of range. A file from
// elsewhere (a git remote's tree) is checked with it before it is
// written where every command would read it.
func Parse(data []byte, p string) (*File, error) {
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("memweave: settings %s: larger than %d bytes: %w", p, MaxBytes, ErrRefused)
	}
	s, err := decode(data, p)
	if err != nil {
		return nil, err
	}
	// A value out of range is the file's error, named by its key and
	// line, whoever reads it (a command whose flags set other fields).
	if err := s.check(p, true); err != nil {
		return nil, err
	}
	return s, nil
}

// decode parses data, the settings file at p, refusing unknown fields
// and trailing values, and records the line of each key.
//
// The errors are in the file's words: a value of the wrong type is a
// [FieldError] saying what its key takes, and a syntax error says the
// file is strict JSON.
func decode(data []byte, p string) (*File, error) {
	// A byte order mark, which editors on Windows write, may be ignored
	// (RFC 8259): it is no value, and lines are counted as before.
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("memweave: settings %s: empty: want a JSON object of settings, such as {}", p)
	}
	if !utf8.Valid(data) {
		// The decoder would read each such byte as U+FFFD: a prefix or a
		// model would be used, and sent, as another text than the file's.
		at := 0
		for r, n := rune(0), 0; at < len(data); at += n {
			if r, n = utf8.DecodeRune(data[at:]); r == utf8.RuneError && n == 1 {
				break
			}
		}
		return nil, fmt.Errorf("memweave: settings %s:%d: byte %#x is not UTF-8 (the file is UTF-8 JSON)",
			p, lineAt(data, int64(at), nil), data[at])
	}
	if at, esc := loneescape.Find(data); at >= 0 {
		// Likewise: the decoder reads it as U+FFFD.
		return nil, fmt.Errorf("memweave: settings %s:%d: %s is half of a surrogate pair alone, which is no character (it would be read as U+FFFD): write the character, or one past U+FFFF as a pair of escapes",
			p, lineAt(data, int64(at), nil), esc)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s File
	if err := dec.Decode(&s); err != nil {
		if strings.Contains(err.Error(), "unknown field") {
			if lines, _, _ := keyLines(data); lines != nil {
				if err := unknownKey(lines, p); err != nil {
					return nil, err
				}
			}
		}
		line := lineAt(data, dec.InputOffset(), err)
		var te *json.UnmarshalTypeError
		var se *json.SyntaxError
		switch {
		case errors.As(err, &te) && te.Field == "":
			return nil, fmt.Errorf("memweave: settings %s:%d: want a JSON object of settings, got %s", p, line, te.Value)
		case errors.As(err, &te):
			got, _ := strings.CutPrefix(te.Value, "number ")
			return nil, &FieldError{Path: p, Setting: te.Field, Line: line, Err: fmt.Errorf("want %s, got %s", jsonKind(te.Type), got)}
		case errors.As(err, &se):
			at := fmt.Sprintf("%s:%d", p, line)
			if k := lastKey(data); k != "" {
				at += fmt.Sprintf(": after key %+q", k)
			}
			return nil, fmt.Errorf("memweave: settings %s: %w (the file is strict JSON: no comments, no trailing commas, numbers in decimal)", at, err)
		}
		return nil, fmt.Errorf("memweave: settings %s:%d: %w", p, line, err)
	}
	// Anything after the object but white space: dec.More alone would
	// pass a tail starting "}" or "]", unread.
	end := dec.InputOffset()
	if rest := bytes.TrimLeft(data[end:], " \t\r\n"); len(rest) > 0 {
		at := end + int64(len(data[end:])-len(rest))
		return nil, fmt.Errorf("memweave: settings %s:%d: %q after the settings object (the file holds one JSON object)",
			p, lineAt(data, at, nil), rest[:min(len(rest), 16)])
	}
	var dup string
	var cased keyAt
	s.lines, dup, cased = keyLines(data)
	if dup != "" {
		// Decoding kept the last value silently: a reader of the file,
		// who approves what it says, could see another.
		return nil, fmt.Errorf("memweave: settings %s:%d: %s: given more than once", p, s.lines[dup], dup)
	}
	if cased.path != "" {
		// Decoding matched it to a setting up to case: a reader of the
		// file (or a program reading it case-sensitively) takes it for
		// a key that does nothing, while memweave uses its value.
		return nil, fmt.Errorf("memweave: settings %s:%d: key %+q: setting names are lower case ASCII: write %q",
			p, cased.line, cased.path, cased.want)
	}
	return &s, nil
}

// Validate reports the first invalid setting of f, as memweave.Open
// would: a value out of range is a [*ConfigError] naming the
// memweave.Config field it sets.
func (f File) Validate() error { return f.check(FileName, false) }

// Write replaces the workspace's settings file with s, atomically, under
// the workspace's write lock ([memfile.WriteAtomicIn]: a killed write
// leaves nothing at the workspace's top for git to list). It does not
// touch the index.
//
// A settings file that is a symbolic link is written through: its
// target is replaced and the link kept. A link out of the workspace,
// a target that is not a regular file, and a base URL with user
// information (which Read refuses) are refused.
func Write(ctx context.Context, workspace string, s File) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	// A file Read would refuse is not written: a password in the base
	// URL would be committed with it.
	if err := CheckBaseURL(s.Embedder.BaseURL); err != nil {
		return err
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("memweave: settings: %w", err)
	}
	data = append(data, '\n')
	p := filepath.Join(workspace, FileName)
	real, err := target(workspace, p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		real = p
	case err != nil:
		return err
	}
	if fi, err := os.Lstat(real); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("memweave: settings %s: not a regular file (%s): %w", p, fi.Mode().Type(), ErrRefused)
	}
	// Under the write lock, which Recover holds when it removes what a
	// killed write left in memory/.memweave-tmp.
	unlock, err := memfile.Lock(ctx, workspace)
	if err != nil {
		return fmt.Errorf("memweave: settings: %w", err)
	}
	defer unlock()
	if err := memfile.WriteAtomicIn(ctx, workspace, real, data, 0o644); err != nil {
		return fmt.Errorf("memweave: settings: %w", err)
	}
	return nil
}

// target returns the file the settings path p names: p itself, or the
// target of a symbolic link that stays inside the workspace. A link out
// of the workspace is an error naming p.
func target(workspace, p string) (string, error) {
	fi, err := os.Lstat(p)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		return "", fmt.Errorf("memweave: settings %s: %w", p, err)
	}
	if fi.Mode()&fs.ModeSymlink == 0 {
		return p, nil
	}
	real, err := filepath.EvalSymlinks(p)
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("memweave: settings %s: a symbolic link to a missing file: %w", p, ErrRefused)
	} else if err != nil {
		return "", fmt.Errorf("memweave: settings %s: %w", p, err)
	}
	if in, err := wspace.Inside(workspace, real); err != nil || !in {
		return "", fmt.Errorf("memweave: settings %s: a symbolic link to %s, outside the workspace: %w", p, real, ErrRefused)
	}
	return real, nil
}

// maxKeyDepth is the depth, in objects and lists around it, below
// which [keyLines] walks no key: that of a setting's object's members
// ("embedder.dims"), and one more, where a key is already unknown.
const maxKeyDepth = 2

// keyAt is a key of the settings file as written: its dotted path, its
// line and its last part as [foldKey] spells it.
type keyAt struct {
	path, want string
	line       int
}

// keyLines returns the line of every key of the JSON object in data,
// by dotted path ("embedder.dims"), for errors about a value; the
// first key given twice in one object, if any, whose line is then that
// of its second occurrence; and the first key, by position, written
// otherwise than [foldKey] spells it ("Base_URL"). data has decoded
// into File, so it is one object of known, shallow shape.
func keyLines(data []byte) (lines map[string]int, dup string, cased keyAt) {
	lines = make(map[string]int)
	dec := json.NewDecoder(bytes.NewReader(data))
	counted, line := 0, 1 // lines counted up to data[counted]
	// prefix is the path of the object walked as folded, raw as written;
	// depth, the number of objects and lists around the value.
	var walk func(prefix, raw string, depth int) bool
	walk = func(prefix, raw string, depth int) bool {
		t, err := dec.Token()
		if err != nil {
			return false
		}
		d, ok := t.(json.Delim)
		if !ok {
			return true
		}
		if depth > maxKeyDepth {
			// Every key below is unknown, and one at maxKeyDepth or
			// above already is: a file nested 10,000 deep would build
			// 10,000 paths of up to 20,000 bytes.
			return false
		}
		for dec.More() {
			name, rawName := prefix, raw
			if d == '{' {
				k, err := dec.Token()
				if err != nil {
					return false
				}
				key, _ := k.(string)
				name = prefix + foldKey(key)
				off := int(dec.InputOffset())
				line += bytes.Count(data[counted:off], []byte("\n"))
				counted = off
				if want := foldKey(key); key != want && cased.path == "" {
					cased = keyAt{path: raw + key, want: want, line: line}
				}
				if _, seen := lines[name]; seen {
					lines[name], dup = line, name
					return false
				}
				lines[name] = line
				name, rawName = name+".", raw+key+"."
			}
			if !walk(name, rawName, depth+1) {
				return false
			}
		}
		_, err = dec.Token()
		return err == nil
	}
	walk("", "", 0)
	return lines, dup, cased
}

// lastKey returns the path of the last key read in data, JSON text
// up to its first error ("embedder.dims"), as written; "" when none.
// A syntax error names it: the decoder's words name the line alone.
func lastKey(data []byte) string {
	type frame struct {
		obj, wantKey bool
		path, key    string // of the container; of its member read last
	}
	var stack []frame
	last := ""
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			return last
		}
		var top *frame
		valuePath := ""
		if len(stack) > 0 {
			top = &stack[len(stack)-1]
			valuePath = top.path
			if top.obj {
				valuePath = top.key
			}
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			if top != nil && top.obj {
				top.wantKey = true
			}
			stack = append(stack, frame{obj: tok == json.Delim('{'), wantKey: tok == json.Delim('{'), path: valuePath})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			continue
		}
		if k, ok := tok.(string); ok && top != nil && top.obj && top.wantKey {
			top.key = strings.TrimPrefix(top.path+"."+k, ".")
			last, top.wantKey = top.key, false
		} else if top != nil && top.obj {
			top.wantKey = true
		}
	}
}

// foldKey returns key as the decoder matches it to a field: up to
// Unicode's simple case folding, as encoding/json compares names, so
// that a long s (U+017F) is an s and a Kelvin sign (U+212A) a k. Every
// key of the file is lower case ASCII, which foldKey returns as it is.
func foldKey(key string) string {
	return strings.Map(func(r rune) rune {
		// The smallest rune of r's folding orbit, as encoding/json
		// folds, then lower case.
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		return unicode.ToLower(least)
	}, key)
}

// unknownKey returns the error of the first key, by line, among lines
// (those of the settings file at p, by dotted path) that is no setting
// nor an object of settings, naming its path and the keys its object
// takes; nil when every key is known.
func unknownKey(lines map[string]int, p string) error {
	known := make(map[string]bool)
	takes := make(map[string][]string) // by parent prefix ("", "embedder.")
	for _, fd := range fields {
		parent := ""
		for part := range strings.SplitSeq(fd.key, ".") {
			if !known[parent+part] {
				known[parent+part] = true
				takes[parent] = append(takes[parent], part)
			}
			parent += part + "."
		}
	}
	var bad string
	for key, line := range lines {
		if !known[key] && (bad == "" || line < lines[bad] || line == lines[bad] && key < bad) {
			bad = key
		}
	}
	if bad == "" {
		return nil
	}
	parent, where := "", "the file"
	if i := strings.LastIndex(bad, "."); i >= 0 {
		parent, where = bad[:i+1], bad[:i]
	}
	if !known[strings.TrimSuffix(parent, ".")] && parent != "" {
		return fmt.Errorf("memweave: settings %s:%d: unknown setting %q", p, lines[bad], bad)
	}
	return fmt.Errorf("memweave: settings %s:%d: unknown setting %q (%s takes %s)", p, lines[bad], bad, where, strings.Join(takes[parent], ", "))
}

// lineAt returns the 1-based line of the JSON error err in data, whose
// decoder stopped at offset.
func lineAt(data []byte, offset int64, err error) int {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		offset = se.Offset
	case errors.As(err, &te):
		offset = te.Offset
	}
	offset = min(max(offset, 0), int64(len(data)))
	return bytes.Count(data[:offset], []byte("\n")) + 1
}

// jsonKind names the JSON value a setting of Go type t takes, for an
// error about a value of another type.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int64:
		return "a whole number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice:
		return "a list of " + strings.TrimPrefix(strings.TrimPrefix(jsonKind(t.Elem()), "a "), "an ") + "s"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "an object"
}

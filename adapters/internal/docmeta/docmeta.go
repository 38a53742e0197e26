// Package docmeta maps memweave search results and notes to and from the
// metadata maps that agent frameworks attach to documents, the one
// mapping the framework adapters under adapters/ share.
//
// A document found by a search carries its passage's text and the
// metadata [Of] gives: path, start_line, end_line, source, score and
// headings. A document to store is read by [NoteOf]: a path makes it a
// whole Markdown file (written with [memweave.Weave.Write]), otherwise it
// is a note added to the dated log of its source ([memweave.Weave.Append]);
// headings are written as Markdown headings before the text, so that a
// search finds the text under them. A document that carries a line range
// is a passage found by a search; storing it is refused, because writing
// it to its path would replace the whole file with the passage.
package docmeta

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/workspace"
)

// Metadata keys.
const (
	// Path is the workspace-relative file, "memory/notes/db.md"; on a
	// document to store, the file to write, relative to memory/ or
	// starting with memory/.
	Path = "path"
	// StartLine and EndLine are the passage's 1-based inclusive lines.
	StartLine = "start_line"
	EndLine   = "end_line"
	// Source is the namespace: the first folder under memory/, "memory"
	// for files directly in it; on a document to store without a path,
	// the namespace whose dated log the note goes to.
	Source = "source"
	// Score is the search score in [0,1].
	Score = "score"
	// Headings is the passage's heading path, outermost first, as a
	// []string; on a document to store, the headings written before it.
	Headings = "headings"
	// AllowEmpty, a bool, lets a document with blank text replace the
	// file its path names.
	AllowEmpty = "allow_empty"
)

// ErrPassage is returned by [NoteOf] for a document that carries a line
// range, a passage found by a search.
var ErrPassage = errors.New("memweave: the document is a passage found by a search (it has a line range); " +
	"storing it would replace its whole file: drop start_line and end_line, or store its text as a new note")

// Of returns the metadata of a search result: its path, line range,
// source, score and headings (never nil).
func Of(r memweave.Result) map[string]any {
	headings := append([]string{}, r.Headings...)
	return map[string]any{
		Path: r.Path, StartLine: r.StartLine, EndLine: r.EndLine,
		Source: r.Source, Score: r.Score, Headings: headings,
	}
}

// ID returns the id of a search result's passage, "path:start-end", the
// form "memweave get" takes.
func ID(r memweave.Result) string {
	return fmt.Sprintf("%s:%d-%d", r.Path, r.StartLine, r.EndLine)
}

// A Note is a document to store.
type Note struct {
	// Text is the document's content, in Markdown.
	Text string
	// Path, when set, is the file to write with Text (and Headings) as
	// its whole content.
	Path string
	// Source is the namespace of the dated log a note without a Path is
	// appended to; "" means the caller's default.
	Source string
	// Headings are written as Markdown headings (#, ##, ...) before Text.
	Headings []string
	// AllowEmpty lets a blank Text replace the file at Path (metadata
	// allow_empty: true); otherwise that is refused, as it would erase
	// the note.
	AllowEmpty bool
}

// NoteOf returns the note a document of text with metadata md asks to
// store. Unknown keys are ignored; a known key of the wrong type is an
// error, and so are a path with a source and a line range ([ErrPassage]).
func NoteOf(text string, md map[string]any) (Note, error) {
	n := Note{Text: text}
	if md == nil {
		return n, nil
	}
	if _, ok := md[StartLine]; ok {
		return n, ErrPassage
	}
	if _, ok := md[EndLine]; ok {
		return n, ErrPassage
	}
	var err error
	if n.Path, err = stringOf(md, Path); err != nil {
		return n, err
	}
	if n.Source, err = stringOf(md, Source); err != nil {
		return n, err
	}
	switch v := md[AllowEmpty].(type) {
	case nil:
	case bool:
		n.AllowEmpty = v
	default:
		return n, fmt.Errorf("memweave: metadata %s is a %T, want a bool", AllowEmpty, v)
	}
	if n.Path != "" && n.Source != "" {
		return n, fmt.Errorf("memweave: a document has both %s %q and %s %q: a path names the file, a source the dated log of a note; give one", Path, n.Path, Source, n.Source)
	}
	switch h := md[Headings].(type) {
	case nil:
	case string:
		n.Headings = []string{h}
	case []string:
		n.Headings = h
	case []any:
		for _, v := range h {
			s, ok := v.(string)
			if !ok {
				return n, fmt.Errorf("memweave: metadata %s holds a %T, want strings", Headings, v)
			}
			n.Headings = append(n.Headings, s)
		}
	default:
		return n, fmt.Errorf("memweave: metadata %s is a %T, want a list of strings", Headings, h)
	}
	for _, h := range n.Headings {
		if strings.ContainsAny(h, "\r\n") || strings.TrimSpace(h) == "" {
			return n, fmt.Errorf("memweave: heading %q must be one line of text", h)
		}
	}
	return n, nil
}

// stringOf returns md[key] when it is a string, "" when it is missing.
func stringOf(md map[string]any, key string) (string, error) {
	switch v := md[key].(type) {
	case nil:
		return "", nil
	case string:
		return v, nil
	default:
		return "", fmt.Errorf("memweave: metadata %s is a %T, want a string", key, v)
	}
}

// Content returns the Markdown the note stores: its headings, one level
// deeper each, then its text.
func (n Note) Content() string {
	var b strings.Builder
	for i, h := range n.Headings {
		fmt.Fprintf(&b, "%s %s\n\n", strings.Repeat("#", min(i+1, 6)), strings.TrimSpace(h))
	}
	b.WriteString(n.Text)
	return b.String()
}

// Store writes n to w: with a Path, the file's whole new content (see
// [memweave.Weave.Write]); otherwise a note appended to the dated log of
// n.Source, or of source when n.Source is "" (see [memweave.Weave.Append]).
// It returns the workspace-relative path of the file written. The
// write's warnings (the note is stored but not searchable as written: a
// NUL byte, conflict markers, an embedding endpoint that failed) go to
// warn, when it is not nil (see [Warn]).
func Store(ctx context.Context, w *memweave.Weave, n Note, source string, warn func(context.Context, memweave.Warning)) (string, error) {
	if n.Path == "" {
		if n.Source != "" {
			source = n.Source
		}
		path, res, err := w.AppendIndexed(ctx, n.Content(), memweave.InSource(source))
		if res != nil {
			Warn(ctx, warn, res.Warnings)
		}
		return path, err
	}
	_, rel, err := workspace.SafeMemoryPath(w.Config().Workspace, n.Path)
	if err != nil {
		return "", fmt.Errorf("memweave: write %s: %w", n.Path, err)
	}
	var opts []memweave.WriteOption
	if n.AllowEmpty {
		opts = append(opts, memweave.AllowEmpty())
	}
	res, err := w.Write(ctx, n.Path, n.Content(), opts...)
	if res != nil {
		Warn(ctx, warn, res.Warnings)
	}
	if err != nil {
		return rel, err
	}
	return rel, nil
}

// Warn calls warn with each of warns, in order; a nil warn drops them.
// The adapters' interfaces have no place for a warning, and an error
// would be wrong: the search answered, the note is stored.
func Warn(ctx context.Context, warn func(context.Context, memweave.Warning), warns []memweave.Warning) {
	if warn == nil {
		return
	}
	for _, w := range warns {
		warn(ctx, w)
	}
}

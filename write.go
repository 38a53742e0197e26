package memweave

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"
	"unicode"

	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memfile"
)

// ErrInvalidSource is returned by [Weave.Append] for an [InSource] name
// that is not a single plain folder name. It is [memfile.ErrInvalidSource],
// so errors.Is matches either.
var ErrInvalidSource = memfile.ErrInvalidSource

// Write creates or replaces the Markdown file path under memory/ with
// content, then indexes it. path is relative to the memory folder
// ("notes/db.md") or starts with "memory/" ("memory/notes/db.md"); missing
// folders are created.
//
// The replacement is atomic: content goes to a temporary file in
// memory/.memweave-tmp ([memfile.TempDir]), which is synced and renamed
// over path, so readers see the old file or the new one, never a mix. The
// temporary file of a killed process is ignored by git and removed by the
// next [Open]. When path is a symbolic link to another file inside
// memory/, that file is written.
//
// Write refuses, with an error wrapping the sentinel of
// [workspace.SafeMemoryPath], a path that is absolute, contains "..", or
// goes through a link leading out of memory/ ([workspace.ErrOutsideMemory]),
// one with a hidden or temporary component ([workspace.ErrIgnoredName]),
// a backslash, a control character or a trailing dot or space
// ([workspace.ErrBadName]), and one not ending in .md or .markdown.
//
// Blank content (nothing or only white space) over a file that is not
// empty is refused with an error wrapping [ErrWouldErase], as it would
// erase the note, unless [AllowEmpty] is given.
//
// Write takes the workspace's write lock, so it never interleaves with an
// [Weave.Append] to the same file from this or another process. The file
// is on disk even when the returned error comes from indexing it. Like
// Append, it waits only briefly for a networked embedder's vectors:
// past that the note is found by keyword, its vectors pending until the
// next index run.
func (w *Weave) Write(ctx context.Context, path, content string, opts ...WriteOption) (*IndexResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	var o writeSettings
	for _, opt := range opts {
		opt(&o)
	}
	var abs string
	var err error
	if o.expectHash != "" {
		abs, err = w.writeExpecting(ctx, path, content, o)
	} else {
		abs, err = memfile.Write(ctx, w.cfg.Workspace, path, []byte(content), o.allowEmpty)
	}
	if err != nil {
		return nil, fmt.Errorf("memweave: %w", err)
	}
	return w.add(ctx, indexer.SyncOptions{EmbedTimeout: appendEmbedTimeout}, abs)
}

// writeExpecting replaces the note path with content only if it holds
// the content whose hash is o.expectHash (see [ExpectHash]).
func (w *Weave) writeExpecting(ctx context.Context, path, content string, o writeSettings) (string, error) {
	abs, err := memfile.EditWith(ctx, w.cfg.Workspace, path, memfile.EditOptions{ExpectHash: o.expectHash},
		func(rel string, old []byte) ([]byte, error) {
			if !o.allowEmpty && strings.TrimSpace(content) == "" && len(old) > 0 {
				return nil, fmt.Errorf("%w's %d bytes", ErrWouldErase, len(old))
			}
			return []byte(content), nil
		})
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("write %s: %w: it does not exist, so it does not hold the expected content (%w)", path, ErrNotFound, ErrChanged)
	}
	return abs, err
}

// ErrChanged is wrapped by the error of a write given [ExpectHash] when
// the note does not hold the expected content: nothing was written (it
// is [memfile.ErrChanged]).
var ErrChanged = memfile.ErrChanged

// ExpectHash makes [Weave.Write], [Weave.Feedback] and [Weave.Resolve]
// compare and swap: the note they change must hold the content whose
// hash is h (the hex SHA-256 of the file, as [Weave.GetWithHash] and
// search results give it), checked again under the write lock just
// before the rename; otherwise nothing is written and the error wraps
// [ErrChanged]. Another agent's change since the caller read the note
// is never silently overwritten. A missing note is an error wrapping
// [ErrNotFound]. "" means no check.
func ExpectHash(h string) WriteOption {
	return func(s *writeSettings) { s.expectHash = strings.ToLower(strings.TrimSpace(h)) }
}

// ErrWouldErase is wrapped by the error of [Weave.Write] for blank
// content over a note that is not empty (it is [memfile.ErrWouldErase]).
var ErrWouldErase = memfile.ErrWouldErase

// WriteOption sets a per-call option of [Weave.Write].
type WriteOption func(*writeSettings)

type writeSettings struct {
	allowEmpty bool
	// expectHash is the content hash of [ExpectHash], "" for none.
	expectHash string
}

// AllowEmpty lets [Weave.Write] replace a note with blank content.
func AllowEmpty() WriteOption { return func(s *writeSettings) { s.allowEmpty = true } }

// AppendOption sets a per-call option of [Weave.Append].
type AppendOption func(*appendSettings)

type appendSettings struct {
	source string
	// day names the file; zero means Config.Now().
	day time.Time
	err error
}

// InSource appends to the namespace name: the note goes to
// memory/<name>/YYYY-MM-DD.md. name must be one folder name of letters,
// digits, '-' and '_', not "external"; otherwise Append fails with
// [ErrInvalidSource]. Unset, or "" or "memory", means the dated log
// directly in memory/.
func InSource(name string) AppendOption {
	return func(s *appendSettings) { s.source = name }
}

// Dated sets the time whose date, in Config.TimeZone, names the file.
// Unset means Config.Now(); the zero time is an error.
func Dated(t time.Time) AppendOption {
	return func(s *appendSettings) {
		if t.IsZero() && s.err == nil {
			s.err = errors.New("memweave: append: Dated: zero time")
		}
		s.day = t
	}
}

// CheckAppendOptions returns the error [Weave.Append] would give for
// opts, such as one wrapping [ErrInvalidSource], without writing
// anything: a caller about to do costly work to produce a note can fail
// first.
func CheckAppendOptions(opts ...AppendOption) error {
	var s appendSettings
	for _, o := range opts {
		o(&s)
	}
	if s.err != nil {
		return s.err
	}
	return memfile.CheckSource(s.source)
}

// Append adds the note text to the day's dated log,
// memory/YYYY-MM-DD.md, or memory/<name>/YYYY-MM-DD.md with
// [InSource](name), creating it when missing, then indexes the file. It
// returns the file's workspace-relative path.
//
// Notes are separated by one blank line; text is stored as given, with
// trailing white space trimmed. Append never writes an evergreen file: a
// dated name that is a symbolic link is refused. Appends hold the
// workspace's write lock (a file under <Workspace>/.memweave/), so notes
// appended concurrently by several goroutines or processes are all kept,
// each whole and once.
//
// An empty text and an invalid source ([ErrInvalidSource]) are errors.
// The note is on disk even when the returned error comes from indexing,
// or wraps [ErrTooLarge]: the log is over Config.MaxFileBytes, so the
// note is kept but will not be searchable.
func (w *Weave) Append(ctx context.Context, text string, opts ...AppendOption) (path string, err error) {
	if err := w.checkOpen(); err != nil {
		return "", err
	}
	text = strings.TrimRightFunc(text, unicode.IsSpace)
	if strings.TrimSpace(text) == "" {
		return "", errors.New("memweave: append: empty text")
	}
	s := appendSettings{day: w.now()}
	for _, o := range opts {
		o(&s)
	}
	if s.err != nil {
		return "", s.err
	}
	rel, abs, err := memfile.Append(ctx, w.cfg.Workspace, s.source, s.day.In(w.cfg.TimeZone), text)
	if err != nil {
		return "", fmt.Errorf("memweave: %w", err)
	}
	res, err := w.add(ctx, indexer.SyncOptions{EmbedTimeout: appendEmbedTimeout}, abs)
	if err != nil {
		return rel, err
	}
	if wn, ok := indexer.For(res.Warnings, rel); ok && errors.Is(wn, ErrTooLarge) {
		return rel, fmt.Errorf("memweave: append %s: the note is stored but will not be searchable: %w", rel, wn)
	}
	return rel, nil
}

// appendEmbedTimeout bounds how long a write or an append waits for its
// note's vectors from a networked embedder; past it the note is stored
// and found by keyword, its vectors pending until the next index run.
const appendEmbedTimeout = time.Second

// Delete removes the Markdown file path under memory/, then its passages
// from the index, so that searches no longer find it. path is taken as
// [Weave.Write] takes it and refused for the same reasons; a folder is
// refused too. When path is a symbolic link inside memory/, the link is
// removed, not its target.
//
// Delete takes the workspace's write lock. A missing file gives an error
// wrapping [ErrNotFound], unless the index still held it: then its rows
// are removed and Delete succeeds.
func (w *Weave) Delete(ctx context.Context, path string) error {
	if err := w.checkOpen(); err != nil {
		return err
	}
	rel, missing, err := memfile.Delete(ctx, w.cfg.Workspace, path)
	if err != nil {
		return fmt.Errorf("memweave: %w", err)
	}
	res, err := w.eng.Forget(ctx, rel)
	if err != nil {
		return fmt.Errorf("memweave: delete %s: %w", rel, err)
	}
	if missing && res.FilesDeleted == 0 {
		return fmt.Errorf("memweave: delete %s: %w", rel, ErrNotFound)
	}
	return nil
}

// Get returns lines from, from+1, ..., from+count-1 of a file, exactly as
// they are on disk, line endings included. Lines are numbered from 1, as
// in search results; a line ends at "\n", "\r\n" or a lone "\r", like the
// chunker's. A count of zero or less, or one reaching past the end,
// returns the lines up to the end of the file.
//
// path names a file under memory/, as [Weave.Write] takes it ("notes/db.md"
// or "memory/notes/db.md"), or any indexed file by its workspace-relative
// or absolute path, such as an extra path outside memory/. Other paths are
// refused like Write refuses them. A missing file gives an error wrapping
// [ErrNotFound]; a from below 1 or past the last line, an error naming
// the file's number of lines. An empty file has no lines, but Get of
// line 1 onwards returns "".
func (w *Weave) Get(ctx context.Context, path string, from, count int) (string, error) {
	text, _, err := w.GetWithHash(ctx, path, from, count)
	return text, err
}

// GetWithHash is [Weave.Get] that also returns the hash of the whole
// file as it was read (the hex SHA-256 of its content), for [ExpectHash].
func (w *Weave) GetWithHash(ctx context.Context, path string, from, count int) (text, hash string, err error) {
	if err := w.checkOpen(); err != nil {
		return "", "", err
	}
	data, rel, err := w.eng.ReadFile(ctx, path)
	if err != nil {
		return "", "", fmt.Errorf("memweave: get %s: %w", path, err)
	}
	text, err = memfile.Lines(data, from, count)
	if err != nil {
		return "", "", fmt.Errorf("memweave: get %s: %w", rel, err)
	}
	return text, memfile.Hash(data), nil
}

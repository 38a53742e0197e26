package memweave

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memfile"
)

// Write creates or replaces the Markdown file path under memory/ with
// content, then indexes it. path is relative to the memory folder
// ("notes/db.md") or starts with "memory/"; it obeys
// [workspace.SafeMemoryPath], and a link inside memory/ writes its
// target. The replacement is atomic and holds the workspace's write lock
// ([memfile.Write]). Blank content over a note that is not empty is
// refused with [ErrWouldErase] unless [AllowEmpty] is given. The file is
// on disk even when the error comes from indexing it; like Append, Write
// waits only briefly for a networked embedder's vectors.
func (w *Weave) Write(ctx context.Context, path, content string, opts ...WriteOption) (*IndexResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	var o memfile.WriteOptions
	for _, opt := range opts {
		opt(&o)
	}
	abs, err := memfile.Write(ctx, w.cfg.Workspace, path, []byte(content), o)
	if err != nil {
		return nil, fmt.Errorf("memweave: %w", err)
	}
	return w.add(ctx, indexer.SyncOptions{EmbedTimeout: appendEmbedTimeout}, abs)
}

// ExpectHash makes [Weave.Write], [Weave.Feedback] and [Weave.Resolve]
// compare and swap: the note they change must hold the content whose
// hash is h (the hex SHA-256 of the file, as [Weave.GetWithHash] and
// search results give it), checked again under the write lock just
// before the rename; otherwise nothing is written and the error wraps
// [ErrChanged] (and [ErrNotFound] for a missing note). "" means no check.
func ExpectHash(h string) WriteOption {
	return func(o *memfile.WriteOptions) { o.ExpectHash = strings.ToLower(strings.TrimSpace(h)) }
}

// WriteOption sets a per-call option of [Weave.Write].
type WriteOption func(*memfile.WriteOptions)

// AllowEmpty lets [Weave.Write] replace a note with blank content.
func AllowEmpty() WriteOption { return func(o *memfile.WriteOptions) { o.AllowEmpty = true } }

// AppendOption sets a per-call option of [Weave.Append].
type AppendOption func(*memfile.AppendOptions)

// InSource appends to the namespace name: the note goes to
// memory/<name>/YYYY-MM-DD.md. name must be one folder name of letters,
// digits, '-' and '_', not "external" ([memfile.CheckSource]); otherwise
// Append fails with [ErrInvalidSource]. Unset, "" or "memory" means the
// dated log directly in memory/.
func InSource(name string) AppendOption {
	return func(o *memfile.AppendOptions) { o.Source = name }
}

// Dated sets the time whose date, in Config.TimeZone, names the file.
// Unset means Config.Now(); the zero time is an error.
func Dated(t time.Time) AppendOption { return func(o *memfile.AppendOptions) { o.SetDay(t) } }

// CheckAppendOptions returns the error [Weave.Append] would give for
// opts, such as one wrapping [ErrInvalidSource], without writing
// anything: a caller about to do costly work to produce a note can fail
// first.
func CheckAppendOptions(opts ...AppendOption) error {
	var o memfile.AppendOptions
	for _, opt := range opts {
		opt(&o)
	}
	if o.Err != nil {
		return fmt.Errorf("memweave: %w", o.Err)
	}
	return memfile.CheckSource(o.Source)
}

// Append adds the note text, trailing white space trimmed, to the day's
// dated log, memory/YYYY-MM-DD.md (see [InSource] and [Dated]), creating
// it when missing, then indexes the file and returns its
// workspace-relative path. Appends hold the workspace's write lock, so
// concurrent notes are each kept whole and once ([memfile.Append]). An
// empty text is an error. The note is on disk even when the error comes
// from indexing, or wraps [ErrTooLarge]: the log is over
// Config.MaxFileBytes, so the note will not be searchable.
func (w *Weave) Append(ctx context.Context, text string, opts ...AppendOption) (path string, err error) {
	if err := w.checkOpen(); err != nil {
		return "", err
	}
	text = strings.TrimRightFunc(text, unicode.IsSpace)
	if strings.TrimSpace(text) == "" {
		return "", errors.New("memweave: append: empty text")
	}
	o := memfile.AppendOptions{Day: w.now()}
	for _, opt := range opts {
		opt(&o)
	}
	if o.Err != nil {
		return "", fmt.Errorf("memweave: %w", o.Err)
	}
	rel, abs, err := memfile.Append(ctx, w.cfg.Workspace, o.Source, o.Day.In(w.cfg.TimeZone), text)
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

// Delete removes the Markdown file path under memory/ (taken as
// [Weave.Write] takes it; a link is removed, not its target) under the
// workspace's write lock, then its passages from the index. A missing
// file gives an error wrapping [ErrNotFound], unless the index still held
// it: then its rows are removed and Delete succeeds.
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

// Get returns count lines of a file from line from, exactly as they are
// on disk, numbered as search results number them ([memfile.Lines]); a
// count of zero or less means up to the end. path names a file under
// memory/, as [Weave.Write] takes it, or any indexed file by its
// workspace-relative or absolute path. A missing file gives an error
// wrapping [ErrNotFound].
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

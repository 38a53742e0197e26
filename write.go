package memweave

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memfile"
)

// WriteOption sets a per-call option of [Weave.Write], [Weave.Feedback]
// and [Weave.Resolve]; see [memfile.WriteOption].
type WriteOption = memfile.WriteOption

// ExpectHash makes a write compare and swap against the hash h that
// [Weave.GetWithHash] and search results give, failing with [ErrChanged]
// on any other content; see [memfile.ExpectHash].
func ExpectHash(h string) WriteOption { return memfile.ExpectHash(h) }

// AllowEmpty lets [Weave.Write] replace a note with blank content.
func AllowEmpty() WriteOption { return memfile.AllowEmpty() }

// AppendOption sets a per-call option of [Weave.Append]; see
// [memfile.AppendOption].
type AppendOption = memfile.AppendOption

// InSource appends to the namespace name, memory/<name>/YYYY-MM-DD.md,
// or fails with [ErrInvalidSource]; see [memfile.InSource].
func InSource(name string) AppendOption { return memfile.InSource(name) }

// Dated sets the time whose date, in Config.TimeZone, names the file;
// see [memfile.Dated].
func Dated(t time.Time) AppendOption { return memfile.Dated(t) }

// CheckAppendOptions returns the error [Weave.Append] would give for
// opts without writing anything; see [memfile.CheckAppendOptions].
func CheckAppendOptions(opts ...AppendOption) error {
	if err := memfile.CheckAppendOptions(opts...); err != nil {
		return fmt.Errorf("memweave: %w", err)
	}
	return nil
}

// Write atomically creates or replaces the note path under memory/ with
// content under the write lock ([memfile.Write]), then indexes it. The
// file is on disk even when the error comes from indexing it.
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

// Append adds the note text to the day's dated log, memory/YYYY-MM-DD.md
// ([memfile.AppendWith]), then indexes it and returns its path. The note
// is on disk even when the error comes from indexing, or wraps
// [ErrTooLarge]: then the note will not be searchable.
func (w *Weave) Append(ctx context.Context, text string, opts ...AppendOption) (path string, err error) {
	if err := w.checkOpen(); err != nil {
		return "", err
	}
	rel, abs, err := memfile.AppendWith(ctx, w.cfg.Workspace, text, w.now(), w.cfg.TimeZone, opts...)
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

// appendEmbedTimeout bounds how long a write or an append waits for a
// networked embedder; past it the note is found by keyword until the
// next index run embeds it.
const appendEmbedTimeout = time.Second

// Delete removes the file path under memory/ (a link, not its target)
// under the write lock ([memfile.Delete]), then its passages from the
// index. A missing file the index did not hold wraps [ErrNotFound].
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

// Get returns count lines (zero or less: to the end) of a file from line
// from, as on disk and numbered as search results number them
// ([memfile.Lines]). path is under memory/ or any indexed file.
func (w *Weave) Get(ctx context.Context, path string, from, count int) (string, error) {
	text, _, err := w.GetWithHash(ctx, path, from, count)
	return text, err
}

// GetWithHash is [Weave.Get] that also returns the file's hash for
// [ExpectHash].
func (w *Weave) GetWithHash(ctx context.Context, path string, from, count int) (text, hash string, err error) {
	if err := w.checkOpen(); err != nil {
		return "", "", err
	}
	data, rel, err := w.eng.ReadFile(ctx, path)
	if err != nil {
		return "", "", fmt.Errorf("memweave: get %s: %w", path, err)
	}
	if text, err = memfile.Lines(data, from, count); err != nil {
		return "", "", fmt.Errorf("memweave: get %s: %w", rel, err)
	}
	return text, memfile.Hash(data), nil
}

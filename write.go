package memweave

import (
	"cmp"
	"context"
	"fmt"
	"time"

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
// opts, such as one wrapping [ErrInvalidSource], without writing
// anything: a caller about to do costly work for a note can fail first.
func CheckAppendOptions(opts ...AppendOption) error {
	o := memfile.AppendOptionsOf(time.Time{}, opts...)
	return cmp.Or(wrap(o.Err), memfile.CheckSource(o.Source))
}

// Write atomically creates or replaces the note path under memory/ with
// content, then indexes it; see [indexer.Engine.Write] and [AllowEmpty].
func (w *Weave) Write(ctx context.Context, path, content string, opts ...WriteOption) (*IndexResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	res, err := w.eng.Write(ctx, path, []byte(content), opts...)
	return res, wrap(err)
}

// Append adds the note text to the day's dated log, memory/YYYY-MM-DD.md,
// then indexes it and returns its path; see [indexer.Engine.Append] (an
// error may wrap [ErrTooLarge]: the note is stored but not searchable).
func (w *Weave) Append(ctx context.Context, text string, opts ...AppendOption) (path string, err error) {
	if err := w.checkOpen(); err != nil {
		return "", err
	}
	path, err = w.eng.Append(ctx, text, w.now(), w.cfg.TimeZone, opts...)
	return path, wrap(err)
}

// Delete removes the file path under memory/, then its passages from the
// index; see [indexer.Engine.Delete].
func (w *Weave) Delete(ctx context.Context, path string) error {
	if err := w.checkOpen(); err != nil {
		return err
	}
	return wrap(w.eng.Delete(ctx, path))
}

// Get returns count lines (zero or less: to the end) of a file from line
// from, as on disk and numbered as search results number them. path is
// under memory/ or any indexed file; see [indexer.Engine.Lines].
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
	text, hash, err = w.eng.Lines(ctx, path, from, count)
	return text, hash, wrap(err)
}

// wrap prefixes a non-nil err with the package name.
func wrap(err error) error {
	if err != nil {
		return fmt.Errorf("memweave: %w", err)
	}
	return nil
}

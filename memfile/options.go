package memfile

import (
	"context"
	"strings"
	"time"
	"unicode"
)

// WriteOption sets a field of [WriteOptions]; the root package's Write,
// Feedback, Resolve and Delete take them.
type WriteOption func(*WriteOptions)

// ExpectHash makes a write compare and swap: the note it changes must
// hold the content whose [Hash] is h (the hex SHA-256 of the file),
// checked again under the write lock just before the rename; otherwise
// nothing is written and the error wraps [ErrChanged] (and
// [workspace.ErrNotFound] for a missing note). "" means no check; a
// value of white space only is kept, and refused as no hash.
func ExpectHash(h string) WriteOption {
	return func(o *WriteOptions) {
		o.ExpectHash = strings.ToLower(strings.TrimSpace(h))
		if o.ExpectHash == "" {
			o.ExpectHash = h
		}
	}
}

// Passage names the passage a curation edit is about by its key
// ([WriteOptions.Passage]), the one a search result gives.
func Passage(key string) WriteOption {
	return func(o *WriteOptions) { o.Passage = strings.TrimSpace(key) }
}

// AllowEmpty lets a write replace a note with blank content, which is
// otherwise refused with [ErrWouldErase].
func AllowEmpty() WriteOption { return func(o *WriteOptions) { o.AllowEmpty = true } }

// AppendOption sets a field of [AppendOptions] for [AppendWith].
type AppendOption func(*AppendOptions)

// InSource appends to the namespace name: the note goes to
// memory/<name>/YYYY-MM-DD.md. name must pass [CheckSource]; otherwise
// the append fails with [ErrInvalidSource]. Unset, "" or "memory" means
// the dated log directly in memory/.
func InSource(name string) AppendOption {
	return func(o *AppendOptions) { o.Source = name }
}

// MaxLogBytes sets [AppendOptions.MaxBytes]: the append is refused
// ([ErrLogFull]) when it would take the log past n bytes.
func MaxLogBytes(n int64) AppendOption { return func(o *AppendOptions) { o.MaxBytes = n } }

// Dated sets the time whose date names the log; the zero time is an
// error. Unset means the caller's now.
func Dated(t time.Time) AppendOption { return func(o *AppendOptions) { o.SetDay(t) } }

// AppendWith adds text, trailing white space trimmed, as a new entry
// after one blank line to the dated log opts name ([DatedPath]) for the
// date, in loc, of now or of [Dated], under the workspace's write lock
// ([Lock]), refusing to take it past [AppendOptions.MaxBytes], and
// returns the log's workspace-relative and absolute paths. The note is
// written whole or not at all, its line endings those of the file, and
// journaled so that [Recover] undoes one a killed process left torn; a
// dated name that is a symbolic link is refused. A blank text is
// [ErrEmptyText]; other errors name the log.
func AppendWith(ctx context.Context, root, text string, now time.Time, loc *time.Location, opts ...AppendOption) (rel, abs string, err error) {
	text = strings.TrimRightFunc(text, unicode.IsSpace)
	if strings.TrimSpace(text) == "" {
		return "", "", ErrEmptyText
	}
	o := AppendOptionsOf(now, opts...)
	if o.Err != nil {
		return "", "", o.Err
	}
	return appendLog(ctx, root, o.Source, o.Day.In(loc), text, o.MaxBytes)
}

// EditOptionsOf are the options of a curation edit of at most maxBytes:
// the expected hash of [ExpectHash], the only WriteOption an edit reads.
func EditOptionsOf(maxBytes int64, opts ...WriteOption) EditOptions {
	var o WriteOptions
	for _, opt := range opts {
		opt(&o)
	}
	return EditOptions{MaxBytes: maxBytes, ExpectHash: o.ExpectHash}
}

// DeleteOptionsOf are the options of a delete: the expected hash of
// [ExpectHash], the only WriteOption a delete reads.
func DeleteOptionsOf(opts ...WriteOption) DeleteOptions {
	var o WriteOptions
	for _, opt := range opts {
		opt(&o)
	}
	return DeleteOptions{ExpectHash: o.ExpectHash}
}

// AppendOptionsOf applies opts over the defaults of an append, whose
// day is now.
func AppendOptionsOf(now time.Time, opts ...AppendOption) AppendOptions {
	o := AppendOptions{Day: now}
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

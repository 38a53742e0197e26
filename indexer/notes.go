package indexer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// NoteEmbedTimeout bounds how long [Engine.Write], [Engine.Append] and
// [Engine.AddNote] wait for a note's vectors from a networked embedder;
// past it the note is stored and found by keyword, its vectors pending
// until the next index run.
const NoteEmbedTimeout = time.Second

// AddNote indexes the file abs (absolute), which its caller has just
// written or edited for a user who waits (a write, an append, a
// resolution or feedback mark), as [Engine.AddPaths] does, waiting at
// most NoteEmbedTimeout for its new texts' vectors.
func (e *Engine) AddNote(ctx context.Context, abs string) (*Result, error) {
	return e.AddPaths(ctx, SyncOptions{EmbedTimeout: NoteEmbedTimeout}, abs)
}

// Write creates or replaces the memory file path with data
// ([memfile.Write]: atomic, under the workspace's write lock, refusing
// blank data over a note that is not empty unless o.AllowEmpty), then
// indexes it. The file is on disk even when the error comes from
// indexing it.
func (e *Engine) Write(ctx context.Context, path string, data []byte, opts ...memfile.WriteOption) (*Result, error) {
	var o memfile.WriteOptions
	for _, opt := range opts {
		opt(&o)
	}
	abs, err := memfile.Write(ctx, e.opts.Root, path, data, o)
	if err != nil {
		return nil, err
	}
	res, err := e.AddNote(ctx, abs)
	if err != nil {
		// The note is on disk: a caller told only of the index's failure
		// would take it for not written, and write it again.
		rel := e.relOf(abs)
		return res, fmt.Errorf("write %s: %s is written, but indexing it failed (it is found once an index run succeeds): %w", rel, rel, err)
	}
	// The note's chunks, whoever indexed them: a watcher that saw the
	// file first leaves this call none to create.
	rel := e.relOf(abs)
	files, err := e.db.FilesAt(ctx, []string{rel})
	if err != nil {
		return res, fmt.Errorf("write %s: %s is written and indexed, but reading its row failed: %w", rel, rel, err)
	}
	res.NoteChunks = files[rel].Chunks
	return res, nil
}

// Append adds text to the dated log of now's date in loc, or of the
// options' ([memfile.AppendWith]), then indexes the log and returns its
// workspace-relative path, with what indexing it did, whose Warnings
// say why the note is not searchable as written (such as an embedding
// endpoint that failed: it is then found by keyword until the next index
// run). A note that would take the log past
// MaxFileBytes is refused, nothing written, with an error wrapping
// [ErrTooLarge] and [memfile.ErrLogFull]: past it the log is not
// indexed, and every note of its day would vanish from search. With a
// path, the note is on disk even when the error comes from indexing (or
// wraps [ErrTooLarge]: another program grew the log meanwhile). A note
// the indexer would not index (one that is not text, [ErrBinary], or
// holds git conflict markers, [ErrConflictMarkers]) is refused and
// nothing is written: in the log it would keep every note of the day
// out of search.
func (e *Engine) Append(ctx context.Context, text string, now time.Time, loc *time.Location, opts ...memfile.AppendOption) (string, *Result, error) {
	// The log is shared by the notes of its day: a note that would keep
	// a file out of the index (see [Engine.Sync]) would hide them all.
	if binary([]byte(text)) {
		return "", nil, fmt.Errorf("append: the note is not text, and the day's log, shared by its notes, would not be indexed: %w", ErrBinary)
	}
	if line := memfile.ConflictMarkers([]byte(text)); line > 0 {
		return "", nil, fmt.Errorf("append: line %d of the note starts git conflict markers, and the day's log, shared by its notes, would not be indexed: %w", line, ErrConflictMarkers)
	}
	opts = append(slices.Clip(opts), memfile.MaxLogBytes(e.opts.MaxFileBytes))
	rel, abs, err := memfile.AppendWith(ctx, e.opts.Root, text, now, loc, opts...)
	if errors.Is(err, memfile.ErrLogFull) {
		return "", nil, fmt.Errorf("%w (%w)", err, ErrTooLarge)
	}
	if err != nil {
		return "", nil, err
	}
	res, err := e.AddNote(ctx, abs)
	if err != nil {
		// As for Write: the note is stored, and appending it again would
		// store it twice.
		return rel, res, fmt.Errorf("append %s: the note is stored in %s, but indexing it failed (it is found once an index run succeeds): %w", rel, rel, err)
	}
	if wn, ok := For(res.Warnings, rel); ok && errors.Is(wn, ErrTooLarge) {
		return rel, res, fmt.Errorf("append %s: the note is stored but will not be searchable: %w", rel, wn)
	}
	return rel, res, nil
}

// Delete removes the memory file path (a link, not its target) under the
// workspace's write lock ([memfile.DeleteWith]), then its rows. A missing
// file gives an error wrapping [workspace.ErrNotFound], unless the index
// still held it: then its rows are removed and Delete succeeds. With
// [memfile.ExpectHash], a file holding other content is kept and the
// error wraps [memfile.ErrChanged].
func (e *Engine) Delete(ctx context.Context, path string, opts ...memfile.WriteOption) error {
	rel, missing, err := memfile.DeleteWith(ctx, e.opts.Root, path, memfile.DeleteOptionsOf(opts...))
	if err != nil {
		return err
	}
	res, err := e.Forget(ctx, rel)
	if err != nil {
		// The file is gone: a caller told only of the failure would take
		// the note for kept, and delete it again into "not found".
		return fmt.Errorf("delete %s: %s is removed, but its passages stay in the index until the next index run: %w", rel, rel, err)
	}
	if missing && res.FilesDeleted == 0 {
		return fmt.Errorf("delete %s: %w", rel, workspace.ErrNotFound)
	}
	return nil
}

// Lines returns count lines of a file from line from ([memfile.Lines];
// zero or less: to the end), path taken as [Engine.ReadFile] takes it,
// and the [memfile.Hash] of the whole file as it was read.
func (e *Engine) Lines(ctx context.Context, path string, from, count int) (text, hash string, err error) {
	data, rel, err := e.ReadFile(ctx, path)
	if err != nil {
		return "", "", fmt.Errorf("get %s: %w", path, err)
	}
	if text, err = memfile.Lines(data, from, count); err != nil {
		return "", "", fmt.Errorf("get %s: %w", rel, err)
	}
	return text, memfile.Hash(data), nil
}

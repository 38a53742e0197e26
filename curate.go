package memweave

import (
	"context"
	"fmt"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/curator"
	"github.com/memweave/memweave-go/memfile"
)

// ErrNoPassage is wrapped by the error of [Weave.Feedback] and
// [Weave.Resolve] for a line that is in no passage: past the end of the
// file, blank between passages, or in the front matter.
var ErrNoPassage = curator.ErrNoPassage

// FeedbackResult is what [Weave.Feedback] recorded: the note, the
// passage's first line after the edit, its key and its marks so far.
type FeedbackResult = curator.FeedbackResult

// Feedback records that the passage holding line (1-based, any line of
// it) of the note path was useful or not: it adds one mark to the
// passage's entry in the note's front matter, under its key
// ([frontmatter.PassageKey]: a hash of the passage's first line, so the
// marks survive edits above it), adding a front matter block when the
// note has none, then re-indexes the note. Searches weigh the marks with
// [postprocess.CurationFactor]: after 3 more useful than useless marks a
// passage ranks above an otherwise equal one; useless marks push it down
// by at most 5%, never out of the results.
//
// The edit is atomic and takes the workspace's write lock, with the path
// rules and size limit of [Weave.Write]. A save another program makes to
// the note meanwhile is kept: the mark is added to it again
// ([memfile.EditWith]), or, when the note keeps changing, nothing is
// written and the error wraps [memfile.ErrChanged]. A line in no passage
// gives an error wrapping [ErrNoPassage]; a note whose front matter is
// invalid or over its budget is not rewritten (the error wraps
// [frontmatter.ErrInvalid]), nor one the mark cannot be added to without
// changing another field (it wraps [frontmatter.ErrUnsafeEdit]); the
// error names the file and line. With [ExpectHash], a note that does not
// hold the expected content is left as it is, and the error wraps
// [ErrChanged].
func (w *Weave) Feedback(ctx context.Context, path string, line int, useful bool, wopts ...WriteOption) (*FeedbackResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	res, abs, err := w.notes().Feedback(ctx, path, line, useful, w.editOptions(wopts))
	if err != nil {
		return nil, fmt.Errorf("memweave: feedback: %w", err)
	}
	if _, err := w.Add(ctx, abs); err != nil {
		return res, err
	}
	return res, nil
}

// notes are the workspace's notes as curation reads and edits them,
// cut into passages as the indexer cuts them.
func (w *Weave) notes() *curator.Notes {
	return &curator.Notes{
		Dir: w.cfg.Workspace, MaxFileBytes: w.cfg.MaxFileBytes, DB: w.db, Now: w.now,
		Chunk: chunker.Options{MaxTokens: w.cfg.ChunkTokens, Overlap: w.cfg.ChunkOverlap},
	}
}

// editOptions are the memfile options of a curation edit: the size
// limit, and the expected hash of [ExpectHash] (the only WriteOption a
// curation edit reads).
func (w *Weave) editOptions(opts []WriteOption) memfile.EditOptions {
	var o writeSettings
	for _, opt := range opts {
		opt(&o)
	}
	return memfile.EditOptions{MaxBytes: w.cfg.MaxFileBytes, ExpectHash: o.expectHash}
}

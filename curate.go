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

// FeedbackResult is what [Weave.Feedback] recorded.
type FeedbackResult = curator.FeedbackResult

// Feedback records that the passage holding line (any line of it) of the
// note path was useful or not, as a mark in the note's front matter
// under the passage's key (a hash of its first line, so the marks
// survive edits above it), then re-indexes the note. Searches weigh the
// marks with [postprocess.CurationFactor], within 5% either way.
//
// The edit is atomic, takes the workspace's write lock and follows the
// rules of [Weave.Write]; a save another program makes meanwhile is
// kept, or the error wraps [ErrChanged]. A line in no passage gives an
// error wrapping [ErrNoPassage]; front matter it cannot safely edit, one
// wrapping [frontmatter.ErrInvalid] or [frontmatter.ErrUnsafeEdit]. With
// [ExpectHash], a note that does not hold the expected content is left
// as it is. See [curator.Notes.Feedback].
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
	var o memfile.WriteOptions
	for _, opt := range opts {
		opt(&o)
	}
	return memfile.EditOptions{MaxBytes: w.cfg.MaxFileBytes, ExpectHash: o.ExpectHash}
}

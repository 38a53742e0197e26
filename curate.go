package memweave

import (
	"context"
	"errors"
	"fmt"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/memfile"
)

// ErrNoPassage is wrapped by the error of [Weave.Feedback] and
// [Weave.Resolve] for a line that is in no passage: past the end of the
// file, blank between passages, or in the front matter.
var ErrNoPassage = errors.New("memweave: no passage at that line")

// FeedbackResult is what [Weave.Feedback] recorded.
type FeedbackResult struct {
	// Path is the note's workspace-relative path.
	Path string `json:"path"`
	// StartLine is the passage's first line after the edit (a front
	// matter block added to a note without one moves it down).
	StartLine int `json:"start_line" jsonschema:"the passage's first line after the edit"`
	// Key is the passage key the marks are filed under in the note's
	// front matter (frontmatter.PassageKey).
	Key string `json:"key" jsonschema:"the key of the passage in the note's front matter feedback field"`
	// Useful and Useless are the passage's marks so far.
	Useful  int `json:"useful"`
	Useless int `json:"useless"`
}

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
	res := &FeedbackResult{}
	// The mark depends on the note alone: its edit runs before taking the
	// lock (Optimistic), so a large front matter keeps no writer waiting.
	opts := w.editOptions(wopts)
	opts.Optimistic = true
	abs, err := memfile.EditWith(ctx, w.cfg.Workspace, path, opts, func(rel string, old []byte) ([]byte, error) {
		res.Path = rel
		c, err := w.passageAt(old, line)
		if err != nil {
			return nil, err
		}
		res.Key = frontmatter.PassageKey(c.Text)
		data, err := frontmatter.SetFeedback(old, res.Key, useful)
		if fe := (*frontmatter.Error)(nil); errors.As(err, &fe) {
			return nil, fmt.Errorf("line %d: %w; fix it, then give the feedback again", fe.Line, err)
		}
		if err != nil {
			return nil, err
		}
		m, fm, _ := frontmatter.Parse(data)
		v := m.Feedback[res.Key]
		res.Useful, res.Useless = v.Useful, v.Useless
		_, oldFM, _ := frontmatter.Parse(old)
		res.StartLine = c.StartLine + fm.Lines - oldFM.Lines
		return data, nil
	})
	if err != nil {
		return nil, fmt.Errorf("memweave: feedback: %w", err)
	}
	if _, err := w.Add(ctx, abs); err != nil {
		return res, err
	}
	return res, nil
}

// passageAt returns the chunk of the note data that holds line, as the
// indexer cuts it: the one starting last among those holding it, so that
// a passage's first line names that passage, not the end of the one
// before it that overlaps it.
func (w *Weave) passageAt(data []byte, line int) (chunker.Chunk, error) {
	var found *chunker.Chunk
	chunks := curate.Split(data, w.chunkOptions(data))
	for i := range chunks {
		if chunks[i].StartLine <= line && line <= chunks[i].EndLine {
			found = &chunks[i]
		}
	}
	if found == nil {
		return chunker.Chunk{}, fmt.Errorf("line %d: %w (the note has %d lines)", line, ErrNoPassage, chunker.CountLines(string(data)))
	}
	return *found, nil
}

// chunkOptions are the options the indexer chunks the note data with.
func (w *Weave) chunkOptions(data []byte) chunker.Options {
	opts := chunker.Options{MaxTokens: w.cfg.ChunkTokens, Overlap: w.cfg.ChunkOverlap}
	if _, fm, err := frontmatter.Parse(data); (err == nil || errors.Is(err, frontmatter.ErrTooLarge)) && fm.Lines > 0 {
		opts.DropFrontMatter = true
	}
	return opts
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

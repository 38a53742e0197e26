package curator

import (
	"context"
	"errors"
	"fmt"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/memfile"
)

// FeedbackResult is what [Notes.Feedback] recorded.
type FeedbackResult struct {
	// Path is the note's workspace-relative path.
	Path string `json:"path"`
	// StartLine is the passage's first line after the edit (a front
	// matter block added to a note without one moves it down).
	StartLine int `json:"start_line" jsonschema:"the passage's first line after the edit"`
	// Key is the passage key the marks are filed under in the note's
	// front matter (curate.PassageKey).
	Key string `json:"key" jsonschema:"the key of the passage in the note's front matter feedback field"`
	// Useful and Useless are the passage's marks so far.
	Useful  int `json:"useful"`
	Useless int `json:"useless"`
}

// Feedback records that the passage holding line (1-based, any line of
// it) of the note path was useful or not: it adds one mark to the
// passage's entry in the note's front matter, under its key
// ([curate.PassageKey]: a hash of the passage's first line, so the
// marks survive edits above it), adding a front matter block when the
// note has none. It returns what it recorded and the note's absolute
// path, for the caller to re-index.
//
// The edit is atomic and takes the workspace's write lock, with the path
// rules of memfile and the size limit of opts. The mark depends on the
// note alone, so the edit runs optimistically (opts.Optimistic: the lock
// is taken for the check and rename only). A save another program makes
// to the note meanwhile is kept: the mark is added to it again
// ([memfile.EditWith]), or, when the note keeps changing, nothing is
// written and the error wraps [memfile.ErrChanged]. A line in no passage
// gives an error wrapping [ErrNoPassage]; a note whose front matter is
// invalid or over its budget is not rewritten (the error wraps
// [frontmatter.ErrInvalid]), nor one the mark cannot be added to without
// changing another field (it wraps [frontmatter.ErrUnsafeEdit]); the
// error names the file and line. With opts.ExpectHash, a note that does
// not hold the expected content is left as it is.
func (n *Notes) Feedback(ctx context.Context, path string, line int, useful bool, opts memfile.EditOptions) (*FeedbackResult, string, error) {
	res := &FeedbackResult{}
	opts.Optimistic = true
	abs, err := memfile.EditWith(ctx, n.Dir, path, opts, func(rel string, old []byte) ([]byte, error) {
		res.Path = rel
		c, err := n.passageAt(old, line)
		if err != nil {
			return nil, err
		}
		res.Key = curate.PassageKey(c.Text)
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
	return res, abs, err
}

package curator

import (
	"context"
	"errors"
	"fmt"

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
	// front matter (frontmatter.PassageKey).
	Key string `json:"key" jsonschema:"the key of the passage in the note's front matter feedback field"`
	// Useful and Useless are the passage's marks so far.
	Useful  int `json:"useful"`
	Useless int `json:"useless"`
}

// Feedback adds one useful or useless mark to the feedback entry, in the
// front matter of the note path, of the passage holding line, and
// returns what it recorded and the note's absolute path. The mark
// depends on the note alone, so the edit runs optimistically
// (memfile.EditOptions.Optimistic: the lock is taken for the check and
// rename only). See memweave's Weave.Feedback for the rules.
func (n *Notes) Feedback(ctx context.Context, path string, line int, useful bool, opts memfile.EditOptions) (*FeedbackResult, string, error) {
	res := &FeedbackResult{}
	opts.Optimistic = true
	abs, err := memfile.EditWith(ctx, n.Dir, path, opts, func(rel string, old []byte) ([]byte, error) {
		res.Path = rel
		c, err := n.passageAt(old, line)
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
	return res, abs, err
}

package curator

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/memweave/memweave-go/chunker"
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
//
// key, when not "", is the passage's key as the search result that named
// it gives it (search.Result.Passage), and line is then a hint: an edit
// since the search (another feedback's new front matter, an editor's
// insert above) may have moved the passage. When the passage holding line
// has another key, the note's only passage with key is marked instead,
// and StartLine says where it is now; a key no passage has, or several
// have, is refused with an error naming the file and the key, and nothing
// is written.
func (n *Notes) Feedback(ctx context.Context, path string, line int, key string, useful bool, opts memfile.EditOptions) (*FeedbackResult, string, error) {
	res := &FeedbackResult{}
	opts.Optimistic = true
	abs, err := memfile.EditWith(ctx, n.Dir, path, opts, func(rel string, old []byte) ([]byte, error) {
		res.Path = rel
		c, err := n.passageFor(old, line, key)
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

// passageFor returns the passage of the note data that line names
// ([Notes.passageAt]) or, with key set and another key at line, the
// note's only passage with key.
func (n *Notes) passageFor(data []byte, line int, key string) (chunker.Chunk, error) {
	if key != "" && !isPassageKey(key) {
		return chunker.Chunk{}, fmt.Errorf("passage %q is not a passage key (p and 8 hex digits, as a search result's passage gives it)", key)
	}
	c, err := n.passageAt(data, line)
	if key == "" || (err == nil && curate.PassageKey(c.Text) == key) {
		return c, err
	}
	var found []chunker.Chunk
	for _, c := range n.split(data) {
		if curate.PassageKey(c.Text) == key {
			found = append(found, c)
		}
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) > 1:
		return chunker.Chunk{}, fmt.Errorf("passage %s: %d passages open with the same line (lines %d and %d), and line %d is in neither; search again and name one by its line without the passage key", key, len(found), found[0].StartLine, found[1].StartLine, line)
	}
	return chunker.Chunk{}, fmt.Errorf("passage %s: no passage of the note opens with that line any more (edited or removed since the search); search again", key)
}

// isPassageKey reports whether key has the form of a [curate.PassageKey].
func isPassageKey(key string) bool {
	if len(key) != 9 || key[0] != 'p' {
		return false
	}
	for _, r := range key[1:] {
		if !strings.ContainsRune("0123456789abcdef", r) {
			return false
		}
	}
	return true
}

package curator

import (
	"context"
	"errors"
	"fmt"

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
// ([curate.PassageKey]: a hash of the passage's first line, heading
// path and text, so the marks survive edits above it, and
// [curate.Marks] reads them after an edit of its text or headings
// where it can tell the passage), adding a front matter block when the
// note has none. Entries written before such an edit that searches give
// the passage are folded into its entry ([Notes.foldOrphans]). It returns what it recorded and the note's absolute
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
// not hold the expected content is left as it is. Without key, a save
// that changed a line at or above line is not redone on: the error wraps
// [memfile.ErrChanged] and nothing is written.
//
// key, when not "", is the passage's key as the search result that named
// it gives it (search.Result.Passage), and line is then a hint: an edit
// since the search (another feedback's new front matter, an editor's
// insert above) may have moved the passage. When the passage holding line
// has another key, the note's only passage with key is marked instead,
// and StartLine says where it is now; a key no passage has, or several
// have, is refused with an error naming the file and the key, and nothing
// is written. So is the key of a passage whose text an editor changed
// since the search, its first line and headings kept (the error wraps
// [memfile.ErrChanged]): the mark judged the text the search showed.
func (n *Notes) Feedback(ctx context.Context, path string, line int, key string, useful bool, opts memfile.EditOptions) (*FeedbackResult, string, error) {
	if err := n.checkMemoryNote(path); err != nil {
		return nil, "", err
	}
	res := &FeedbackResult{}
	opts.Optimistic = true
	var first []byte // the note as the first attempt read it
	abs, err := memfile.EditWith(ctx, n.Dir, path, opts, func(rel string, old []byte) ([]byte, error) {
		if first == nil {
			first = old
		} else if key == "" && !sameLinesThrough(first, old, line) {
			// Redone on a save another program made meanwhile, which
			// changed the lines up to the one named by number alone:
			// the passages may have moved with it.
			return nil, fmt.Errorf("line %d: saved by another program meanwhile, with a change at or above that line, which may have moved; give the feedback again, or name the passage by its key: %w", line, memfile.ErrChanged)
		}
		res.Path = rel
		c, err := n.passageFor(old, line, key)
		if err != nil {
			return nil, err
		}
		res.Key = curate.PassageKey(c.Headings, c.Text)
		data, err := frontmatter.SetFeedback(old, res.Key, useful)
		if fe := (*frontmatter.Error)(nil); errors.As(err, &fe) {
			return nil, fmt.Errorf("line %d: %w; fix it, then give the feedback again", fe.Line, err)
		}
		if err != nil {
			return nil, err
		}
		data = n.foldOrphans(data, res.Key)
		m, fm, _ := frontmatter.Parse(data)
		v, _ := curate.Marks(m.Feedback, curate.Keyed{Headings: c.Headings, Text: c.Text}, func() map[string]string { return curate.Owners(m.Feedback, keyed(n.split(data))) })
		res.Useful, res.Useless = v.Useful, v.Useless
		_, oldFM, _ := frontmatter.Parse(old)
		res.StartLine = c.StartLine + fm.Lines - oldFM.Lines
		return data, nil
	})
	return res, abs, err
}

// foldOrphans returns the note data with the entries its passage key
// key owns but does not hold ([curate.Owners]: marks written before an
// edit of the passage, which searches give it while it is the only
// passage they can be) added to key's entry and removed, so that they
// stay the passage's when a twin (the same first line and headings) is
// added later and the entry would apply to nobody. data itself when
// there are none, or when the edit cannot be made safely.
func (n *Notes) foldOrphans(data []byte, key string) []byte {
	m, _, err := frontmatter.Parse(data)
	if err != nil || len(m.Feedback) < 2 {
		return data
	}
	var fold []string
	var sum frontmatter.Votes
	for e, owner := range curate.Owners(m.Feedback, keyed(n.split(data))) {
		if owner == key {
			fold = append(fold, e)
			sum.Useful, sum.Useless = sum.Useful+m.Feedback[e].Useful, sum.Useless+m.Feedback[e].Useless
		}
	}
	if len(fold) == 0 {
		return data
	}
	out, err := frontmatter.DropFeedback(data, fold)
	if err == nil {
		out, err = frontmatter.Merge(out, frontmatter.Meta{Feedback: map[string]frontmatter.Votes{key: sum}})
	}
	if err != nil {
		return data
	}
	return out
}

// passageFor returns the passage of the note data that line names
// ([Notes.passageAt]) or, with key set and another key at line, the
// note's only passage with key: its [curate.PassageKey], its
// [curate.LineKey] (as earlier builds gave it), or, when no passage has
// that PassageKey, the passage [curate.KeyOwner] names when its text is
// the one key was given for (its headings renamed since); a passage
// whose text was edited since is refused, the error wrapping
// [memfile.ErrChanged]: the mark judged the text the search showed.
func (n *Notes) passageFor(data []byte, line int, key string) (chunker.Chunk, error) {
	if key != "" && !curate.IsPassageKey(key) {
		return chunker.Chunk{}, fmt.Errorf("passage %q is not a passage key (%s)", key, curate.PassageKeyForm)
	}
	c, err := n.passageAt(data, line)
	if key == "" || (err == nil && hasKey(c, key)) {
		return c, err
	}
	chunks := n.split(data)
	var found []chunker.Chunk
	for _, c := range chunks {
		if hasKey(c, key) {
			found = append(found, c)
		}
	}
	if len(found) == 0 {
		var keys []string
		for _, c := range chunks {
			keys = append(keys, curate.PassageKey(c.Headings, c.Text))
		}
		if i := curate.KeyOwner(key, keys); i >= 0 {
			_, _, searched := curate.KeyParts(key)
			if _, _, now := curate.KeyParts(keys[i]); now != searched {
				// The mark judges the text the search showed; this one
				// was edited since, and may state another fact.
				return chunker.Chunk{}, fmt.Errorf("passage %s: its text was edited since the search (now at line %d, key %s), so the mark is not given to it; search again: %w", key, chunks[i].StartLine, keys[i], memfile.ErrChanged)
			}
			found = append(found, chunks[i])
		}
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) > 1:
		return chunker.Chunk{}, fmt.Errorf("passage %s: %d passages open with the same line (lines %d and %d), and line %d is in neither; search again and name one by its line without the passage key", key, len(found), found[0].StartLine, found[1].StartLine, line)
	}
	return chunker.Chunk{}, fmt.Errorf("passage %s: no passage of the note has that key any more (its first line edited, or both its text and its headings, or the passage removed since the search); search again", key)
}

// hasKey reports whether the passage c has the passage key key: its
// [curate.PassageKey], or, for a key of the first line alone, its
// [curate.LineKey].
func hasKey(c chunker.Chunk, key string) bool {
	if len(key) == 9 {
		return curate.LineKey(c.Text) == key
	}
	return curate.PassageKey(c.Headings, c.Text) == key
}

// keyed returns the passages of chunks as [curate.Marks] reads them.
func keyed(chunks []chunker.Chunk) []curate.Keyed {
	out := make([]curate.Keyed, len(chunks))
	for i, c := range chunks {
		out[i] = curate.Keyed{Headings: c.Headings, Text: c.Text}
	}
	return out
}

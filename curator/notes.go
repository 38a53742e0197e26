package curator

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// ErrNoPassage is wrapped by the error of [Notes.Feedback] and
// [Notes.Resolve] for a line that is in no passage: past the end of the
// file, blank between passages, or in the front matter.
var ErrNoPassage = errors.New("memweave: no passage at that line")

// ErrExtraPath is wrapped by the error of [Notes.Feedback] and
// [Notes.Resolve] for a note of an approved extra path (search names it
// by its place in the workspace, "docs/runbook.md"): curation edits
// notes under memory/ only.
var ErrExtraPath = errors.New("memweave: a note of an extra path (extra_paths), outside memory/: curation edits only notes under memory/")

// checkMemoryNote refuses path, as a search result names it, when it is
// a note of an extra path: taken as a path under memory/ it would name
// another note, or none ("no such file").
func (n *Notes) checkMemoryNote(path string) error {
	var extra []string
	if n.ExtraPaths != nil {
		extra = n.ExtraPaths()
	}
	if workspace.InExtraPath(n.Dir, extra, path) {
		return fmt.Errorf("%s: %w; copy the passage into a note under memory/ to mark or resolve it there", path, ErrExtraPath)
	}
	return nil
}

// lockApply takes the workspace's apply lock ([memfile.LockApply]) for
// an edit of the notes paths, once each is known to be under memory/
// ([Notes.checkMemoryNote]).
func (n *Notes) lockApply(ctx context.Context, paths ...string) (unlock func(), err error) {
	for _, p := range paths {
		if err := n.checkMemoryNote(p); err != nil {
			return nil, err
		}
	}
	return memfile.LockApply(ctx, n.Dir)
}

// Notes are the notes of a workspace as curation reads and edits them.
type Notes struct {
	// Dir is the workspace's root folder.
	Dir string
	// MaxFileBytes is the size limit of a note read or written; 0 for
	// none.
	MaxFileBytes int64
	// Chunk are the chunker options the index cuts notes with (its size
	// and overlap); [indexer.Chunk] adds the rest.
	Chunk chunker.Options
	// DB is the index [Notes.Consolidate] lists passages from.
	DB *index.DB
	// Now gives the time, in the zone whose day a resolution is dated
	// with.
	Now func() time.Time
	// ExtraPaths returns the files and folders outside memory/ the index
	// reads (approved, checked when called): an apply reads their
	// Markdown files for links to what it removes, as it reads the
	// notes'. Nothing else outside memory/ is read; nil reads none.
	// Only an apply calls it, so that feedback, resolve and conflicts
	// do not run its check.
	ExtraPaths func() []string

	// linkMu guards linking, the notes that may link to a heading of
	// another, read once by [Notes.linkedFrom], linkSeen, the size
	// and modification time of every note when it was read, linkGroup,
	// the number of the group an apply is cutting (one more per group),
	// and linkFresh, the group whose cut last listed them again.
	linkMu               sync.Mutex
	linking              []linkingNote
	linkSeen             map[string][2]int64
	linkGroup, linkFresh int
}

// split cuts the note data into passages as the index does.
func (n *Notes) split(data []byte) []chunker.Chunk {
	chunks, _, _ := indexer.Chunk(data, n.Chunk)
	return chunks
}

// read reads the note rel, refusing one over MaxFileBytes (none: 0).
func (n *Notes) read(rel string) ([]byte, error) {
	return n.readIn(nil, rel)
}

// readIn reads the file rel of memory/ or of the extra paths extra, as
// [Notes.read] does.
func (n *Notes) readIn(extra []string, rel string) ([]byte, error) {
	limit := int64(-1)
	if n.MaxFileBytes > 0 {
		limit = n.MaxFileBytes
	}
	data, _, err := workspace.ReadFile(n.Dir, extra, rel, limit)
	if err != nil {
		return nil, err
	}
	if limit >= 0 && int64(len(data)) > limit {
		return nil, fmt.Errorf("over the %d-byte limit", n.MaxFileBytes)
	}
	return data, nil
}

// passageAt returns the passage of the note data that holds line: the
// one starting last among those holding it, so that a passage's first
// line names that passage, not the end of the one before it that
// overlaps it.
func (n *Notes) passageAt(data []byte, line int) (chunker.Chunk, error) {
	var found *chunker.Chunk
	chunks := n.split(data)
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

// find returns the passage of the note data with p's content hash (the
// one starting at p's line when several do), and the others.
func (n *Notes) find(data []byte, p Passage) (found chunker.Chunk, others []chunker.Chunk, ok bool) {
	chunks := n.split(data)
	at := -1
	for i, c := range chunks {
		if curate.Hash(c.Text) == p.Hash && (at < 0 || c.StartLine == p.StartLine) {
			at = i
		}
	}
	if at < 0 {
		return chunker.Chunk{}, nil, false
	}
	return chunks[at], slices.Delete(slices.Clone(chunks), at, at+1), true
}

// holds checks that the note data still holds the passage p.
func (n *Notes) holds(data []byte, p Passage) error {
	if _, _, ok := n.find(data, p); !ok {
		return fmt.Errorf("lines %d-%d changed since the listing (no passage with content hash %.12s)", p.StartLine, p.EndLine, p.Hash)
	}
	return nil
}

// noPassage is an error about lines that name nothing: it wraps both
// its cause and [ErrNoPassage].
type noPassage struct{ err error }

func (e noPassage) Error() string   { return e.err.Error() }
func (e noPassage) Unwrap() []error { return []error{e.err, ErrNoPassage} }

// sameLinesThrough reports whether the notes a and b hold the same
// lines 1 through n: a save that changed only lines after them (an
// entry appended) left lines named by number where they were.
func sameLinesThrough(a, b []byte, n int) bool {
	la, lb := curate.SplitLines(string(a)), curate.SplitLines(string(b))
	if len(la) < n || len(lb) < n {
		return bytes.Equal(a, b)
	}
	return slices.Equal(la[:n], lb[:n])
}

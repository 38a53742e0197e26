package indexer

import (
	"context"
	"fmt"
	"iter"
	"maps"
	"slices"
	"time"

	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/workspace"
)

// FileInfo describes one indexed file.
type FileInfo struct {
	Path   string    `json:"path"`
	Source string    `json:"source"`
	Size   int64     `json:"size"`
	Hash   string    `json:"hash"`
	MTime  time.Time `json:"mtime"`
	Chunks int       `json:"chunks"`
	// Evergreen is true unless the file name is a date, YYYY-MM-DD.md.
	Evergreen bool `json:"evergreen"`
	// Date is the YYYY-MM-DD date of a dated file, "" otherwise.
	Date string `json:"date"`
	// Pending is true while some of the file's chunks lack a vector.
	Pending bool `json:"pending"`
	// TooLarge is true for a file over the size limit: it is listed so
	// that it is not silently missing, but it has no chunks and is not
	// searchable.
	TooLarge bool `json:"too_large,omitempty"`
	// Tags, Importance, Pinned and Expires are the fields of the file's
	// front matter (package frontmatter); zero when it has none.
	Tags       []string `json:"tags,omitempty"`
	Importance *float64 `json:"importance,omitempty"`
	Pinned     bool     `json:"pinned,omitempty"`
	Expires    string   `json:"expires,omitempty"`
}

// Files iterates over the indexed files, and the files too large to
// index (found by a [Engine.Diff] scan), sorted by path, limited to the
// given sources when any are named. An error ends the iteration: it is
// yielded once with a zero FileInfo.
func (e *Engine) Files(ctx context.Context, sources ...string) iter.Seq2[FileInfo, error] {
	return func(yield func(FileInfo, error) bool) {
		d, err := e.Diff(ctx)
		if err != nil {
			yield(FileInfo{}, fmt.Errorf("indexer: files: %w", err))
			return
		}
		rows := maps.Clone(d.rows)
		big := make(map[string]bool, len(d.TooLarge))
		for _, f := range d.TooLarge {
			rows[f.Rel] = index.File{Path: f.Rel, Source: f.Source, Size: f.Size, MTime: f.MTime}
			big[f.Rel] = true
		}
		paths := make([]string, 0, len(rows))
		for p, r := range rows {
			if len(sources) == 0 || slices.Contains(sources, r.Source) {
				paths = append(paths, p)
			}
		}
		slices.Sort(paths)
		for _, p := range paths {
			r := rows[p]
			fi := FileInfo{Path: r.Path, Source: r.Source, Size: r.Size, Hash: r.Hash,
				MTime: time.Unix(0, r.MTime).UTC(), Chunks: r.Chunks, Evergreen: true, Pending: r.Pending, TooLarge: big[p]}
			if d, ok := workspace.DateOf(r.Path); ok {
				fi.Evergreen, fi.Date = false, d.Format(time.DateOnly)
			}
			if r.Meta != "" {
				m := frontmatter.Decode(r.Meta)
				fi.Tags, fi.Importance, fi.Pinned, fi.Expires = m.Tags, m.Importance, m.Pinned, m.Expires
			}
			if !yield(fi, nil) {
				return
			}
		}
	}
}

package history

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/workspace"
)

// Change kinds.
const (
	Added   = "added"
	Removed = "removed"
	Changed = "changed"
)

// Lines is a chunk's line range and text on one side of a [Change].
type Lines struct {
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	Text      string `json:"text"`
}

// Change is one chunk added, removed or changed between two snapshots.
type Change struct {
	// Kind is [Added], [Removed] or [Changed].
	Kind string `json:"kind"`
	Path string `json:"path"`
	// Old is the chunk before (nil when added), New after (nil when
	// removed).
	Old *Lines `json:"old,omitempty"`
	New *Lines `json:"new,omitempty"`
}

// Diff compares the memory/ folders of two workspace roots chunk by
// chunk, chunking with opts: a chunk whose text is in both, in the same
// file, is unchanged; a removed and an added chunk of one file under the
// same headings are one change; the rest are added or removed. Files
// larger than maxBytes (0: no limit) are left out. Changes are sorted by
// path, then line.
func Diff(ctx context.Context, oldRoot, newRoot string, opts chunker.Options, maxBytes int64) ([]Change, error) {
	before, err := chunks(ctx, oldRoot, opts, maxBytes)
	if err != nil {
		return nil, err
	}
	after, err := chunks(ctx, newRoot, opts, maxBytes)
	if err != nil {
		return nil, err
	}
	paths := make([]string, 0, len(before)+len(after))
	for p := range before {
		paths = append(paths, p)
	}
	for p := range after {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	paths = slices.Compact(paths)
	out := []Change{}
	for _, p := range paths {
		out = append(out, diffFile(p, before[p], after[p])...)
	}
	return out, nil
}

// chunks reads and chunks every Markdown file under root/memory.
func chunks(ctx context.Context, root string, opts chunker.Options, maxBytes int64) (map[string][]chunker.Chunk, error) {
	files, _, err := workspace.Discover(root, nil)
	if err != nil {
		return nil, fmt.Errorf("history: list %s: %w", root, err)
	}
	out := make(map[string][]chunker.Chunk, len(files))
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if maxBytes > 0 && f.Size > maxBytes {
			continue
		}
		data, err := os.ReadFile(f.Abs)
		if err != nil {
			return nil, fmt.Errorf("history: %w", err)
		}
		out[f.Rel] = chunker.Split(data, opts)
	}
	return out, nil
}

// diffFile compares the chunks of one file.
func diffFile(path string, old, new []chunker.Chunk) []Change {
	left := map[string]int{}
	for _, c := range new {
		left[c.Text]++
	}
	var removed []chunker.Chunk
	for _, c := range old {
		if left[c.Text] > 0 {
			left[c.Text]--
			continue
		}
		removed = append(removed, c)
	}
	keep := map[string]int{}
	for _, c := range old {
		keep[c.Text]++
	}
	var added []chunker.Chunk
	for _, c := range new {
		if keep[c.Text] > 0 {
			keep[c.Text]--
			continue
		}
		added = append(added, c)
	}
	lines := func(c chunker.Chunk) *Lines { return &Lines{c.StartLine, c.EndLine, c.Text} }
	var out []Change
	used := make([]bool, len(added))
	for _, r := range removed {
		ch := Change{Kind: Removed, Path: path, Old: lines(r)}
		for j, a := range added {
			if !used[j] && slices.Equal(a.Headings, r.Headings) {
				used[j] = true
				ch.Kind, ch.New = Changed, lines(a)
				break
			}
		}
		out = append(out, ch)
	}
	for j, a := range added {
		if !used[j] {
			out = append(out, Change{Kind: Added, Path: path, New: lines(a)})
		}
	}
	line := func(c Change) int {
		if c.New != nil {
			return c.New.StartLine
		}
		return c.Old.StartLine
	}
	slices.SortStableFunc(out, func(a, b Change) int { return line(a) - line(b) })
	return out
}

// Summary counts changes by kind, e.g. "2 added, 1 changed, 0 removed".
func Summary(changes []Change) string {
	n := map[string]int{}
	for _, c := range changes {
		n[c.Kind]++
	}
	return strings.Join([]string{fmt.Sprint(n[Added], " added"), fmt.Sprint(n[Changed], " changed"), fmt.Sprint(n[Removed], " removed")}, ", ")
}

// Changes compares memory/ at revision from with memory/ at revision to,
// or with the working tree of dir when to is "" (see [Diff]).
func Changes(ctx context.Context, dir, from, to string, opts chunker.Options, maxBytes int64) ([]Change, error) {
	old, err := CheckOut(ctx, dir, from, maxBytes)
	if err != nil {
		return nil, err
	}
	defer old.Close()
	newRoot := dir
	if to != "" {
		c, err := CheckOut(ctx, dir, to, maxBytes)
		if err != nil {
			return nil, err
		}
		defer c.Close()
		newRoot = c.Dir
	}
	return Diff(ctx, old.Dir, newRoot, opts, maxBytes)
}

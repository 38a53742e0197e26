package history

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/workspace"
)

// Change kinds.
const (
	Added   = "added"
	Removed = "removed"
	Changed = "changed"
)

// Lines is a chunk's path, line range and text on one side of a
// [Change].
//
// Deprecated: Lines is [workspace.Lines]; use that name.
type Lines = workspace.Lines

// Change is one chunk added, removed or changed between two snapshots.
type Change struct {
	// Kind is [Added], [Removed] or [Changed].
	Kind string `json:"kind"`
	Path string `json:"path"`
	// Old is the chunk before (nil when added), New after (nil when
	// removed).
	Old *workspace.Lines `json:"old,omitempty"`
	New *workspace.Lines `json:"new,omitempty"`
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
	lines := func(c chunker.Chunk) *workspace.Lines {
		return &workspace.Lines{Path: path, StartLine: c.StartLine, EndLine: c.EndLine, Text: c.Text}
	}
	var out []Change
	// A removed chunk pairs with the first added chunk not yet paired
	// under the same headings: unpaired holds those, by headings, in order.
	used := make([]bool, len(added))
	unpaired := make(map[string][]int)
	for j, a := range added {
		k := headingsKey(a.Headings)
		unpaired[k] = append(unpaired[k], j)
	}
	for _, r := range removed {
		ch := Change{Kind: Removed, Path: path, Old: lines(r)}
		k := headingsKey(r.Headings)
		if js := unpaired[k]; len(js) > 0 {
			used[js[0]] = true
			unpaired[k] = js[1:]
			ch.Kind, ch.New = Changed, lines(added[js[0]])
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

// headingsKey is a map key for a heading path: each heading with its
// length, so that no two paths share a key.
func headingsKey(h []string) string {
	var b strings.Builder
	for _, s := range h {
		b.WriteString(strconv.Itoa(len(s)))
		b.WriteByte(':')
		b.WriteString(s)
	}
	return b.String()
}

// Page selects a window of the changes [Changes] finds: the first
// Offset are skipped and at most Limit returned. Zero Limit means 1,000.
type Page struct {
	Offset int
	Limit  int
}

// Result is what [Changes] found.
type Result struct {
	// Changes are the changes of the page, by path, then line. Never nil.
	Changes []Change `json:"changes"`
	// Total is how many changes there are in all.
	Total int `json:"total" jsonschema:"changes in all"`
	// Truncated reports that changes follow this page: ask again with
	// the offset NextOffset to get them.
	Truncated  bool `json:"truncated" jsonschema:"more changes follow: call again with offset = next_offset"`
	NextOffset int  `json:"next_offset,omitempty" jsonschema:"the offset of the next page when truncated"`
	// Skipped names the entries left out, with why: too large, not a
	// regular file, a name the path rules refuse. Each is named once,
	// the first 20 by path; one more entry counts the rest.
	Skipped []string `json:"skipped,omitempty" jsonschema:"memory files left out, with why"`
}

// Changes compares memory/ at revision from with memory/ at revision to,
// or with the working tree of dir when to is "", chunk by chunk, cutting
// notes with opts: a chunk whose text is in both, in the same file, is
// unchanged; a removed and an added chunk of one file under the same
// headings are one change; the rest are added or removed. It returns the
// page of changes asked for. Only what differs is read, listed and
// counted: between two revisions, the paths one git diff-tree names
// (read as git writes it); against the working tree, the files whose
// content is not the old revision's blob. A file over lim.FileBytes on
// either side is left out of both, and listed in Skipped, with the other
// entries that differ and are left out; notes that differ, both sides
// counted as [NoteCost] counts them, over lim.TreeBytes are refused
// ([ErrTreeTooLarge]) before any of git's blobs is read. A file whose blob is the same on
// both sides is not read; each blob is read from git once per file that
// changed, and chunked once while a cache of 4*lim.FileBytes (64 MiB without
// a limit) of source holds it. Only the page is kept in memory. A bad
// revision's error ([ErrBadRevision]) starts with the argument holding
// it: "from: " or "to: ".
func Changes(ctx context.Context, dir, from, to string, opts chunker.Options, lim Limits, page Page) (*Result, error) {
	if page.Limit <= 0 {
		page.Limit = 1000
	}
	page.Offset = max(page.Offset, 0)
	sd, err := readSides(ctx, dir, from, to, lim)
	if err != nil {
		return nil, err
	}
	r, err := newBlobReader(ctx, dir, noLazyFetch)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	d := &differ{blobs: r, cache: newChunkCache(lim.FileBytes), opts: opts, dir: dir, maxBytes: lim.FileBytes}
	if sd.work != nil {
		if mem, err := workspace.OpenMemoryRoot(dir); err == nil {
			d.mem = mem
			defer mem.Close()
		}
		if err := d.prune(ctx, sd, lim.TreeBytes); err != nil {
			return nil, err
		}
	}
	res := &Result{Changes: []Change{}, Skipped: bounded(sd.skipped)}
	for _, p := range sd.paths() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		changes, err := d.file(p, sd)
		if err != nil {
			return nil, err
		}
		for _, c := range changes {
			if res.Total >= page.Offset && len(res.Changes) < page.Limit {
				res.Changes = append(res.Changes, c)
			}
			res.Total++
		}
	}
	if end := page.Offset + len(res.Changes); end < res.Total {
		res.Truncated, res.NextOffset = true, end
	}
	return res, nil
}

// bounded returns the entries of skipped once each, by path, the first
// maxSkips of them and one more counting the rest: a revision can hold
// any number of entries left out.
func bounded(skipped []string) []string {
	slices.Sort(skipped)
	skipped = slices.Compact(skipped)
	if len(skipped) <= maxSkips {
		return skipped
	}
	return append(skipped[:maxSkips:maxSkips], fmt.Sprintf("%d more entries", len(skipped)-maxSkips))
}

// sides are the two sides [Changes] compares: the Markdown blobs of
// memory/ at the old revision, and those at the new one (cur) or the
// files of the working tree (work), with the entries left out. large
// holds the paths over the size limit on either side: their content on
// that side is unread, so they are compared on neither.
type sides struct {
	old, cur map[string]entry
	work     map[string]workspace.File
	skipped  []string
	large    map[string]bool
	// from and fromCommit name the old side, compared with the working
	// tree, in errors.
	from, fromCommit string
}

// readSides lists the blobs of memory/ at from, and at to or, when to
// is "", the working tree's files of at most lim.FileBytes.
func readSides(ctx context.Context, dir, from, to string, lim Limits) (*sides, error) {
	maxBytes := lim.FileBytes
	fromCommit, err := Resolve(ctx, dir, from)
	if err != nil {
		return nil, badSide("from", err)
	}
	if to != "" {
		toCommit, err := Resolve(ctx, dir, to)
		if err != nil {
			return nil, badSide("to", err)
		}
		return diffSides(ctx, dir, from, fromCommit, to, toCommit, lim)
	}
	sd := &sides{large: make(map[string]bool)}
	// The whole listing, bounded by MaxListing; the tree limit counts
	// what differs from the working tree ([differ.prune]).
	all := lim
	all.TreeBytes = 0
	if sd.old, sd.skipped, err = memoryTree(ctx, dir, from, fromCommit, all, sd.large); err != nil {
		return nil, err
	}
	sd.from, sd.fromCommit = from, fromCommit
	files, _, err := workspace.Discover(dir, nil)
	if err != nil {
		return nil, fmt.Errorf("history: list %s: %w", dir, err)
	}
	sd.work = make(map[string]workspace.File, len(files))
	for _, f := range files {
		if maxBytes > 0 && f.Size > maxBytes {
			sd.large[f.Rel] = true
			sd.skipped = append(sd.skipped, skip(f.Rel, fmt.Sprintf("%d bytes, over the %d limit", f.Size, maxBytes)))
			continue
		}
		sd.work[f.Rel] = f
	}
	return sd, nil
}

// badSide names the argument, from or to, of a revision Resolve refused
// ([ErrBadRevision]): the error otherwise quotes only the value.
func badSide(arg string, err error) error {
	if errors.Is(err, ErrBadRevision) {
		return fmt.Errorf("%s: %w", arg, err)
	}
	return err
}

// paths returns every path on either side, sorted, once each, but those
// over the size limit on one side.
func (sd *sides) paths() []string {
	paths := make([]string, 0, len(sd.old)+len(sd.cur)+len(sd.work))
	for _, side := range []map[string]entry{sd.old, sd.cur} {
		for p := range side {
			if !sd.large[p] {
				paths = append(paths, p)
			}
		}
	}
	for p := range sd.work {
		if !sd.large[p] {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	return slices.Compact(paths)
}

// differ chunks the blobs of both sides, each distinct blob once while
// the cache holds it, and compares one file at a time.
type differ struct {
	blobs *BlobReader
	cache *chunkCache
	opts  chunker.Options
	// dir is the workspace whose working tree is the new side, and
	// maxBytes the size limit of its files (0: none).
	dir      string
	maxBytes int64
	// mem is the memory folder of dir, opened once for every file read
	// (nil: each read opens it, as workspace.ReadFile does).
	mem *os.Root
}

// split returns the chunks of the blob id, calling data for its content
// only when the cache lacks them.
func (d *differ) split(id string, data func() ([]byte, error)) ([]chunker.Chunk, error) {
	if c, ok := d.cache.get(id); ok {
		return c, nil
	}
	b, err := data()
	if err != nil {
		return nil, err
	}
	c := curate.Split(b, d.opts)
	d.cache.put(id, c, len(b))
	return c, nil
}

// blob returns the chunks of the git blob oid.
func (d *differ) blob(oid string) ([]chunker.Chunk, error) {
	return d.split(oid, func() ([]byte, error) { return d.blobs.Read(oid) })
}

// file returns the changes of path between the sides; a file whose blob
// is the same on both is not read.
func (d *differ) file(p string, sd *sides) ([]Change, error) {
	o, inOld := sd.old[p]
	var after []chunker.Chunk
	var err error
	if n, ok := sd.cur[p]; ok {
		if inOld && n.oid == o.oid {
			return nil, nil
		}
		if after, err = d.blob(n.oid); err != nil {
			return nil, err
		}
	} else if _, ok := sd.work[p]; ok {
		data, err := d.readWork(p)
		switch {
		case errors.Is(err, errVanished):
			// Removed since it was listed: compared as deleted.
		case err != nil:
			return nil, err
		default:
			id := blobID(data)
			if inOld && id == o.oid {
				return nil, nil
			}
			if after, err = d.split(id, func() ([]byte, error) { return data, nil }); err != nil {
				return nil, err
			}
		}
	}
	var before []chunker.Chunk
	if inOld {
		if before, err = d.blob(o.oid); err != nil {
			return nil, err
		}
	}
	return diffFile(p, before, after), nil
}

// prune drops from sd the working tree's files whose content is the old
// side's blob, reading each file once to hash it, so that only the
// paths that differ are compared; the notes that differ, both sides
// counted as [NoteCost] counts them, over treeBytes (0: no limit) refuse
// the comparison before any of git's blobs is read.
func (d *differ) prune(ctx context.Context, sd *sides, treeBytes int64) error {
	var total int64
	files := 0
	for _, p := range sd.paths() {
		if err := ctx.Err(); err != nil {
			return err
		}
		o, inOld := sd.old[p]
		f, inWork := sd.work[p]
		if inOld && inWork {
			data, err := d.readWork(p)
			switch {
			case errors.Is(err, errVanished):
				inWork = false
			case err != nil:
				return err
			case blobID(data) == o.oid:
				delete(sd.old, p)
				delete(sd.work, p)
				continue
			}
		}
		if inOld {
			total, files = total+NoteCost(o.size), files+1
		}
		if inWork {
			total, files = total+NoteCost(f.Size), files+1
		}
	}
	if treeBytes > 0 && total > treeBytes {
		return TreeTooLarge("the working tree, in what differs from "+revAt(sd.from, sd.fromCommit)+",", total, files, treeBytes)
	}
	return nil
}

// readWork reads the working tree's file p (workspace-relative), as
// discovery listed it, through the memory folder's root: the file may
// have been swapped since, for a link out of memory/, a FIFO or a file
// over the size limit, and none of that may be followed, block or be
// read. Such a file is refused with an error naming it; one removed
// since gives errVanished.
func (d *differ) readWork(p string) ([]byte, error) {
	limit := int64(-1)
	if d.maxBytes > 0 {
		limit = d.maxBytes
	}
	data, err := d.read(p, limit)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errVanished
	}
	if err != nil {
		return nil, fmt.Errorf("history: %s changed while changes read it (%w); run it again", shown(p), err)
	}
	if limit >= 0 && int64(len(data)) > limit {
		return nil, fmt.Errorf("history: %s grew past the %d-byte limit while changes read it; run it again", shown(p), limit)
	}
	return data, nil
}

// read reads at most limit+1 bytes (limit < 0: all) of the working
// tree's file p through d.mem, which opening the memory folder for each
// file of a large workspace made slow; a file that fails so (a link
// out of memory/, say) is read again as workspace.ReadFile reads it, for
// its error.
func (d *differ) read(p string, limit int64) ([]byte, error) {
	if name, ok := workspace.MemoryName(p); ok && d.mem != nil {
		if f, _, err := workspace.OpenRegularIn(d.mem, name, os.O_RDONLY, 0); err == nil {
			defer f.Close()
			var rd io.Reader = f
			if limit >= 0 {
				rd = io.LimitReader(f, limit+1)
			}
			if data, err := io.ReadAll(rd); err == nil {
				return data, nil
			}
		}
	}
	data, _, err := workspace.ReadFile(d.dir, nil, p, limit)
	return data, err
}

// errVanished is readWork's report that the file was removed after
// discovery listed it.
var errVanished = errors.New("history: file removed while read")

// chunkCache keeps the chunks of recently split blobs, by blob id, up to
// a budget of source bytes; past it, it starts over.
type chunkCache struct {
	m          map[string][]chunker.Chunk
	bytes, max int64
}

func newChunkCache(maxBytes int64) *chunkCache {
	limit := int64(64 << 20)
	if maxBytes > 0 {
		limit = 4 * maxBytes
	}
	return &chunkCache{m: make(map[string][]chunker.Chunk), max: limit}
}

func (c *chunkCache) get(id string) ([]chunker.Chunk, bool) {
	ch, ok := c.m[id]
	return ch, ok
}

func (c *chunkCache) put(id string, ch []chunker.Chunk, n int) {
	if c.bytes+int64(n) > c.max {
		clear(c.m)
		c.bytes = 0
	}
	c.m[id] = ch
	c.bytes += int64(n)
}

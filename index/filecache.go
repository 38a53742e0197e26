package index

import "maps"

// fileCache is a handle's copy of the file rows at one generation, kept
// between reads. rows, handed to the callers of [DB.Files], is never
// modified; the rows this handle wrote since rows was read are in patch
// (a nil value: the row was deleted), so that a write costs what it
// wrote rather than a copy of every row, and lookups of a few rows
// ([DB.FilesAt], [DB.PendingFiles]) never need the whole set. The next
// Files folds the patch into a new map.
type fileCache struct {
	gen   int64
	rows  map[string]File
	patch map[string]*File
	// n and pending count the rows, and those pending embeddings, with
	// the patch applied.
	n, pending int
}

// newFileCache returns the cache of rows, read at generation gen.
func newFileCache(gen int64, rows map[string]File) *fileCache {
	c := &fileCache{gen: gen, rows: rows, n: len(rows)}
	for _, f := range rows {
		if f.Pending {
			c.pending++
		}
	}
	return c
}

// get returns the row of path.
func (c *fileCache) get(path string) (File, bool) {
	if f, ok := c.patch[path]; ok {
		if f == nil {
			return File{}, false
		}
		return *f, true
	}
	f, ok := c.rows[path]
	return f, ok
}

// apply brings c to the next generation after a write of paths, whose
// new rows are in written (a path absent from it was deleted).
func (c *fileCache) apply(written map[string]File, paths []string) {
	if c.patch == nil {
		c.patch = make(map[string]*File, len(paths))
	}
	for _, p := range paths {
		if old, ok := c.get(p); ok {
			c.n--
			if old.Pending {
				c.pending--
			}
		}
		f, ok := written[p]
		if !ok {
			c.patch[p] = nil
			continue
		}
		c.n++
		if f.Pending {
			c.pending++
		}
		c.patch[p] = &f
	}
	c.gen++
	if len(c.patch) > maxPatch+len(c.rows)/8 {
		c.fold()
	}
}

// maxPatch, with an eighth of the rows, bounds the rows a patch holds
// before a write folds it in: past it the lookups of a patch cost more
// than the copy.
const maxPatch = 64

// fold applies the patch to a copy of rows and returns it.
func (c *fileCache) fold() map[string]File {
	if len(c.patch) == 0 {
		return c.rows
	}
	rows := maps.Clone(c.rows)
	for p, f := range c.patch {
		if f == nil {
			delete(rows, p)
		} else {
			rows[p] = *f
		}
	}
	c.rows, c.patch = rows, nil
	return rows
}

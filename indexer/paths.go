package indexer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/workspace"
)

// errNeedScan makes SyncPaths fall back to a full sync.
var errNeedScan = errors.New("indexer: the paths need a full scan")

// SyncPaths brings the index up to date with the named paths, under the
// index lock (waiting at most lockTimeout), without scanning the rest of
// the workspace: the paths are absolute, those that file events named
// (see package watcher). A Markdown file is classified as [Engine.Diff]
// would (new, changed by its stat or the racy-timestamp rule, too large,
// unreadable, unchanged) and re-indexed when it is new or changed; a path
// with nothing at it loses its row and the rows below it; a folder loses
// the rows below it whose files are gone. A path that is a symbolic link
// makes it run [Engine.Sync] instead, which applies discovery's rules for
// links. The files the last full scan reached through a link, and the
// files with other names (hard links) it found or a path named, are
// looked at every time, named or not. With opts.Pending it also retries the files pending embeddings;
// opts.Force is not for it.
func (e *Engine) SyncPaths(ctx context.Context, paths []string, opts SyncOptions) (*Result, error) {
	start := time.Now()
	res := &Result{}
	var moot func() bool
	if opts.Refresh {
		named := slices.Clone(paths)
		moot = func() bool { return e.indexedAsIs(ctx, named) }
	}
	err := e.withLockUnless(ctx, opts.LockTimeout, moot, func() error {
		e.linkedMu.Lock()
		paths = slices.Concat(paths, e.linked, e.shared)
		e.linkedMu.Unlock()
		slices.Sort(paths)
		paths = slices.Compact(paths)
		rows, total, err := e.rowsFor(ctx, paths, opts.Pending)
		if err != nil {
			return err
		}
		d := &Diff{rows: rows}
		under := rowsBelow(rows)
		if opts.Pending {
			for p, row := range rows {
				if row.Pending && !slices.Contains(paths, AbsPath(e.opts.Root, p)) {
					paths = append(paths, AbsPath(e.opts.Root, p))
				}
			}
		}
		for _, abs := range paths {
			if err := e.classifyPath(abs, d, under); err != nil {
				return err
			}
		}
		slices.Sort(d.Deleted)
		d.Deleted = slices.Compact(d.Deleted)
		// Every file no event named is unchanged, as far as the watcher
		// can tell.
		res.FilesScanned = total - len(d.Deleted) + len(d.New)
		res.FilesSkipped = res.FilesScanned - len(d.New) - len(d.Changed) - len(d.Pending) - len(d.Unchanged) - len(d.TooLarge)
		res.Warnings = append(res.Warnings, d.Unreadable...)
		res.Warnings = append(res.Warnings, e.tooLargeOf(d)...)
		todo := slices.Concat(d.New, d.Changed)
		if opts.Pending {
			todo = append(todo, d.Pending...)
		} else {
			res.FilesSkipped += len(d.Pending)
		}
		res.FilesSkipped += len(d.Unchanged)
		return e.apply(ctx, todo, rows, d.Deleted, d.Retouch, opts, res)
	})
	switch {
	case errors.Is(err, errNeedScan):
		return e.Sync(ctx, opts)
	case errors.Is(err, errMoot):
		err = nil
	case err == nil:
		err = e.embedDeferred(ctx, res, opts)
	}
	res.Duration = time.Since(start)
	res.DurationMS = res.Duration.Milliseconds()
	slices.Sort(res.Indexed)
	return res, err
}

// indexedAsIs reports whether the index holds the files at paths
// (absolute) as they are now, with nothing a run would index, remove or
// warn about: [Engine.SyncPaths]'s classification, without the lock. The
// files the last full scan reached through links, or with other names,
// which SyncPaths looks at every time, count too. A path it cannot
// classify so (a new link, an error) reports false.
func (e *Engine) indexedAsIs(ctx context.Context, paths []string) bool {
	e.linkedMu.Lock()
	paths = slices.Concat(paths, e.linked, e.shared)
	e.linkedMu.Unlock()
	rows, _, err := e.rowsFor(ctx, paths, false)
	if err != nil {
		return false
	}
	d := &Diff{rows: rows}
	under := rowsBelow(rows)
	for _, abs := range paths {
		if err := e.classifyPath(abs, d, under); err != nil {
			return false
		}
	}
	return d.Stale() == 0 && len(d.Unreadable) == 0 && len(d.TooLarge) == 0
}

// rowsFor returns the index rows SyncPaths needs to bring the paths
// (absolute) up to date, and the number of rows in the index: the rows
// of the paths alone when each is a file, as after an edit, so that the
// run costs what changed; every row when one is a folder or gone (its
// rows below go too) or when all asks for them (to find the pending
// files).
func (e *Engine) rowsFor(ctx context.Context, paths []string, all bool) (map[string]index.File, int, error) {
	rel := make([]string, len(paths))
	for i, abs := range paths {
		if fi, err := os.Lstat(abs); err != nil || fi.IsDir() {
			all = true
		}
		rel[i] = e.relOf(abs)
	}
	if all {
		rows, err := e.db.Files(ctx)
		return rows, len(rows), err
	}
	rows, err := e.db.FilesAt(ctx, rel)
	if err != nil {
		return nil, 0, err
	}
	total, err := e.db.FileCount(ctx)
	return rows, total, err
}

// classifyPath adds what the path abs means for the index to d; under
// lists the row paths below a folder.
func (e *Engine) classifyPath(abs string, d *Diff, under func(rel string) []string) error {
	rel := e.relOf(abs)
	fi, err := os.Lstat(abs)
	switch {
	case gone(err):
		if _, ok := d.rows[rel]; ok {
			d.Deleted = append(d.Deleted, rel)
		}
		d.Deleted = append(d.Deleted, under(rel)...)
	case err != nil:
		d.Unreadable = append(d.Unreadable, Warning{Path: rel, Err: err})
	case fi.Mode()&fs.ModeSymlink != 0 && !e.isLinked(abs):
		return errNeedScan
	case fi.Mode()&fs.ModeSymlink != 0:
		// A link the last scan listed: stat its target.
		if fi, err = os.Stat(abs); err != nil || !fi.Mode().IsRegular() {
			return errNeedScan
		}
		f := workspace.File{Abs: abs, Rel: rel, Source: workspace.Source(rel), ViaLink: true}
		f.Size, f.MTime, f.CTime, f.Inode = workspace.StatOf(fi)
		e.classify(f, d)
	case fi.IsDir():
		if _, ok := d.rows[rel]; ok {
			// A file replaced by a folder of its name.
			d.Deleted = append(d.Deleted, rel)
		}
		for _, p := range under(rel) {
			if isGone(AbsPath(e.opts.Root, p)) {
				d.Deleted = append(d.Deleted, p)
			}
		}
	case !workspace.IsMarkdown(abs):
	case !fi.Mode().IsRegular():
		// Discovery lists regular files only.
		if _, ok := d.rows[rel]; ok {
			d.Deleted = append(d.Deleted, rel)
		}
		d.Unreadable = append(d.Unreadable, Warning{Path: rel, Err: fmt.Errorf("%w (%v)", ErrNotRegular, fi.Mode().Type())})
	default:
		f := workspace.File{Abs: abs, Rel: rel, Source: workspace.Source(rel), HardLinked: workspace.HardLinked(fi)}
		f.Size, f.MTime, f.CTime, f.Inode = workspace.StatOf(fi)
		if f.HardLinked {
			e.share(abs)
		}
		e.classify(f, d)
	}
	return nil
}

// share adds abs, a file with other names, to those [Engine.SyncPaths]
// looks at every time.
func (e *Engine) share(abs string) {
	e.linkedMu.Lock()
	defer e.linkedMu.Unlock()
	if !slices.Contains(e.shared, abs) {
		e.shared = append(e.shared, abs)
	}
}

// Linked reports whether the last full scan listed files through
// symbolic links, or files with other names (hard links), which
// [Engine.SyncPaths] looks at every time: a change to them may come
// without an event naming them.
func (e *Engine) Linked() bool {
	e.linkedMu.Lock()
	defer e.linkedMu.Unlock()
	return len(e.linked) > 0 || len(e.shared) > 0
}

// Replaced reports, once per replacement, whether another program
// deleted or replaced the index file since the last call
// ([index.DB.Replacements]): the index then lacks files that no watcher
// event names, and the next run must scan them all.
func (e *Engine) Replaced(ctx context.Context) bool {
	n := e.db.Replacements(ctx)
	return e.replaced.Swap(n) != n
}

// isLinked reports whether the last full scan listed abs through a link.
func (e *Engine) isLinked(abs string) bool {
	e.linkedMu.Lock()
	defer e.linkedMu.Unlock()
	return slices.Contains(e.linked, abs)
}

// relOf names the file at abs as its index row does: workspace-relative
// with '/' separators, or abs itself with '/' separators outside the
// root.
func (e *Engine) relOf(abs string) string {
	if r, err := filepath.Rel(e.opts.Root, abs); err == nil && filepath.IsLocal(r) {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(abs)
}

// rowsBelow returns a function listing the row paths below a folder,
// by binary search in the sorted paths (made on first use), so that many
// paths cost no more than one pass over the rows each.
func rowsBelow(rows map[string]index.File) func(rel string) []string {
	var sorted []string
	return func(rel string) []string {
		if sorted == nil {
			sorted = slices.Sorted(maps.Keys(rows))
		}
		prefix := rel + "/"
		i, _ := slices.BinarySearch(sorted, prefix)
		j := i
		for j < len(sorted) && strings.HasPrefix(sorted[j], prefix) {
			j++
		}
		return sorted[i:j]
	}
}

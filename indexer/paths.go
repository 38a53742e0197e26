package indexer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
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
// links.
func (e *Engine) SyncPaths(ctx context.Context, paths []string, lockTimeout time.Duration) (*Result, error) {
	start := time.Now()
	res := &Result{FilesScanned: len(paths)}
	err := e.WithLock(ctx, lockTimeout, func() error {
		rows, err := e.db.Files(ctx)
		if err != nil {
			return err
		}
		d := &Diff{rows: rows}
		for _, abs := range paths {
			if err := e.classifyPath(abs, d); err != nil {
				return err
			}
		}
		slices.Sort(d.Deleted)
		d.Deleted = slices.Compact(d.Deleted)
		res.Warnings = append(res.Warnings, d.Unreadable...)
		for _, f := range d.TooLarge {
			res.Warnings = append(res.Warnings, *e.tooLarge(f.Rel, f.Size))
		}
		res.FilesSkipped = len(d.Unchanged) + len(d.Pending)
		return e.apply(ctx, slices.Concat(d.New, d.Changed), rows, d.Deleted, d.Retouch, SyncOptions{}, res)
	})
	if errors.Is(err, errNeedScan) {
		return e.Sync(ctx, SyncOptions{LockTimeout: lockTimeout})
	}
	res.Duration = time.Since(start)
	slices.Sort(res.Indexed)
	return res, err
}

// classifyPath adds what the path abs means for the index to d.
func (e *Engine) classifyPath(abs string, d *Diff) error {
	rel := e.relOf(abs)
	fi, err := os.Lstat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		d.Deleted = append(d.Deleted, rowsUnder(d.rows, rel, true)...)
	case err != nil:
		d.Unreadable = append(d.Unreadable, Warning{Path: rel, Err: err})
	case fi.Mode()&fs.ModeSymlink != 0:
		return errNeedScan
	case fi.IsDir():
		for _, p := range rowsUnder(d.rows, rel, false) {
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
		d.Unreadable = append(d.Unreadable, Warning{Path: rel, Err: fmt.Errorf("not a regular file (%v)", fi.Mode().Type())})
	default:
		f := workspace.File{Abs: abs, Rel: rel, Source: workspace.Source(rel)}
		f.Size, f.MTime, f.CTime, f.Inode = workspace.StatOf(fi)
		e.classify(f, d)
	}
	return nil
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

// rowsUnder returns the row paths below the folder rel, and rel itself
// when self is set.
func rowsUnder(rows map[string]index.File, rel string, self bool) []string {
	var out []string
	for p := range rows {
		if (self && p == rel) || strings.HasPrefix(p, rel+"/") {
			out = append(out, p)
		}
	}
	return out
}

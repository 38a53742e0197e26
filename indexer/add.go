package indexer

import (
	"context"
	"fmt"
	"strings"

	"github.com/memweave/memweave-go/workspace"
)

// AddPaths indexes the named files now (see [Engine.Add], which opts
// tune). Relative paths resolve against the workspace root.
//
// Only Markdown files inside the workspace root or an extra path are
// accepted, never one in the index folder .memweave; a file under
// memory/ must not be a link out of it (except into an extra path), and
// only regular files are read: everything else is refused with an error
// naming the path and wrapping the rule's sentinel (see
// [workspace.Addable] and [workspace.OpenFile]). A FIFO is refused at
// once, never waited on. A missing file is an error wrapping
// [workspace.ErrNotFound]; a folder is refused.
//
// A file that discovery would not list (outside memory/ and the extra
// paths, or under a hidden name) is indexed with source "external" and
// External set, so later syncs keep it.
func (e *Engine) AddPaths(ctx context.Context, opts SyncOptions, paths ...string) (*Result, error) {
	discoverable, err := e.discoverable()
	if err != nil {
		return nil, fmt.Errorf("indexer: add: %w", err)
	}
	files := make([]workspace.File, 0, len(paths))
	for _, p := range paths {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		abs, rel, err := workspace.Addable(e.opts.Root, e.opts.ExtraPaths, p)
		if err != nil {
			return nil, fmt.Errorf("indexer: %w", err)
		}
		fh, fi, err := workspace.OpenIndexed(e.opts.Root, e.opts.ExtraPaths, rel)
		if err != nil {
			return nil, fmt.Errorf("indexer: add %s: %w", p, err)
		}
		fh.Close()
		f := workspace.File{Abs: abs, Rel: rel, Source: workspace.Source(rel), External: !discoverable(rel)}
		f.Size, f.MTime, f.CTime, f.Inode = e.statOf(fi)
		files = append(files, f)
	}
	return e.Add(ctx, files, opts)
}

// discoverable returns a function telling whether discovery lists a
// workspace-relative path. Files under memory/ need no walk to tell.
func (e *Engine) discoverable() (func(rel string) bool, error) {
	if extra, _ := e.extraPaths(); len(extra) > 0 {
		discovered, _, err := e.scanner.Discover(e.opts.Root, extra)
		if err != nil {
			return nil, err
		}
		known := make(map[string]bool, len(discovered))
		for _, f := range discovered {
			known[f.Rel] = true
		}
		return func(rel string) bool { return known[rel] }, nil
	}
	return func(rel string) bool {
		if !workspace.InMemory(rel) {
			return false
		}
		for _, part := range strings.Split(rel, "/") {
			if workspace.IsIgnoredName(part) {
				return false
			}
		}
		return true
	}, nil
}

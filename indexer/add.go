package indexer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/memweave/memweave-go/workspace"
)

// AddPaths indexes the named files now (see [Engine.Add]). Relative paths
// resolve against the workspace root. A file that discovery would not
// list (outside memory/ and the extra paths, or under a hidden name) is
// indexed with source "external" and External set, so later syncs keep
// it. A missing file is an error wrapping [workspace.ErrNotFound]; a
// folder is refused.
func (e *Engine) AddPaths(ctx context.Context, paths ...string) (*Result, error) {
	discoverable, err := e.discoverable()
	if err != nil {
		return nil, fmt.Errorf("indexer: add: %w", err)
	}
	files := make([]workspace.File, 0, len(paths))
	for _, p := range paths {
		abs, rel, err := workspace.Resolve(e.opts.Root, p)
		if err != nil {
			return nil, fmt.Errorf("add %s: %w", p, err)
		}
		fi, err := os.Stat(abs)
		switch {
		case errors.Is(err, os.ErrNotExist):
			return nil, fmt.Errorf("add %s: %w", p, workspace.ErrNotFound)
		case err != nil:
			return nil, fmt.Errorf("add %s: %w", p, err)
		case fi.IsDir():
			return nil, fmt.Errorf("add %s: is a folder; add files, or list it in ExtraPaths", p)
		}
		f := workspace.File{Abs: abs, Rel: rel, Source: workspace.Source(rel), External: !discoverable(rel)}
		f.Size, f.MTime, f.CTime, f.Inode = workspace.StatOf(fi)
		files = append(files, f)
	}
	return e.Add(ctx, files)
}

// discoverable returns a function telling whether discovery lists a
// workspace-relative path. Files under memory/ need no walk to tell.
func (e *Engine) discoverable() (func(rel string) bool, error) {
	if len(e.opts.ExtraPaths) > 0 {
		discovered, _, err := workspace.Discover(e.opts.Root, e.opts.ExtraPaths)
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

package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrNoWorkspace means a folder holds no memory/ folder, so it is not a
// workspace.
var ErrNoWorkspace = errors.New("not a memweave workspace")

// Check reports a workspace root that is missing, not a folder, or holds
// no memory/ folder (wrapping [ErrNoWorkspace], with a hint when root
// looks like a memory folder itself). With create, a missing memory/ is
// made instead, and created says so, unless root is a folder named
// memory that already holds notes or sits in a workspace: a workspace
// made there would put memory/, memweave.json and the index inside the
// memory it was meant to hold.
func Check(root string, create bool) (created bool, err error) {
	fi, err := os.Stat(root)
	if err != nil {
		return false, fmt.Errorf("open workspace %s: %w", root, err)
	} else if !fi.IsDir() {
		return false, fmt.Errorf("open workspace %s: not a folder", root)
	}
	mem := filepath.Join(root, MemoryDir)
	fi, err = os.Stat(mem)
	switch {
	case err == nil && fi.IsDir():
		return false, nil
	case err == nil:
		return false, fmt.Errorf("open workspace %s: memory is not a folder: %w", root, ErrNoWorkspace)
	case !errors.Is(err, fs.ErrNotExist):
		return false, fmt.Errorf("open workspace %s: %w", root, err)
	case create && filepath.Base(root) == MemoryDir && inWorkspace(root):
		return false, fmt.Errorf("create workspace %s: it looks like a workspace's memory folder: use its parent %s: %w",
			root, filepath.Dir(root), ErrNoWorkspace)
	case create:
		if err := os.MkdirAll(mem, 0o755); err != nil {
			return false, fmt.Errorf("create workspace %s: %w", root, err)
		}
		return true, nil
	case filepath.Base(root) == MemoryDir:
		return false, fmt.Errorf("open workspace %s: no memory/ folder in it; it looks like a memory folder itself: use its parent %s: %w",
			root, filepath.Dir(root), ErrNoWorkspace)
	}
	return false, fmt.Errorf("open workspace %s: no memory/ folder in it (create the workspace with memweave init, or name the folder that holds memory/): %w",
		root, ErrNoWorkspace)
}

// inWorkspace reports whether mem, a folder named memory, is a memory
// folder already: it holds a Markdown file, or its parent holds
// memweave.json or the index folder.
func inWorkspace(mem string) bool {
	parent := filepath.Dir(mem)
	for _, name := range []string{"memweave.json", IndexDir} {
		if _, err := os.Lstat(filepath.Join(parent, name)); err == nil {
			return true
		}
	}
	entries, err := os.ReadDir(mem)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if IsMarkdown(e.Name()) {
			return true
		}
	}
	return false
}

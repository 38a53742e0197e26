package gitsync

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"sync"

	"github.com/memweave/memweave-go/workspace"
)

// copyName matches a conflict copy's base name: stem, host, commit and
// extension.
var copyName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(.+)\.conflict-([A-Za-z0-9_-]+)-([0-9a-f]{8})(\.[^./]*)?$`)
})

// Conflicts lists the conflict copies under root's memory/ folder, each
// with the path of the file it is a version of, sorted by copy. A copy is
// a file: it stays, and stays listed, until someone merges it into its
// file and deletes it.
func Conflicts(root string) ([]Conflict, error) {
	var out []Conflict
	mem := filepath.Join(root, workspace.MemoryDir)
	err := filepath.WalkDir(mem, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == mem && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipDir
			}
			return nil // unreadable parts are the index's to report
		}
		if d.IsDir() {
			if p != mem && workspace.IsIgnoredName(d.Name()) {
				return fs.SkipDir
			}
			return nil
		}
		m := copyName().FindStringSubmatch(d.Name())
		if m == nil {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return nil
		}
		rel = filepath.ToSlash(rel)
		out = append(out, Conflict{Path: path.Join(path.Dir(rel), m[1]+m[4]), Copy: rel})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("gitsync: list conflicts: %w", err)
	}
	return out, nil
}

package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Sentinels of [Addable], wrapped in an *fs.PathError naming the path.
var (
	// ErrIndexFolder means a path lies in the index folder .memweave,
	// whose files (the database, the lock, the journal) are never indexed.
	ErrIndexFolder = errors.New("workspace: inside the index folder " + IndexDir)
	// ErrOutsideWorkspace means a path lies neither in the workspace root
	// nor in one of the extra paths.
	ErrOutsideWorkspace = errors.New("workspace: outside the workspace root and its extra paths")
)

// Addable checks a path a caller asks to index explicitly (the CLI's and
// the MCP server's add) and returns its absolute and workspace-relative
// names, as [Resolve] does. p is relative to root or absolute; extra are
// the configured extra paths. Addable refuses, with an *fs.PathError
// naming p:
//   - a missing file ([ErrNotFound]) and a folder;
//   - a name that is not Markdown, or a link to a file that is not
//     ([ErrNotMarkdown]);
//   - anything in the index folder .memweave ([ErrIndexFolder]);
//   - a file, or a link's target, outside both the workspace root and
//     the extra paths ([ErrOutsideWorkspace]).
//
// It does not open the file: the caller opens it with [OpenFile], which
// refuses what is not a regular file and links that leave memory/.
func Addable(root string, extra []string, p string) (abs, rel string, err error) {
	root, realRoot, err := openRoot(root)
	if err != nil {
		return "", "", err
	}
	abs, rel, inside, err := resolve(root, realRoot, p)
	if err != nil {
		return "", "", err
	}
	refuse := func(err error) (string, string, error) {
		return "", "", &fs.PathError{Op: "add", Path: p, Err: err}
	}
	fi, err := os.Stat(abs) // stat, unlike open, never blocks
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return refuse(ErrNotFound)
	case err != nil:
		return refuse(err)
	case fi.IsDir():
		return refuse(errors.New("workspace: is a folder; add files, or list it in the extra paths"))
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return refuse(err)
	}
	if !IsMarkdown(abs) || !IsMarkdown(real) {
		return refuse(ErrNotMarkdown)
	}
	indexDir := filepath.Join(realRoot, IndexDir)
	_, lexIndex := relWithin(filepath.Join(root, IndexDir), abs)
	if _, realIndex := relWithin(indexDir, real); lexIndex || realIndex {
		return refuse(ErrIndexFolder)
	}
	if _, ok := relWithin(realRoot, real); !ok && !inZones(real, extraZones(root, extra)) {
		return refuse(fmt.Errorf("%w (it resolves to %s)", ErrOutsideWorkspace, real))
	}
	if !inside && !inZones(real, extraZones(root, extra)) {
		return refuse(ErrOutsideWorkspace)
	}
	return abs, rel, nil
}

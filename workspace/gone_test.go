package workspace_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/workspace"
)

// TestMakeIndexDirKeepsAGoneWorkspaceGone: the folder of a long-lived
// process's workspace is renamed or deleted under it. Its next write took
// the write lock in <root>/.memweave, made with MkdirAll: the workspace
// came back, empty, at the old path, and the note went there, split from
// the notes the user moved. The index folder is made only inside an
// existing workspace; a gone one is an error naming it.
func TestMakeIndexDirKeepsAGoneWorkspaceGone(t *testing.T) {
	root := filepath.Join(t.TempDir(), "ws")
	if err := os.MkdirAll(filepath.Join(root, "memory"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(root, root+"-moved"); err != nil {
		t.Fatal(err)
	}
	if dir, err := workspace.MakeIndexDir(root); !errors.Is(err, workspace.ErrNoWorkspace) || errors.Is(err, fs.ErrNotExist) {
		t.Errorf("MakeIndexDir(%s) of a workspace renamed away = %s, %v; want ErrNoWorkspace, not a missing note's fs.ErrNotExist", root, dir, err)
	}
	if _, err := os.Stat(root); err == nil {
		t.Errorf("MakeIndexDir made the renamed workspace's folder %s again", root)
	}
	if _, err := workspace.MakeIndexDir(root + "-moved"); err != nil {
		t.Errorf("MakeIndexDir of the moved workspace: %v", err)
	}
}

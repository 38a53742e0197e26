package memfile_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// TestWriteRefusesANameWindowsCannotHold: an agent's "Q&A: deploy.md"
// was written, and synced: on Windows it is the stream " deploy.md" of
// the file "Q&A", Git for Windows refuses to check it out, and every
// Windows teammate's sync refused the remote's tree until someone
// renamed it (gitsync's badPath on Windows). So was "aux.md", a device
// there. A new note or folder whose name Windows cannot hold (one of
// <>:"|?*, or a device name whatever its extension) is now refused
// (ErrBadName) on every system, as a case twin is; one that exists (a
// clone brought it) can still be rewritten. Names that only look alike
// are written.
func TestWriteRefusesANameWindowsCannotHold(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/old:name.md": "# Old\n"})
	refused := []string{
		"notes/a:b.md", "aux.md", // tune
		// check
		"q?.md", "Con.md", "lpt1.txt.md", "com9.md", "x<y>.md", "p|q.md", "st*r.md", `quo"te.md`,
		"prn/x.md", "conin$.md", "aux .md", "meeting 10:30/x.md", "NUL.notes.md",
	}
	for _, p := range refused {
		_, err := memfile.Write(ctx, root, p, []byte("# Y\n"), memfile.WriteOptions{})
		if !errors.Is(err, workspace.ErrBadName) || !strings.Contains(err.Error(), "Windows") {
			t.Errorf("Write(%q) = %v, want ErrBadName saying Windows cannot hold the name", p, err)
		}
	}
	for _, p := range []string{"auxiliary.md", "console.md", "nullable.md", "com10.md", "lpt.md", "a.b.md", "x-y_z (1).md", "old:name.md"} {
		if _, err := memfile.Write(ctx, root, p, []byte("# Y\n"), memfile.WriteOptions{}); err != nil {
			t.Errorf("Write(%q) = %v, want it written", p, err)
		}
	}
	for _, p := range refused {
		top, _, _ := strings.Cut(p, "/")
		if _, err := os.Lstat(filepath.Join(root, "memory", top)); !os.IsNotExist(err) {
			t.Errorf("memory/%s exists after the refused Write(%q) (%v)", top, p, err)
		}
	}
}

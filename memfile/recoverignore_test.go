package memfile_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestRecoverMendsCutTempIgnore: a process killed (SIGKILL) right after
// it created the .gitignore of memory/.memweave-tmp, before it wrote
// it, left it empty: git status listed it, and sync, whose Recover did
// not mend it, committed it into the team's repository. Recover, which
// every open and sync run, now makes it whole; someone's own .gitignore
// there is left alone.
func TestRecoverMendsCutTempIgnore(t *testing.T) {
	whole := "# Temporary files of memweave writes; see memfile.TempDir.\n*\n"
	for _, left := range []string{"", "# Temporar", "*\n"} {
		root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n", "memory/" + memfile.TempDir + "/.gitignore": left})
		if err := memfile.Recover(context.Background(), root); err != nil {
			t.Fatal(err)
		}
		ignore, err := os.ReadFile(filepath.Join(root, "memory", memfile.TempDir, ".gitignore"))
		want := whole
		if left == "*\n" {
			want = left
		}
		if err != nil || string(ignore) != want {
			t.Errorf("left %q: after Recover, the .gitignore = %q (%v), want %q", left, ignore, err, want)
		}
	}
}

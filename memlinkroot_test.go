package memweave_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// TestMemoryLinkToTheWorkspaceItselfNeedsApproval: git keeps links, so a
// clone can bring memory/ as a link to "." (the workspace), to a hidden
// folder of it (.git) or to any other folder of it (docs/, by a route
// that stays inside). Being inside the workspace, it needed no
// approval: the workspace's own files (its README, its docs, files git
// ignores) were then indexed and served as memories, written and
// deleted as them. An extra path "docs" needs approval for that reason;
// so does such a link now.
func TestMemoryLinkToTheWorkspaceItselfNeedsApproval(t *testing.T) {
	isolateApprovals(t)
	ctx := context.Background()
	for _, target := range []string{".", "./", ".hidden", "sub/.hidden", "docs", "./src/../docs/sub"} {
		t.Run(target, func(t *testing.T) {
			root := t.TempDir()
			readme := filepath.Join(root, strings.TrimSuffix(target, "/"), "README.md")
			if err := os.MkdirAll(filepath.Dir(readme), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(readme, []byte("# Readme\n\nMEMROOT-12 is the project's readme\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(filepath.Join(root, "src"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, filepath.Join(root, "memory")); err != nil {
				t.Skipf("symlink: %v", err)
			}
			w, err := memweave.Open(ctx, memweave.Config{Workspace: root})
			if err == nil {
				mustIndex(t, w)
				n := len(mustSearch(t, w, "MEMROOT-12").Results)
				w.Close()
				t.Fatalf("Open of a workspace whose memory/ links to %q = nil error; %d results of the workspace's README", target, n)
			}
			if !errors.Is(err, memweave.ErrNotApproved) || !strings.Contains(err.Error(), filepath.Join(root, "memory")) {
				t.Errorf("Open error = %v, want ErrNotApproved naming the link", err)
			}
			if _, err := memweave.ApproveSettings(ctx, root); err != nil {
				t.Fatal(err)
			}
			w = open(t, root, memweave.Config{})
			mustIndex(t, w)
			if len(mustSearch(t, w, "MEMROOT-12").Results) == 0 {
				t.Error("the approved memory link's folder was not indexed")
			}
			w.Close()
		})
	}
}

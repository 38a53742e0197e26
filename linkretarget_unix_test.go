//go:build linux || darwin

package memweave_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestRetargetedLinkOutIsNotRead: a link in an extra folder that
// discovery follows (to a file elsewhere in the workspace) is pointed,
// while a long-lived Weave runs, at a file outside the workspace, as a
// git checkout or any other program may do. Discovery never follows such
// a link; the searches that look at the files the last scan listed
// through links must not either: the outside file's text is neither
// found nor readable.
func TestRetargetedLinkOutIsNotRead(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/base.md": "# Base\n\nbaseline note\n",
		"docs/x.md":      "# X\n\nalpha version\n",
		"notes/n.md":     "# N\n\nplain note\n",
	})
	secret := filepath.Join(t.TempDir(), "credentials")
	if err := os.WriteFile(secret, []byte("# Secret\n\naws_secret_access_key SECRETKEY-4242\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "notes", "x.md")
	if err := os.Symlink(filepath.Join(root, "docs", "x.md"), link); err != nil {
		t.Skip(err)
	}
	w := open(t, root, memweave.Config{ExtraPaths: []string{"notes"}})
	ctx := context.Background()
	for range 3 { // the second search starts the watcher
		if got := searchPaths(t, w, "alpha"); len(got) == 0 || got[0] != "notes/x.md" {
			t.Fatalf("Search(alpha) = %v, want notes/x.md", got)
		}
	}
	tmp := link + ".new"
	if err := os.Symlink(secret, tmp); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, link); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		resp, err := w.Search(ctx, "SECRETKEY-4242", memweave.SearchMode(memweave.ModeKeyword))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range resp.Results {
			if strings.Contains(r.Text, "SECRETKEY") {
				t.Fatalf("Search found the text of a file outside the workspace through a retargeted link: %s: %q", r.Path, r.Text)
			}
		}
	}
	if text, err := w.Get(ctx, "notes/x.md", 1, 0); strings.Contains(text, "SECRETKEY") {
		t.Errorf("Get(notes/x.md) = %q, %v; read the file outside the workspace", text, err)
	}
}

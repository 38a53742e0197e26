//go:build linux || darwin

package memweave_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSearchSeesEditThroughHardLink: a memory file with a second name
// outside memory/ (a hard link: a backup made with cp -al, a
// deduplicating tool, a notes app's vault) is rewritten in place through
// that name by another process. The kernel reports the change at that
// name, in a folder nobody watches; the next search of a long-lived
// Weave must still find the new text, for a link made before the Weave
// opened and for a file linked into memory/ while it runs. (A second
// name given to a memory file while the Weave runs gives no event in
// memory/: an edit through it is found after the next full scan.)
func TestSearchSeesEditThroughHardLink(t *testing.T) {
	for _, watch := range []bool{false, true} {
		t.Run(fmt.Sprintf("watch=%v", watch), func(t *testing.T) {
			root := memweavetest.Workspace(t, map[string]string{
				"memory/base.md": "# Base\n\nbaseline note\n",
				"memory/a.md":    "# A\n\ncode ALPHA-1\n",
			})
			if err := os.MkdirAll(filepath.Join(root, "outside"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Link(filepath.Join(root, "memory", "a.md"), filepath.Join(root, "outside", "a.md")); err != nil {
				t.Skip(err)
			}
			w := open(t, root, memweave.Config{})
			if watch {
				if err := w.Watch(context.Background(), memweave.Debounce(time.Hour)); err != nil {
					t.Fatal(err)
				}
			}
			for range 3 { // the second search starts the watcher on demand
				searchPaths(t, w, "baseline")
			}
			find := func(step, token, want string) {
				t.Helper()
				resp, err := w.Search(context.Background(), token, memweave.SearchMode(memweave.ModeKeyword))
				if err != nil {
					t.Fatal(err)
				}
				if len(resp.Results) == 0 || resp.Results[0].Path != want || !strings.Contains(resp.Results[0].Text, token) {
					t.Errorf("%s: Search(%s) = %+v (warnings %v), want %s", step, token, resp.Results, resp.Warnings, want)
				}
			}
			for i := range 3 {
				token := fmt.Sprintf("ALPHA-%d0", i+2)
				editInProcess(t, root, "", "outside/a.md", "# A\n\ncode "+token+"\n")
				find("edit through a link made before Open", token, "memory/a.md")
			}
			// A file linked into memory/ while the Weave runs: the event of
			// its new name tells it has another.
			memweavetest.WriteFile(t, root, "outside/c.md", "# C\n\ncode CHARLIE-1\n")
			if err := os.Link(filepath.Join(root, "outside", "c.md"), filepath.Join(root, "memory", "c.md")); err != nil {
				t.Fatal(err)
			}
			find("a link made into memory/ while the Weave runs", "CHARLIE-1", "memory/c.md")
			editInProcess(t, root, "", "outside/c.md", "# C\n\ncode CHARLIE-20\n")
			find("an edit through the other name of a file linked in while the Weave runs", "CHARLIE-20", "memory/c.md")
		})
	}
}

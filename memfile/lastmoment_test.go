package memfile_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestEditKeepsSaveAfterItsCheck: an editor's save landing after the
// edit compared the file with what it read (an editor that does not take
// the lock may save at any moment) used to be replaced by the edit's new
// content, made from the file before the save: the save was lost (a
// real editor process saving in a loop lost 0 to 4 of 3,000 saves to
// some 25 edits). The file is now moved aside, the new content linked in
// where no file is, and the file aside compared: a save at any moment
// stays. The editor saves by rename (most editors) or by writing the
// file in place.
func TestEditKeepsSaveAfterItsCheck(t *testing.T) {
	const save = "# A\neditor save\n"
	for _, how := range []string{"rename", "in place"} {
		for _, optimistic := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s optimistic=%v", how, optimistic), func(t *testing.T) {
				root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n"})
				abs := filepath.Join(root, "memory", "a.md")
				saved := false
				ctx := edithook.WithChecked(context.Background(), func(string) {
					if saved {
						return
					}
					saved = true
					if how == "rename" {
						tmp := abs + ".swp"
						if err := os.WriteFile(tmp, []byte(save), 0o644); err != nil {
							t.Fatal(err)
						}
						if err := os.Rename(tmp, abs); err != nil {
							t.Fatal(err)
						}
						return
					}
					if err := os.WriteFile(abs, []byte(save), 0o644); err != nil {
						t.Fatal(err)
					}
				})
				_, err := memfile.EditWith(ctx, root, "memory/a.md", memfile.EditOptions{Optimistic: optimistic}, addMark)
				if !saved {
					t.Fatal("the hook never ran")
				}
				// The save lands after the new content is in place: it
				// replaces it, as any save of an editor that does not
				// take the lock may. Before, the new content, made from
				// the file before the save, replaced the save.
				got, _ := os.ReadFile(abs)
				if string(got) != save && string(got) != save+"mark\n" {
					t.Errorf("EditWith = %v; the file is %q, want the editor's save %q (the mark redone on it or not)", err, got, save)
				}
				if left, _ := os.ReadDir(filepath.Join(root, "memory", memfile.TempDir)); len(left) > 1 {
					t.Errorf("left in %s: %v", memfile.TempDir, left)
				}
			})
		}
	}
}

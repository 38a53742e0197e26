package memweave_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateFormOnlyGroupEditedSinceTheListing: a form-only group
// ("**" in one note, "__" in the other) whose note is edited after the
// listing, even in form alone (still one text), is skipped by apply:
// the group's id names content hashes, and apply lists again under the
// lock, so both notes stay as they are on disk.
func TestConsolidateFormOnlyGroupEditedSinceTheListing(t *testing.T) {
	const line = "The catalog needs %s tags, the owner team, the cost center and the data classification for every new service repository we run.\n"
	for _, edit := range []string{"memory/2026-11-03.md", "memory/2026-11-05.md"} {
		t.Run(edit, func(t *testing.T) {
			root, w := openIndexed(t, map[string]string{
				"memory/2026-11-03.md": strings.Replace(line, "%s", "**hb**", 1),
				"memory/2026-11-05.md": strings.Replace(line, "%s", "__hb__", 1),
			}, memweave.Config{})
			gs := listGroups(t, w)
			if len(gs) != 1 {
				t.Fatalf("groups = %+v, want the form-only pair grouped", gs)
			}
			edited := strings.Replace(line, "%s", "<b>hb</b>", 1)
			if err := os.WriteFile(filepath.Join(root, edit), []byte(edited), 0o644); err != nil {
				t.Fatal(err)
			}
			res := applyGroups(t, w, gs)
			if len(res.Applied) != 0 || len(res.Skipped) != 1 || len(res.Deleted) != 0 {
				t.Errorf("apply after %s was edited = %+v, want the group skipped", edit, res)
			}
			if files := memoryFiles(t, root); len(files) != 2 {
				t.Errorf("memory/ = %q, want both notes", files)
			}
			if got := memweavetest.ReadFile(t, root, edit); got != edited {
				t.Errorf("%s = %q, want the edit kept", edit, got)
			}
		})
	}
}

package memweave_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go"
)

// A paragraph that reads the same in two notes named for two subjects
// (staging.md and production.md, or staging/db.md and production/db.md)
// states two facts: it is never a group, so applying every listed group
// keeps both. A title that names the subject carries it: the sections
// of staging.md copied into a dated log titled "Staging" are one fact
// each, and applying their groups empties one of the two notes.
func TestConsolidateNoteNameAsSubject(t *testing.T) {
	t.Parallel()
	const para = "Database: Postgres 16, pool size 20, and the replicas read from the hot standby in the second zone.\n"
	const titled = "# Staging\n\nThe staging cluster is rebuilt every week from the latest snapshot, and experiments must be saved first.\n\n## Database\n\n" + para
	for _, c := range []struct {
		name       string
		files      map[string]string
		wantGroups int
	}{
		{"untitled notes", map[string]string{"memory/staging.md": para, "memory/production.md": para}, 0},
		{"folders, titled alike", map[string]string{"memory/staging/db.md": "# Database\n\n" + para, "memory/production/db.md": "# Database\n\n" + para}, 0},
		{"deeper folders", map[string]string{"memory/clients/acme/infra/db.md": para, "memory/clients/globex/infra/db.md": para}, 0},
		{"a log's title names it", map[string]string{"memory/staging.md": titled, "memory/2026-11-20.md": titled}, 2},
		{"dated logs", map[string]string{"memory/2026-11-01.md": para, "memory/2026-11-20.md": para}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			root, w := openIndexed(t, c.files, memweave.Config{})
			gs := listGroups(t, w)
			if len(gs) != c.wantGroups {
				t.Fatalf("Consolidate = %d groups %+v, want %d", len(gs), gs, c.wantGroups)
			}
			if len(gs) > 0 {
				applyGroups(t, w, gs)
			}
			kept := 0
			for rel, want := range c.files {
				if got, err := os.ReadFile(filepath.Join(root, rel)); err == nil && string(got) == want {
					kept++
				}
			}
			if want := len(c.files) - min(c.wantGroups, 1); kept != want {
				t.Errorf("%d of %d notes unchanged after applying %d groups, want %d", kept, len(c.files), len(gs), want)
			}
		})
	}
}

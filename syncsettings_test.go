package memweave_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSyncedExtraPathsReadNothingUnshared: a teammate's memweave.json,
// brought by a sync, named extra paths inside the workspace but outside
// memory/ ("private", "."), which needed no approval: this machine's
// notes that git ignores there (never shared, a private folder of keys,
// say) were indexed, found by search and served to agents. An extra
// path outside memory/ from the settings file needs this machine's
// approval, as one outside the workspace does; once approved, it is
// indexed.
func TestSyncedExtraPathsReadNothingUnshared(t *testing.T) {
	isolateApprovals(t)
	ctx := context.Background()
	dir, bare, seed := seededRemote(t, map[string]string{"memory/db.md": "# DB\n\nPostgres 16.\n", ".gitignore": "private/\n"})
	here := filepath.Join(dir, "here")
	gitRun(t, dir, "clone", "-q", bare, here)
	memweavetest.WriteFile(t, here, "private/keys.md", "# Keys\n\nPELICAN-7731 prod billing key\n")
	writeSettingsJSON(t, seed, map[string]any{"extra_paths": []string{"private", "."}})
	gitRun(t, seed, "add", "-A")
	gitRun(t, seed, "commit", "-qm", "settings")
	gitRun(t, seed, "push", "-q", bare, "main")

	w := open(t, here, memweave.Config{NoSyncOnSearch: true})
	if _, err := w.Sync(ctx, memweave.SyncAuthor("here <h@h>")); err != nil {
		t.Fatal(err)
	}
	w.Close()
	w = open(t, here, memweave.Config{})
	mustIndex(t, w)
	if resp := mustSearch(t, w, "PELICAN-7731 billing key"); len(resp.Results) > 0 {
		t.Errorf("Search found %s: a synced extra path read a note git ignores, unapproved", resp.Results[0].Path)
	}
	if ig := w.Ignored(); len(ig) != 2 {
		t.Errorf("Ignored() = %+v, want the two extra paths", ig)
	}
	w.Close()

	if _, err := memweave.ApproveSettings(ctx, here); err != nil {
		t.Fatal(err)
	}
	w = open(t, here, memweave.Config{})
	defer w.Close()
	mustIndex(t, w)
	if resp := mustSearch(t, w, "PELICAN-7731 billing key"); len(resp.Results) == 0 {
		t.Errorf("after approval, Search found nothing in the extra path")
	}
}

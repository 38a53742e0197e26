package gitsync_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSyncRemovesItsMarkersLeftovers: a sync killed while it wrote its
// checkout marker (between the temporary file's creation and its rename)
// left .memweave/.memweave-write-sync-checkout-N.tmp, and no later sync
// removed it: one more file in .memweave for every such kill (found
// killing syncs at random). The sync that writes the marker next, under
// the sync lock that every writer of the marker holds, removes them.
func TestSyncRemovesItsMarkersLeftovers(t *testing.T) {
	t.Parallel()
	_, a, b := syncedPair(t, "a", "b")
	write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17.\n")
	sync(t, a, "a")

	left := filepath.Join(b, ".memweave", ".memweave-write-sync-checkout-4242.tmp")
	if err := os.WriteFile(left, []byte("0123"), 0o644); err != nil {
		t.Fatal(err)
	}
	sync(t, b, "b") // checks out a's commit: writes the marker
	if got := read(t, b, "memory/notes/db.md"); got != "# DB\n\nPostgres 17.\n" {
		t.Fatalf("b: db.md = %q, want a's version", got)
	}
	if _, err := os.Lstat(left); err == nil {
		t.Errorf("the killed sync's %s is still there after a sync that wrote the checkout marker", filepath.Base(left))
	}
}

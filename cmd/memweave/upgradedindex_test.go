package main

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
)

// An index made by a memweave that recorded no memory folder (every
// release before the record, 2026-12-05) is opened by this one: its rows
// are dropped and the notes indexed again, as for a copied index, but
// the first command told the user the index "was made for another
// memory folder (copied or cloned with the workspace)", a copy that
// never happened, on every upgrade. It now says the index records no
// memory folder (an earlier memweave's, or copied in), and no more.
func TestUpgradedIndexIsNotCalledCopied(t *testing.T) {
	ws := indexedWorkspace(t, map[string]string{"memory/deploy.md": "# Deploy\n\nWe deploy with make release.\n"})
	path := filepath.Join(ws, ".memweave", "index.db")
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`DELETE FROM meta WHERE key = 'memory_folder'`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	out := mustRunCLI(t, "-w", ws, "search", "deploy")
	if strings.Contains(out.stderr, "another memory folder") || strings.Contains(out.stderr, "copied or cloned") ||
		!strings.Contains(out.stderr, "records no memory folder (an earlier memweave's index, or one copied in): its 1 file is indexed again") ||
		!strings.Contains(out.stderr, path) {
		t.Errorf("stderr of the first command on an earlier memweave's index = %q, want it named as recording no memory folder, not as another folder's", out.stderr)
	}
	if out := mustRunCLI(t, "-w", ws, "search", "deploy"); out.stderr != "" {
		t.Errorf("stderr of the second command = %q, want nothing", out.stderr)
	}
}

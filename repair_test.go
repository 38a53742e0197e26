package memweave_test

import (
	"database/sql"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// TestCheckRepairDropsForeignTrigger gives the index a chunk without a
// file row and a trigger that puts it back whenever it is deleted. The
// index file is untrusted: Check reports the trigger, which memweave
// never makes, and Check with Repair drops it, so the chunk's repair
// holds, and Repaired lists both.
func TestCheckRepairDropsForeignTrigger(t *testing.T) {
	root, w := openIndexed(t, sample, memweave.Config{})
	sdb, err := sql.Open("sqlite3", filepath.Join(root, ".memweave", "index.db"))
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		`INSERT INTO chunks (id, uid, path, source, seq, start_line, end_line, headings, prefix, hash, text, embedded)
			VALUES (987654321, 1, 'memory/ghost.md', 'memory', 0, 1, 1, '', '', x'00', 'a ghost chunk', 0)`,
		`CREATE TRIGGER keep_ghost AFTER DELETE ON chunks WHEN old.path = 'memory/ghost.md' BEGIN
			INSERT INTO chunks (id, uid, path, source, seq, start_line, end_line, headings, prefix, hash, text, embedded)
			VALUES (old.id, old.uid, old.path, old.source, old.seq, old.start_line, old.end_line, old.headings, old.prefix, old.hash, old.text, old.embedded);
		END`,
	} {
		if _, err := sdb.Exec(stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	sdb.Close()

	before := mustCheck(t, w, false)
	if !slices.Contains(before.Problems(), "schema: trigger keep_ghost is not memweave's") {
		t.Fatalf("Check before the repair = %q, want the foreign trigger", before.Problems())
	}
	after := mustCheck(t, w, true)
	if !after.OK() {
		t.Errorf("Check(Repair) problems after = %q, want none", after.Problems())
	}
	repaired := strings.Join(after.Repaired, "\n")
	if !strings.Contains(repaired, "keep_ghost") || !strings.Contains(repaired, "without a file row") {
		t.Errorf("Check(Repair) repaired %q, want the trigger and the orphan chunk", after.Repaired)
	}
}

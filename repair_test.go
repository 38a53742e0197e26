package memweave_test

import (
	"database/sql"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestCheckRepairClaimsOnlyRepairsThatHold gives the index a problem a
// repair cannot fix: a chunk without a file row that a trigger puts back
// whenever it is deleted. Check with Repair must not list that repair in
// Repaired, and the fresh report must still show the problem.
func TestCheckRepairClaimsOnlyRepairsThatHold(t *testing.T) {
	root := memweavetest.Workspace(t, sample)
	w := open(t, root, memweave.Config{})
	mustIndex(t, w)
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
	if !slices.Contains(before.Problems(), "1 chunks without a file row") {
		t.Fatalf("Check before the repair = %q, want the orphan chunk", before.Problems())
	}
	after := mustCheck(t, w, true)
	for _, r := range after.Repaired {
		if strings.Contains(r, "without a file row") {
			t.Errorf("Check(Repair) claims %q, but the chunk is back: problems after = %q", r, after.Problems())
		}
	}
	if !slices.Contains(after.Problems(), "1 chunks without a file row") {
		t.Errorf("Check(Repair) problems after = %q, want the orphan chunk still reported", after.Problems())
	}
}

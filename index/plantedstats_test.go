package index

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlantedStatisticsAreDropped: memweave never runs ANALYZE, but an
// index a repository brings can hold a sqlite_stat1 table, which SQLite's
// planner trusts: statistics claiming each path holds a billion chunks
// turned every lookup by path into a scan of the whole table (a search
// of 3,000 notes took 1.3 s of CPU, 0.03 s without them; `index` after
// a clone 2.7 s against 0.5 s, growing with the square of the notes).
// Open drops sqlite_stat1 and sqlite_stat4 before anything is planned.
func TestPlantedStatisticsAreDropped(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index.db")
	vectorIndex(t, path, 10, 4, 7)
	raw := openRaw(t, path)
	for _, s := range []string{
		`ANALYZE`,
		`DELETE FROM sqlite_stat1`,
		`INSERT INTO sqlite_stat1 VALUES ('chunks', 'chunks_path', '1000000000 1000000000 1000000000'),
			('chunks', NULL, '1'), ('files', NULL, '1'), ('files', 'sqlite_autoindex_files_1', '1000000000 1000000000')`,
	} {
		if _, err := raw.ExecContext(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	raw.Close()
	db, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer db.Close()
	var n int
	if err := db.SQL().QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE name LIKE 'sqlite\_stat%' ESCAPE '\'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("after Open, %d statistics tables (%v), want none", n, err)
	}
	for _, q := range []string{`DELETE FROM chunks WHERE path = 'memory/a.md'`, `SELECT hash FROM files WHERE path = 'memory/a.md'`} {
		var plan []string
		rows, err := db.SQL().QueryContext(ctx, `EXPLAIN QUERY PLAN `+q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		if p := strings.Join(plan, "; "); !strings.Contains(p, "USING") {
			t.Errorf("plan of %s = %q, want a search by index, not a scan", q, p)
		}
	}
}

package index

import (
	"context"
	"strings"
	"syscall"
	"testing"
)

// TestCheckReadOnly: on an index opened read-only (its file system full
// or read-only), Check failed whole ("keyword index check: the index was
// opened read-only"): FTS5's integrity-check is an INSERT. It now skips
// that check alone, saying so in the report, and runs every check that
// needs no write: a sound index is found sound, a damaged one damaged.
func TestCheckReadOnly(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		plant string // SQL run on the index before it is opened read-only
		want  func(*Report) bool
	}{
		{"sound", "", func(r *Report) bool { return r.OK() && r.Chunks == 10 && r.FTSRows == 10 && r.Vectors == 10 }},
		{"vector gone", `DELETE FROM vectors WHERE id = (SELECT min(id) FROM chunks)`, func(r *Report) bool { return r.ChunksWithoutVector == 1 && !r.OK() }},
		{"file row gone", `DELETE FROM files`, func(r *Report) bool { return r.OrphanChunks == 10 && !r.OK() }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := t.TempDir() + "/index.db"
			vectorIndex(t, path, 10, 4, 7)
			raw := openRaw(t, path)
			for _, s := range []string{tc.plant, `PRAGMA wal_checkpoint(TRUNCATE)`} {
				if _, err := raw.ExecContext(ctx, s); s != "" && err != nil {
					t.Fatalf("%s: %v", s, err)
				}
			}
			raw.Close()
			db, err := openReadOnly(ctx, &DB{path: path, oneShot: true}, &readOnly{cause: syscall.EROFS, driver: driverName})
			if err != nil {
				t.Fatal(err)
			}
			defer db.SQL().Close()
			r, err := db.Check(ctx)
			if err != nil {
				t.Fatalf("Check of a read-only index = %v, want the checks that need no write", err)
			}
			if !tc.want(r) {
				t.Errorf("Check of a read-only index = %+v, problems %q", r, r.Problems())
			}
			if !strings.Contains(r.FTSSkipped, "read-only") || !strings.Contains(r.FTSSkipped, "read-only file system") {
				t.Errorf("Check of a read-only index: FTSSkipped = %q, want why the keyword index's own check was skipped", r.FTSSkipped)
			}
		})
	}
}

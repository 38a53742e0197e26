package index

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestHugeMetaIsNotRead: meta is read at every open and by every
// search (the marker, the identity, the memory folder, the generation,
// the dimensions). A value planted as 300 MB of zeros (a few hundred
// kilobytes in git, which a clone checks out) was read whole by each
// of those queries: 'memweave search' of a one-note workspace with such
// an identity grew past 10 GB and ran for minutes; with such a marker,
// 0.95 GB. A meta of more rows than memweave writes, or holding a value
// larger than any it writes, is now refused at open, naming meta and
// the key, as a planted meta view is, without reading the value; check
// --repair rebuilds it from the files. A marker of that size is no
// memweave marker (ErrForeign: a file of another program, which no
// repair may replace), also left unread.
func TestHugeMetaIsNotRead(t *testing.T) {
	const size = 16 << 20
	for _, tc := range []struct {
		name, plant, want string
		is                error
	}{
		{"identity blob", `INSERT OR REPLACE INTO meta VALUES ('identity', zeroblob(16777216))`, "identity", ErrCorrupt},
		{"marker text", `UPDATE meta SET value = 'memweave' || CAST(zeroblob(16777216) AS TEXT) WHERE key = 'application'`, "marker", ErrForeign},
		{"generation", `UPDATE meta SET value = CAST(zeroblob(16777216) AS TEXT) WHERE key = 'generation'`, "generation", ErrCorrupt},
		{"many rows", `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) INSERT INTO meta SELECT 'k' || x, 'v' FROM c`, "rows", ErrCorrupt},
		// SQLite's full-text index reads every row of its config table
		// whenever a process first uses it: 330 MB on every search,
		// and check --repair found nothing wrong.
		{"fts config", `INSERT INTO chunks_fts_config VALUES ('zzz', zeroblob(16777216))`, "chunks_fts_config", ErrCorrupt},
		{"fts config rows", `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) INSERT INTO chunks_fts_config SELECT 'k' || x, 'v' FROM c`, "chunks_fts_config", ErrCorrupt},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := plantInNewIndex(t, tc.plant)
			octx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			db, err := Open(octx, path, Options{})
			runtime.ReadMemStats(&after)
			if err == nil {
				db.Close()
			}
			if !errors.Is(err, tc.is) || !strings.Contains(err.Error(), "meta") && tc.is == ErrCorrupt && !strings.Contains(tc.name, "fts") || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("Open(meta with %s) = %v; want %v naming meta, %q and the file", tc.name, err, tc.is, tc.want)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > size/8 {
				t.Errorf("Open(meta with %s) allocated %d bytes; want the value left unread", tc.name, alloc)
			}
		})
	}
}

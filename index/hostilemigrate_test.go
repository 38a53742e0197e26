package index

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestOldIndexWithForeignObjectsIsNotMigrated plants, in an index at an
// old schema version, objects memweave never makes that its migrations
// would run: a trigger on the rows migration 5 updates, a view named as
// the table migration 6 reads. Open used to run the migrations before
// comparing the schema: the trigger ran (it could write anything, or loop
// for ever: each command then hung in Open, check --repair and index
// --rebuild too, since both open the file first). Now Open refuses such a
// file before any step, with [ErrCorrupt] naming the object and the file,
// leaving it as it was, so that a rebuild replaces it.
func TestOldIndexWithForeignObjectsIsNotMigrated(t *testing.T) {
	for _, tc := range []struct {
		name, plant, object string
	}{
		{"trigger", `CREATE TRIGGER evil AFTER UPDATE ON files BEGIN
			INSERT INTO embed_cache (identity, hash, vector, used) VALUES ('planted', x'01', x'00', 0); END`, "evil"},
		{"trigger named as SQLite's", `PRAGMA writable_schema = ON; INSERT INTO sqlite_master VALUES ('trigger', 'sqlite_evil', 'files', 0,
			'CREATE TRIGGER sqlite_evil AFTER UPDATE ON files BEGIN INSERT INTO embed_cache (identity, hash, vector, used) VALUES (''planted'', x''01'', x''00'', 0); END'); PRAGMA writable_schema = OFF`, "sqlite_evil"},
		{"foreign index", `CREATE INDEX evil ON files (length(hex(zeroblob(1000)) || path))`, "evil"},
		{"check constraint", `PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, 'chunks   INTEGER NOT NULL DEFAULT 0',
			'chunks INTEGER NOT NULL DEFAULT 0 CHECK (length(hex(zeroblob(1000))) > 0)') WHERE name = 'files'; PRAGMA writable_schema = OFF`, "files"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			path := filepath.Join(t.TempDir(), "old.db")
			sdb := openRaw(t, path)
			if err := migrate(ctx, sdb, migrations[:4]); err != nil {
				t.Fatalf("migrate to version 4: %v", err)
			}
			for _, q := range []string{
				`INSERT INTO files (path, source, hash, mtime, size, indexed_at) VALUES ('memory/a.md', 'memory', 'h', 10, 5, 2000000000)`,
				tc.plant,
			} {
				if _, err := sdb.Exec(q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			sdb.Close()

			octx, cancel := context.WithTimeout(ctx, 30*time.Second)
			defer cancel()
			db, err := Open(octx, path, Options{})
			if err == nil {
				db.Close()
			}
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), tc.object) || !strings.Contains(err.Error(), path) {
				t.Errorf("Open(version 4 holding %s) = %v; want ErrCorrupt naming %s and the file", tc.name, err, tc.object)
			}
			raw := openRaw(t, path)
			if v := userVersion(t, raw); v != 4 {
				t.Errorf("user_version after Open = %d, want 4 (no migration run)", v)
			}
			var planted int
			if err := raw.QueryRow(`SELECT count(*) FROM embed_cache WHERE identity = 'planted'`).Scan(&planted); err != nil || planted != 0 {
				t.Errorf("rows the trigger wrote = %d (%v), want 0", planted, err)
			}
		})
	}
}

// TestOldIndexOfMemweaveIsMigrated keeps the check of
// [TestOldIndexWithForeignObjectsIsNotMigrated] from refusing what
// memweave itself made: an index at each old version, with a row in
// every table, opens and migrates.
func TestOldIndexOfMemweaveIsMigrated(t *testing.T) {
	for v := 1; v < len(migrations); v++ {
		ctx := context.Background()
		path := filepath.Join(t.TempDir(), "old.db")
		autoOnce.Do(registerExtensions)
		sdb, err := sql.Open(driverName, fileURI(path, url.Values{"_txlock": {"immediate"}}))
		if err != nil {
			t.Fatal(err)
		}
		if err := migrate(ctx, sdb, migrations[:v]); err != nil {
			t.Fatalf("migrate to version %d: %v", v, err)
		}
		for _, q := range []string{
			`INSERT INTO files (path, source, hash, mtime, size) VALUES ('memory/a.md', 'memory', 'h', 10, 5)`,
			`INSERT INTO chunks (uid, path, source, seq, start_line, end_line, headings, prefix, hash, text, embedded)
				VALUES (1, 'memory/a.md', 'memory', 0, 1, 1, '', '', x'01', 'live', 0)`,
			`INSERT INTO embed_cache (identity, hash, vector, used) VALUES ('hash/x/3', x'02', x'00', 0)`,
		} {
			if _, err := sdb.Exec(q); err != nil {
				t.Fatalf("version %d: %s: %v", v, q, err)
			}
		}
		sdb.Close()
		db, err := Open(ctx, path, Options{})
		if err != nil {
			t.Errorf("Open(version %d) = %v", v, err)
			continue
		}
		db.Close()
	}
}

// TestOldVectorTableNamePlantedIsNotRead plants, in an index at the
// current version, a view named as the vector table of old indexes,
// which every Open converts before it compares the schema, and a trigger
// on the table the conversion writes: the view could yield rows without
// end (memory without bound at every Open), and the trigger ran.
func TestOldVectorTableNamePlantedIsNotRead(t *testing.T) {
	ctx := context.Background()
	path := plantInNewIndex(t,
		`INSERT OR REPLACE INTO meta (key, value) VALUES ('dims', '1')`,
		`CREATE VIEW chunks_vec AS SELECT 7 AS rowid, x'0000803f' AS embedding`,
		`CREATE TRIGGER evil AFTER INSERT ON vectors BEGIN
			INSERT INTO embed_cache (identity, hash, vector, used) VALUES ('planted', x'01', x'00', 0); END`)
	db, err := Open(ctx, path, Options{})
	if err == nil {
		db.Close()
	}
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "chunks_vec") || !strings.Contains(err.Error(), path) {
		t.Errorf("Open(holding a view chunks_vec) = %v; want ErrCorrupt naming chunks_vec and the file", err)
	}
	raw := openRaw(t, path)
	var planted int
	if err := raw.QueryRow(`SELECT count(*) FROM embed_cache WHERE identity = 'planted'`).Scan(&planted); err != nil || planted != 0 {
		t.Errorf("rows the trigger wrote = %d (%v), want 0", planted, err)
	}
}

// TestPlantedMetaViewIsNotRead replaces, in an index at the current
// version, the meta table with a view that never ends, or a virtual
// table: Open reads memweave's marker from meta before it compares the
// schema, so every command, check --repair and index --rebuild too,
// hung in Open. Now Open refuses it at once with [ErrCorrupt] naming
// meta, which check --repair rebuilds.
func TestPlantedMetaViewIsNotRead(t *testing.T) {
	for _, tc := range []struct{ name, plant string }{
		{"view", `DROP TABLE meta; CREATE VIEW meta AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)
			SELECT 'application' AS key, 'memweave' AS value FROM (SELECT count(*) FROM c)`},
		{"view in upper case", `DROP TABLE meta; CREATE VIEW "META" AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)
			SELECT 'application' AS key, 'memweave' AS value FROM (SELECT count(*) FROM c)`},
		{"virtual table", `DROP TABLE meta; CREATE VIRTUAL TABLE meta USING fts5 (key, value); INSERT INTO meta VALUES ('application', 'memweave')`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := plantInNewIndex(t, tc.plant)
			octx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			start := time.Now()
			db, err := Open(octx, path, Options{})
			if err == nil {
				db.Close()
			}
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(strings.ToLower(err.Error()), "meta") || !strings.Contains(err.Error(), path) {
				t.Errorf("Open(meta a %s) = %v after %v; want ErrCorrupt naming meta and the file, at once", tc.name, err, time.Since(start).Round(time.Millisecond))
			}
		})
	}
}

// plantInNewIndex creates an index at the current version and runs the
// statements planted in it, without Open, and returns its path.
func plantInNewIndex(tb testing.TB, planted ...string) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "index.db")
	db, err := Open(context.Background(), path, Options{})
	if err != nil {
		tb.Fatal(err)
	}
	db.Close()
	raw := openRaw(tb, path)
	defer raw.Close()
	for _, q := range planted {
		if _, err := raw.Exec(q); err != nil {
			tb.Fatalf("%s: %v", q, err)
		}
	}
	return path
}

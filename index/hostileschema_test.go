package index

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostileSchemaExpressions plants, in a valid index, schema objects
// whose expressions memweave's own writes would evaluate, or that act on
// them, the way a copied or crafted file could: an index on
// length(hex(zeroblob(3e8) || text)) took 16 s and 1.2 GB a chunk and
// passed Check, and a trigger named like SQLite's own (sqlite_..., by
// writable_schema) deleted the chunks of notes holding a word, which
// Repair could not mend. An index or trigger memweave never makes (or one
// of its indexes made otherwise) fails writes with [ErrCorrupt] naming it
// until Repair drops or remakes it; an expression in a table (CHECK,
// generated column, computed default) fails Open, naming the table: only
// a rebuild from the files can fix that.
func TestHostileSchemaExpressions(t *testing.T) {
	const dims = 4
	plant := func(sqlText, obj string) string {
		return `PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = ` + sqlText + ` WHERE name = '` + obj + `'; PRAGMA writable_schema = OFF`
	}
	for _, tc := range []struct {
		name    string
		damage  string
		object  string
		fixable bool
	}{
		{"foreign index", `CREATE INDEX evil ON chunks (length(text))`, "evil", true},
		{"memweave's index made otherwise", `DROP INDEX chunks_path; CREATE INDEX chunks_path ON chunks (length(text), path, seq)`, "chunks_path", true},
		{"trigger named as SQLite's", `PRAGMA writable_schema = ON; INSERT INTO sqlite_master VALUES ('trigger', 'sqlite_evil', 'chunks', 0,
			'CREATE TRIGGER sqlite_evil AFTER INSERT ON chunks BEGIN DELETE FROM chunks WHERE text LIKE ''%secret%''; END'); PRAGMA writable_schema = OFF`,
			"sqlite_evil", true},
		{"check constraint", plant(`replace(sql, 'chunks   INTEGER NOT NULL DEFAULT 0', 'chunks INTEGER NOT NULL DEFAULT 0 CHECK (length(path) > 0)')`, "files"), "files", false},
		{"generated column", `ALTER TABLE chunks ADD COLUMN g INTEGER AS (length(text))`, "chunks", false},
		{"computed default", plant(`replace(sql, 'embedded   INTEGER NOT NULL DEFAULT 0', 'embedded INTEGER NOT NULL DEFAULT (length(hex(zeroblob(10))))')`, "chunks"), "chunks", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			path := filepath.Join(t.TempDir(), "index.db")
			vectorIndex(t, path, 10, dims, 5)
			raw := openRaw(t, path)
			if _, err := raw.ExecContext(ctx, tc.damage); err != nil {
				t.Fatalf("%s: %v", tc.damage, err)
			}
			var n int
			if err := raw.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE sql LIKE '%length(%' OR sql LIKE '%secret%'`).Scan(&n); err != nil || n == 0 {
				t.Fatalf("the damage planted nothing (%d objects, %v)", n, err)
			}
			raw.Close()
			db, err := Open(ctx, path, Options{})
			if !tc.fixable {
				if err == nil {
					db.Close()
				}
				if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), tc.object) || !strings.Contains(err.Error(), path) {
					t.Errorf("Open = %v; want ErrCorrupt naming %s and the file", err, tc.object)
				}
				return
			}
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			defer db.Close()
			rng := rand.New(rand.NewPCG(9, 1))
			write := func() error {
				_, err := db.Apply(ctx, []Update{{File: File{Path: "memory/b.md", Source: "memory", Hash: "hb"},
					Chunks: randomChunks(rng, "memory/b.md", 2, dims, "secret")}}, nil, nil)
				return err
			}
			if err := write(); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), tc.object) {
				t.Errorf("Apply = %v; want ErrCorrupt naming %s", err, tc.object)
			}
			rep, err := db.Check(ctx)
			if err != nil {
				t.Fatalf("Check: %v", err)
			}
			if rep.OK() || !strings.Contains(strings.Join(rep.Problems(), "\n"), tc.object) {
				t.Errorf("Check problems = %q, want one naming %s", rep.Problems(), tc.object)
			}
			if _, err := db.Repair(ctx); err != nil {
				t.Fatalf("Repair: %v", err)
			}
			if err := write(); err != nil {
				t.Fatalf("Apply after Repair: %v", err)
			}
			if rep, err := db.Check(ctx); err != nil || !rep.OK() {
				t.Errorf("Check after Repair = %v, %q", err, rep.Problems())
			}
			got, err := readSchema(ctx, db.SQL())
			if err != nil {
				t.Fatal(err)
			}
			for name, o := range got {
				if w := wantSchema[name]; w != o {
					t.Errorf("after Repair %s is %+v, want %+v", name, o, w)
				}
			}
		})
	}
}

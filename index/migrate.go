package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/memweave/memweave-go/embedcache"
)

// migrations are the schema changes in order; migration i brings the
// schema to user_version i+1. Append, never edit.
var migrations = []string{
	`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
INSERT INTO meta (key, value) VALUES ('generation', '0'), ('application', 'memweave');
CREATE TABLE files (
	path     TEXT PRIMARY KEY,
	source   TEXT NOT NULL,
	hash     TEXT NOT NULL,
	mtime    INTEGER NOT NULL,
	size     INTEGER NOT NULL,
	pending  INTEGER NOT NULL DEFAULT 0,
	external INTEGER NOT NULL DEFAULT 0,
	chunks   INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE TABLE chunks (
	id         INTEGER PRIMARY KEY,
	uid        INTEGER NOT NULL,
	path       TEXT NOT NULL,
	source     TEXT NOT NULL,
	seq        INTEGER NOT NULL,
	start_line INTEGER NOT NULL,
	end_line   INTEGER NOT NULL,
	headings   TEXT NOT NULL,
	prefix     TEXT NOT NULL,
	hash       BLOB NOT NULL,
	text       TEXT NOT NULL,
	embedded   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX chunks_path ON chunks (path, seq);
CREATE VIRTUAL TABLE chunks_fts USING fts5 (text, content='', tokenize='porter unicode61');
` + embedcache.Schema,
	// 2: a vector is stored once. Live chunks' vectors are found through
	// their text hash; the cache keeps only vectors no live chunk holds.
	`CREATE INDEX chunks_hash ON chunks (hash) WHERE embedded = 1;
DELETE FROM embed_cache WHERE identity = (SELECT value FROM meta WHERE key = 'identity')
	AND hash IN (SELECT hash FROM chunks WHERE embedded = 1);`,
	// 3: change detection beyond size and mtime: the inode and change
	// time of the file as read, and when its row was written (for the
	// racy-timestamp rule). 0 means unknown.
	`ALTER TABLE files ADD COLUMN ctime INTEGER NOT NULL DEFAULT 0;
ALTER TABLE files ADD COLUMN inode INTEGER NOT NULL DEFAULT 0;
ALTER TABLE files ADD COLUMN indexed_at INTEGER NOT NULL DEFAULT 0;`,
	// 4: vectors in plain tables: exact float32 vectors by chunk id, and
	// the int8 codes searches scan, in blocks (see codes.go). The vec0
	// table of older indexes is converted by upgradeVectors.
	`CREATE TABLE vectors (id INTEGER PRIMARY KEY, vector BLOB NOT NULL);
CREATE TABLE vector_blocks (block INTEGER PRIMARY KEY, gen INTEGER NOT NULL, codes BLOB NOT NULL);`,
	// 5: indexed_at holds the read time (taken before the file was
	// opened), no longer the time the row was written, which does not
	// bound the read. Rows written before hold the write time: they
	// become unknown (0), which the racy-timestamp rule distrusts, so the
	// next scan reads each file once and refreshes its row. The version
	// bump also keeps older binaries, which write the write time, away.
	`UPDATE files SET indexed_at = 0;`,
}

// SchemaVersion is the schema version this binary writes.
var SchemaVersion = len(migrations)

func (db *DB) migrate(ctx context.Context) error {
	return migrate(ctx, db.sql, migrations)
}

// migrate brings the schema of sdb to version len(steps). Each step runs
// in its own write transaction together with its PRAGMA user_version
// bump, so an interrupted or failing migration leaves the database at the
// version of the last step that committed, with that version's schema.
func migrate(ctx context.Context, sdb *sql.DB, steps []string) error {
	conn, err := sdb.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	for {
		done, err := migrateStep(ctx, conn, steps)
		if err != nil || done {
			return err
		}
	}
}

// migrateStep checks, in one write transaction, that the database is
// memweave's and not newer than steps, and runs the next step in that
// transaction unless the schema is current. It reports whether the schema
// is current afterwards. BEGIN IMMEDIATE (the DSN's txlock) serialises
// concurrent openers, and each step re-reads the version, so two
// processes opening an old database run every step once.
func migrateStep(ctx context.Context, conn *sql.Conn, steps []string) (done bool, err error) {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	var version int
	if err := tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil {
		return false, err
	}
	if version > len(steps) {
		return false, fmt.Errorf("%w: version %d, this binary knows %d", ErrTooNew, version, len(steps))
	}
	if err := checkOwner(ctx, tx, version); err != nil {
		return false, err
	}
	if version == len(steps) {
		return true, nil
	}
	if err := migrateTo(ctx, tx, version+1, steps[version]); err != nil {
		return false, fmt.Errorf("migrate to version %d: %w", version+1, err)
	}
	return version+1 == len(steps), nil
}

// migrateTo runs step and sets user_version to version, then commits.
func migrateTo(ctx context.Context, tx *sql.Tx, version int, step string) error {
	if _, err := tx.ExecContext(ctx, step); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, version)); err != nil {
		return err
	}
	return tx.Commit()
}

// checkOwner returns an error wrapping [ErrForeign] unless the database,
// at the given user_version, is empty (version 0) or carries memweave's
// marker in its meta table.
func checkOwner(ctx context.Context, tx *sql.Tx, version int) error {
	if version == 0 {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master`).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return foreignObjects(n)
		}
		return nil
	}
	var app string
	err := tx.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'application'`).Scan(&app)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && app != "memweave") {
		return fmt.Errorf("%w: no memweave marker", ErrForeign)
	}
	if err != nil && strings.Contains(err.Error(), "no such table: meta") {
		return fmt.Errorf("%w: no meta table", ErrForeign)
	}
	if err != nil {
		// An I/O error or a damaged page says nothing of who made the
		// file: keep SQLite's error, so that Open reports what it is.
		return fmt.Errorf("read the memweave marker: %w", err)
	}
	return nil
}

// foreignObjects is the error for a database with n schema objects and
// no memweave version.
func foreignObjects(n int) error {
	return fmt.Errorf("%w: it has %d schema objects and no memweave version; memweave leaves it untouched", ErrForeign, n)
}

package index

import (
	"context"
	"database/sql"
	"fmt"

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
}

// SchemaVersion is the schema version this binary writes.
var SchemaVersion = len(migrations)

func (db *DB) migrate(ctx context.Context) error {
	conn, err := db.sql.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	// BEGIN IMMEDIATE (the DSN's txlock) serialises concurrent openers.
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var version int
	if err := tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil {
		return err
	}
	if version > len(migrations) {
		return fmt.Errorf("%w: version %d, this binary knows %d", ErrTooNew, version, len(migrations))
	}
	if version == 0 {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master`).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("%w: it has %d schema objects and no memweave version", ErrForeign, n)
		}
	} else {
		var app string
		err := tx.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'application'`).Scan(&app)
		if err == sql.ErrNoRows || (err == nil && app != "memweave") {
			return fmt.Errorf("%w: no memweave marker", ErrForeign)
		}
		if err != nil {
			return fmt.Errorf("%w: %v", ErrForeign, err)
		}
	}
	for v := version; v < len(migrations); v++ {
		if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
			return fmt.Errorf("migrate to version %d: %w", v+1, err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, v+1)); err != nil {
			return fmt.Errorf("migrate to version %d: %w", v+1, err)
		}
	}
	return tx.Commit()
}

package index

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
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
` + cacheTable,
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
	vectorsTable + ";\n" + blocksTable + ";",
	// 5: indexed_at holds the read time (taken before the file was
	// opened), no longer the time the row was written, which does not
	// bound the read. Rows written before hold the write time: they
	// become unknown (0), which the racy-timestamp rule distrusts, so the
	// next scan reads each file once and refreshes its row. The version
	// bump also keeps older binaries, which write the write time, away.
	`UPDATE files SET indexed_at = 0;`,
	// 6: words of every script. The keyword index holds each chunk's
	// text as tokenize.Segment writes it (the scripts written without
	// spaces as character pairs, which unicode61 alone keeps as one token
	// per clause), and its tokenizer removes every Latin diacritic and
	// keeps combining marks inside words (Thai, Khmer, Myanmar and Indic
	// vowel signs, which the default categories cut words at). Rebuilt
	// from the chunks, the same rows.
	rebuildFTS,
	// 7: the fields of a note's front matter (tags, importance, pinned,
	// expires, feedback), as JSON; '' for none. The chunker version bump
	// that came with it re-chunks every file, which fills it in.
	`ALTER TABLE files ADD COLUMN meta TEXT NOT NULL DEFAULT '';`,
	// 8: the front matter's tags (a JSON list, '' for none) and expiry
	// date (YYYY-MM-DD, '' for none) in columns of their own, which a
	// search filters on without decoding every row's meta (the expiry
	// dates through a partial index, as most notes have none). Filled in
	// from meta, as an index run writes them; a meta that is not JSON
	// reads as no fields, as it did before.
	`ALTER TABLE files ADD COLUMN tags TEXT NOT NULL DEFAULT '';
ALTER TABLE files ADD COLUMN expires TEXT NOT NULL DEFAULT '';
UPDATE files SET
	tags = CASE WHEN json_type(meta, '$.tags') = 'array' AND json_array_length(meta, '$.tags') > 0 THEN json_extract(meta, '$.tags') ELSE '' END,
	expires = CASE WHEN json_type(meta, '$.expires') = 'text' THEN json_extract(meta, '$.expires') ELSE '' END
WHERE meta != '' AND json_valid(meta);
CREATE INDEX files_expires ON files (expires) WHERE expires != '';`,
	// 9: tokenize.Segment normalizes the text it gives the keyword index
	// (Latin ligatures and fullwidth ASCII as plain letters, soft hyphens
	// and zero-width spaces removed: tokenize.Normalize), so every row is
	// written again with it. A contentless table deletes a row by the
	// tokens it was given, which must be the ones Segment writes now.
	rebuildFTS,
	// 10: tokenize.Normalize is NFKC with full case folding and without
	// default-ignorable code points (mathematical letters, "ß" as "ss",
	// joiners inside words, decomposed accents, dotless "ı"), so every
	// row is written again with it, as for 9.
	rebuildFTS,
	// 11: tokenize.Normalize folds the letters searchers of a script
	// type plainly (Greek accents and breathings, Cyrillic "ё", Hebrew and
	// Arabic points, the tatweel, the alef with hamza, "đ", "ø", "ł") and
	// reads a zero-width non-joiner beside Arabic letters as a space (it
	// glued Persian words), so every row is written again, as for 9.
	rebuildFTS,
	// 12: tokenize.Normalize folds the Latin letters no accent folding
	// reaches as keyboards without them type them ("þ" as "th", "ð" as
	// "d", "æ" as "ae", "œ" as "oe", "ħ" as "h", "ŧ" as "t") and removes
	// a combining diacritical mark that composes with no letter (the
	// keyword index kept some of them inside words), and tokenize.Segment
	// writes each emoji as a word of its own (tokenize.IndexForm: a
	// private-use character, which unicode61 keeps), so every row is
	// written again, as for 9.
	rebuildFTS,
}

// rebuildFTS recreates the keyword index from the chunks, as
// tokenize.Segment writes them.
const rebuildFTS = `DROP TABLE chunks_fts;
CREATE VIRTUAL TABLE chunks_fts USING fts5 (text, content='', tokenize='` + ftsTokenizer + `');
INSERT INTO chunks_fts (rowid, text) SELECT id, ` + segmentFunc + `(prefix || text) FROM chunks;`

// ftsTokenizer is the tokenize option of chunks_fts, quoted for an SQL
// string: Porter stemming over unicode61 with every diacritic removed and
// combining marks (categories M*) part of words.
const ftsTokenizer = `porter unicode61 remove_diacritics 2 categories ''L* N* Co M*''`

// segmentFunc is the SQL function, registered on every connection, that
// writes a chunk's text as the keyword index holds it: tokenize.Segment.
const segmentFunc = "memweave_segment"

// The statements that create the vector tables, which Repair runs again
// to recreate them.
const (
	vectorsTable = `CREATE TABLE vectors (id INTEGER PRIMARY KEY, vector BLOB NOT NULL)`
	blocksTable  = `CREATE TABLE vector_blocks (block INTEGER PRIMARY KEY, gen INTEGER NOT NULL, codes BLOB NOT NULL)`
)

func (db *DB) migrate(ctx context.Context) error {
	return migrate(ctx, db.handle(ctx), migrations)
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
		if err != nil {
			return err
		}
		if done {
			return dropStatistics(ctx, conn)
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
		return false, fmt.Errorf("%w: version %d, this binary knows %d (a newer memweave made it: search it with that one, or, as the index is a cache of the Markdown files, delete it and run index to rebuild it for this one)", ErrTooNew, version, len(steps))
	}
	if err := checkOwner(ctx, tx, version); err != nil {
		return false, err
	}
	if version == len(steps) {
		return true, nil
	}
	if err := checkPlanted(ctx, tx); err != nil {
		return false, err
	}
	if err := migrateTo(ctx, tx, version+1, steps[version]); err != nil {
		return false, fmt.Errorf("migrate to version %d: %w", version+1, err)
	}
	return version+1 == len(steps), nil
}

// errPlantedStats is the error of dropStatistics failing to drop them.
var errPlantedStats = errors.New("the index holds planner statistics memweave never makes (planted)")

// dropStatistics drops the planner's statistics tables (sqlite_stat1,
// sqlite_stat4) of the database of conn, then closes conn, whose
// planner keeps the statistics it loaded: memweave never runs ANALYZE,
// so any are planted, and the planner trusts them (statistics claiming
// each path holds a billion chunks turn every lookup by path into a
// scan of the table). The other connections load the schema again, its
// version changed by the drop.
func dropStatistics(ctx context.Context, conn *sql.Conn) error {
	const stats = `SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('sqlite_stat1', 'sqlite_stat4')`
	var names []string
	err := scanRows(ctx, conn, stats, func(rows *sql.Rows) error {
		var name string
		err := rows.Scan(&name)
		names = append(names, name)
		return err
	})
	if err != nil || len(names) == 0 {
		return err
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, name := range names {
		if _, err := tx.ExecContext(ctx, `DROP TABLE IF EXISTS `+name); err != nil {
			return fmt.Errorf("%w: drop %s: %w", errPlantedStats, name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	// A connection that reports ErrBadConn is closed, not put back.
	if err := conn.Raw(func(any) error { return driver.ErrBadConn }); !errors.Is(err, driver.ErrBadConn) {
		return err
	}
	return nil
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
	// meta is read before the schema is compared: a view or a virtual
	// table of that name could compute without end, in every process
	// that opens the file (check --repair too).
	var typ string
	err := tx.QueryRowContext(ctx, `SELECT CASE WHEN sql LIKE 'CREATE VIRTUAL%' THEN 'virtual table' ELSE type END
		FROM sqlite_master WHERE name = 'meta' COLLATE NOCASE`).Scan(&typ)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("%w: no meta table", ErrForeign)
	case err != nil:
		return fmt.Errorf("read the memweave marker: %w", err)
	case typ != "table":
		return fmt.Errorf("%w: schema: meta is a %s, want a table; run check --repair to rebuild it from the files", ErrCorrupt, typ)
	}
	// A marker longer than memweave's is not read (it could be a
	// gigabyte): it is not memweave's.
	var app sql.NullString
	err = tx.QueryRowContext(ctx, `SELECT CASE WHEN octet_length(value) <= 64 THEN value END FROM meta WHERE key = 'application'`).Scan(&app)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && app.String != "memweave") {
		return fmt.Errorf("%w: no memweave marker", ErrForeign)
	}
	if err != nil {
		// An I/O error or a damaged page says nothing of who made the
		// file: keep SQLite's error, so that Open reports what it is.
		return fmt.Errorf("read the memweave marker: %w", err)
	}
	return checkMetaSize(ctx, tx)
}

// Bounds of the key-value tables read whole or at every open: meta,
// which memweave writes (a few rows of short values, the longest the
// embedder identity, a model name and its prefixes from a settings file
// of at most 64 KiB), and chunks_fts_config, which SQLite's full-text
// index reads whole whenever a process first uses it (a few settings).
const (
	maxMetaRows  = 256
	maxMetaBytes = 1 << 20
)

// keyValueTables are the tables checkMetaSize bounds, with their key and
// value columns.
var keyValueTables = []struct{ name, key, value string }{
	{"meta", "key", "value"},
	{"chunks_fts_config", "k", "v"},
}

// checkMetaSize returns an [ErrCorrupt] error when meta, read by every
// open and every search, or the full-text index's config table, read
// whole by SQLite, holds more rows, or a larger key or value, than
// memweave or SQLite writes: a value planted as 300 MB of zeros
// (kilobytes in git) was read whole by each of those reads. Sizes are
// compared without reading the values, and the rows counted no further
// than the bound.
func checkMetaSize(ctx context.Context, tx *sql.Tx) error {
	for _, t := range keyValueTables {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, t.name).Scan(&n); err != nil {
			return fmt.Errorf("read %s: %w", t.name, err)
		}
		if n == 0 {
			continue // the full-text index of an older version is made by a migration
		}
		if err := checkKeyValueSize(ctx, tx, t.name, t.key, t.value); err != nil {
			return err
		}
	}
	return nil
}

// checkKeyValueSize is [checkMetaSize] for one table, its key and value
// columns.
func checkKeyValueSize(ctx context.Context, tx *sql.Tx, table, k, v string) error {
	var rows int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM "`+table+`" LIMIT ?)`, maxMetaRows+1).Scan(&rows); err != nil {
		return fmt.Errorf("read %s: %w", table, err)
	}
	if rows > maxMetaRows {
		return fmt.Errorf("%w: schema: %s holds more than %d rows, more than memweave writes; run check --repair to rebuild it from the files", ErrCorrupt, table, maxMetaRows)
	}
	var key string
	var n int64
	err := tx.QueryRowContext(ctx, `SELECT CASE WHEN octet_length(`+k+`) <= 64 THEN `+k+` ELSE 'of ' || octet_length(`+k+`) || ' bytes' END,
		max(octet_length(`+k+`), octet_length(`+v+`)) AS n FROM "`+table+`" WHERE n > ? LIMIT 1`, maxMetaBytes).Scan(&key, &n)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return fmt.Errorf("read %s: %w", table, err)
	}
	return fmt.Errorf("%w: schema: %s key %q holds %d bytes, more than memweave writes (%d); run check --repair to rebuild it from the files", ErrCorrupt, table, key, n, maxMetaBytes)
}

// checkPlanted returns an [ErrCorrupt] error naming the objects of q
// that an upgrade of the index (a migration, the conversion of its old
// vector table) could run and memweave never makes, at any version: a
// trigger or a view, an index other than memweave's, a table with a
// CHECK constraint, a generated column or a computed default. The
// schema is compared with [wantSchema] only after the upgrade, which
// would have run them first: a trigger on the rows a migration updates
// could write anything, or loop, in every process that opens the file
// ([DB.Repair] and a rebuild open it too). Refused, the file is left
// as it was, and a rebuild replaces it.
func checkPlanted(ctx context.Context, q queryer) error {
	var msgs []string
	err := scanRows(ctx, q, `SELECT m.type, m.name, coalesce(m.sql, '') FROM sqlite_master m
		WHERE m.type IN ('trigger', 'view') OR m.type = 'index' AND m.sql IS NOT NULL
			OR m.type = 'table' AND m.sql NOT LIKE 'CREATE VIRTUAL%' AND (m.sql LIKE '%check%'
				OR EXISTS (SELECT 1 FROM pragma_table_xinfo(m.name) c WHERE c.hidden != 0 OR c.dflt_value NOT IN ('0', '''''')))`,
		func(rows *sql.Rows) error {
			var typ, name, stmt string
			if err := rows.Scan(&typ, &name, &stmt); err != nil {
				return err
			}
			if w := wantSchema[name]; typ == "index" && w.typ == "index" && w.columns == stmt {
				return nil
			}
			if typ == "table" {
				msgs = append(msgs, fmt.Sprintf("table %s holds an expression (a CHECK constraint, a generated column or a computed default)", name))
			} else {
				msgs = append(msgs, fmt.Sprintf("%s %s is not memweave's", typ, name))
			}
			return nil
		})
	if err != nil {
		return fmt.Errorf("schema check: %w", err)
	}
	if len(msgs) == 0 {
		return nil
	}
	return fmt.Errorf("%w: schema: %s, which upgrading the index would run; run check --repair to rebuild it from the files", ErrCorrupt, strings.Join(msgs, "; "))
}

// foreignObjects is the error for a database with n schema objects and
// no memweave version.
func foreignObjects(n int) error {
	return fmt.Errorf("%w: it has %d schema objects and no memweave version; memweave leaves it untouched", ErrForeign, n)
}

// The index file is untrusted input: a user may copy it from elsewhere.
// After migrating, Open compares its schema with the one this binary
// creates. A problem in the vector tables, which are derived from the
// chunks' embeddings, a trigger, view or index memweave never makes
// (SQLite's own objects are those named sqlite_ that are autoindexes or
// its statistics tables: writable_schema can give any object that
// name), or one of its indexes made otherwise, is remembered: vector
// reads and writes fail with [ErrCorrupt] until [DB.Repair] rebuilds
// them. A problem elsewhere makes Open fail with
// [ErrCorrupt]: only a rebuild from the files can fix it.

// repairable maps the tables Repair can recreate in place to the
// statement that creates them.
var repairable = map[string]string{"vectors": vectorsTable, "vector_blocks": blocksTable}

// schemaObject is one entry of sqlite_master as the check compares it:
// its type and, for a table, its columns (name, type, NOT NULL,
// primary-key position and default of each, and whether it is
// generated) and whether it has a CHECK constraint or, for a virtual
// table or an index, its statement. Each expression a table or index
// holds is evaluated by memweave's own writes: one planted in a copied
// index file could take seconds and a gigabyte for every row.
type schemaObject struct{ typ, columns string }

// wantSchema is the schema of a current memweave database, with the
// columns as [readSchema] describes them; TestWantSchema keeps it equal
// to what the migrations create.
var wantSchema = map[string]schemaObject{
	"meta":               {"table", "key TEXT 1 1, value TEXT 1 0"},
	"files":              {"table", "path TEXT 1 1, source TEXT 1 0, hash TEXT 1 0, mtime INTEGER 1 0, size INTEGER 1 0, pending INTEGER 1 0 DEFAULT 0, external INTEGER 1 0 DEFAULT 0, chunks INTEGER 1 0 DEFAULT 0, ctime INTEGER 1 0 DEFAULT 0, inode INTEGER 1 0 DEFAULT 0, indexed_at INTEGER 1 0 DEFAULT 0, meta TEXT 1 0 DEFAULT '', tags TEXT 1 0 DEFAULT '', expires TEXT 1 0 DEFAULT ''"},
	"chunks":             {"table", "id INTEGER 0 1, uid INTEGER 1 0, path TEXT 1 0, source TEXT 1 0, seq INTEGER 1 0, start_line INTEGER 1 0, end_line INTEGER 1 0, headings TEXT 1 0, prefix TEXT 1 0, hash BLOB 1 0, text TEXT 1 0, embedded INTEGER 1 0 DEFAULT 0"},
	"chunks_path":        {"index", "CREATE INDEX chunks_path ON chunks (path, seq)"},
	"chunks_hash":        {"index", "CREATE INDEX chunks_hash ON chunks (hash) WHERE embedded = 1"},
	"files_expires":      {"index", "CREATE INDEX files_expires ON files (expires) WHERE expires != ''"},
	"chunks_fts":         {"table", "CREATE VIRTUAL TABLE chunks_fts USING fts5 (text, content='', tokenize='" + ftsTokenizer + "')"},
	"chunks_fts_data":    {"table", "id INTEGER 0 1, block BLOB 0 0"},
	"chunks_fts_idx":     {"table", "segid  1 1, term  1 2, pgno  0 0"},
	"chunks_fts_docsize": {"table", "id INTEGER 0 1, sz BLOB 0 0"},
	"chunks_fts_config":  {"table", "k  1 1, v  0 0"},
	"embed_cache":        {"table", "id INTEGER 0 1, identity TEXT 1 0, hash BLOB 1 0, vector BLOB 1 0, used INTEGER 1 0"},
	"embed_cache_key":    {"index", "CREATE UNIQUE INDEX embed_cache_key ON embed_cache (identity, hash)"},
	"vectors":            {"table", "id INTEGER 0 1, vector BLOB 1 0"},
	"vector_blocks":      {"table", "block INTEGER 0 1, gen INTEGER 1 0, codes BLOB 1 0"},
}

// readSchema returns the schema objects of q by name, leaving out
// SQLite's own (sqlite_...).
func readSchema(ctx context.Context, q queryer) (map[string]schemaObject, error) {
	out := make(map[string]schemaObject)
	err := scanRows(ctx, q, `SELECT m.type, m.name, CASE WHEN m.type = 'index' OR m.sql LIKE 'CREATE VIRTUAL%' THEN coalesce(m.sql, '') ELSE
		coalesce((SELECT group_concat(c.name || ' ' || c.type || ' ' || c."notnull" || ' ' || c.pk
				|| CASE WHEN c.dflt_value IS NULL THEN '' ELSE ' DEFAULT ' || c.dflt_value END
				|| CASE c.hidden WHEN 0 THEN '' ELSE ' GENERATED' END, ', ')
			FROM pragma_table_xinfo(m.name) c WHERE m.type = 'table'), '')
		|| CASE WHEN m.type = 'table' AND m.sql LIKE '%check%' THEN ', CHECK' ELSE '' END END
		FROM sqlite_master m WHERE NOT (m.name LIKE 'sqlite\_%' ESCAPE '\'
			AND (m.sql IS NULL OR m.type = 'table' AND m.name IN ('sqlite_sequence', 'sqlite_stat1', 'sqlite_stat4')))`, func(rows *sql.Rows) error {
		var name string
		var o schemaObject
		if err := rows.Scan(&o.typ, &name, &o.columns); err != nil {
			return err
		}
		out[name] = o
		return nil
	})
	return out, err
}

// schemaProblem is one way the file's schema differs from [wantSchema].
type schemaProblem struct {
	name, typ string // the object and its type in the file
	msg       string
	fixable   bool // Repair can drop or recreate the object
}

// checkSchema compares the schema of q with [wantSchema].
func checkSchema(ctx context.Context, q queryer) ([]schemaProblem, error) {
	got, err := readSchema(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("schema check: %w", err)
	}
	var out []schemaProblem
	for _, name := range slices.Sorted(maps.Keys(wantSchema)) {
		w, g := wantSchema[name], got[name]
		p := schemaProblem{name: name, typ: g.typ, fixable: repairable[name] != ""}
		switch {
		case g.typ == "":
			p.msg = fmt.Sprintf("%s %s is missing", w.typ, name)
		case g.typ != w.typ:
			p.msg = fmt.Sprintf("%s is a %s, want a %s", name, g.typ, w.typ)
		case g.columns != w.columns && w.typ == "index":
			p.msg, p.fixable = fmt.Sprintf("index %s is %q, want %q", name, g.columns, w.columns), true
		case g.columns != w.columns:
			p.msg = fmt.Sprintf("%s has columns (%s), want (%s)", name, g.columns, w.columns)
		default:
			continue
		}
		out = append(out, p)
	}
	for _, name := range slices.Sorted(maps.Keys(got)) {
		if g := got[name]; wantSchema[name].typ == "" && (g.typ == "trigger" || g.typ == "view" || g.typ == "index") {
			out = append(out, schemaProblem{name: name, typ: g.typ, msg: fmt.Sprintf("%s %s is not memweave's", g.typ, name), fixable: true})
		}
	}
	return out, nil
}

// schemaError is the [ErrCorrupt] error of problems, nil for none.
func schemaError(problems []schemaProblem) error {
	if len(problems) == 0 {
		return nil
	}
	msgs := make([]string, len(problems))
	for i, p := range problems {
		msgs[i] = p.msg
	}
	return fmt.Errorf("%w: schema: %s; run check --repair", ErrCorrupt, strings.Join(msgs, "; "))
}

// fixSchema drops or recreates in tx the objects of problems, which must
// all be fixable: a foreign trigger, view or index is dropped, one of
// memweave's indexes is made again, a vector table is recreated empty
// (Repair then marks the chunks that lost their vectors for
// re-embedding and rebuilds the codes).
func fixSchema(ctx context.Context, tx *sql.Tx, problems []schemaProblem) error {
	for _, p := range problems {
		if !p.fixable {
			return schemaError(problems)
		}
		if p.typ != "" {
			if _, err := tx.ExecContext(ctx, `DROP `+strings.ToUpper(p.typ)+` "`+strings.ReplaceAll(p.name, `"`, `""`)+`"`); err != nil {
				return err
			}
		}
		create := repairable[p.name]
		if w := wantSchema[p.name]; w.typ == "index" {
			create = w.columns
		}
		if create != "" {
			if _, err := tx.ExecContext(ctx, create); err != nil {
				return err
			}
		}
	}
	return nil
}

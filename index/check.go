package index

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"time"

	sqlite3 "github.com/mattn/go-sqlite3"

	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/internal/ctxsleep"
)

// Report is what [DB.Check] found: SQLite's own verdict on the file and
// whether the index's tables agree with each other. Counts are of rows;
// a zero count means no problem of that kind.
type Report struct {
	// Integrity holds the messages of PRAGMA integrity_check; it is empty
	// when SQLite finds the file sound. A database with integrity
	// problems cannot be repaired row by row: rebuild it.
	Integrity []string `json:"integrity"`
	// Schema lists the differences from memweave's schema that Repair
	// fixes in place: a vector table that is not the table memweave
	// makes, a trigger or view memweave never makes. Differences in other
	// tables are in Integrity. When there are any, the table checks are
	// skipped.
	Schema []string `json:"schema"`
	// FTS is the FTS5 keyword index's own integrity-check error, "" when
	// it is sound.
	FTS string `json:"fts,omitempty"`
	// FTSSkipped says why the FTS5 check was not run, "" when it was:
	// it is an INSERT, which an index opened read-only cannot run
	// ([DB.ReadOnly]). The other checks ran.
	FTSSkipped string `json:"fts_skipped,omitempty"`
	// Chunks, FTSRows and Vectors count the rows of the chunk, keyword
	// and vector tables; Embedded counts chunks marked as having a
	// vector.
	Chunks   int `json:"chunks"`
	FTSRows  int `json:"fts_rows"`
	Vectors  int `json:"vectors"`
	Embedded int `json:"embedded"`
	// ChunksWithoutFTS counts chunks with no keyword row; FTSWithoutChunk
	// keyword rows with no chunk.
	ChunksWithoutFTS int `json:"chunks_without_fts"`
	FTSWithoutChunk  int `json:"fts_without_chunk"`
	// ChunksWithoutVector counts chunks marked embedded whose vector row
	// is missing; VectorsWithoutChunk vector rows whose chunk is missing
	// or not marked embedded.
	ChunksWithoutVector int `json:"chunks_without_vector"`
	VectorsWithoutChunk int `json:"vectors_without_chunk"`
	// BadVectors counts vector rows whose value is not a blob of the
	// index's dimensions, or holds an infinity or a NaN.
	BadVectors int `json:"bad_vectors"`
	// StaleCodes counts vectors whose search code is missing or left
	// over in the code blocks (or 1 for a block that cannot be read).
	StaleCodes int `json:"stale_vector_codes"`
	// OrphanChunks counts chunks whose file row is missing.
	OrphanChunks int `json:"orphan_chunks"`
	// BadFiles lists files whose row disagrees with their chunks: a wrong
	// chunk count, or not marked pending though a chunk lacks its vector.
	BadFiles []string `json:"bad_files"`
	// BadText lists files with a chunk whose stored heading prefix and
	// text do not hash to the chunk's hash: text altered in the index
	// after it was written, which searches would serve in snippets.
	BadText []string `json:"bad_text"`
}

// Corrupt reports whether SQLite found the file itself damaged.
func (r *Report) Corrupt() bool { return len(r.Integrity) > 0 }

// OK reports whether the check found no problem.
func (r *Report) OK() bool {
	return !r.Corrupt() && len(r.Schema) == 0 && r.FTS == "" && r.BadVectors == 0 && r.ChunksWithoutFTS == 0 && r.FTSWithoutChunk == 0 &&
		r.ChunksWithoutVector == 0 && r.VectorsWithoutChunk == 0 && r.StaleCodes == 0 && r.OrphanChunks == 0 && len(r.BadFiles) == 0 &&
		len(r.BadText) == 0
}

// Problems describes each problem the report holds, one line each.
func (r *Report) Problems() []string {
	var out []string
	for _, m := range r.Integrity {
		out = append(out, "integrity: "+m)
	}
	for _, m := range r.Schema {
		out = append(out, "schema: "+m)
	}
	if r.FTS != "" {
		out = append(out, "keyword index: "+r.FTS)
	}
	add := func(n int, what string) {
		if n > 0 {
			out = append(out, fmt.Sprintf("%d %s", n, what))
		}
	}
	add(r.ChunksWithoutFTS, "chunks without a keyword row")
	add(r.FTSWithoutChunk, "keyword rows without a chunk")
	add(r.ChunksWithoutVector, "chunks marked embedded without a vector row")
	add(r.VectorsWithoutChunk, "vector rows without an embedded chunk")
	add(r.BadVectors, "rows of vectors whose value is not a finite vector of the index's dimensions")
	add(r.StaleCodes, "vectors whose search code in vector_blocks is missing or stale")
	add(r.OrphanChunks, "chunks without a file row")
	for _, f := range r.BadFiles {
		out = append(out, "file row disagrees with its chunks: "+f)
	}
	for _, f := range r.BadText {
		out = append(out, "chunk text does not match its hash (altered in the index): "+f)
	}
	return out
}

// maxIntegrityMessages caps the messages PRAGMA integrity_check returns.
const maxIntegrityMessages = 20

// Check verifies the database: PRAGMA integrity_check (quick_check when
// the schema is not memweave's), the FTS5 index's
// integrity-check, and, in one read snapshot, that every chunk has its
// keyword row, every chunk marked embedded its vector row, every chunk a
// file row, no keyword or vector row lacks its chunk, and every chunk's
// stored prefix and text hash to its SHA-256 hash (the stored text is
// read once and hashed; the memory files themselves are not read). It
// changes nothing. When integrity_check fails, the table checks are
// skipped. On a handle opened read-only ([DB.ReadOnly]) the FTS5 check,
// an INSERT, is skipped and [Report.FTSSkipped] says why.
func (db *DB) Check(ctx context.Context) (*Report, error) {
	db.forgetCaches()
	r := &Report{Integrity: []string{}, Schema: []string{}, BadFiles: []string{}, BadText: []string{}}
	// integrity_check evaluates the expression of every index for every
	// row: one planted in the file (see wantSchema) could take seconds and
	// a gigabyte a row. While the schema holds objects memweave never
	// makes, quick_check, which leaves out index contents, checks the
	// pages; the next check after a repair checks everything.
	pragma := "integrity_check"
	if problems, err := checkSchema(ctx, db.handle(ctx)); err == nil && len(problems) > 0 {
		pragma = "quick_check"
	}
	err := scanRows(ctx, db.handle(ctx), fmt.Sprintf(`PRAGMA %s(%d)`, pragma, maxIntegrityMessages), func(rows *sql.Rows) error {
		var msg string
		err := rows.Scan(&msg)
		if err == nil && msg != "ok" {
			r.Integrity = append(r.Integrity, msg)
		}
		return err
	})
	switch {
	case isCorrupt(err):
		r.Integrity = append(r.Integrity, err.Error())
	case err != nil:
		return nil, db.wrap("integrity check", err)
	}
	if r.Corrupt() {
		return r, nil
	}
	problems, err := checkSchema(ctx, db.handle(ctx))
	if err != nil {
		return nil, db.wrap("check", err)
	}
	var fixable []schemaProblem
	for _, p := range problems {
		if p.fixable {
			fixable = append(fixable, p)
			r.Schema = append(r.Schema, p.msg)
		} else {
			r.Integrity = append(r.Integrity, "schema: "+p.msg)
		}
	}
	db.mu.Lock()
	db.schema = fixable
	db.mu.Unlock()
	if len(problems) > 0 {
		return r, nil
	}
	// The FTS5 check is an INSERT: it takes the write lock briefly but
	// changes nothing. A read-only handle cannot run it: the report says
	// why, and the checks below, which only read, still run.
	if err := db.ReadOnly(); err != nil {
		r.FTSSkipped = err.Error()
	} else if _, err := db.handle(ctx).ExecContext(ctx, `INSERT INTO chunks_fts (chunks_fts) VALUES ('integrity-check')`); err != nil {
		if !isCorrupt(err) {
			return nil, db.wrap("keyword index check", err)
		}
		r.FTS = err.Error()
	}

	// Read everything in one snapshot. BEGIN on a dedicated connection is
	// DEFERRED: unlike the pool's BeginTx (the DSN asks for IMMEDIATE), it
	// does not take the write lock.
	conn, err := db.handle(ctx).Conn(ctx)
	if err != nil {
		return nil, db.wrap("check", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `BEGIN`); err != nil {
		return nil, db.wrap("check", err)
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), `ROLLBACK`)
	st, err := scanTables(ctx, conn)
	if err != nil {
		return nil, db.wrap("check", err)
	}
	st.report(r)
	return r, nil
}

// isCorrupt reports whether err is SQLite saying the file is damaged.
func isCorrupt(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && (se.Code == sqlite3.ErrCorrupt || se.Code == sqlite3.ErrNotADB)
}

// queryer is what the table scan needs: a connection or a transaction.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// chunkRow is what the consistency checks need to know about a chunk.
type chunkRow struct {
	path     string
	embedded bool
	// badText is set when its prefix and text do not hash to its hash.
	badText bool
}

// fileRow is what the consistency checks need to know about a file.
type fileRow struct {
	chunks  int
	pending bool
}

// tables is one snapshot of the ids in each table.
type tables struct {
	hasVec bool
	chunks map[int64]chunkRow
	fts    map[int64]bool
	vecs   map[int64]bool
	// staleCodes counts the disagreements between vecs and the codes.
	staleCodes int
	// badVecs are the vector rows that are not vectors of the index's dims.
	badVecs []int64
	files   map[string]fileRow
}

func scanTables(ctx context.Context, q queryer) (*tables, error) {
	t := &tables{chunks: make(map[int64]chunkRow), fts: make(map[int64]bool), vecs: make(map[int64]bool), files: make(map[string]fileRow)}
	var dims int
	if err := scanRows(ctx, q, `SELECT coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'dims'), 0)`, func(rows *sql.Rows) error {
		return rows.Scan(&dims)
	}); err != nil {
		return nil, err
	}
	if err := checkDims(dims); err != nil {
		return nil, err
	}
	t.hasVec = dims > 0
	var buf []byte
	if err := scanRows(ctx, q, `SELECT id, path, embedded, hash, prefix, text FROM chunks`, func(rows *sql.Rows) error {
		var (
			id                 int64
			c                  chunkRow
			hash, prefix, text sql.RawBytes
		)
		if err := rows.Scan(&id, &c.path, &c.embedded, &hash, &prefix, &text); err != nil {
			return err
		}
		buf = append(append(buf[:0], prefix...), text...)
		sum := sha256.Sum256(buf)
		c.badText = !bytes.Equal(sum[:], hash)
		t.chunks[id] = c
		return nil
	}); err != nil {
		return nil, err
	}
	// A full scan of a contentless FTS5 table yields its rowids.
	if err := scanRows(ctx, q, `SELECT rowid FROM chunks_fts`, func(rows *sql.Rows) error {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		t.fts[id] = true
		return nil
	}); err != nil {
		return nil, err
	}
	if err := scanRows(ctx, q, `SELECT id FROM vectors`, func(rows *sql.Rows) error {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		t.vecs[id] = true
		return nil
	}); err != nil {
		return nil, err
	}
	if t.hasVec {
		if err := t.checkVectors(ctx, q, dims); err != nil {
			return nil, err
		}
	}
	if err := scanRows(ctx, q, `SELECT path, chunks, pending FROM files`, func(rows *sql.Rows) error {
		var p string
		var f fileRow
		if err := rows.Scan(&p, &f.chunks, &f.pending); err != nil {
			return err
		}
		t.files[p] = f
		return nil
	}); err != nil {
		return nil, err
	}
	return t, nil
}

// checkVectors lists in t.badVecs the vector rows that are not finite
// vectors of dims dimensions, and checks the search codes.
func (t *tables) checkVectors(ctx context.Context, q queryer, dims int) error {
	if err := scanRows(ctx, q, `SELECT id FROM vectors WHERE NOT (`+goodVector+`)`, func(rows *sql.Rows) error {
		var id int64
		err := rows.Scan(&id)
		t.badVecs = append(t.badVecs, id)
		return err
	}); err != nil {
		return err
	}
	// A release before vectors were stored at unit length kept a
	// component past a half's range as an infinity: that vector is found
	// by no search, and only embedding its text again mends it.
	if err := scanRows(ctx, q, `SELECT id, vector FROM vectors WHERE `+goodVector, func(rows *sql.Rows) error {
		var id int64
		var b []byte
		err := rows.Scan(&id, &b)
		if err == nil && !finiteHalves(b) {
			t.badVecs = append(t.badVecs, id)
		}
		return err
	}); err != nil {
		return err
	}
	return t.checkCodes(ctx, q, dims)
}

// checkCodes counts in t.staleCodes the vectors without a search code,
// the codes without a vector and the codes filed in the wrong block.
func (t *tables) checkCodes(ctx context.Context, q queryer, dims int) error {
	coded := make(map[int64]bool)
	err := readBlocks(ctx, q, dims, "", nil, func(b *codeBlock, err error) error {
		if err != nil {
			t.staleCodes++
			return nil
		}
		for _, id := range b.ids {
			if coded[id] || !t.vecs[id] {
				t.staleCodes++
			}
			coded[id] = true
		}
		return nil
	})
	for id := range t.vecs {
		if !coded[id] {
			t.staleCodes++
		}
	}
	return err
}

func scanRows(ctx context.Context, q queryer, query string, fn func(*sql.Rows) error, args ...any) error {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// problems are the rows each consistency check flags.
type problems struct {
	noFTS, ftsOrphans, noVec, vecOrphans, orphans []int64
	// badText are the chunks whose text does not match their hash, and
	// textFiles their files.
	badText   []int64
	textFiles map[string]bool
	// bad maps a file to whether its chunk count is wrong (true) or only
	// its pending flag (false).
	bad map[string]bool
}

func (t *tables) problems() *problems {
	p := &problems{bad: make(map[string]bool), textFiles: make(map[string]bool)}
	count := make(map[string]int)
	unembedded := make(map[string]bool)
	for id, c := range t.chunks {
		count[c.path]++
		if c.badText {
			p.badText = append(p.badText, id)
			p.textFiles[c.path] = true
		}
		if !t.fts[id] {
			p.noFTS = append(p.noFTS, id)
		}
		if _, ok := t.files[c.path]; !ok {
			p.orphans = append(p.orphans, id)
		}
		if !t.hasVec {
			continue
		}
		switch {
		case c.embedded && !t.vecs[id]:
			p.noVec = append(p.noVec, id)
			unembedded[c.path] = true
		case !c.embedded:
			unembedded[c.path] = true
		}
	}
	for id := range t.fts {
		if _, ok := t.chunks[id]; !ok {
			p.ftsOrphans = append(p.ftsOrphans, id)
		}
	}
	for id := range t.vecs {
		if c, ok := t.chunks[id]; !ok || !c.embedded {
			p.vecOrphans = append(p.vecOrphans, id)
		}
	}
	for path, f := range t.files {
		switch {
		case f.chunks != count[path]:
			p.bad[path] = true
		case unembedded[path] && !f.pending:
			p.bad[path] = false
		}
	}
	for _, ids := range [][]int64{p.noFTS, p.ftsOrphans, p.noVec, p.vecOrphans, p.orphans, p.badText} {
		slices.Sort(ids)
	}
	return p
}

func (t *tables) report(r *Report) {
	p := t.problems()
	r.Chunks, r.FTSRows, r.Vectors = len(t.chunks), len(t.fts), len(t.vecs)
	for _, c := range t.chunks {
		if c.embedded {
			r.Embedded++
		}
	}
	r.ChunksWithoutFTS, r.FTSWithoutChunk = len(p.noFTS), len(p.ftsOrphans)
	r.ChunksWithoutVector, r.VectorsWithoutChunk = len(p.noVec), len(p.vecOrphans)
	r.StaleCodes, r.BadVectors = t.staleCodes, len(t.badVecs)
	r.OrphanChunks = len(p.orphans)
	for path := range p.bad {
		r.BadFiles = append(r.BadFiles, path)
	}
	slices.Sort(r.BadFiles)
	for path := range p.textFiles {
		r.BadText = append(r.BadText, path)
	}
	slices.Sort(r.BadText)
}

// Repair fixes, in one write transaction, the table problems [DB.Check]
// reports, and returns the report of what it found before fixing:
//
//   - a trigger or view memweave never makes is dropped, and a vector
//     table that is not memweave's is recreated empty;
//   - vector rows whose value is not a vector of the index's dimensions
//     are deleted, so their chunks lack a vector (below);
//   - chunks without a file row are deleted, with their keyword and
//     vector rows;
//   - vector rows without an embedded chunk are deleted;
//   - chunks marked embedded without a vector row are marked as needing
//     one, and their files as pending, so the next index run re-embeds
//     them (from the embedding cache when it can);
//   - the keyword index is rebuilt from the chunk rows when it lacks rows,
//     has extra ones or fails its own check (a contentless FTS5 row can
//     only be deleted with the text it was given);
//   - files whose chunk count is wrong get the right count and are marked
//     changed (their hash is cleared), so the next index run re-reads and
//     re-stores them, and files with an unembedded chunk are marked
//     pending;
//   - the search codes are recomputed from the vectors.
//
// Repair cannot fix integrity problems of the file itself; it returns the
// report untouched when there are any. Callers should hold the index lock
// that serialises index runs.
func (db *DB) Repair(ctx context.Context) (*Report, error) {
	before, err := db.Check(ctx)
	if err != nil {
		return nil, err
	}
	if before.Corrupt() || before.OK() {
		return before, nil
	}
	r := &Report{Integrity: []string{}, Schema: before.Schema, BadFiles: []string{}, BadText: []string{}, FTS: before.FTS}
	_, err = db.commit(ctx, func(tx *sql.Tx) error {
		problems, err := checkSchema(ctx, tx)
		if err != nil {
			return err
		}
		if err := fixSchema(ctx, tx, problems); err != nil {
			return err
		}
		t, err := scanTables(ctx, tx)
		if err != nil {
			return err
		}
		t.report(r)
		// A bad vector is deleted first: its chunk then lacks a vector.
		if err := execEach(ctx, tx, t.badVecs, `DELETE FROM vectors WHERE id = ?`); err != nil {
			return err
		}
		for _, id := range t.badVecs {
			delete(t.vecs, id)
		}
		p := t.problems()
		return t.repair(ctx, tx, p, r.FTS != "" || len(p.ftsOrphans) > 0 || len(p.badText) > 0)
	})
	if err != nil {
		return nil, fmt.Errorf("repair: %w", err)
	}
	db.mu.Lock()
	db.vecs, db.schema = nil, nil
	db.mu.Unlock()
	return r, nil
}

// repair fixes in tx the problems p found in the snapshot t, in the order
// [DB.Repair] lists them. rebuildFTS asks for the keyword index to be
// rebuilt whole rather than row by row.
func (t *tables) repair(ctx context.Context, tx *sql.Tx, p *problems, rebuildFTS bool) error {
	// An orphan's keyword row was given prefix || text: it is deleted
	// exactly, before its chunk, unless the keyword index is rebuilt.
	var ftsRows []int64
	for _, id := range p.orphans {
		if !rebuildFTS && t.fts[id] {
			ftsRows = append(ftsRows, id)
		}
	}
	if err := execEach(ctx, tx, ftsRows, `INSERT INTO chunks_fts (chunks_fts, rowid, text) SELECT 'delete', id, `+segmentFunc+`(prefix || text) FROM chunks WHERE id = ?`); err != nil {
		return err
	}
	if err := execEach(ctx, tx, p.orphans, `DELETE FROM vectors WHERE id = ?`, `DELETE FROM chunks WHERE id = ?`); err != nil {
		return err
	}
	// A chunk whose text was altered goes (its keyword row cannot be
	// deleted exactly: the keyword index is rebuilt), and its file loses
	// its hash, so that the next index run stores the chunk again.
	if err := execEach(ctx, tx, p.badText, `DELETE FROM vectors WHERE id = ?`, `DELETE FROM chunks WHERE id = ?`); err != nil {
		return err
	}
	for path := range p.textFiles {
		p.bad[path] = true
	}
	if err := execEach(ctx, tx, p.vecOrphans, `DELETE FROM vectors WHERE id = ?`); err != nil {
		return err
	}
	if err := execEach(ctx, tx, p.noVec, `UPDATE chunks SET embedded = 0 WHERE id = ?`,
		`UPDATE files SET pending = 1 WHERE path = (SELECT path FROM chunks WHERE id = ?)`); err != nil {
		return err
	}
	fts := execEach(ctx, tx, p.noFTS, `INSERT INTO chunks_fts (rowid, text) SELECT id, `+segmentFunc+`(prefix || text) FROM chunks WHERE id = ?`)
	if rebuildFTS {
		_, fts = tx.ExecContext(ctx, `INSERT INTO chunks_fts (chunks_fts) VALUES ('delete-all');
			INSERT INTO chunks_fts (rowid, text) SELECT id, `+segmentFunc+`(prefix || text) FROM chunks`)
	}
	if fts != nil {
		return fts
	}
	if err := fixFiles(ctx, tx, p.bad); err != nil {
		return err
	}
	// The search codes are derived from the vectors: recompute them all.
	return rebuildBlocks(ctx, tx)
}

// execEach runs each of queries in tx once for each of ids, in order.
func execEach(ctx context.Context, tx *sql.Tx, ids []int64, queries ...string) error {
	for _, id := range ids {
		for _, q := range queries {
			if _, err := tx.ExecContext(ctx, q, id); err != nil {
				return err
			}
		}
	}
	return nil
}

// fixFiles fixes the rows of the files in bad, which disagree with their
// chunks: a file whose chunk count is wrong (true) gets the right count
// and loses its hash, so the next index run re-reads it; the others are
// marked pending.
func fixFiles(ctx context.Context, tx *sql.Tx, bad map[string]bool) error {
	for path, countWrong := range bad {
		q := `UPDATE files SET pending = 1 WHERE path = ?`
		if countWrong {
			q = `UPDATE files SET hash = '', chunks = (SELECT count(*) FROM chunks WHERE chunks.path = files.path) WHERE path = ?`
		}
		if _, err := tx.ExecContext(ctx, q, path); err != nil {
			return err
		}
	}
	return nil
}

// Invalidate clears the stored hash of the given files, so that the next
// index run re-reads and re-stores them even when their size and mtime
// are unchanged.
func (db *DB) Invalidate(ctx context.Context, paths ...string) error {
	if len(paths) == 0 {
		return nil
	}
	return db.write(ctx, func(tx *sql.Tx) error {
		for _, p := range paths {
			if _, err := tx.ExecContext(ctx, `UPDATE files SET hash = '' WHERE path = ?`, p); err != nil {
				return err
			}
		}
		return nil
	})
}

// Vacuum rewrites the database file without its free pages (SQLite's
// VACUUM). It needs the database to itself for the time it takes, about
// that of copying the file; a rebuild runs it on its fresh file, which
// no one else has open.
func (db *DB) Vacuum(ctx context.Context) error {
	if _, err := db.handle(ctx).ExecContext(ctx, `VACUUM`); err != nil {
		return db.wrap("vacuum", err)
	}
	return nil
}

// CopyTo writes a copy of the database, as one read transaction sees
// it (SQLite's VACUUM INTO: consistent while others write), to the new
// file dst, then stores the meta values kv in the copy and sets every
// file row's mtime there to mtime (Unix nanoseconds): a search of a
// revision dates each note when its checkout was made, as a checkout's
// files are.
func (db *DB) CopyTo(ctx context.Context, dst string, kv map[string]string, mtime int64) error {
	if _, err := db.handle(ctx).ExecContext(ctx, `VACUUM INTO ?`, dst); err != nil {
		return db.wrap("copy to "+dst, err)
	}
	cp, err := sql.Open("sqlite3", fileURI(dst, nil))
	if err != nil {
		return fmt.Errorf("index %s: copy to %s: %w", db.path, dst, err)
	}
	defer cp.Close()
	tx, err := cp.BeginTx(ctx, nil)
	if err == nil {
		defer tx.Rollback()
		_, err = tx.ExecContext(ctx, `UPDATE files SET mtime = ?`, mtime)
	}
	for k, v := range kv {
		if err == nil {
			_, err = tx.ExecContext(ctx, `INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)`, k, v)
		}
	}
	if err == nil {
		err = tx.Commit()
	}
	if err != nil {
		return fmt.Errorf("index %s: copy to %s: %w", db.path, dst, err)
	}
	return nil
}

// ImportCache copies the embedding cache of the index at path into this
// one, keeping entries this one already has, and returns how many it
// copied. A rebuild uses it so that unchanged chunks are not re-embedded.
func (db *DB) ImportCache(ctx context.Context, path string) (int64, error) {
	conn, err := db.handle(ctx).Conn(ctx)
	if err != nil {
		return 0, db.wrap("import cache", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `ATTACH DATABASE ? AS src`, path); err != nil {
		return 0, db.wrap("import cache", err)
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), `DETACH DATABASE src`)
	// Only entries a lookup can return: one longer than any vector (a
	// cloned index's, planted) would be written again at every import.
	res, err := conn.ExecContext(ctx, `INSERT OR IGNORE INTO main.embed_cache (identity, hash, vector, used)
		SELECT identity, hash, vector, used FROM src.embed_cache WHERE `+cacheVectorOf, 4, 4*embedcache.MaxSize)
	if err != nil {
		return 0, db.wrap("import cache", err)
	}
	n, _ := res.RowsAffected()
	// The old index's live vectors are not in its cache: a vector is
	// stored once, with its chunk. Import them too; DropLiveFromCache
	// removes the copies once the new index holds them.
	var vecs int
	if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM src.sqlite_master WHERE name = 'vectors'`).Scan(&vecs); err != nil {
		return n, db.wrap("import cache", err)
	}
	var identity string
	err = conn.QueryRowContext(ctx, `SELECT value FROM src.meta WHERE key = 'identity'`).Scan(&identity)
	if vecs > 0 && err == nil {
		m, err := copyToCache(ctx, conn, "IGNORE", identity, `SELECT c.hash, v.vector FROM src.chunks c JOIN src.vectors v ON v.id = c.id WHERE c.embedded = 1`, 0)
		n += m
		if err != nil {
			return n, db.wrap("import cache", err)
		}
	}
	return n, nil
}

// DropLiveFromCache deletes embedding cache entries of the index's
// identity whose vectors live chunks hold, so that each vector is stored
// once.
func (db *DB) DropLiveFromCache(ctx context.Context) error {
	return db.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM embed_cache WHERE identity = (SELECT value FROM meta WHERE key = 'identity')
			AND hash IN (SELECT hash FROM chunks WHERE embedded = 1)`)
		return err
	})
}

// fileURI returns a SQLite URI for path with the given query parameters.
func fileURI(path string, q url.Values) string {
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
}

// Restore replaces the database's whole content with a copy of the
// memweave database at src, using SQLite's online backup into this file.
// The copy is one write transaction: every connection to this file, in
// this process or another, keeps reading the old content until it
// commits and reads the new content after, and the file keeps its inode,
// so open handles stay valid (unlike renaming a new file over it, which
// would leave other processes on the old file and make them share its
// -wal and -shm files with the new one). src's generation counter and
// vector epoch are set past this database's first, so readers drop their
// cached rows and vector codes.
func (db *DB) Restore(ctx context.Context, src string) error {
	gen, err := db.Generation(ctx)
	if err != nil {
		return err
	}
	// Errors of src are not this index's: db.wrap would call a damaged
	// src this index's corruption.
	srcErr := func(err error) error {
		return fmt.Errorf("index %s: restore from %s: %w", db.path, src, err)
	}
	srcDB, err := sql.Open("sqlite3", fileURI(src, url.Values{"_busy_timeout": {"10000"}}))
	if err != nil {
		return srcErr(err)
	}
	defer srcDB.Close()
	if _, err := srcDB.ExecContext(ctx, `UPDATE meta SET value = ? WHERE key = 'generation'`, strconv.FormatInt(gen+1, 10)); err != nil {
		return srcErr(err)
	}
	// The vector epoch too: src's code blocks are stamped with its own
	// generations, which may lie below those a reader already holds, so
	// a reader that kept this file's blocks and reloaded only the newer
	// ones would go on searching them; another epoch reloads them all.
	var epoch int64
	if err := db.handle(ctx).QueryRowContext(ctx, `SELECT coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'vector_epoch'), 0)`).Scan(&epoch); err != nil {
		return db.wrap("restore", err)
	}
	if _, err := srcDB.ExecContext(ctx, `INSERT INTO meta (key, value) VALUES ('vector_epoch', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, strconv.FormatInt(epoch+1, 10)); err != nil {
		return srcErr(err)
	}
	srcConn, err := srcDB.Conn(ctx)
	if err != nil {
		return srcErr(err)
	}
	defer srcConn.Close()
	dstConn, err := db.handle(ctx).Conn(ctx)
	if err != nil {
		return db.wrap("restore", err)
	}
	defer dstConn.Close()
	err = dstConn.Raw(func(dc any) error {
		dst, err := sqliteConn(dc)
		if err != nil {
			return err
		}
		return srcConn.Raw(func(sc any) error {
			s, err := sqliteConn(sc)
			if err != nil {
				return err
			}
			return backup(ctx, dst, s)
		})
	})
	if err != nil {
		return db.wrap("restore from "+src, err)
	}
	db.mu.Lock()
	db.vecs = nil
	db.mu.Unlock()
	// Fold the copy into the main file so the WAL does not stay as big as
	// the database; readers in progress may make this a partial
	// checkpoint, which is fine. It runs on the connection already held:
	// asking the pool for another would wait forever on a handle capped
	// at one connection.
	_, _ = dstConn.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
	return nil
}

// sqliteConn returns the mattn driver connection of a database/sql raw
// connection.
func sqliteConn(c any) (*sqlite3.SQLiteConn, error) {
	sc, ok := c.(*sqlite3.SQLiteConn)
	if !ok {
		return nil, fmt.Errorf("unexpected driver connection %T", c)
	}
	return sc, nil
}

// backup copies src into dst in one step, retrying while another
// connection holds a lock.
func backup(ctx context.Context, dst, src *sqlite3.SQLiteConn) error {
	bk, err := dst.Backup("main", src, "main")
	if err != nil {
		return err
	}
	for {
		done, err := bk.Step(-1)
		if err != nil {
			bk.Finish()
			return err
		}
		if done {
			return bk.Finish()
		}
		// Busy or locked: wait and retry.
		if err := ctxsleep.Sleep(ctx, 10*time.Millisecond); err != nil {
			bk.Finish()
			return err
		}
	}
}

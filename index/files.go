package index

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/tokenize"
)

// File is one indexed file's row.
type File struct {
	// Path is workspace-relative with '/' (absolute for files outside).
	Path string
	// Source is the namespace label.
	Source string
	// Hash is the hex SHA-256 of the file's content.
	Hash string
	// MTime is the modification time in Unix nanoseconds; Size in bytes.
	MTime, Size int64
	// Pending is true while some chunk lacks its vector (embedding failed).
	Pending bool
	// External is true for files added explicitly that discovery does not
	// find; index runs never prune them.
	External bool
	// Chunks is the number of chunks.
	Chunks int
	// CTime (Unix nanoseconds) and Inode are the file's change time and
	// inode as last read; 0 when unknown.
	CTime, Inode int64
	// IndexedAt is the row's read time, in Unix nanoseconds: a time taken
	// before the file was opened for the read whose content (Hash) and
	// stat the row records, or that found an unchanged file's content
	// still matching when the row was touched. Any write after it gives
	// the file an mtime no earlier than IndexedAt less the timestamp
	// granularity, which is what git's racy-timestamp rule needs; the
	// time the row was written does not bound the read (a remote
	// embedder runs in between). The caller of [DB.Apply] and [DB.Touch]
	// sets it; 0 means unknown, and the rule then distrusts the row.
	IndexedAt int64
	// Meta is the JSON of the file's front matter fields
	// (frontmatter.Meta), "" when it has none.
	Meta string
}

// fileColumns are the columns scanFile reads, in order.
const fileColumns = `path, source, hash, mtime, size, pending, external, chunks, ctime, inode, indexed_at, meta`

// scanFile reads one row of fileColumns.
func scanFile(rows *sql.Rows) (File, error) {
	var f File
	var chunks int64
	err := rows.Scan(&f.Path, &f.Source, &f.Hash, (*intCol)(&f.MTime), (*intCol)(&f.Size), (*boolCol)(&f.Pending), (*boolCol)(&f.External),
		(*intCol)(&chunks), (*intCol)(&f.CTime), (*intCol)(&f.Inode), (*intCol)(&f.IndexedAt), &f.Meta)
	f.Chunks = int(chunks)
	return f, err
}

// intCol scans an INTEGER column into an int64. database/sql converts
// an int64 into an *int64 by reflection, which made most of the cost of
// reading the file rows; other values get its conversions
// ([sql.NullInt64]), and NULL its error.
type intCol int64

// Scan implements [sql.Scanner].
func (c *intCol) Scan(src any) error {
	if v, ok := src.(int64); ok {
		*c = intCol(v)
		return nil
	}
	var n sql.NullInt64
	if err := n.Scan(src); err != nil {
		return err
	}
	if !n.Valid {
		return errNullInteger
	}
	*c = intCol(n.Int64)
	return nil
}

// boolCol scans a 0 or 1 INTEGER column into a bool, as [intCol] does an
// integer; other values get database/sql's conversions ([sql.NullBool]).
type boolCol bool

// Scan implements [sql.Scanner].
func (c *boolCol) Scan(src any) error {
	if v, ok := src.(int64); ok && (v == 0 || v == 1) {
		*c = v == 1
		return nil
	}
	var n sql.NullBool
	if err := n.Scan(src); err != nil {
		return err
	}
	if !n.Valid {
		return errNullInteger
	}
	*c = boolCol(n.Bool)
	return nil
}

// errNullInteger is database/sql's error for a NULL scanned into an
// integer.
var errNullInteger = errors.New("converting NULL to int64 is unsupported")

// encodeTags is the tags column of a file with tags: a JSON list, "" for
// none.
func encodeTags(tags []string) string {
	if len(tags) == 0 {
		return ""
	}
	b, _ := json.Marshal(tags) // a []string always encodes
	return string(b)
}

// Expired returns the paths of the files whose front matter's expiry
// date is before today (YYYY-MM-DD), sorted. The dates were stored when
// each file was indexed ([Update].Expires); no row's Meta is decoded.
func (db *DB) Expired(ctx context.Context, today string) ([]string, error) {
	var out []string
	// "+path" keeps SQLite from walking the whole table in path order to
	// skip a sort: the partial index on expires finds the few dated rows.
	err := scanRows(ctx, db.handle(ctx), `SELECT path FROM files WHERE expires != '' AND expires < ? ORDER BY +path`, func(rows *sql.Rows) error {
		var p string
		err := rows.Scan(&p)
		out = append(out, p)
		return err
	}, today)
	return out, db.wrap("list expired files", err)
}

// Tagged returns the tags of every file whose front matter has some,
// keyed by path, as they were stored when the file was indexed
// ([Update].Tags). A stored value that is not a JSON list of strings
// reads as no tags.
func (db *DB) Tagged(ctx context.Context) (map[string][]string, error) {
	out := make(map[string][]string)
	err := scanRows(ctx, db.handle(ctx), `SELECT path, tags FROM files WHERE tags != ''`, func(rows *sql.Rows) error {
		var p, tags string
		if err := rows.Scan(&p, &tags); err != nil {
			return err
		}
		var list []string
		if json.Unmarshal([]byte(tags), &list) == nil && len(list) > 0 {
			out[p] = list
		}
		return nil
	})
	return out, db.wrap("list tagged files", err)
}

// Chunk is one chunk to store.
type Chunk struct {
	// ID is the chunk's stable id (see ChunkID). The row id that FTS5 and
	// the vector table share is assigned sequentially on insert, which
	// keeps their doclists compact; ID is what identifies a chunk across
	// edits and rebuilds.
	ID int64
	// Seq is the chunk's position in its file, from 0.
	Seq                int
	StartLine, EndLine int
	Headings           []string
	// Hash is the SHA-256 of Prefix+Text, the embedding cache key.
	Hash embedcache.Key
	// Text is the chunk as it appears in the file.
	Text string
	// Prefix is prepended to Text to make what is embedded and
	// keyword-indexed, e.g. the heading path of a chunk that does not
	// start with its heading. It is stored so that the FTS row can be
	// deleted exactly.
	Prefix string
	// Vector is the chunk's embedding; nil when it has none (yet).
	Vector []float32
}

// Update replaces one file's rows.
type Update struct {
	File   File
	Chunks []Chunk
	// Tags and Expires are the front matter's tags and expiry date
	// (YYYY-MM-DD, "" for none), which searches filter on: stored in
	// columns of their own beside File.Meta, so that a search reads them
	// without decoding every row's Meta ([DB.Tagged], [DB.Expired]).
	Tags    []string
	Expires string
	// NeedVectors says that every chunk should have a vector (an embedder
	// is configured): a chunk left without one, for want of a vector or of
	// a vector table, marks the file pending.
	NeedVectors bool
}

// Changes counts what a write did.
type Changes struct {
	ChunksCreated, ChunksRemoved int
}

// Files returns every file row, keyed by path. The map is shared with
// later calls until the next write: callers must not modify it.
func (db *DB) Files(ctx context.Context) (map[string]File, error) {
	gen, err := db.Generation(ctx)
	if err != nil {
		return nil, err
	}
	if files := db.cachedFiles(gen); files != nil {
		return files, nil
	}
	db.filesLoad.Lock()
	defer db.filesLoad.Unlock()
	if files := db.cachedFiles(gen); files != nil {
		return files, nil // read by the caller this one waited for
	}
	files, err := db.readFiles(ctx)
	if err != nil {
		return nil, err
	}
	db.mu.Lock()
	db.files = newFileCache(gen, files)
	db.mu.Unlock()
	return files, nil
}

// cachedFiles returns the cached file rows when they are of generation
// gen, else nil.
func (db *DB) cachedFiles(gen int64) map[string]File {
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.files != nil && db.files.gen == gen {
		return db.files.fold()
	}
	return nil
}

// readFiles reads every file row. Files reads the generation before the
// rows, so cached rows are never older than the generation they are
// filed under (a write in between only costs one more read).
func (db *DB) readFiles(ctx context.Context) (map[string]File, error) {
	// Sized first: a map grown row by row allocates twice its size.
	var n int
	if err := db.handle(ctx).QueryRowContext(ctx, `SELECT count(*) FROM files`).Scan(&n); err != nil {
		return nil, db.wrap("count files", err)
	}
	out := make(map[string]File, n)
	err := scanRows(ctx, db.handle(ctx), `SELECT `+fileColumns+` FROM files`, func(rows *sql.Rows) error {
		f, err := scanFile(rows)
		out[f.Path] = f
		return err
	})
	if err != nil {
		return nil, db.wrap("list files", err)
	}
	return out, nil
}

// FilesAt returns the rows of the given paths, keyed by path; paths not
// indexed are absent. They come from the cached rows when those are
// current, so that the freshness check after an edit reads one row, not
// the table.
func (db *DB) FilesAt(ctx context.Context, paths []string) (map[string]File, error) {
	gen, err := db.Generation(ctx)
	if err != nil {
		return nil, err
	}
	db.mu.Lock()
	if c := db.files; c != nil && c.gen == gen {
		out := make(map[string]File, len(paths))
		for _, p := range paths {
			if f, ok := c.get(p); ok {
				out[p] = f
			}
		}
		db.mu.Unlock()
		return out, nil
	}
	db.mu.Unlock()
	out, err := filesAt(ctx, db.handle(ctx), paths)
	return out, db.wrap("list files", err)
}

// filesAt reads the rows of paths through q, keyed by path.
func filesAt(ctx context.Context, q queryer, paths []string) (map[string]File, error) {
	out := make(map[string]File, len(paths))
	for start := 0; start < len(paths); start += 500 {
		batch := paths[start:min(start+500, len(paths))]
		args := make([]any, len(batch))
		for i, p := range batch {
			args[i] = p
		}
		err := scanRows(ctx, q, `SELECT `+fileColumns+` FROM files WHERE path IN (`+placeholders(len(batch))+`)`, func(rows *sql.Rows) error {
			f, err := scanFile(rows)
			out[f.Path] = f
			return err
		}, args...)
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// PendingFiles counts files waiting for embeddings; FileCount counts
// files. Both come from the cached rows when those are current.
func (db *DB) PendingFiles(ctx context.Context) (int, error) {
	return db.countFiles(ctx, `SELECT count(*) FROM files WHERE pending = 1`, func(c *fileCache) int { return c.pending })
}

// FileCount counts the indexed files; see [DB.PendingFiles].
func (db *DB) FileCount(ctx context.Context) (int, error) {
	return db.countFiles(ctx, `SELECT count(*) FROM files`, func(c *fileCache) int { return c.n })
}

// countFiles returns count of the cached rows when they are current,
// else the result of the query q.
func (db *DB) countFiles(ctx context.Context, q string, count func(*fileCache) int) (int, error) {
	gen, err := db.Generation(ctx)
	if err != nil {
		return 0, err
	}
	db.mu.Lock()
	if c := db.files; c != nil && c.gen == gen {
		n := count(c)
		db.mu.Unlock()
		return n, nil
	}
	db.mu.Unlock()
	var n int
	err = db.handle(ctx).QueryRowContext(ctx, q).Scan(&n)
	return n, db.wrap("count files", err)
}

// Sources returns the distinct sources of the indexed files, sorted.
func (db *DB) Sources(ctx context.Context) ([]string, error) {
	var out []string
	err := scanRows(ctx, db.handle(ctx), `SELECT DISTINCT source FROM files ORDER BY source`, func(rows *sql.Rows) error {
		var s string
		err := rows.Scan(&s)
		out = append(out, s)
		return err
	})
	return out, db.wrap("list sources", err)
}

// EmbeddedChunks returns the stable ids of path's chunks that have a vector.
func (db *DB) EmbeddedChunks(ctx context.Context, path string) (map[int64]bool, error) {
	out := make(map[int64]bool)
	err := scanRows(ctx, db.handle(ctx), `SELECT uid FROM chunks WHERE path = ? AND embedded = 1`, func(rows *sql.Rows) error {
		var id int64
		err := rows.Scan(&id)
		out[id] = true
		return err
	}, path)
	return out, db.wrap("list chunks", err)
}

// Apply writes the updates, then the deletions, in one transaction, and
// runs extra (embedding cache writes) on the cache table as the
// transaction sees it. Readers see either none or all of it, so a crash
// never leaves half a file. Each file row is stored as given, its read
// time (File.IndexedAt) included.
func (db *DB) Apply(ctx context.Context, updates []Update, deletes []string, extra func(CacheTable) error) (Changes, error) {
	var ch Changes
	paths := make([]string, 0, len(updates)+len(deletes))
	for _, u := range updates {
		paths = append(paths, u.File.Path)
	}
	paths = append(paths, deletes...)
	var rows map[string]File
	before, err := db.writeAt(ctx, func(tx *sql.Tx) error {
		w, err := newWriter(ctx, tx)
		if err != nil {
			return err
		}
		defer w.close()
		for _, u := range updates {
			c, r, err := w.replace(ctx, u)
			if err != nil {
				return fmt.Errorf("%s: %w", u.File.Path, err)
			}
			ch.ChunksCreated += c
			ch.ChunksRemoved += r
		}
		for _, p := range deletes {
			r, err := w.remove(ctx, p)
			if err != nil {
				return fmt.Errorf("%s: %w", p, err)
			}
			ch.ChunksRemoved += r
		}
		if err := w.blocks.flush(ctx, tx); err != nil {
			return err
		}
		if extra != nil {
			if err := extra(CacheTable{tx}); err != nil {
				return err
			}
		}
		rows, err = filesAt(ctx, tx, paths)
		return err
	})
	if err != nil {
		return ch, err
	}
	db.patchCache(before, rows, paths, ch.ChunksCreated-ch.ChunksRemoved)
	return ch, nil
}

// Touch records a new stat (mtime, size, change time and inode) and read
// time (IndexedAt) for files whose content was read and found unchanged.
// A file given with a Hash is touched only if its row still holds that
// hash: a stat read without the index lock must not overwrite the row of
// a file another process re-indexed meanwhile.
func (db *DB) Touch(ctx context.Context, files []File) error {
	if len(files) == 0 {
		return nil
	}
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
	}
	var rows map[string]File
	before, err := db.writeAt(ctx, func(tx *sql.Tx) error {
		st, err := tx.PrepareContext(ctx, `UPDATE files SET mtime = ?, size = ?, ctime = ?, inode = ?, indexed_at = ? WHERE path = ? AND (? = '' OR hash = ?)`)
		if err != nil {
			return err
		}
		defer st.Close()
		for _, f := range files {
			if _, err := st.ExecContext(ctx, f.MTime, f.Size, f.CTime, f.Inode, f.IndexedAt, f.Path, f.Hash, f.Hash); err != nil {
				return err
			}
		}
		rows, err = filesAt(ctx, tx, paths)
		return err
	})
	if err != nil {
		return err
	}
	db.patchCache(before, rows, paths, 0)
	return nil
}

// writer holds the prepared statements of one write transaction.
type writer struct {
	tx                                 *sql.Tx
	hasVec                             bool
	dims                               int
	blocks                             blockEdits
	existing, delChunk, delFTS, delVec *sql.Stmt
	insChunk, insFTS, insVec, setLines *sql.Stmt
	markEmbedded, upsertFile, delFile  *sql.Stmt
}

func newWriter(ctx context.Context, tx *sql.Tx) (*writer, error) {
	w := &writer{tx: tx}
	dims, err := vectorDims(ctx, tx)
	if err != nil {
		return nil, err
	}
	w.hasVec, w.dims = dims > 0, dims
	stmts := []struct {
		dst **sql.Stmt
		sql string
		vec bool
	}{
		{&w.existing, `SELECT id, uid, embedded, prefix || text FROM chunks WHERE path = ?`, false},
		{&w.delChunk, `DELETE FROM chunks WHERE id = ?`, false},
		{&w.delFTS, `INSERT INTO chunks_fts (chunks_fts, rowid, text) VALUES ('delete', ?, ?)`, false},
		{&w.delVec, `DELETE FROM vectors WHERE id = ?`, true},
		{&w.insChunk, `INSERT INTO chunks (uid, path, source, seq, start_line, end_line, headings, prefix, hash, text, embedded) VALUES (?,?,?,?,?,?,?,?,?,?,?)`, false},
		{&w.insFTS, `INSERT INTO chunks_fts (rowid, text) VALUES (?, ?)`, false},
		{&w.insVec, `INSERT OR REPLACE INTO vectors (id, vector) VALUES (?, ?)`, true},
		{&w.setLines, `UPDATE chunks SET seq = ?, start_line = ?, end_line = ?, headings = ?, source = ? WHERE id = ?`, false},
		{&w.markEmbedded, `UPDATE chunks SET embedded = 1 WHERE id = ?`, false},
		{&w.upsertFile, `INSERT OR REPLACE INTO files (` + fileColumns + `, tags, expires) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)`, false},
		{&w.delFile, `DELETE FROM files WHERE path = ?`, false},
	}
	for _, s := range stmts {
		if s.vec && !w.hasVec {
			continue
		}
		st, err := tx.PrepareContext(ctx, s.sql)
		if err != nil {
			w.close()
			return nil, err
		}
		*s.dst = st
	}
	return w, nil
}

func (w *writer) close() {
	for _, st := range []*sql.Stmt{w.existing, w.delChunk, w.delFTS, w.delVec, w.insChunk, w.insFTS, w.insVec, w.setLines, w.markEmbedded, w.upsertFile, w.delFile} {
		if st != nil {
			st.Close()
		}
	}
}

// oldChunk is what deleting a stored chunk needs to know.
type oldChunk struct {
	rowid    int64
	embedded bool
	// indexed is the exact text given to FTS5, needed to delete its row
	// from the contentless table.
	indexed string
}

// existingChunks returns path's stored chunks by stable id.
func (w *writer) existingChunks(ctx context.Context, path string) (map[int64]oldChunk, error) {
	rows, err := w.existing.QueryContext(ctx, path)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make(map[int64]oldChunk)
	for rows.Next() {
		var uid int64
		var c oldChunk
		if err := rows.Scan(&c.rowid, &uid, &c.embedded, &c.indexed); err != nil {
			return nil, err
		}
		out[uid] = c
	}
	return out, rows.Err()
}

func (w *writer) deleteChunk(ctx context.Context, old oldChunk) error {
	if w.hasVec && old.embedded {
		// The vector outlives its chunk in the embedding cache: an undo,
		// or the same text elsewhere, costs no embedding call.
		if err := saveLiveVectors(ctx, w.tx, fmt.Sprintf("c.id = %d", old.rowid)); err != nil {
			return err
		}
	}
	if _, err := w.delChunk.ExecContext(ctx, old.rowid); err != nil {
		return err
	}
	if _, err := w.delFTS.ExecContext(ctx, old.rowid, tokenize.Segment(old.indexed)); err != nil {
		return err
	}
	if w.hasVec && old.embedded {
		if _, err := w.delVec.ExecContext(ctx, old.rowid); err != nil {
			return err
		}
		w.blocks.remove(old.rowid)
	}
	return nil
}

func (w *writer) replace(ctx context.Context, u Update) (created, removed int, err error) {
	old, err := w.existingChunks(ctx, u.File.Path)
	if err != nil {
		return 0, 0, err
	}
	keep := make(map[int64]bool, len(u.Chunks))
	for _, c := range u.Chunks {
		keep[c.ID] = true
	}
	for uid, oc := range old {
		if !keep[uid] {
			if err := w.deleteChunk(ctx, oc); err != nil {
				return 0, 0, err
			}
			removed++
		}
	}
	pending := false
	for _, c := range u.Chunks {
		headings := strings.Join(c.Headings, "\n")
		oc, exists := old[c.ID]
		emb, rowid := oc.embedded, oc.rowid
		if exists {
			if _, err := w.setLines.ExecContext(ctx, c.Seq, c.StartLine, c.EndLine, headings, u.File.Source, rowid); err != nil {
				return 0, 0, err
			}
		} else {
			res, err := w.insChunk.ExecContext(ctx, c.ID, u.File.Path, u.File.Source, c.Seq, c.StartLine, c.EndLine, headings, c.Prefix, c.Hash[:], c.Text, false)
			if err != nil {
				return 0, 0, err
			}
			if rowid, err = res.LastInsertId(); err != nil {
				return 0, 0, err
			}
			if _, err := w.insFTS.ExecContext(ctx, rowid, tokenize.Segment(c.Prefix+c.Text)); err != nil {
				return 0, 0, err
			}
			created++
		}
		if emb {
			continue
		}
		if c.Vector == nil || !w.hasVec {
			// No vector, or no table to keep it in (the embedder's
			// dimensions are not known yet): the file waits for the next
			// run, never silently without vectors.
			pending = pending || u.NeedVectors || c.Vector != nil || w.hasVec
			continue
		}
		if len(c.Vector) != w.dims {
			return 0, 0, fmt.Errorf("chunk %d: vector has %d dimensions, the index %d", c.Seq, len(c.Vector), w.dims)
		}
		half := encodeUnitHalf(c.Vector)
		if _, err := w.insVec.ExecContext(ctx, rowid, half); err != nil {
			return 0, 0, err
		}
		// The code is made from the vector as stored, which is what a
		// vector reused from the index or the embedding cache is, and
		// what a rebuild of the blocks reads: a fresh embedding's extra
		// bits would give the same text another code, and the calibration
		// sample's approximate cosines would then depend on where its
		// vectors came from.
		stored, err := decodeHalf(half)
		if err != nil {
			return 0, 0, err
		}
		w.blocks.put(rowid, stored)
		if _, err := w.markEmbedded.ExecContext(ctx, rowid); err != nil {
			return 0, 0, err
		}
	}
	f := u.File
	if _, err := w.upsertFile.ExecContext(ctx, f.Path, f.Source, f.Hash, f.MTime, f.Size, pending, f.External, len(u.Chunks),
		f.CTime, f.Inode, f.IndexedAt, f.Meta, encodeTags(u.Tags), u.Expires); err != nil {
		return 0, 0, err
	}
	return created, removed, nil
}

func (w *writer) remove(ctx context.Context, path string) (int, error) {
	old, err := w.existingChunks(ctx, path)
	if err != nil {
		return 0, err
	}
	for _, oc := range old {
		if err := w.deleteChunk(ctx, oc); err != nil {
			return 0, err
		}
	}
	if _, err := w.delFile.ExecContext(ctx, path); err != nil {
		return 0, err
	}
	return len(old), nil
}

// ChunkID returns the stable id of the seq'th chunk of path with the given
// text hash: the first 63 bits of SHA-256(path, seq, hash). Rebuilding an
// index from the same files gives the same ids.
func ChunkID(path string, seq int, hash embedcache.Key) int64 {
	h := sha256.New()
	h.Write([]byte(path))
	var b [9]byte
	binary.BigEndian.PutUint64(b[1:], uint64(seq))
	h.Write(b[:])
	h.Write(hash[:])
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return int64(binary.BigEndian.Uint64(sum[:8]) >> 1)
}

// ForgetFiles deletes every file's rows, their chunks, keyword rows and
// vectors, and the embedding cache, keeping the meta table: the next
// index run indexes and embeds every file again. It is for an index
// whose rows cannot be trusted to be this workspace's: a chunk
// re-chunking would keep (same id) may hold any text, and a vector,
// live or cached, is filed under the hash of a text it need not embed
// (a planted one ranks a note for what another says), which only
// deleting them removes.
func (db *DB) ForgetFiles(ctx context.Context) error {
	err := db.write(ctx, func(tx *sql.Tx) error {
		for _, q := range []string{`DELETE FROM chunks`, `INSERT INTO chunks_fts (chunks_fts) VALUES ('delete-all')`,
			`DELETE FROM files`, `DELETE FROM vectors`, `DELETE FROM vector_blocks`, `DELETE FROM embed_cache`} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return err
			}
		}
		return bumpEpoch(ctx, tx)
	})
	db.forgetCaches()
	if err != nil {
		return fmt.Errorf("forget files: %w", err)
	}
	return nil
}

// InvalidateFiles clears every file's stored hash, so the next index run
// re-reads and re-chunks every file (used when the chunker changes).
func (db *DB) InvalidateFiles(ctx context.Context) error {
	return db.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE files SET hash = ''`)
		return err
	})
}

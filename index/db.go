package index

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	vec "github.com/asg017/sqlite-vec-go-bindings/cgo"
	sqlite3 "github.com/mattn/go-sqlite3"

	"github.com/memweave/memweave-go/internal/ctxsleep"
	"github.com/memweave/memweave-go/internal/shellquote"
	"github.com/memweave/memweave-go/tokenize"
	"github.com/memweave/memweave-go/workspace"
)

// Errors callers can test with errors.Is.
var (
	// ErrNoFTS5 means the binary's SQLite lacks FTS5.
	ErrNoFTS5 = errors.New("index: SQLite has no FTS5 support: build and test with -tags sqlite_fts5")
	// ErrCorrupt means the file is not a readable SQLite database.
	ErrCorrupt = errors.New("index: database is corrupt or not SQLite")
	// ErrForeign means the file is a SQLite database that memweave did not create.
	ErrForeign = errors.New("index: database was not created by memweave")
	// ErrTooNew means the schema is newer than this binary understands.
	ErrTooNew = errors.New("index: database schema is newer than this memweave")
	// ErrClosed is returned by calls on a closed DB.
	ErrClosed = errors.New("index: database closed")
)

// Options configure [Open]. The zero value means the defaults.
type Options struct {
	// BusyTimeout is how long a statement waits for another connection's
	// lock before failing. Default 10s.
	BusyTimeout time.Duration
	// OneShot marks a handle that serves one command and closes (a CLI
	// process): its vector searches score the codes as SQLite reads them
	// instead of loading them into memory for the searches to come (see
	// [DB.Vector]), and its connections keep a page cache of 64 KiB
	// (oneShotPragmas). Default false.
	OneShot bool
}

// DB is an open index. It is safe for concurrent use.
type DB struct {
	// sql is the handle in use ([DB.handle]): a long-lived one opened
	// read-only swaps in a read-write one once it can (see reopen).
	sql  atomic.Pointer[sql.DB]
	path string
	// key is the database's key in handles, released by Close.
	key     string
	oneShot bool

	// mu guards vecs, the in-memory vector codes, dots, a one-shot
	// handle's last vector scan (see queryDots), and the cached chunk
	// count, file rows, term counts and calibration sample with the
	// generation they were read at.
	mu       sync.Mutex
	vecs     *codeSet
	dots     *codeSet
	count    int
	countGen int64
	countOK  bool
	files    *fileCache
	// terms caches TermCounts at generation termsGen.
	terms    map[string]int
	termsGen int64
	// sampled is the last Sample of sampledN texts SampleCosines read;
	// sampledOK reports that it is set.
	sampled   Sample
	sampledN  int
	sampledOK bool
	// filesLoad is held while the file rows are read, so that callers
	// that miss the cache together (a fresh process's first search and
	// its freshness diff) read them once.
	filesLoad sync.Mutex
	// schema holds the fixable schema problems Open or Check found: while
	// there are any, vector reads and writes fail (see checkSchema).
	schema []schemaProblem
	// closeOnce releases the handle's count in handles once, however
	// often Close is called.
	closeOnce sync.Once
	// readOnly, when set, says why the handle reads the file as it is and
	// writes nothing (see openReadOnly); every write fails with it.
	readOnly atomic.Pointer[readOnly]

	// reopening is held while a read-only handle tries to reopen the file
	// read-write (see reopen); it guards disk and retired.
	reopening sync.Mutex
	// disk is the state of the index's file system when the last try
	// failed (diskState): no new try until it changes.
	disk string
	// retired holds the read-only handles replaced, which a read begun
	// before may still use: Close closes them.
	retired []*sql.DB
	// room is the wait for free space after a write failed on a full
	// disk (see noteFull).
	room roomHold
	// opened is the file a long-lived handle opened, nil when unknown;
	// followFile swaps in a handle on the file at path when it differs.
	opened atomic.Pointer[openedFile]
	// followed counts the files followFile swapped in.
	followed atomic.Int64
	// driver, uri and busy open the file as usual again (followFile).
	driver, uri string
	busy        time.Duration
}

// openedFile is the file a handle opened, for os.SameFile.
type openedFile struct{ fi os.FileInfo }

var autoOnce sync.Once

// registerExtensions makes sqlite-vec available to every connection (an
// index written before schema version 4 keeps its vectors in a vec0
// table, which only the extension can read and drop), gives every
// connection mw_code_dots (a one-shot handle's vector scan), and registers
// driverName, whose connections run connPragmas when they open and have
// the function segmentFunc, with which the keyword index is rebuilt from
// the chunks in SQL, and oneShotDriverName, the same with oneShotPragmas.
func registerExtensions() {
	vec.Auto()
	registerBM25()
	registerCodeDots()
	sql.Register(driverName, &sqlite3.SQLiteDriver{ConnectHook: connectHook(connPragmas)})
	sql.Register(oneShotDriverName, &sqlite3.SQLiteDriver{ConnectHook: connectHook(connPragmas + oneShotPragmas)})
}

// connectHook returns the hook that readies a new connection: the
// function segmentFunc, the rank function of registerBM25SQL, then
// pragmas.
func connectHook(pragmas string) func(c *sqlite3.SQLiteConn) error {
	return func(c *sqlite3.SQLiteConn) error {
		if err := c.RegisterFunc(segmentFunc, tokenize.Segment, true); err != nil {
			return err
		}
		if _, err := c.Exec(registerBM25SQL, nil); err != nil {
			return err
		}
		_, err := c.Exec(pragmas, nil)
		return err
	}
}

// driverName is the database/sql driver of the index's read-write
// connections: mattn/go-sqlite3 with connPragmas run on each new
// connection. oneShotDriverName is a one-shot handle's
// ([Options.OneShot]), which runs oneShotPragmas too.
const (
	driverName        = "sqlite3_memweave"
	oneShotDriverName = "sqlite3_memweave_oneshot"
)

// oneShotPragmas give a one-shot handle's connections a page cache of 64
// KiB instead of SQLite's 2,000 KiB: a process that reads once and exits
// never reads a page again after its cache would have dropped it, and
// each page it keeps is a fresh malloc'd page, a page fault (figures in
// docs/performance.md, "Stop 50, cold lane"). cache_spill keeps the
// threshold at which a write transaction spills dirty pages to the log
// where the default cache put it (2,000 KiB), so that an index run
// writes what it wrote before: past 64 KiB, SQLite recycles clean pages,
// and keeps dirty ones.
const oneShotPragmas = ` PRAGMA cache_size = -64; PRAGMA cache_spill = -2000;`

// connPragmas keep the write-ahead log small: a checkpoint every 256
// pages instead of SQLite's 1,000, and the log file cut back after each
// one, where SQLite would keep it at its largest size. trusted_schema=OFF
// keeps the triggers and views of a crafted file from calling functions
// with side effects.
const connPragmas = `PRAGMA wal_autocheckpoint = 256; PRAGMA journal_size_limit = 1048576; PRAGMA trusted_schema = OFF;`

// Open opens or creates the index at path, creating its folder when
// missing, and migrates its schema to the current version.
//
// Open also heals the files around the database: a folder it creates, and
// a workspace's .memweave folder, get a .gitignore of "*" when they have
// none; leftover -wal and -shm files that lost their write permission get
// it back when we own them (otherwise the error names the file and the
// command that fixes it); and the temporary files of a killed rebuild
// ([RebuildPattern]) are removed when the index lock, <path>.lock, is free.
//
// On a full or read-only file system a handle reads the file as last
// written, read-only, unless a write-ahead log holds changes it lacks:
// [DB.ReadOnly] then says so and why, and every write fails with that
// error. A long-lived handle (not [Options.OneShot]) opens the file as
// usual again once its file system changed and that works.
func Open(ctx context.Context, path string, opts Options) (*DB, error) {
	autoOnce.Do(registerExtensions)
	if opts.BusyTimeout <= 0 {
		opts.BusyTimeout = 10 * time.Second
	}
	if err := makeFolder(filepath.Dir(path)); err != nil {
		return nil, openError(path, err)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, openError(path, errors.New("is a directory"))
	} else if err == nil && !fi.Mode().IsRegular() {
		// A device or FIFO: SQLite would fail on it, a device after
		// writing a -journal beside it (--db /dev/null).
		fix := "name a regular file"
		if fi.Mode()&(fs.ModeNamedPipe|fs.ModeSocket) != 0 {
			fix = "remove it (rm " + shellquote.Quote(path) + ") while no process uses the index"
		}
		return nil, openError(path, fmt.Errorf("is %s, not a regular file: %s: %w", workspace.KindOf(fi.Mode()), fix, workspace.ErrNotRegular))
	}
	key := handleKey(path)
	err := acquire(key, func(alone bool) error {
		if alone {
			if err := checkForeign(ctx, path); err != nil {
				return err
			}
		}
		if err := fixSidecars(path, alone); err != nil {
			return openError(path, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	db, err := open(ctx, path, key, opts)
	if err != nil {
		release(key)
		return nil, err
	}
	return db, nil
}

// open is Open once the files around the database are checked and the
// handle is counted under key in handles.
func open(ctx context.Context, path, key string, opts Options) (*DB, error) {
	removeRebuildLeftovers(path)
	q := url.Values{}
	q.Set("_busy_timeout", strconv.FormatInt(opts.BusyTimeout.Milliseconds(), 10))
	q.Set("_journal_mode", "WAL")
	q.Set("_synchronous", "NORMAL")
	q.Set("_txlock", "immediate")
	// Multi-thread mode (SQLITE_OPEN_NOMUTEX): database/sql hands a
	// connection, and the statements and rows made on it, to one goroutine
	// at a time, so SQLite's own lock around every call on the connection
	// guards nothing but costs every call (docs/performance.md, stop 41).
	q.Set("_mutex", "no")
	driver := driverName
	if opts.OneShot {
		driver = oneShotDriverName
	}
	sdb, err := sql.Open(driver, fileURI(path, q))
	if err != nil {
		return nil, openError(path, err)
	}
	db := &DB{path: path, key: key, oneShot: opts.OneShot, driver: driver, uri: fileURI(path, q), busy: opts.BusyTimeout}
	db.sql.Store(sdb)
	if err := connect(ctx, sdb, opts.BusyTimeout); err != nil {
		sdb.Close()
		err = openError(path, err)
		if unwritable(path, err) {
			return openReadOnly(ctx, db, &readOnly{cause: err, driver: driver, uri: fileURI(path, q), busy: opts.BusyTimeout})
		}
		return nil, err
	}
	if err := db.setup(ctx); err != nil {
		sdb.Close()
		return nil, err
	}
	db.noteOpened()
	return db, nil
}

// noteOpened records the file at a long-lived db's path as the one it
// opened (see followFile).
func (db *DB) noteOpened() {
	if fi, err := os.Stat(db.path); err == nil && !db.oneShot {
		db.opened.Store(&openedFile{fi})
	}
}

// unwritable reports whether err, the error of opening the index at
// path, says its file system is full or read-only, while no write-ahead
// log holds changes its file lacks.
func unwritable(path string, err error) bool {
	if !errors.Is(err, syscall.ENOSPC) && !errors.Is(err, syscall.EROFS) {
		return false
	}
	fi, serr := os.Stat(path + "-wal")
	return errors.Is(serr, fs.ErrNotExist) || serr == nil && fi.Size() == 0
}

// readOnly is the state of a handle that reads the index as last
// written because it could not open it as usual (openReadOnly).
type readOnly struct {
	// cause is the error of the usual open (unwritable's).
	cause error
	// driver, uri and busy open the file as usual again (reopen).
	driver, uri string
	busy        time.Duration
}

// err is the error every write of the handle fails with.
func (r *readOnly) err() error {
	return fmt.Errorf("the index was opened read-only, as last written (%w)", r.cause)
}

// openReadOnly opens db's file as an immutable file, read-only, after the
// usual open failed because its file system is full or read-only
// (ro.cause, unwritable's): SQLite could not make or size the -wal and
// -shm files, which reading an immutable file does without. Every write
// fails with ro's error. A one-shot handle stays so; a long-lived one
// (not [Options.OneShot]) opens the file as usual again once its file
// system changes and the usual open works (see [DB.handle]), so that
// it writes again and does not read an immutable file another process
// writes. If the file cannot be read so, the error is ro.cause.
func openReadOnly(ctx context.Context, db *DB, ro *readOnly) (*DB, error) {
	q := url.Values{}
	q.Set("mode", "ro")
	q.Set("immutable", "1")
	q.Set("_mutex", "no")
	sdb, err := sql.Open(ro.driver, fileURI(db.path, q))
	if err != nil {
		return nil, ro.cause
	}
	db.sql.Store(sdb)
	db.readOnly.Store(ro)
	db.disk = diskState(filepath.Dir(db.path))
	if err := sdb.PingContext(ctx); err != nil {
		sdb.Close()
		return nil, ro.cause
	}
	if err := db.setup(ctx); err != nil {
		sdb.Close()
		if errors.Is(err, errPlantedStats) {
			// Read as they are, they would make every lookup a scan, and
			// SQLite loads them with the schema, before anything could
			// skip them; a private copy without them would hold the whole
			// index in memory. Refused, saying what serves the notes.
			err = fmt.Errorf("%w; only a writable index can drop them: free space, delete the index where it can be written, or open another index file (Config.DBPath, memweave --db FILE), built from the notes", err)
			if errno := syscall.Errno(0); errors.As(ro.cause, &errno) && !errors.Is(err, errno) {
				// The usual open's cause, for errors.Is; its text would say
				// again what err says.
				err = causeError{err, errno}
			}
			return nil, err
		}
		return nil, ro.cause
	}
	return db, nil
}

// ReadOnly returns why the handle reads the index as last written and
// writes nothing (its file system was full or read-only when it was
// opened, see [Open]), or nil for a handle that writes.
func (db *DB) ReadOnly() error {
	if ro := db.readOnly.Load(); ro != nil {
		return ro.err()
	}
	return nil
}

// handle returns the SQL handle to use. A long-lived handle opened
// read-only first tries to open the file as usual, when its file system
// changed since the last try (see reopen).
func (db *DB) handle(ctx context.Context) *sql.DB {
	if ro := db.readOnly.Load(); ro != nil && !db.oneShot {
		db.reopen(ctx, ro)
	} else if o := db.opened.Load(); o != nil && !db.sameFile(o) {
		db.followFile(ctx, o)
	}
	return db.sql.Load()
}

// sameFile reports whether the file at db's path is o's.
func (db *DB) sameFile(o *openedFile) bool {
	fi, err := os.Stat(db.path)
	return err == nil && os.SameFile(o.fi, fi)
}

// followFile opens the file now at db's path, as Open would (creating and
// migrating it when missing), and swaps that handle in for the one on o,
// the file db opened, which another program deleted or renamed another
// over (rm -r .memweave clears the cache): the old handle's connections
// kept the old file while each new one opened the path, so that calls
// failed on an empty file and writes went to either (or, the folder
// gone, failed at random as the pool grew). The caches of the
// old file go. A file that is not memweave's, or a failed open, leaves
// the handle as it is, to fail on the next call and try again.
func (db *DB) followFile(ctx context.Context, o *openedFile) {
	if !db.reopening.TryLock() {
		return
	}
	defer db.reopening.Unlock()
	if db.opened.Load() != o || db.sameFile(o) {
		return
	}
	if err := checkForeign(ctx, db.path); err != nil {
		return
	}
	// The folder too may be gone (rm -r .memweave): it is made again,
	// but only in a folder still there, never a workspace renamed away.
	dir := filepath.Dir(db.path)
	if _, err := os.Stat(filepath.Dir(dir)); err != nil || makeFolder(dir) != nil {
		return
	}
	sdb, err := sql.Open(db.driver, db.uri)
	if err != nil {
		return
	}
	fresh := &DB{path: db.path, key: db.key}
	fresh.sql.Store(sdb)
	if err = connect(ctx, sdb, db.busy); err == nil {
		err = fresh.setup(ctx)
	}
	if err != nil {
		sdb.Close()
		return
	}
	old := db.sql.Swap(sdb)
	old.SetMaxIdleConns(0) // its idle connections go now, the rest when Close closes it
	db.retired = append(db.retired, old)
	db.forgetCaches()
	db.noteOpened()
	db.followed.Add(1)
}

// Replacements returns how many times the handle found its file deleted
// or replaced by another program and opened the one at its path (an
// empty one it created when none): the index may then lack files that
// no change announces. It checks the path first.
func (db *DB) Replacements(ctx context.Context) int64 {
	db.handle(ctx)
	return db.followed.Load()
}

// reopen opens db's file as usual, as [Open] would, and swaps that handle
// in for the read-only one of ro, when the state of the file system
// holding it (diskState: free space, read-only flag) changed since db
// last tried: a full disk that has room again, a file system mounted
// read-write again. A try that fails, or another goroutine's try under
// way, leaves the handle read-only. The read-only handle is closed with
// db: a read begun on it may still be running.
func (db *DB) reopen(ctx context.Context, ro *readOnly) {
	if !db.reopening.TryLock() {
		return
	}
	defer db.reopening.Unlock()
	dir := filepath.Dir(db.path)
	if state := diskState(dir); state != "" && state == db.disk || db.readOnly.Load() != ro {
		return
	}
	sdb, err := sql.Open(ro.driver, ro.uri)
	if err == nil {
		fresh := &DB{path: db.path, key: db.key}
		fresh.sql.Store(sdb)
		if err = connect(ctx, sdb, ro.busy); err == nil {
			err = fresh.setup(ctx)
		}
		if err != nil {
			sdb.Close()
		}
	}
	if err != nil {
		db.disk = diskState(dir) // after the try, which may make the -wal and -shm files
		return
	}
	old := db.sql.Swap(sdb)
	old.SetMaxIdleConns(0) // its idle connections go now, the rest when Close closes it
	db.retired = append(db.retired, old)
	db.readOnly.Store(nil)
	db.noteOpened()
}

// connect opens the handle's first connection, retrying for up to busy
// while SQLite answers that the database is locked. On a new file the
// driver's journal_mode=WAL writes the file's header: SQLite takes a read
// lock, then upgrades it to a write lock, and refuses the upgrade at once,
// without waiting in the busy timeout, while another connection holds the
// write lock (another process opening the same new file at the same
// moment). Once the file is in WAL mode the pragma writes nothing.
func connect(ctx context.Context, sdb *sql.DB, busy time.Duration) error {
	deadline := time.Now().Add(busy)
	for wait := time.Millisecond; ; wait = min(2*wait, 50*time.Millisecond) {
		err := sdb.PingContext(ctx)
		var se sqlite3.Error
		if err == nil || !errors.As(err, &se) || se.Code != sqlite3.ErrBusy || time.Now().Add(wait).After(deadline) {
			return err
		}
		if err := ctxsleep.Sleep(ctx, wait); err != nil {
			return err
		}
	}
}

// checkForeign refuses, without changing it, an existing database that
// memweave did not create: opening it for real would switch it to WAL.
func checkForeign(ctx context.Context, path string) error {
	fi, err := os.Stat(path)
	if err != nil || fi.Size() == 0 {
		return nil // missing or empty: ours to create
	}
	// Read the file first, so that a file we cannot read is reported as
	// that, never as a foreign or damaged database.
	head, err := readHead(path)
	if err != nil {
		return openError(path, err)
	}
	if headerVersion(head) != 0 {
		// Versioned by its maker, as every index memweave wrote is: the
		// open below checks memweave's marker, and this check has nothing
		// to add. A header lags the write-ahead log, never the other way
		// round once a version is set, so only a 0 needs the query below,
		// which reads the log too; skipping it saves a fresh process a
		// connection and a parse of the schema.
		return nil
	}
	ro, err := sql.Open("sqlite3", fileURI(path, url.Values{"mode": {"ro"}}))
	if err != nil {
		return openError(path, err)
	}
	defer ro.Close()
	var version, objects int
	if err := ro.QueryRowContext(ctx, `SELECT (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_master)`).Scan(&version, &objects); err != nil {
		var se sqlite3.Error
		if errors.As(err, &se) && se.Code == sqlite3.ErrReadonly {
			// A write-ahead log left by a killed process needs recovery,
			// which a read-only connection cannot run: the file is a WAL
			// database someone opened for writing, and the read-write open
			// below recovers it and checks its version.
			return nil
		}
		return openError(path, err)
	}
	if version == 0 && objects > 0 {
		return openError(path, foreignObjects(objects))
	}
	return nil
}

// sqliteMagic starts every SQLite database file.
const sqliteMagic = "SQLite format 3\x00"

// headerVersion returns the user_version in head, the start of a file,
// when it is a SQLite header (a big-endian integer at offset 60), else 0.
func headerVersion(head []byte) uint32 {
	if len(head) < 64 || string(head[:len(sqliteMagic)]) != sqliteMagic {
		return 0
	}
	return binary.BigEndian.Uint32(head[60:64])
}

// readHead returns the first 100 bytes of the file at path (fewer when it
// is shorter), or the error, naming its cause, of opening and reading it.
func readHead(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the file: %w", err)
	}
	defer f.Close()
	head := make([]byte, 100)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, fmt.Errorf("cannot read the file: %w", err)
	}
	return head[:n], nil
}

func (db *DB) setup(ctx context.Context) error {
	var fts5 int
	if err := db.handle(ctx).QueryRowContext(ctx, `SELECT sqlite_compileoption_used('ENABLE_FTS5')`).Scan(&fts5); err != nil {
		return openError(db.path, err)
	}
	if fts5 != 1 {
		return ErrNoFTS5
	}
	if err := db.migrate(ctx); err != nil {
		return openError(db.path, err)
	}
	if err := db.upgradeVectors(ctx); err != nil {
		return openError(db.path, err)
	}
	problems, err := checkSchema(ctx, db.handle(ctx))
	if err != nil {
		return openError(db.path, err)
	}
	for _, p := range problems {
		if !p.fixable {
			return openError(db.path, schemaError(problems))
		}
	}
	db.schema = problems
	return nil
}

// openError is the error of opening the index at path: it names the path
// and turns driver errors into messages that say what to do.
func openError(path string, err error) error {
	var se sqlite3.Error
	if errors.As(err, &se) {
		switch se.Code {
		case sqlite3.ErrNotADB, sqlite3.ErrCorrupt:
			err = corruptError(se)
		case sqlite3.ErrCantOpen, sqlite3.ErrReadonly, sqlite3.ErrPerm, sqlite3.ErrAuth:
			err = fmt.Errorf("cannot write the database or its folder: %w", err)
			// SQLite may name another errno (ENOENT for a -wal it could
			// not create on a read-only file system): the folder's own.
			if errno := folderUnwritable(filepath.Dir(path)); errno != 0 {
				return fmt.Errorf("index: open %s: %w", path, causeError{fmt.Errorf("%w; its folder: %w", err, errno), errno})
			}
		}
		if se.SystemErrno != 0 {
			// The system's cause (ENOSPC: a full disk, EROFS), for
			// errors.Is; the message already says it.
			err = causeError{err, se.SystemErrno}
		}
	}
	return fmt.Errorf("index: open %s: %w", path, err)
}

// causeError is an error of the driver with the system error (errno) it
// reports, which errors.Is and errors.As find.
type causeError struct {
	err   error
	errno syscall.Errno
}

func (e causeError) Error() string   { return e.err.Error() }
func (e causeError) Unwrap() []error { return []error{e.err, e.errno} }

// corruptError is the [ErrCorrupt] error of SQLite's report se that the
// file is damaged or not a database.
func corruptError(se sqlite3.Error) error {
	return fmt.Errorf("%w (%v); the index is a cache of the Markdown files: rebuild it with 'memweave index --rebuild'", ErrCorrupt, se)
}

// Path returns the database file's path.
func (db *DB) Path() string { return db.path }

// SQL returns the underlying handle, for tests that inspect or damage the
// file. Only this package holds SQL: other packages read and write
// through its methods.
func (db *DB) SQL() *sql.DB { return db.sql.Load() }

// forgetCaches drops what the handle keeps between reads (vector codes,
// file rows, chunk count), so the next reads see the tables as they are
// even if something changed them without raising the generation: a
// check must not trust them.
func (db *DB) forgetCaches() {
	db.mu.Lock()
	db.vecs, db.dots, db.files, db.countOK, db.terms = nil, nil, nil, false, nil
	db.mu.Unlock()
}

// Close closes the database.
func (db *DB) Close() error {
	db.forgetCaches()
	db.reopening.Lock()
	retired := db.retired
	db.retired = nil
	db.reopening.Unlock()
	err := db.sql.Load().Close()
	for _, old := range retired {
		old.Close()
	}
	db.closeOnce.Do(func() { release(db.key) })
	if err != nil {
		return fmt.Errorf("index: close %s: %w", db.path, err)
	}
	return nil
}

// Size returns the bytes used by the database file and its WAL.
func (db *DB) Size() int64 {
	var n int64
	for _, p := range []string{db.path, db.path + "-wal"} {
		if fi, err := os.Stat(p); err == nil {
			n += fi.Size()
		}
	}
	return n
}

// Meta returns the meta value of key, "" when unset.
func (db *DB) Meta(ctx context.Context, key string) (string, error) {
	var v string
	err := db.handle(ctx).QueryRowContext(ctx, `SELECT value FROM meta WHERE key = ?`, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", db.wrap("read meta", err)
	}
	return v, nil
}

// SetMeta stores meta values.
func (db *DB) SetMeta(ctx context.Context, kv map[string]string) error {
	return db.write(ctx, func(tx *sql.Tx) error {
		for k, v := range kv {
			if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)`, k, v); err != nil {
				return err
			}
		}
		return nil
	})
}

// write runs fn in one short write transaction that also bumps the
// generation counter readers use to notice changes.
func (db *DB) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	_, err := db.writeAt(ctx, fn)
	return err
}

// writeAt is write that also returns the generation the transaction
// started from: the committed generation is one more. Nothing else can
// commit in between (the transaction holds the write lock from its
// start, _txlock=immediate), which lets a caller patch what it cached at
// that generation instead of reading it all again (see patchCache).
func (db *DB) writeAt(ctx context.Context, fn func(tx *sql.Tx) error) (before int64, err error) {
	db.mu.Lock()
	err = schemaError(db.schema)
	db.mu.Unlock()
	if err != nil {
		return 0, db.wrap("write", err)
	}
	return db.commit(ctx, fn)
}

// commit is writeAt without the schema check, for Repair.
func (db *DB) commit(ctx context.Context, fn func(tx *sql.Tx) error) (before int64, err error) {
	sdb := db.handle(ctx)
	if err := db.ReadOnly(); err != nil {
		return 0, db.wrap("write", err)
	}
	if err := db.roomToWrite(); err != nil {
		return 0, db.wrap("write", err)
	}
	defer func() {
		if err != nil { // after the rollback below
			db.noteFull(ctx, err)
		}
	}()
	tx, err := sdb.BeginTx(ctx, nil)
	if err != nil {
		return 0, db.wrap("begin", err)
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return 0, db.wrap("write", err)
	}
	if err := tx.QueryRowContext(ctx, `UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation' RETURNING CAST(value AS INTEGER) - 1`).Scan(&before); err != nil {
		return 0, db.wrap("write", err)
	}
	if err := tx.Commit(); err != nil {
		return 0, db.wrap("commit", err)
	}
	db.room.written()
	return before, nil
}

// patchCache brings the cached file rows and chunk count of generation
// before to the next one, after this process committed the write that
// made it: rows holds the new rows of the paths written (a path absent
// from it was deleted), and delta the change in the chunk count. A cache
// of another generation is left alone; the next read reloads it. The
// rows are patched, not copied (see fileCache): the cost of a write does
// not grow with the index.
func (db *DB) patchCache(before int64, rows map[string]File, paths []string, delta int) {
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.files != nil && db.files.gen == before {
		db.files.apply(rows, paths)
	}
	if db.countOK && db.countGen == before {
		db.count, db.countGen = db.count+delta, before+1
	}
}

// Generation returns the index generation: a number every committed
// write raises, so two equal readings mean nothing was written between
// them.
func (db *DB) Generation(ctx context.Context) (int64, error) {
	var g int64
	if err := db.handle(ctx).QueryRowContext(ctx, `SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'generation'`).Scan(&g); err != nil {
		return 0, db.wrap("read generation", err)
	}
	return g, nil
}

// wrap adds context to a driver error so that mattn's types stay inside
// this package's messages, and maps closed-database errors to ErrClosed.
func (db *DB) wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	var se sqlite3.Error
	switch {
	case strings.Contains(err.Error(), "database is closed"):
		err = ErrClosed
	case errors.As(err, &se) && (se.Code == sqlite3.ErrCorrupt || se.Code == sqlite3.ErrNotADB):
		err = corruptError(se)
	}
	return fmt.Errorf("index %s: %s: %w", db.path, what, err)
}

// Checkpoint copies the write-ahead log into the database file and
// truncates it, so that the file size reflects the data after a large
// write. It gives up quietly when readers keep the log in use.
func (db *DB) Checkpoint(ctx context.Context) error {
	var busy, logPages, done int
	err := db.handle(ctx).QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &logPages, &done)
	return db.wrap("checkpoint", err)
}

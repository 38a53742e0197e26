package memweave_test

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/mattn/go-sqlite3"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/memweavetest"
)

func mustCheck(tb testing.TB, w *memweave.Weave, repair bool) *memweave.CheckReport {
	tb.Helper()
	var opts []memweave.CheckOption
	if repair {
		opts = append(opts, memweave.Repair())
	}
	rep, err := w.Check(context.Background(), opts...)
	if err != nil {
		tb.Fatalf("Check(repair=%v): %v", repair, err)
	}
	return rep
}

func TestCheckClean(t *testing.T) {
	_, w := openIndexed(t, sample, memweave.Config{})
	rep := mustCheck(t, w, false)
	if !rep.OK() || len(rep.Problems()) != 0 {
		t.Fatalf("Check on a fresh index = %q, want no problems", rep.Problems())
	}
	if rep.Tables.Chunks == 0 || rep.Tables.Chunks != rep.Tables.FTSRows || rep.Tables.Chunks != rep.Tables.Vectors {
		t.Errorf("Check tables = %+v, want equal, non-zero chunk, keyword and vector counts", rep.Tables)
	}
}

func TestCheckRepairsFiles(t *testing.T) {
	root, w := openIndexed(t, sample, memweave.Config{})
	p := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }

	memweavetest.WriteFile(t, root, "memory/new.md", "# New\n\nunindexed okapi\n")
	memweavetest.WriteFile(t, root, "memory/stack.md", "# Stack\n\nWe moved to KeyDB.\n")
	if err := os.Remove(p("memory/2026-11-01.md")); err != nil {
		t.Fatal(err)
	}
	// Same size, same mtime, other content: only a hash finds it.
	notes := p("memory/researcher_agent/notes.md")
	fi, err := os.Stat(notes)
	if err != nil {
		t.Fatal(err)
	}
	old, _ := os.ReadFile(notes)
	changed := strings.Replace(string(old), "ZEBRA", "QUOKA", 1)
	if err := os.WriteFile(notes, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(notes, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}

	rep := mustCheck(t, w, false)
	want := []string{
		"not indexed: memory/new.md",
		"changed since indexed: memory/researcher_agent/notes.md",
		"changed since indexed: memory/stack.md",
		"indexed but gone: memory/2026-11-01.md",
	}
	if got := rep.Problems(); rep.OK() || !slices.Equal(got, want) {
		t.Fatalf("Check = %q, want %q", got, want)
	}
	// The rewrite changed the file's ctime: the stat scan sees it too.
	if st, err := w.Status(context.Background()); err != nil || st.StaleFiles != 4 {
		t.Errorf("Status.StaleFiles = %v (%v), want 4: the same-size, same-mtime edit has a new ctime", st.StaleFiles, err)
	}

	rep = mustCheck(t, w, true)
	if !rep.OK() {
		t.Fatalf("after repair Check = %q, want no problems", rep.Problems())
	}
	if len(rep.Repaired) == 0 {
		t.Error("repair reported nothing repaired")
	}
	t.Logf("repaired: %q", rep.Repaired)
	for _, token := range []string{"okapi", "KeyDB", "QUOKA"} {
		resp, err := w.Search(context.Background(), token, memweave.NoSync(), memweave.MinScore(0))
		if err != nil || len(resp.Results) == 0 || !strings.Contains(resp.Results[0].Text, token) {
			t.Errorf("Search(%q) after repair: %v, %v; want it found", token, resp, err)
		}
	}
}

// damage opens the index with a second handle and runs statements on it.
func damage(tb testing.TB, dbPath string, stmts ...string) {
	tb.Helper()
	db, err := index.Open(context.Background(), dbPath, index.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.SQL().Exec(s, sql.Named("vec", embedcache.Encode(make([]float32, 384)))); err != nil {
			tb.Fatalf("%s: %v", s, err)
		}
	}
}

func TestCheckRepairsTables(t *testing.T) {
	root, w := openIndexed(t, sample, memweave.Config{})
	dbPath := w.Config().DBPath
	damage(t, dbPath,
		// A chunk loses its keyword row.
		`INSERT INTO chunks_fts (chunks_fts, rowid, text) SELECT 'delete', id, prefix || text FROM chunks WHERE path = 'memory/stack.md' ORDER BY id LIMIT 1`,
		// Keyword and vector rows with no chunk.
		`INSERT INTO chunks_fts (rowid, text) VALUES (987654321, 'ghost words')`,
		`INSERT INTO vectors (id, vector) VALUES (987654322, @vec)`,
		// A chunk marked embedded loses its vector.
		`DELETE FROM vectors WHERE id = (SELECT id FROM chunks WHERE path = 'memory/2026-11-01.md' ORDER BY id LIMIT 1)`,
		// A file row goes: its chunks are orphans.
		`DELETE FROM files WHERE path = 'memory/researcher_agent/notes.md'`,
	)
	rep := mustCheck(t, w, false)
	tb := rep.Tables
	if tb.ChunksWithoutFTS != 1 || tb.FTSWithoutChunk != 1 || tb.VectorsWithoutChunk != 1 || tb.ChunksWithoutVector != 1 || tb.OrphanChunks != 1 {
		t.Errorf("Check tables = %+v, want one problem of each kind", tb)
	}
	if !slices.Equal(tb.BadFiles, []string{"memory/2026-11-01.md"}) {
		t.Errorf("BadFiles = %q, want the file whose vector went", tb.BadFiles)
	}
	if !slices.Equal(rep.Missing, []string{"memory/researcher_agent/notes.md"}) {
		t.Errorf("Missing = %q, want the file whose row went", rep.Missing)
	}

	rep = mustCheck(t, w, true)
	if !rep.OK() {
		t.Fatalf("after repair Check = %q, want no problems", rep.Problems())
	}
	t.Logf("repaired: %q", rep.Repaired)
	assertCheckOK(t, dbPath)
	if diffs := snapshotDiff(snapshotIndex(t, dbPath), snapshotIndex(t, freshBuild(t, root))); len(diffs) > 0 {
		t.Errorf("repaired index differs from a fresh build: %q", diffs)
	}
	resp, err := w.Search(context.Background(), "ghost words", memweave.SearchMode(memweave.ModeKeyword), memweave.MinScore(0))
	if err != nil || len(resp.Results) != 0 {
		t.Errorf("Search(ghost words) = %v, %v; want nothing", resp, err)
	}
}

func TestRebuildCorruptIndex(t *testing.T) {
	root := memweavetest.Workspace(t, sample)
	cfg := memweave.Config{Workspace: root}
	w := open(t, root, cfg)
	mustIndex(t, w)
	dbPath := w.Config().DBPath
	w.Close()
	garbage := []byte(strings.Repeat("not a database ", 1000))
	for _, p := range []string{dbPath, dbPath + "-wal", dbPath + "-shm"} {
		if err := os.WriteFile(p, garbage, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := memweave.Open(context.Background(), cfg); !errors.Is(err, memweave.ErrCorruptIndex) {
		t.Fatalf("Open(corrupt) = %v, want ErrCorruptIndex", err)
	}
	res, err := memweave.Rebuild(context.Background(), cfg)
	if err != nil {
		t.Fatalf("Rebuild: %v", err)
	}
	if res.FilesIndexed != 3 {
		t.Errorf("Rebuild = %+v, want 3 files indexed", res)
	}
	for _, p := range []string{dbPath + "-wal", dbPath + "-shm"} {
		if data, err := os.ReadFile(p); err == nil && strings.Contains(string(data), "not a database") {
			t.Errorf("%s still holds the damaged file's log", p)
		}
	}
	w = open(t, root, cfg)
	if rep := mustCheck(t, w, false); !rep.OK() {
		t.Errorf("Check after Rebuild = %q", rep.Problems())
	}
	leftovers, _ := filepath.Glob(dbPath + ".rebuild-*")
	if len(leftovers) > 0 {
		t.Errorf("Rebuild left %q", leftovers)
	}
}

func TestRebuildRefusesForeignDatabase(t *testing.T) {
	root := memweavetest.Workspace(t, sample)
	dbPath := filepath.Join(t.TempDir(), "other.db")
	db, err := sql.Open("sqlite3", dbPath)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	cfg := memweave.Config{Workspace: root, DBPath: dbPath}
	if _, err := memweave.Rebuild(context.Background(), cfg); !errors.Is(err, index.ErrForeign) {
		t.Fatalf("Rebuild(foreign) = %v, want ErrForeign", err)
	}
	db, err = sql.Open("sqlite3", dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var tables []string
	rows, err := db.Query(`SELECT name FROM sqlite_master ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var n string
		rows.Scan(&n)
		tables = append(tables, n)
	}
	rows.Close()
	if !slices.Equal(tables, []string{"invoices"}) {
		t.Errorf("tables after Rebuild(foreign) = %q, want only invoices", tables)
	}
	if leftovers, _ := filepath.Glob(dbPath + ".rebuild-*"); len(leftovers) > 0 {
		t.Errorf("Rebuild left %q", leftovers)
	}
}

// TestRebuildWhileSearching rebuilds the index of a workspace another
// Weave keeps searching: its searches never fail, and afterwards it reads
// the new index through the handles it already had.
func TestRebuildWhileSearching(t *testing.T) {
	root := t.TempDir()
	if _, err := memweavetest.Synth(root, memweavetest.SynthOptions{Files: 60, ChunksPerFile: 3}); err != nil {
		t.Fatal(err)
	}
	cfg := memweave.Config{Workspace: root, Now: memweavetest.Clock()}
	w := open(t, root, cfg)
	mustIndex(t, w)
	dbPath := w.Config().DBPath
	before, err := os.Stat(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	// A file only the rebuild indexes: the searcher does not sync.
	memweavetest.WriteFile(t, root, "memory/rebuilt.md", "# Rebuilt\n\nmarmoset\n")

	var searches, failures atomic.Int64
	var firstErr atomic.Value
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			q := memweavetest.SynthQueries[i%len(memweavetest.SynthQueries)]
			resp, err := w.Search(context.Background(), q, memweave.NoSync(), memweave.MinScore(0))
			searches.Add(1)
			switch {
			case err != nil:
				failures.Add(1)
				firstErr.CompareAndSwap(nil, err)
			case len(resp.Results) == 0:
				failures.Add(1)
				firstErr.CompareAndSwap(nil, errors.New("no results for "+q))
			}
		}
	})
	time.Sleep(20 * time.Millisecond)
	res, err := memweave.Rebuild(context.Background(), cfg)
	time.Sleep(20 * time.Millisecond)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatalf("Rebuild: %v", err)
	}
	t.Logf("Rebuild indexed %d files; %d searches ran meanwhile", res.FilesIndexed, searches.Load())
	if n := failures.Load(); n > 0 {
		t.Errorf("%d of %d searches during the rebuild failed or found nothing; first: %v", n, searches.Load(), firstErr.Load())
	}
	after, err := os.Stat(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(before, after) {
		t.Error("the rebuild replaced the file of an index in use; open handles would keep the old one")
	}
	resp, err := w.Search(context.Background(), "marmoset", memweave.NoSync(), memweave.MinScore(0))
	if err != nil || len(resp.Results) == 0 || resp.Results[0].Path != "memory/rebuilt.md" {
		t.Errorf("Search(marmoset) on the old handle after the rebuild = %+v, %v; want memory/rebuilt.md", resp, err)
	}
	assertCheckOK(t, dbPath)
	if diffs := snapshotDiff(snapshotIndex(t, dbPath), snapshotIndex(t, freshBuild(t, root))); len(diffs) > 0 {
		t.Errorf("rebuilt index differs from a fresh build: %q", diffs)
	}
}

// TestFreshnessOneTruth checks that Status, the sync before a search and
// the watcher agree on what is stale.
func TestFreshnessOneTruth(t *testing.T) {
	ctx := context.Background()
	root, w := openIndexed(t, sample, memweave.Config{})
	stale := func() int {
		t.Helper()
		st, err := w.Status(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return st.StaleFiles
	}
	if n := stale(); n != 0 {
		t.Fatalf("StaleFiles after Index = %d, want 0", n)
	}

	// No watcher: Status sees the edit, a search refreshes it.
	memweavetest.WriteFile(t, root, "memory/stack.md", "# Stack\n\nWe use Dragonfly now.\n")
	if n := stale(); n != 1 {
		t.Errorf("StaleFiles after an edit = %d, want 1", n)
	}
	resp, err := w.Search(ctx, "Dragonfly", memweave.MinScore(0))
	if err != nil || len(resp.Results) == 0 || resp.Results[0].Path != "memory/stack.md" || len(resp.Warnings) != 0 {
		t.Fatalf("Search(Dragonfly) = %+v, %v; want memory/stack.md without warnings", resp, err)
	}
	if n := stale(); n != 0 {
		t.Errorf("StaleFiles after the search = %d, want 0", n)
	}

	// A watcher refreshes without a search.
	changed := make(chan string, 16)
	if err := w.Watch(ctx, memweave.Debounce(20*time.Millisecond), memweave.OnChange(func(ev memweave.WatchEvent) { changed <- ev.Path })); err != nil {
		t.Fatal(err)
	}
	memweavetest.WriteFile(t, root, "memory/stack.md", "# Stack\n\nWe use Garnet now.\n")
	select {
	case p := <-changed:
		if p != "memory/stack.md" {
			t.Errorf("watcher re-indexed %s, want memory/stack.md", p)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("watcher did not re-index the edit")
	}
	// WriteFile may move the mtime after writing, which is a second
	// change: wait for the watcher to settle.
	for deadline := time.Now().Add(5 * time.Second); stale() != 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if n := stale(); n != 0 {
		t.Errorf("StaleFiles after the watcher ran = %d, want 0", n)
	}
	if st, _ := w.Status(ctx); st.Watcher != memweave.WatchActive {
		t.Errorf("Status.Watcher = %q, want active", st.Watcher)
	}
	resp, err = w.Search(ctx, "Garnet", memweave.NoSync(), memweave.MinScore(0))
	if err != nil || len(resp.Results) == 0 {
		t.Errorf("Search(Garnet) without sync after the watcher ran = %+v, %v", resp, err)
	}
}

// TestSearchSaysWhenItCannotRefresh: when the scan for changed files
// fails, the search still answers from the index and says so.
func TestSearchSaysWhenItCannotRefresh(t *testing.T) {
	parent := t.TempDir()
	root := filepath.Join(parent, "ws")
	for rel, content := range sample {
		memweavetest.WriteFile(t, root, rel, content)
	}
	w := open(t, root, memweave.Config{DBPath: filepath.Join(parent, "index.db")})
	mustIndex(t, w)
	if err := os.Rename(root, root+"-moved"); err != nil {
		t.Fatal(err)
	}
	resp, err := w.Search(context.Background(), "Valkey", memweave.MinScore(0))
	if err != nil {
		t.Fatalf("Search: %v", err)
	}
	if len(resp.Results) == 0 {
		t.Error("Search found nothing; want results from the index")
	}
	if len(resp.Warnings) == 0 || !strings.Contains(resp.Warnings[0].Error(), "could not") {
		t.Errorf("Search warnings = %q, want one saying the index could not be refreshed", resp.Warnings)
	}
}

// TestRebuildRemovesLeftovers checks that Rebuild deletes the temporary
// files of a rebuild that was killed.
func TestRebuildRemovesLeftovers(t *testing.T) {
	root := memweavetest.Workspace(t, sample)
	cfg := memweave.Config{Workspace: root}
	w := open(t, root, cfg)
	mustIndex(t, w)
	dbPath := filepath.Join(root, ".memweave", "index.db")
	var left []string
	for _, suffix := range []string{"", "-wal", "-shm", ".lock"} {
		p := dbPath + ".rebuild-4242" + suffix
		if err := os.WriteFile(p, []byte("half a database"), 0o644); err != nil {
			t.Fatal(err)
		}
		left = append(left, p)
	}
	if _, err := memweave.Rebuild(context.Background(), cfg); err != nil {
		t.Fatalf("Rebuild: %v", err)
	}
	for _, p := range left {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s still exists after Rebuild (%v)", filepath.Base(p), err)
		}
	}
	if got := searchPaths(t, w, "ZEBRA-COMET-2026"); len(got) != 1 {
		t.Errorf("search after Rebuild = %q, want the note", got)
	}
}

// freePages returns the free pages of the SQLite file at path and its
// page count.
func freePages(tb testing.TB, path string) (free, pages int) {
	tb.Helper()
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	if err := db.QueryRow(`PRAGMA freelist_count`).Scan(&free); err != nil {
		tb.Fatal(err)
	}
	if err := db.QueryRow(`PRAGMA page_count`).Scan(&pages); err != nil {
		tb.Fatal(err)
	}
	return free, pages
}

// TestRebuildVacuums rebuilds an index whose workspace was rewritten
// since: the rebuilt file keeps no free pages (it is vacuumed before it
// is swapped in), so it is no larger than a fresh build.
func TestRebuildVacuums(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	if _, err := memweavetest.Synth(root, memweavetest.SynthOptions{Files: 150, ChunksPerFile: 4, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	cfg := memweave.Config{Workspace: root}
	w := open(t, root, cfg)
	mustIndex(t, w)
	w.Close()
	if _, err := memweave.Rebuild(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	free, pages := freePages(t, filepath.Join(root, ".memweave", "index.db"))
	t.Logf("after the rebuild: %d free pages of %d", free, pages)
	if free*100 > pages*2 {
		t.Errorf("after the rebuild %d of %d pages are free, want under 2%%", free, pages)
	}
}

package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/store"
)

// openRaw opens the SQLite file at path without migrating it, with the
// write-lock behaviour of [Open].
func openRaw(tb testing.TB, path string) *sql.DB {
	tb.Helper()
	sdb, err := sql.Open("sqlite3", fileURI(path, url.Values{"_txlock": {"immediate"}}))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { sdb.Close() })
	return sdb
}

func userVersion(tb testing.TB, sdb *sql.DB) int {
	tb.Helper()
	var v int
	if err := sdb.QueryRow(`PRAGMA user_version`).Scan(&v); err != nil {
		tb.Fatal(err)
	}
	return v
}

func hasObject(tb testing.TB, sdb *sql.DB, name string) bool {
	tb.Helper()
	var n int
	if err := sdb.QueryRow(`SELECT count(*) FROM sqlite_master WHERE name = ?`, name).Scan(&n); err != nil {
		tb.Fatal(err)
	}
	return n > 0
}

// TestOpenMigratesOldSchema opens a version 1 database holding a live
// chunk's vector in its embedding cache, and checks that Open brings it
// to the current version, running migration 2 (the chunk hash index, and
// the cache dropping what live chunks hold).
func TestOpenMigratesOldSchema(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	sdb := openRaw(t, path)
	if err := migrate(ctx, sdb, migrations[:1]); err != nil {
		t.Fatalf("migrate to version 1: %v", err)
	}
	for _, q := range []string{
		`INSERT INTO meta (key, value) VALUES ('identity', 'hash/x/3')`,
		`INSERT INTO chunks (uid, path, source, seq, start_line, end_line, headings, prefix, hash, text, embedded)
			VALUES (1, 'memory/a.md', 'memory', 0, 1, 1, '', '', x'01', 'live', 1)`,
		`INSERT INTO embed_cache (identity, hash, vector, used) VALUES ('hash/x/3', x'01', x'00', 0), ('hash/x/3', x'02', x'00', 0)`,
	} {
		if _, err := sdb.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	if got := userVersion(t, sdb); got != 1 {
		t.Fatalf("user_version = %d after the first migration, want 1", got)
	}
	sdb.Close()

	db, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("Open(version 1) = %v", err)
	}
	defer db.Close()
	if got := userVersion(t, db.SQL()); got != len(migrations) {
		t.Errorf("user_version after Open = %d, want %d", got, len(migrations))
	}
	if !hasObject(t, db.SQL(), "chunks_hash") {
		t.Errorf("index chunks_hash missing after Open: migration 2 did not run")
	}
	var left []string
	rows, err := db.SQL().Query(`SELECT hex(hash) FROM embed_cache ORDER BY hash`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var h string
		if err := rows.Scan(&h); err != nil {
			t.Fatal(err)
		}
		left = append(left, h)
	}
	rows.Close()
	if got := strings.Join(left, ","); got != "02" {
		t.Errorf("embed_cache hashes after Open = %q, want %q (the live chunk's entry dropped)", got, "02")
	}
	if v, err := db.Meta(ctx, "identity"); v != "hash/x/3" || err != nil {
		t.Errorf("Meta(identity) after Open = %q, %v, want hash/x/3, nil", v, err)
	}
}

// TestOpenForgetsWriteTimes opens a version 4 database, whose
// indexed_at holds the time each row was written, and checks that Open
// makes those times unknown (0): a write time does not bound the read
// the row records, so the racy-timestamp rule must not trust it.
func TestOpenForgetsWriteTimes(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	sdb := openRaw(t, path)
	if err := migrate(ctx, sdb, migrations[:4]); err != nil {
		t.Fatalf("migrate to version 4: %v", err)
	}
	if _, err := sdb.Exec(`INSERT INTO files (path, source, hash, mtime, size, indexed_at) VALUES ('memory/a.md', 'memory', 'h', 10, 5, 2000000000)`); err != nil {
		t.Fatal(err)
	}
	sdb.Close()
	db, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("Open(version 4) = %v", err)
	}
	defer db.Close()
	rows, err := db.FilesAt(ctx, []string{"memory/a.md"})
	if f := rows["memory/a.md"]; err != nil || f.Hash != "h" || f.IndexedAt != 0 {
		t.Errorf("row after Open = %+v, %v; want the row kept with IndexedAt 0", f, err)
	}
}

// TestOpenSplitsOutTagsAndExpiry opens a version 7 database whose file
// rows hold front matter as JSON in meta, and checks that migration 8
// fills in the tags and expires columns as an index run writes them: the
// tags as a list, the expiry date, nothing for a row without those
// fields or with a meta that is not JSON.
func TestOpenSplitsOutTagsAndExpiry(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	sdb, err := sql.Open(driverName, fileURI(path, url.Values{"_txlock": {"immediate"}}))
	if err != nil {
		t.Fatal(err)
	}
	defer sdb.Close()
	if err := migrate(ctx, sdb, migrations[:7]); err != nil {
		t.Fatalf("migrate to version 7: %v", err)
	}
	metas := map[string]string{
		"memory/both.md":    `{"tags":["infra","#ops"],"pinned":true,"expires":"2025-01-02"}`,
		"memory/tags.md":    `{"tags":["infra"],"feedback":{"p1234abcd":{"useful":1,"useless":0}}}`,
		"memory/pinned.md":  `{"pinned":true}`,
		"memory/none.md":    ``,
		"memory/broken.md":  `{"tags":["infra"`,
		"memory/oddtype.md": `{"tags":"infra","expires":20250102}`,
	}
	for p, m := range metas {
		if _, err := sdb.Exec(`INSERT INTO files (path, source, hash, mtime, size, meta) VALUES (?, 'memory', 'h', 10, 5, ?)`, p, m); err != nil {
			t.Fatal(err)
		}
	}
	sdb.Close()
	db, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("Open(version 7) = %v", err)
	}
	defer db.Close()
	tagged, err := db.Tagged(ctx)
	if err != nil {
		t.Fatal(err)
	}
	expired, err := db.Expired(ctx, "2025-01-03")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := db.Files(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(expired, []string{"memory/both.md"}) {
		t.Errorf("Expired(2025-01-03) = %q, want [memory/both.md]", expired)
	}
	if expired, err := db.Expired(ctx, "2025-01-02"); err != nil || len(expired) > 0 {
		t.Errorf("Expired(2025-01-02) = %q, %v; want none (the expiry day itself is not past)", expired, err)
	}
	want := map[string]struct{ tags string }{
		"memory/both.md": {"infra,#ops"},
		"memory/tags.md": {"infra"},
	}
	for p := range metas {
		if got := strings.Join(tagged[p], ","); got != want[p].tags || rows[p].Meta != metas[p] {
			t.Errorf("%s after Open: tags %q, meta %q; want %q, meta kept", p, got, rows[p].Meta, want[p].tags)
		}
	}
}

// TestMigrateFailureRollsBack checks that a failing migration leaves the
// database at the version before it, without any of its changes, and that
// a later run resumes from there.
func TestMigrateFailureRollsBack(t *testing.T) {
	ctx := context.Background()
	sdb := openRaw(t, filepath.Join(t.TempDir(), "fail.db"))
	bad := []string{migrations[0], `CREATE TABLE half (x); INSERT INTO missing VALUES (1);`}
	err := migrate(ctx, sdb, bad)
	if err == nil || !strings.Contains(err.Error(), "migrate to version 2") {
		t.Fatalf("migrate(bad second step) = %v, want an error naming version 2", err)
	}
	if got := userVersion(t, sdb); got != 1 {
		t.Errorf("user_version after the failed step = %d, want 1", got)
	}
	if hasObject(t, sdb, "half") {
		t.Errorf("table half exists: the failed step was not rolled back")
	}
	if !hasObject(t, sdb, "meta") {
		t.Errorf("table meta missing: the first step did not commit")
	}

	good := []string{migrations[0], `CREATE TABLE half (x)`}
	if err := migrate(ctx, sdb, good); err != nil {
		t.Fatalf("migrate(good) after a failure = %v", err)
	}
	if got := userVersion(t, sdb); got != 2 {
		t.Errorf("user_version after resuming = %d, want 2", got)
	}
	if !hasObject(t, sdb, "half") {
		t.Errorf("table half missing after resuming")
	}
}

// TestOpenTooNew checks that a schema newer than this code is refused with
// ErrTooNew and left as it is.
func TestOpenTooNew(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	path := db.Path()
	if _, err := db.SQL().Exec(`PRAGMA user_version = 99`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err := Open(ctx, path, Options{})
	if !errors.Is(err, ErrTooNew) || !strings.Contains(err.Error(), path) {
		t.Errorf("Open(version 99) = %v, want ErrTooNew naming the file", err)
	}
	// A downgrade (an index of a newer memweave opened by this one) said
	// only "version 99, this binary knows N", and 'index --rebuild' refused
	// it the same way: the error says the way out.
	if err == nil || !strings.Contains(err.Error(), "delete it and run index to rebuild it for this one") {
		t.Errorf("Open(version 99) = %v, want the way out (delete it, run index)", err)
	}
	if got := userVersion(t, openRaw(t, path)); got != 99 {
		t.Errorf("user_version after the refused Open = %d, want 99", got)
	}
}

// TestWantSchema checks that the schema Open checks files against is the
// one the migrations create.
func TestWantSchema(t *testing.T) {
	db := openTest(t)
	got, err := readSchema(context.Background(), db.SQL())
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(got, wantSchema) {
		for name, o := range got {
			if wantSchema[name] != o {
				t.Errorf("%s: the migrations create %+v, wantSchema has %+v", name, o, wantSchema[name])
			}
		}
		t.Fatalf("wantSchema has %d objects, the migrations create %d", len(wantSchema), len(got))
	}
}

// TestOpenRebuildsKeywordIndexNormalized opens a version 8 to 11
// index whose keyword index holds a chunk as written ("ﬁnance",
// "rein\u00addeer", "kuber\u200dnetes", "Straße", mathematical bold
// "zephyr", "κόσμος", "کتاب\u200cها", "Þór", "c\u0337onfig", "🚀"), and checks that Open writes it again as tokenize.Segment now
// does, so that the plain words find it and no token of the old text is
// left.
func TestOpenRebuildsKeywordIndexNormalized(t *testing.T) {
	for _, from := range []int{8, 9, 10, 11} {
		t.Run(fmt.Sprintf("version %d", from), func(t *testing.T) { openRebuildsNormalized(t, from) })
	}
}

func openRebuildsNormalized(t *testing.T, from int) {
	ctx := context.Background()
	autoOnce.Do(registerExtensions)
	path := filepath.Join(t.TempDir(), "old.db")
	sdb, err := sql.Open(driverName, fileURI(path, url.Values{"_txlock": {"immediate"}}))
	if err != nil {
		t.Fatal(err)
	}
	defer sdb.Close()
	if err := migrate(ctx, sdb, migrations[:from]); err != nil {
		t.Fatalf("migrate to version %d: %v", from, err)
	}
	const text = "The ﬁnance team counted the rein\u00addeer on kuber\u200dnetes by the Straße, \U0001D433\U0001D41E\U0001D429\U0001D421\U0001D432\U0001D42B, κόσμος, کتاب\u200cها, Þór, c\u0337onfig 🚀."
	if _, err := sdb.Exec(`INSERT INTO chunks (id, uid, path, source, seq, start_line, end_line, headings, prefix, hash, text)
		VALUES (1, 1, 'memory/a.md', 'memory', 0, 1, 1, '', '', x'00', ?)`, text); err != nil {
		t.Fatal(err)
	}
	if _, err := sdb.Exec(`INSERT INTO chunks_fts (rowid, text) VALUES (1, ?)`, text); err != nil {
		t.Fatal(err)
	}
	sdb.Close()
	db, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("Open(version %d) = %v", from, err)
	}
	defer db.Close()
	for match, want := range map[string]int{`"finance"`: 1, `"reindeer"`: 1, `"ﬁnance"`: 0, `"deer"`: 0,
		`"kubernetes"`: 1, `"kuber"`: 0, `"strasse"`: 1, `"zephyr"`: 1, `"κοσμοσ"`: 1, `"کتاب"`: 1, `"کتابها"`: 0,
		`"thor"`: 1, `"þór"`: 0, `"config"`: 1, "\"\U000FF680\"": 1} {
		hits, err := db.Keyword(ctx, match, 10, store.Filter{})
		if err != nil {
			t.Fatalf("Keyword(%s): %v", match, err)
		}
		if len(hits) != want {
			t.Errorf("Keyword(%s) after Open(version %d) = %d hits, want %d", match, from, len(hits), want)
		}
	}
}

package index

import (
	"context"
	"fmt"
	"os"
	"testing"
)

// TestSearchReadsArePreparedOnce: the reads a search runs (the
// generation check runs several times in each) were compiled by SQLite
// on every call. They are prepared once per handle: the second call runs
// the statement the first prepared. A file another program put at the
// path (rm -r .memweave) gets statements of its own: a statement of the
// old handle would read the old file.
func TestSearchReadsArePreparedOnce(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	if err := db.SetMeta(ctx, map[string]string{"k": "old"}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := db.Generation(ctx); err != nil {
			t.Fatal(err)
		}
	}
	first := db.stmts.byText[generationQuery]
	if _, err := db.Generation(ctx); err != nil {
		t.Fatal(err)
	}
	if st := db.stmts.byText[generationQuery]; first == nil || st != first {
		t.Fatalf("generation statement after three reads = %p, then %p; want one statement, prepared once", first, st)
	}
	if v, err := db.Meta(ctx, "k"); err != nil || v != "old" {
		t.Fatalf("Meta(k) = %q, %v; want \"old\"", v, err)
	}
	for _, s := range []string{"", "-wal", "-shm"} {
		os.Remove(db.Path() + s)
	}
	if v, err := db.Meta(ctx, "k"); err != nil || v != "" {
		t.Errorf("Meta(k) after the file was deleted = %q, %v; want the new file's \"\"", v, err)
	}
	if db.stmts.sdb != db.sql.Load() {
		t.Errorf("statements kept for the handle of the deleted file")
	}
}

// TestPreparedReadsBounded: texts past maxStmts run as one-off queries,
// with the same answers, and are not kept.
func TestPreparedReadsBounded(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	for i := range maxStmts + 8 {
		var got int
		if err := db.reads(ctx).QueryRowContext(ctx, fmt.Sprintf("SELECT %d", i)).Scan(&got); err != nil || got != i {
			t.Fatalf("SELECT %d = %d, %v", i, got, err)
		}
	}
	if n := len(db.stmts.byText); n != maxStmts {
		t.Errorf("prepared statements kept = %d, want %d", n, maxStmts)
	}
}

package index

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestPlantedStatisticsNamedReadOnly: Open drops a planted sqlite_stat1,
// but an index opened read-only (its file system full or read-only)
// cannot, and the open failed with the file system's error alone ("read-
// only file system"), which says nothing of the planted table nor how to
// get rid of it. The error now names the table, and the file system's
// error is still its cause.
func TestPlantedStatisticsNamedReadOnly(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index.db")
	vectorIndex(t, path, 10, 4, 7)
	raw := openRaw(t, path)
	for _, s := range []string{
		`ANALYZE`,
		`PRAGMA wal_checkpoint(TRUNCATE)`,
	} {
		if _, err := raw.ExecContext(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	raw.Close()
	db, err := openReadOnly(ctx, &DB{path: path, oneShot: true}, &readOnly{cause: syscall.EROFS, driver: driverName})
	if err == nil {
		db.SQL().Close()
		t.Fatal("openReadOnly of an index with planted statistics = nil, want an error naming them")
	}
	t.Log(err)
	if !errors.Is(err, syscall.EROFS) {
		t.Errorf("the error %v does not wrap the file system's", err)
	}
	if !strings.Contains(err.Error(), "sqlite_stat1") || !strings.Contains(err.Error(), path) {
		t.Errorf("openReadOnly of an index with planted statistics = %v, want an error naming sqlite_stat1 and the index", err)
	}
}

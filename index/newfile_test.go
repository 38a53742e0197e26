package index

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// TestOpenWhileNewFileLocked opens a new index file while another
// process holds its write lock, as a second memweave opening the same new
// file at once does while it switches the file to WAL. Switching a new
// file to WAL upgrades a read transaction to a write one, which SQLite
// refuses at once with "database is locked", without waiting in the busy
// timeout; Open must wait for the lock like any other write.
func TestOpenWhileNewFileLocked(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index.db")
	other := openRaw(t, path) // rollback journal, as a new file is
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}
	const hold = 300 * time.Millisecond
	released := make(chan error, 1)
	go func() {
		time.Sleep(hold)
		_, err := conn.ExecContext(ctx, `COMMIT`)
		released <- err
	}()
	start := time.Now()
	db, err := Open(ctx, path, Options{BusyTimeout: 10 * time.Second})
	if err != nil {
		t.Fatalf("Open while another connection held the new file's write lock for %v: %v (after %v)", hold, err, time.Since(start))
	}
	defer db.Close()
	if err := <-released; err != nil {
		t.Fatal(err)
	}
	var mode string
	if err := db.SQL().QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v; want wal", mode, err)
	}
}

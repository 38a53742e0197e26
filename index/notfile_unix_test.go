//go:build unix

package index_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/memweave/memweave-go/index"
)

// TestOpenRefusesWhatIsNoFile: an index path naming a FIFO (or a device:
// --db /dev/null left /dev/null-journal beside it) failed inside SQLite
// as "disk I/O error: illegal seek"; it is refused before SQLite opens
// it, naming the path, and nothing is made beside it.
func TestOpenRefusesWhatIsNoFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "index.db")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	db, err := index.Open(context.Background(), fifo, index.Options{})
	if err == nil {
		db.Close()
	}
	if err == nil || !strings.Contains(err.Error(), fifo) || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Open(a FIFO) = %v, want an error naming it and saying it is not a regular file", err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "index.db" && e.Name() != ".gitignore" {
			t.Errorf("Open(a FIFO) left %s beside it", e.Name())
		}
	}
}

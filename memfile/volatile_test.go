package memfile_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memfile"
)

// TestWriteVolatileReplaces: WriteVolatile, WriteAtomic without its
// syncs, still replaces the file whole with the mode asked for, leaves
// no temporary file beside it, and names the path when the replace
// fails (a folder at the name, which no rename replaces).
func TestWriteVolatileReplaces(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "index.db.watcher")
	for _, data := range []string{"active 1 2 5000\n", "polling 1 3 5000\n"} {
		if err := memfile.WriteVolatile(p, []byte(data), 0o640); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(p)
		if err != nil || string(got) != data {
			t.Fatalf("after WriteVolatile(%q): %q, %v", data, got, err)
		}
	}
	if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, %v: want 0640", fi.Mode().Perm(), err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Errorf("folder holds %d entries (%v), want the file alone", len(entries), err)
	}
	blocked := filepath.Join(dir, "folder")
	if err := os.Mkdir(blocked, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(blocked, "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := memfile.WriteVolatile(blocked, []byte("x"), 0o644); err == nil {
		t.Errorf("WriteVolatile over a folder succeeded")
	} else if !strings.Contains(err.Error(), blocked) {
		t.Errorf("error %q does not name %s", err, blocked)
	}
}

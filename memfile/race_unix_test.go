//go:build unix

package memfile_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestWriteRenameRaceStaysInMemory swaps memory/sub between a folder and
// a link to a folder outside memory/ while Write("sub/x.md") runs: the
// path check and the write are separate steps, but the write goes through
// the memory folder's os.Root, so nothing ever lands outside.
func TestWriteRenameRaceStaysInMemory(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/sub/x.md": "# x\n"})
	outside := t.TempDir()
	sub := filepath.Join(root, "memory", "sub")
	aside := filepath.Join(root, "memory", "sub-aside")

	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Go(func() {
		for !stop.Load() {
			if os.Rename(sub, aside) != nil {
				continue
			}
			os.Symlink(outside, sub)
			os.Remove(sub)
			os.Rename(aside, sub)
		}
	})
	writes := 300
	if !memweavetest.LongEnabled() {
		writes = 50
	}
	var ok int
	for i := range writes {
		if _, err := memfile.Write(ctx, root, "sub/x.md", []byte("# x\n\nwrite "+string(rune('a'+i%26))+"\n"), memfile.WriteOptions{}); err == nil {
			ok++
		}
	}
	stop.Store(true)
	wg.Wait()

	var leaked []string
	filepath.WalkDir(outside, func(p string, d fs.DirEntry, err error) error {
		if err == nil && p != outside {
			leaked = append(leaked, p)
		}
		return nil
	})
	if len(leaked) > 0 {
		t.Fatalf("Write under a rename race wrote outside memory/: %q", leaked)
	}
	t.Logf("%d of %d writes succeeded, none outside memory/", ok, writes)
}

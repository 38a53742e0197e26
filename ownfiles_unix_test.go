//go:build unix

package memweave_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestFIFOAtALockReturns: a FIFO at a lock file's name (a workspace
// copied with tar or rsync can carry one) made open(2) wait for a
// writer forever, beyond any context or lock timeout: Open hung on the
// index lock, Append on the write lock, Rebuild on both. Each call
// returns.
func TestFIFOAtALockReturns(t *testing.T) {
	for _, name := range []string{".memweave/index.db.lock", ".memweave/write.lock"} {
		t.Run(filepath.Base(name), func(t *testing.T) {
			ctx := t.Context()
			ws := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# Deploy\n\nWe deploy on Tuesdays.\n"})
			if err := os.MkdirAll(filepath.Join(ws, ".memweave"), 0o755); err != nil {
				t.Fatal(err)
			}
			mkfifo(t, ws, name)
			err := within(t, 5*time.Second, "Open, Append, Rebuild", func() error {
				w, err := memweave.Open(ctx, memweave.Config{Workspace: ws})
				if err != nil {
					return err
				}
				_, err = w.Append(ctx, "a new note")
				if cerr := w.Close(); err == nil {
					err = cerr
				}
				_, rerr := memweave.Rebuild(ctx, memweave.Config{Workspace: ws})
				return errors.Join(err, rerr)
			})
			t.Logf("with a FIFO at %s: %v", name, err)
		})
	}
}

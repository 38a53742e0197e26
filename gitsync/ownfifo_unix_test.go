//go:build unix

package gitsync_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncReadsNoFIFOOrLinkAtItsFiles: sync reads two files of its own
// under .memweave, its state (sync.json, for status and after every
// sync) and its checkout marker (sync-checkout, under the workspace's
// write lock). Read with a plain read to the end, a FIFO there hung
// status and sync (the latter holding the write lock, so every write of
// the workspace waited too), a link to /dev/zero grew memory without
// bound, and a link elsewhere was read. Each is refused at once with an
// error naming the file, and nothing of a link's target reaches the
// error.
func TestSyncReadsNoFIFOOrLinkAtItsFiles(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, []byte("s3cr3t-token\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	calls := map[string]func(root string) error{
		"sync.json": func(root string) error {
			_, err := gitsync.ReadStatus(context.Background(), root, gitsync.Options{})
			return err
		},
		"sync-checkout": func(root string) error {
			_, err := gitsync.Sync(context.Background(), root, gitsync.Options{Host: "b"})
			return err
		},
	}
	for name, call := range calls {
		for _, kind := range []string{"fifo", "link"} {
			t.Run(name+"/"+kind, func(t *testing.T) {
				b := clone(t, bare, "b")
				p := filepath.Join(b, ".memweave", name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if kind == "fifo" {
					if err := syscall.Mkfifo(p, 0o644); err != nil {
						t.Skipf("mkfifo: %v", err)
					}
					t.Cleanup(func() {
						if f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
							f.Close()
						}
					})
				} else if err := os.Symlink(secret, p); err != nil {
					t.Fatal(err)
				}
				done := make(chan error, 1)
				go func() { done <- call(b) }()
				var err error
				select {
				case err = <-done:
				case <-time.After(5 * time.Second):
					t.Fatalf("with a %s at %s: no return within 5s", kind, name)
				}
				if err == nil || !strings.Contains(err.Error(), p) {
					t.Errorf("with a %s at %s: error %v, want one naming %s", kind, name, err, p)
				}
				if err != nil && strings.Contains(err.Error(), "s3cr3t") {
					t.Errorf("error %q carries the link target's content", err)
				}
			})
		}
	}
}

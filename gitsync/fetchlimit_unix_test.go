//go:build unix

package gitsync_test

import (
	"context"
	"crypto/rand"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncBoundsWhatAFetchWrites: git's fetch has no bound on the pack a
// remote sends (receive.maxInputSize is the server's); a remote could
// fill this machine's disk before any tree check ran. Past
// Options.MaxFetchBytes the fetch stops, the sync is refused naming the
// bound, no partial pack stays in the repository, and a sync allowed
// more takes the note in.
func TestSyncBoundsWhatAFetchWrites(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a, b := clone(t, bare, "a"), clone(t, bare, "b")
	noise := make([]byte, 3<<20) // does not compress
	rand.Read(noise)
	write(t, a, "memory/big.md", "# Big\n\n"+strings.ToValidUTF8(string(noise), "?")+"\n")
	sync(t, a, "a")
	write(t, b, "memory/mine.md", "mine\n")
	_, err := gitsync.Sync(context.Background(), b, gitsync.Options{Host: "b", MaxFetchBytes: 1 << 20})
	if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(err.Error(), "1048576") {
		t.Errorf("Sync of a 3 MiB pack with MaxFetchBytes 1 MiB = %v, want ErrRefused naming the bound", err)
	}
	left, _ := filepath.Glob(filepath.Join(b, ".git", "objects", "pack", "tmp_*"))
	if len(left) > 0 {
		t.Errorf("left in the repository: %v", left)
	}
	if _, err := os.Stat(filepath.Join(b, "memory", "big.md")); err == nil {
		t.Error("big.md reached the work tree")
	}
	sync(t, b, "b")
	if got, want := read(t, b, "memory/big.md"), read(t, a, "memory/big.md"); got != want {
		t.Errorf("big.md = %d bytes after a sync within the default bound, want %d", len(got), len(want))
	}
}

package memweave_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestGetReadsNoMoreThanTheFileLimit: get read a whole file whatever its
// size, even for one line: `get huge.md:1-2` of a 200 MB note took 519 MB
// and 3.4 s, and of a note another program kept appending to it read
// until memory ran out (2.9 GB in 20 s). A file over Config.MaxFileBytes,
// which index skips, is now refused by get (and left out of a pack) after
// reading at most the limit and a byte, with ErrTooLarge naming it.
func TestGetReadsNoMoreThanTheFileLimit(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/small.md": "# Small\n\nfits\n"})
	big := "# Big\n\n" + strings.Repeat("a line of the big note\n", 200)
	if err := os.WriteFile(filepath.Join(root, "memory", "big.md"), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root, MaxFileBytes: 1024})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if text, err := w.Get(ctx, "big.md", 1, 2); !errors.Is(err, memweave.ErrTooLarge) || !strings.Contains(err.Error(), "big.md") {
		t.Errorf("Get(big.md, 1, 2) of %d bytes with MaxFileBytes 1024 = %q, %v; want ErrTooLarge naming it", len(big), text, err)
	}
	if text, err := w.Get(ctx, "small.md", 1, 0); err != nil || !strings.Contains(text, "fits") {
		t.Errorf("Get(small.md) = %q, %v", text, err)
	}
}

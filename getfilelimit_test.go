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

// TestGetFileReadsNoMoreThanTheFileLimit: GetFile, get's way to read a
// note when the index cannot be opened (a full disk, a read-only file
// system), read the whole file whatever its size, where Get stops at
// Config.MaxFileBytes and a byte (a note another program keeps appending
// to was read until memory ran out). It now refuses a note over the
// default limit (16 MiB) with ErrTooLarge naming it, as Get does.
func TestGetFileReadsNoMoreThanTheFileLimit(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/small.md": "# Small\n\nfits\n"})
	big := filepath.Join(root, "memory", "big.md")
	if err := os.WriteFile(big, []byte("# Big\n\nfirst line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Sparse: 16 MiB and a byte of which only the first lines are written.
	if err := os.Truncate(big, 16<<20+1); err != nil {
		t.Fatal(err)
	}
	if text, _, err := memweave.GetFile(ctx, root, "big.md", 1, 2); !errors.Is(err, memweave.ErrTooLarge) || !strings.Contains(err.Error(), "big.md") {
		t.Errorf("GetFile(big.md, 1, 2) of 16 MiB and a byte = %.40q, %v; want ErrTooLarge naming it", text, err)
	}
	if text, _, err := memweave.GetFile(ctx, root, "small.md", 1, 0); err != nil || !strings.Contains(text, "fits") {
		t.Errorf("GetFile(small.md) = %q, %v", text, err)
	}
}

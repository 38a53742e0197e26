package memweave_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// checkouts lists this process's temporary checkouts of a revision.
func checkouts(tb testing.TB) []string {
	tb.Helper()
	names, err := filepath.Glob(filepath.Join(os.TempDir(), fmt.Sprintf("memweave-at-%d-*", os.Getpid())))
	if err != nil {
		tb.Fatal(err)
	}
	return names
}

// TestRevisionOverTheTreeLimit: a commit of a few kilobytes in a pack
// can name 320 MiB of notes (a 16 MiB blob under 20 names; 20 distinct
// blobs of zeros pack as small). A search at that revision and the
// changes from it are refused before anything is read or written, with
// an error naming the revision, the total and the limit.
func TestRevisionOverTheTreeLimit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	ctx := context.Background()
	root := t.TempDir()
	if _, err := memweavetest.AmplifyingCommit(ctx, root, 16<<20, 20); err != nil {
		t.Fatal(err)
	}
	w := open(t, root, memweave.Config{})
	want := []string{"amplify", fmt.Sprint(20 * 16 << 20), fmt.Sprint(256 << 20), "MaxTreeBytes"}
	check := func(what string, err error) {
		t.Helper()
		if err == nil || !errors.Is(err, memweave.ErrTreeTooLarge) {
			t.Fatalf("%s = %v, want an error wrapping ErrTreeTooLarge", what, err)
		}
		for _, s := range want {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("%s error %q does not name %q", what, err, s)
			}
		}
	}
	_, err := w.SearchAt(ctx, "amplify", "replicas")
	check("SearchAt(amplify)", err)
	if left := checkouts(t); len(left) != 0 {
		t.Errorf("SearchAt left checkouts: %v", left)
	}
	_, err = w.Changes(ctx, "amplify", "")
	check("Changes(amplify, working tree)", err)
}

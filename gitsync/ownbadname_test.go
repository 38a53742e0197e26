//go:build !windows

package gitsync_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncSaysHowToGetPastOwnBadName: a note of this machine's named with
// a backslash stops every sync; the refusal names the file and says what
// to do (rename it, then sync again), not only why.
func TestSyncSaysHowToGetPastOwnBadName(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	local := clone(t, bare, "local")
	sync(t, local, "local")
	write(t, local, `memory/back\slash.md`, "# B\n\nbeta\n")
	_, err := gitsync.Sync(context.Background(), local, gitsync.Options{Host: "local"})
	if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(err.Error(), `back\\slash.md`) || !strings.Contains(err.Error(), "rename it") {
		t.Errorf("Sync = %v; want ErrRefused naming memory/back\\slash.md and saying to rename it", err)
	}
}

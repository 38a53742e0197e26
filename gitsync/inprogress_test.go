package gitsync_test

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncWaitsForTheUsersMerge: while the user is in the middle of a git
// merge or cherry-pick, a sync commits and pushes nothing (not the
// conflict markers git left in a note, not a half-merged index) and says
// what to finish first; the user's merge state is left as it was.
func TestSyncWaitsForTheUsersMerge(t *testing.T) {
	t.Parallel()
	for _, op := range []string{"merge", "cherry-pick"} {
		for _, p := range []string{"memory/notes/db.md", "README.md"} {
			t.Run(op+" "+p, func(t *testing.T) {
				bare := remote(t)
				ws := clone(t, bare, "ws")
				write(t, ws, "README.md", "readme\n")
				run(t, ws, "add", "-A")
				run(t, ws, "commit", "-qm", "readme")
				run(t, ws, "push", "-q", "origin", "main")
				run(t, ws, "checkout", "-qb", "side")
				write(t, ws, p, "side's line\n")
				run(t, ws, "commit", "-qam", "side")
				run(t, ws, "checkout", "-q", "main")
				write(t, ws, p, "main's line\n")
				run(t, ws, "commit", "-qam", "main")
				run(t, ws, "push", "-q", "origin", "main")
				if out, err := exec.Command("git", "-C", ws, op, "side").CombinedOutput(); err == nil {
					t.Fatalf("git %s side: no conflict: %s", op, out)
				}
				write(t, ws, "memory/mine.md", "mine\n")
				remoteBefore := run(t, bare, "rev-parse", "main")
				status := run(t, ws, "status", "--short", "--", p)

				_, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "ws"})
				if !errors.Is(err, gitsync.ErrInProgress) || !strings.Contains(err.Error(), op) {
					t.Errorf("Sync during a %s = %v, want ErrInProgress naming it", op, err)
				}
				if _, err := gitsync.ReadStatus(context.Background(), ws, gitsync.Options{}); err != nil {
					t.Errorf("ReadStatus during a %s = %v, want the status", op, err)
				}
				if got := run(t, bare, "rev-parse", "main"); got != remoteBefore {
					t.Errorf("the remote moved during the user's %s: %s", op, run(t, bare, "show", "--stat", "main"))
				}
				if got := run(t, ws, "status", "--short", "--", p); got != status {
					t.Errorf("status of %s = %q, want %q as before", p, got, status)
				}
			})
		}
	}
}

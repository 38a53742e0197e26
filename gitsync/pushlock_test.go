package gitsync_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memfile"
)

// TestSyncPushesAReplayWithoutTheWriteLock: a replay is pushed before
// its checkout, and a push may take as long as the network does: held
// under the workspace's write lock, it stalled every memweave writer
// that long. A writer appends to the dated log the remote also changed
// while the push runs: it gets the lock at once, and the sync, whose
// move would overwrite that append, commits it in a further round; every
// machine ends with each entry once.
func TestSyncPushesAReplayWithoutTheWriteLock(t *testing.T) {
	day := time.Date(2026, 3, 14, 12, 0, 0, 0, time.UTC)
	const log = "memory/2026-03-14.md"
	bare := remote(t)
	a, b := clone(t, bare, "a"), clone(t, bare, "b")
	sync(t, a, "a")
	sync(t, b, "b")
	appendTo := func(ctx context.Context, root, text string) {
		t.Helper()
		if _, _, err := memfile.AppendWith(ctx, root, text, day, time.UTC); err != nil {
			t.Fatalf("append %q: %v", text, err)
		}
	}
	appendTo(context.Background(), b, "entry from b")
	sync(t, b, "b")
	appendTo(context.Background(), a, "entry from a")
	wrote := false
	ctx := edithook.WithStep(context.Background(), func(step string) {
		if step != "pushing a replay" || wrote {
			return
		}
		wrote = true
		wctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		appendTo(wctx, a, "entry from a during the push")
	})
	res, err := gitsync.Sync(ctx, a, gitsync.Options{Host: "a"})
	if err != nil || !wrote {
		t.Fatalf("Sync(a) = %v (the writer ran: %v)", err, wrote)
	}
	t.Logf("%d rounds", res.Attempts)
	sync(t, b, "b")
	for _, ws := range []string{a, b} {
		got := read(t, ws, log)
		for _, e := range []string{"entry from a", "entry from b", "entry from a during the push"} {
			if n := strings.Count(got, e+"\n"); n != 1 {
				t.Errorf("%s's log holds %q %d times, want once:\n%s", ws, e, n, got)
			}
		}
		if st := run(t, ws, "status", "--porcelain"); st != "" {
			t.Errorf("%s: git status:\n%s", ws, st)
		}
	}
}

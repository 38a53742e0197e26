package gitsync_test

import (
	"context"
	"fmt"
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
// that long. Writers append to the dated log the remote also changed
// while the push runs, as in a busy workspace (three agents of one
// machine, or three sync loops of one clone appending between their
// syncs): each gets the lock at once. The move after the push refused
// at the log changed meanwhile, and the sync made a further round, a
// fetch, a replay and a push, during which a writer appended again: it
// went on to its round bound, pushing each round (5 rounds here, 30 by
// default), no other machine pushing. What was written during the push
// is now committed and replayed onto the commit pushed in the same
// round, and the next sync shares it; every machine ends with each entry
// once.
func TestSyncPushesAReplayWithoutTheWriteLock(t *testing.T) {
	t.Parallel()
	day := time.Date(2026, 3, 14, 12, 0, 0, 0, time.UTC)
	_, a, b := syncedPair(t, "a", "b")
	appendOn(context.Background(), t, b, "entry from b", day)
	sync(t, b, "b")
	appendOn(context.Background(), t, a, "entry from a", day)
	var during []string
	ctx := edithook.WithStep(context.Background(), func(step string) {
		if step != "pushing a replay" || len(during) >= 10 {
			return
		}
		during = append(during, fmt.Sprintf("entry from a during push %d", len(during)+1))
		wctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		appendOn(wctx, t, a, during[len(during)-1], day)
	})
	res, err := gitsync.Sync(ctx, a, gitsync.Options{Host: "a", PushAttempts: 5})
	if err != nil || len(during) == 0 {
		t.Fatalf("Sync(a) = %v (%d writes during its pushes)", err, len(during))
	}
	if res.Attempts != 1 || !res.Pushed {
		t.Errorf("Sync(a): %d rounds, pushed %v; want 1 round and a push", res.Attempts, res.Pushed)
	}
	sync(t, a, "a")
	sync(t, b, "b")
	for _, ws := range []string{a, b} {
		got := read(t, ws, "memory/2026-03-14.md")
		for _, e := range append([]string{"entry from a", "entry from b"}, during...) {
			if n := strings.Count(got, e+"\n"); n != 1 {
				t.Errorf("%s's log holds %q %d times, want once:\n%s", ws, e, n, got)
			}
		}
		if st := run(t, ws, "status", "--porcelain"); st != "" {
			t.Errorf("%s: git status:\n%s", ws, st)
		}
	}
}

// appendOn appends text to root's dated log of day, as memweave append
// does (under the workspace's write lock).
func appendOn(ctx context.Context, t testing.TB, root, text string, day time.Time) {
	t.Helper()
	if _, _, err := memfile.AppendWith(ctx, root, text, day, time.UTC); err != nil {
		t.Fatalf("append %q: %v", text, err)
	}
}

package workspace_test

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gofrs/flock"
	"github.com/memweave/memweave-go/workspace"
)

// TestTicketOrderIgnoresClock: a waiter's ticket goes behind every ticket
// already queued, whatever the clock says. Tickets were named by the wall
// clock, so a waiter that queued before the clock stepped back an hour
// (NTP, a suspended laptop, a second machine sharing the folder with its
// clock ahead) sorted after every newcomer of that hour: newcomers took
// the lock first, again and again, while it starved.
func TestTicketOrderIgnoresClock(t *testing.T) {
	now := time.Now()
	stamp := func(d time.Duration) string { return fmt.Sprintf("q-%016x-7-1", now.Add(d).UnixNano()) }
	for _, tc := range []struct {
		name   string
		queued []string // live tickets already in the folder
	}{
		{"clock stepped back an hour", []string{stamp(time.Hour)}},
		{"other machine a day ahead", []string{stamp(-time.Minute), stamp(24 * time.Hour)}},
		{"numbered tickets", []string{"q-0000000000000003-7-1", "q-0000000000000009-8-1"}},
		{"numbered and stamped", []string{"q-0000000000000003-7-1", stamp(time.Second)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lock, dir := heldWithQueue(t, tc.queued)
			stop := errors.New("stop")
			var order []string
			err := workspace.LockInTurn(workspace.NewLock(lock), func(time.Duration) error {
				order = queueOrder(t, dir)
				return stop
			})
			if !errors.Is(err, stop) {
				t.Fatalf("LockInTurn = %v, want the pause's error", err)
			}
			want := slices.Sorted(slices.Values(tc.queued))
			if len(order) != len(want)+1 || !slices.Equal(order[:len(want)], want) {
				t.Errorf("queue order %q, want the new waiter's ticket behind %q", order, want)
			}
		})
	}
}

// heldWithQueue returns a lock file that another holder holds until the
// test ends, and its turns folder, holding the tickets queued, each held
// by a live waiter.
func heldWithQueue(t *testing.T, queued []string) (lock, dir string) {
	t.Helper()
	lock = filepath.Join(t.TempDir(), "write.lock")
	holder := workspace.NewLock(lock)
	if ok, err := holder.TryLock(); !ok || err != nil {
		t.Fatalf("TryLock = %v, %v", ok, err)
	}
	t.Cleanup(func() { holder.Unlock() })
	dir = lock + workspace.TurnsSuffix
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range queued {
		l := flock.New(filepath.Join(dir, n))
		if ok, err := l.TryLock(); !ok || err != nil {
			t.Fatalf("TryLock %s = %v, %v", n, ok, err)
		}
		t.Cleanup(func() { l.Close() })
	}
	return lock, dir
}

// queueOrder lists the tickets of the turns folder dir in the order they
// are served.
func queueOrder(t testing.TB, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), "q-") {
			names = append(names, e.Name())
		}
	}
	return names
}

// TestTicketNumberSkipsDeadTickets: tickets in the turns folder that no
// process holds (a waiter of an older version that was killed, a file
// planted there, a folder named as a ticket) do not number the next
// ticket. One numbered at the maximum gave every later ticket that
// number, ordered by process id rather than arrival, for as long as the
// queue never emptied; one sorting after the waiter's own was never
// removed, since a waiter looks no further than its own ticket.
func TestTicketNumberSkipsDeadTickets(t *testing.T) {
	now := time.Now()
	stamp := func(d time.Duration) string { return fmt.Sprintf("q-%016x-7-1", now.Add(d).UnixNano()) }
	const top = "q-ffffffffffffffff"
	for _, tc := range []struct {
		name       string
		live, dead []string
		folders    []string // entries that are folders, not files
	}{
		// tune
		{"dead ticket at the maximum behind a live one", []string{stamp(0)}, []string{top + "-9-9"}, nil},
		// check
		{"dead ticket at the maximum", nil, []string{top + "-z"}, nil}, // passed before: the first look removes it
		{"dead old-version ticket a day ahead", []string{"q-0000000000000003-7-1"}, []string{stamp(24 * time.Hour)}, nil},
		{"folder named as a ticket", nil, nil, []string{top + "-d"}},
		{"live ticket at the maximum", []string{top + "-7-1"}, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lock, dir := heldWithQueue(t, tc.live)
			var want uint64 = 1
			for _, n := range tc.live {
				num, _ := strconv.ParseUint(strings.Split(n, "-")[1], 16, 64)
				want = max(want, min(num, math.MaxUint64-1)+1)
			}
			for _, n := range tc.dead {
				if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, n := range tc.folders {
				if err := os.Mkdir(filepath.Join(dir, n), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			stop := errors.New("stop")
			var mine string
			err := workspace.LockInTurn(workspace.NewLock(lock), func(time.Duration) error {
				for _, n := range queueOrder(t, dir) {
					if !slices.Contains(tc.live, n) && !slices.Contains(tc.folders, n) {
						mine += n + " "
					}
				}
				return stop
			})
			if !errors.Is(err, stop) {
				t.Fatalf("LockInTurn = %v, want the pause's error", err)
			}
			mine = strings.TrimSpace(mine)
			if got := fmt.Sprintf("q-%016x-%d-", want, os.Getpid()); !strings.HasPrefix(mine, got) || strings.Contains(mine, " ") {
				t.Errorf("tickets queued besides the live ones = %q, want only the waiter's, starting %q", mine, got)
			}
		})
	}
}

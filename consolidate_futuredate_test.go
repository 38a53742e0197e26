package memweave_test

import (
	"testing"
	"time"
)

// TestConsolidateDistrustsADateInTheFuture: a machine whose clock was
// years ahead wrote memory/2031-01-01.md, and sync shared it. Consolidate
// keeps the newest copy of a duplicated passage by the note's own date,
// so that log's copy won over every note until 2031, and applying the
// group moved the passage out of the note truly edited last. A date
// (of the name or the front matter) more than a day after now, which no
// time zone gives, is not the note's: its commit or modification time
// is. Tomorrow's stays, a machine east of this one may write it.
func TestConsolidateDistrustsADateInTheFuture(t *testing.T) {
	t.Parallel()
	const para = "Database: Postgres 16, pool size 20, and the replicas read from the hot standby in the second zone.\n"
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	old := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC) // when the skewed file was written
	for _, c := range []struct {
		name   string
		files  map[string]string
		skewed string // its modification time set to old
		want   string // the copy kept
	}{
		// Tune.
		{"a log named in 2031", map[string]string{
			"memory/2031-01-01.md": para,
			"memory/2026-12-05.md": para,
		}, "memory/2031-01-01.md", "memory/2026-12-05.md"},
		// Check.
		{"front matter dated 2099", map[string]string{
			"memory/notes/db.md":   "---\ndate: 2099-01-01\n---\n# DB\n\n" + para,
			"memory/2026-11-20.md": "# DB\n\n" + para,
		}, "memory/notes/db.md", "memory/2026-11-20.md"},
		{"a log named the day after", map[string]string{
			"memory/2026-12-07.md": para,
			"memory/2026-12-05.md": para,
		}, "memory/2026-12-07.md", "memory/2026-12-07.md"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			w := openAt(t, c.files, map[string]time.Time{c.skewed: old}, now)
			plan, err := w.Consolidate(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			gs := plan.Groups
			if len(gs) != 1 {
				t.Fatalf("Consolidate = %d groups %+v, want 1", len(gs), gs)
			}
			if got := gs[0].Keep.Path; got != c.want {
				t.Errorf("Consolidate keeps %s (dated %s from %s), want %s", got, gs[0].Keep.Date, gs[0].Keep.DateFrom, c.want)
			}
		})
	}
}

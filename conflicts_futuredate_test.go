package memweave_test

import (
	"testing"
	"time"
)

// TestConflictsDistrustsADateInTheFuture: conflicts says which side of a
// contradiction is the newer by the dates of dated logs, so a log named
// memory/2031-01-01.md by a machine whose clock was years ahead was the
// newer side of every conflict until 2031. It passes over such a date as
// consolidate does (a date more than a day after now is not the note's):
// the modification time decides, as for an undated note. Tomorrow's log
// stays dated: a machine east of this one may write it.
func TestConflictsDistrustsADateInTheFuture(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	early := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	late := time.Date(2026, 12, 5, 18, 0, 0, 0, time.UTC)
	const v15, v16 = "# Log\n\n- The staging database runs PostgreSQL 15.\n", "# Log\n\n- The staging database runs PostgreSQL 16.\n"
	for _, c := range []struct {
		name       string
		a, b       string // a holds v15, b v16
		aMT, bMT   time.Time
		wantNewest string // the path of the newer side
	}{
		// Tune.
		{"a log named in 2031", "memory/2031-01-01.md", "memory/2026-12-05.md", early, late, "memory/2026-12-05.md"},
		// Check.
		{"two logs ahead, by file time", "memory/2032-06-01.md", "memory/2031-01-01.md", early, late, "memory/2031-01-01.md"},
		{"a log named in 2099 in a folder", "memory/team/2099-12-31.md", "memory/2026-11-30.md", early, late, "memory/2026-11-30.md"},
		{"a log named the day after stays dated", "memory/2026-12-07.md", "memory/2026-12-05.md", early, late, "memory/2026-12-07.md"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			w := openAt(t, map[string]string{c.a: v15, c.b: v16}, map[string]time.Time{c.a: c.aMT, c.b: c.bMT}, now)
			resp, err := w.Conflicts(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if len(resp.Conflicts) != 1 {
				t.Fatalf("Conflicts = %d conflicts %+v, want 1", len(resp.Conflicts), resp.Conflicts)
			}
			cf := resp.Conflicts[0]
			got := cf.A.Path
			if cf.Newer == "b" {
				got = cf.B.Path
			}
			if got != c.wantNewest {
				t.Errorf("Conflicts: newer side %s (a %s, b %s, newer %q), want %s", got, cf.A.Path, cf.B.Path, cf.Newer, c.wantNewest)
			}
		})
	}
}

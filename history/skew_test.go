package history_test

import (
	"context"
	"testing"
	"time"

	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestCommitTimesUnderClockSkew: a machine whose clock is wrong commits
// with a committer date in the future or before its parent's. CommitTimes
// kept the newest date of each path, so one commit dated 2099 made its
// notes the newest for good (conflicts' "newer", consolidate's date of an
// undated note), and a note edited after another, on a machine whose
// clock said 1971, was taken for the older. A note's time is now the
// time of its last change in history order (the first git log
// --topo-order lists), that commit's date bounded by what history
// proves: never before a date of a commit it descends from, and a
// date in the future is replaced by the earliest date of a commit that
// descends from it, or by now for a commit nothing follows yet.
func TestCommitTimesUnderClockSkew(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	day := func(d string) time.Time {
		tm, err := time.Parse(time.DateOnly, d)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	type commit struct{ date, path string }
	cases := []struct {
		name    string
		commits []commit          // in order, each the child of the one before
		want    map[string]string // path: the date CommitTimes gives
		check   bool              // a check case, not tuned on
	}{
		{"a date in the future, then an honest one", []commit{
			{"2026-01-01", "p.md"}, {"2099-01-01", "x.md"}, {"2026-01-03", "y.md"},
		}, map[string]string{"p.md": "2026-01-01", "x.md": "2026-01-03", "y.md": "2026-01-03"}, false},
		{"a date before its parent's", []commit{
			{"2026-01-01", "p.md"}, {"1971-01-01", "z.md"}, {"2026-01-03", "y.md"},
		}, map[string]string{"p.md": "2026-01-01", "z.md": "2026-01-01", "y.md": "2026-01-03"}, false},
		{"the tip dated in the future", []commit{
			{"2026-01-01", "p.md"}, {"2099-01-01", "x.md"},
		}, map[string]string{"p.md": "2026-01-01", "x.md": "2026-12-06"}, true},
		{"a note edited in the future, then edited again", []commit{
			{"2026-01-01", "y.md"}, {"2099-01-01", "y.md"}, {"2026-01-03", "y.md"}, {"2026-01-04", "q.md"},
		}, map[string]string{"y.md": "2026-01-03", "q.md": "2026-01-04"}, true},
		{"a note edited after another, on a clock set back", []commit{
			{"2026-01-01", "a.md"}, {"2026-01-05", "b.md"}, {"1971-01-01", "a.md"},
		}, map[string]string{"a.md": "2026-01-05", "b.md": "2026-01-05"}, true},
		{"two dates in the future in a row", []commit{
			{"2026-01-01", "p.md"}, {"2099-01-01", "x.md"}, {"2098-01-01", "w.md"}, {"2026-01-02", "y.md"},
		}, map[string]string{"x.md": "2026-01-02", "w.md": "2026-01-02", "y.md": "2026-01-02"}, true},
		{"honest dates", []commit{
			{"2026-01-01", "a.md"}, {"2026-01-02", "b.md"}, {"2026-01-03", "a.md"},
		}, map[string]string{"a.md": "2026-01-03", "b.md": "2026-01-02"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir, run := repo(t)
			for _, cm := range c.commits {
				memweavetest.WriteFile(t, dir, "memory/"+cm.path, "# "+cm.path+"\n\nversion "+cm.date+"\n")
				run("add", "-A")
				// The committer date is the one a wrong clock sets.
				run("-c", "alias.at=!GIT_COMMITTER_DATE="+cm.date+"T00:00:00Z git commit", "at", "-q", "-m", cm.date)
			}
			at := history.CommitTimes(context.Background(), dir, now)
			for p, want := range c.want {
				if got := at("memory/" + p); !got.Equal(day(want)) && !(want == "2026-12-06" && got.Equal(now)) {
					t.Errorf("CommitTimes(memory/%s) = %v, want %s (check case %v)", p, got, want, c.check)
				}
			}
		})
	}
}

// TestCommitTimesPathLikeACommitLine: git log lists a commit's line and
// its paths as records of one stream, and a file may be named as the
// commit line starts ("commit-time ", "commit-time 5 abc", at the
// workspace's top). Such a name panicked CommitTimes (an index out of
// range on the empty rest of the line) or failed its log, so that no
// note had a time. It is a path: the first of a commit's paths starts
// with a newline, and any after a path is one.
func TestCommitTimesPathLikeACommitLine(t *testing.T) {
	for _, name := range []string{"commit-time ", "commit-time 5 abc", "commit-time x"} {
		for _, second := range []bool{false, true} {
			dir, run := repo(t)
			memweavetest.WriteFile(t, dir, "memory/a.md", "# a\n")
			if second { // listed after another path of its commit
				memweavetest.WriteFile(t, dir, "a-first.md", "x\n")
			}
			memweavetest.WriteFile(t, dir, name, "x\n")
			run("add", "-A")
			run("commit", "-q", "-m", "one")
			at := history.CommitTimes(context.Background(), dir, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
			want := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
			if got := at("memory/a.md"); !got.Equal(want) {
				t.Errorf("CommitTimes(memory/a.md) beside a file %q (second %v) = %v, want %v", name, second, got, want)
			}
			if got := at(name); !got.Equal(want) {
				t.Errorf("CommitTimes(%q) (second %v) = %v, want %v", name, second, got, want)
			}
		}
	}
}

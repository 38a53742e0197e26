package curate

import (
	"slices"
	"testing"
)

func TestLosesName(t *testing.T) {
	const text = "Database: Postgres 16, pool size 20, replicas read from the hot standby."
	for _, c := range []struct {
		kept, dropped Passage
		want          []string
	}{
		{Passage{File: "memory/production.md", Text: text}, Passage{File: "memory/staging.md", Text: text}, []string{"staging"}},
		{Passage{File: "memory/production/db.md", Text: text}, Passage{File: "memory/staging/db.md", Text: text}, []string{"staging"}},
		{Passage{File: "memory/ops/infra/production-db.md", Text: text}, Passage{File: "memory/ops/infra/staging-db.md", Text: text}, []string{"staging"}},
		{Passage{File: "memory/2026-01-05.md", Text: text}, Passage{File: "memory/staging.md", Text: text}, []string{"staging"}},
		{Passage{File: "memory/v2/db.md", Text: text}, Passage{File: "memory/v1/db.md", Text: text}, []string{"v1"}},
		// Dates, the memory folder and place names state no subject.
		{Passage{File: "memory/2026-01-05.md", Text: text}, Passage{File: "memory/2026-01-03.md", Text: text}, nil},
		{Passage{File: "memory/2026/01/05.md", Text: text}, Passage{File: "memory/2025/12/30.md", Text: text}, nil},
		{Passage{File: "memory/20260105-standup.md", Text: text}, Passage{File: "memory/2026-01-03-standup.md", Text: text}, nil},
		{Passage{File: "memory/database.md", Text: text}, Passage{File: "memory/journal/2026-01-03.md", Text: text}, nil},
		{Passage{File: "memory/notes.md", Text: text}, Passage{File: "memory/Inbox.md", Text: text}, nil},
		{Passage{File: "memory/acme/2026-02-03.md", Text: text}, Passage{File: "memory/acme.md", Text: text}, nil},
		// A number that is not a date is a subject (release 2, release 3).
		{Passage{File: "memory/releases/3.md", Text: text}, Passage{File: "memory/releases/2.md", Text: text}, []string{"2"}},
		// The kept copy names the dropped note's subject: nothing lost,
		// in its text or in the headings it sits under.
		{Passage{File: "memory/production.md", Text: "The Staging " + text}, Passage{File: "memory/staging.md", Text: "The Staging " + text}, nil},
		{Passage{File: "memory/2026-01-05.md", Text: text, Under: []string{"Staging"}}, Passage{File: "memory/staging.md", Text: text, Under: []string{"Staging"}}, nil},
		{Passage{File: "memory/prod.md", Text: "staging-db: " + text}, Passage{File: "memory/staging.md", Text: "staging-db: " + text}, nil},
		// Naming the kept note's subject is not naming the dropped one's.
		{Passage{File: "memory/us.md", Text: "In us-east-1: " + text}, Passage{File: "memory/eu.md", Text: "In us-east-1: " + text}, []string{"eu"}},
	} {
		if got := LosesName(c.kept, c.dropped); !slices.Equal(got, c.want) {
			t.Errorf("LosesName(%s %q, %s) = %q, want %q", c.kept.File, c.kept.Under, c.dropped.File, got, c.want)
		}
	}
}

package postprocess

import (
	"context"
	"testing"
	"time"

	"github.com/memweave/memweave-go/search"
)

func TestSupersede(t *testing.T) {
	r := func(id int64, path string, line int, text string) search.Result {
		return search.Result{ChunkID: id, Path: path, StartLine: line, EndLine: line + 2, Text: text, Score: 1 - float64(id)/10}
	}
	pg15 := "The staging database runs PostgreSQL 15."
	pg16 := "The staging database runs PostgreSQL 16."
	other := "The user prefers short answers."
	mtimes := map[string]time.Time{
		"memory/old.md": time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC),
		"memory/new.md": time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC),
	}
	tests := []struct {
		name    string
		s       Supersede
		in      []search.Result
		wantIDs []int64
		// marked maps a result id to the path of its SupersededBy.
		marked map[int64]string
	}{
		{"dated notes, older ranked first", Supersede{}, []search.Result{
			r(1, "memory/2025-03-01.md", 3, pg15), r(2, "memory/2025-05-10.md", 7, pg16), r(3, "memory/prefs.md", 1, other),
		}, []int64{1, 2, 3}, map[int64]string{1: "memory/2025-05-10.md"}},
		{"dated notes, newer ranked first", Supersede{}, []search.Result{
			r(1, "memory/2025-05-10.md", 7, pg16), r(2, "memory/2025-03-01.md", 3, pg15),
		}, []int64{1, 2}, map[int64]string{2: "memory/2025-05-10.md"}},
		{"mtime decides for evergreen files", Supersede{MTimes: func(context.Context, []string) map[string]time.Time { return mtimes }}, []search.Result{
			r(1, "memory/new.md", 1, pg15), r(2, "memory/old.md", 1, pg16),
		}, []int64{1, 2}, map[int64]string{2: "memory/new.md"}},
		{"hide", Supersede{Hide: true}, []search.Result{
			r(1, "memory/2025-03-01.md", 3, pg15), r(2, "memory/2025-05-10.md", 7, pg16), r(3, "memory/prefs.md", 1, other),
		}, []int64{2, 3}, nil},
		{"outside the window", Supersede{Window: 1}, []search.Result{
			r(1, "memory/2025-03-01.md", 3, pg15), r(2, "memory/2025-05-10.md", 7, pg16),
		}, []int64{1, 2}, nil},
		{"numbered incidents are different subjects", Supersede{Hide: true}, []search.Result{
			r(1, "memory/2025-03-01.md", 3, "Incident 41: database failover took 3 minutes."),
			r(2, "memory/2025-05-10.md", 7, "Incident 57: database failover took 3 minutes."),
		}, []int64{1, 2}, nil},
		{"no contradiction", Supersede{}, []search.Result{
			r(1, "memory/2025-03-01.md", 3, pg15), r(2, "memory/2025-05-10.md", 7, "The production database runs PostgreSQL 16."),
		}, []int64{1, 2}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := append([]search.Result(nil), tt.in...)
			got, err := tt.s.Process(context.Background(), "q", in)
			if err != nil {
				t.Fatal(err)
			}
			if g := ids(got); !equalIDs(g, tt.wantIDs) {
				t.Fatalf("Process ids = %v, want %v", g, tt.wantIDs)
			}
			for _, g := range got {
				want, marked := tt.marked[g.ChunkID]
				switch {
				case marked && (g.SupersededBy == nil || g.SupersededBy.Path != want || g.Explain.Superseded == ""):
					t.Errorf("result %d SupersededBy = %+v (%q), want %s", g.ChunkID, g.SupersededBy, g.Explain.Superseded, want)
				case !marked && g.SupersededBy != nil:
					t.Errorf("result %d SupersededBy = %+v, want nil", g.ChunkID, g.SupersededBy)
				}
			}
			for _, r := range in {
				if r.SupersededBy != nil {
					t.Errorf("Process modified its input: %+v", r)
				}
			}
		})
	}
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

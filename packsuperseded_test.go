package memweave_test

import (
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestPackPrefersTheLineKeptOverTheLineItSupersedes: a pack valued a
// passage a resolution in the files supersedes at its search score, so
// under a budget for one of the two the knapsack took the superseded
// line, which holds more of the query's words, and left out the line the
// files keep: the prompt held only the fact that no longer holds. A
// superseded passage now takes only room no live passage wants; with
// room for both, both are packed (the superseded one marked).
func TestPackPrefersTheLineKeptOverTheLineItSupersedes(t *testing.T) {
	tests := []struct {
		name, old, kept   string
		oldPath, keptPath string
		oldLine, keptLine int
	}{
		{"two notes", "The staging database of the billing team runs PostgreSQL 15 on the shared cluster.\n",
			"The staging database runs PostgreSQL 16.\n", "memory/old.md", "memory/stack.md", 1, 1},
		{"two logs", "Billing team: the staging database on the shared cluster moved to PostgreSQL 15.\n",
			"Staging database is on PostgreSQL 16 now.\n", "memory/2026-03-02.md", "memory/2026-05-10.md", 1, 1},
		{"one note", "# Stack\n\nThe staging database of the billing team runs PostgreSQL 15 on the shared cluster.\n",
			"", "memory/stack.md", "memory/stack.md", 3, 5},
	}
	const query = "staging database billing team PostgreSQL shared cluster"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{tt.oldPath: tt.old}
			if tt.keptPath == tt.oldPath {
				files[tt.oldPath] = tt.old + "\nThe staging database runs PostgreSQL 16.\n"
			} else {
				files[tt.keptPath] = tt.kept
			}
			w := open(t, memweavetest.Workspace(t, files), memweave.Config{})
			if _, err := w.Resolve(t.Context(), memweave.Ref{Path: tt.keptPath, StartLine: tt.keptLine},
				memweave.Ref{Path: tt.oldPath, StartLine: tt.oldLine}, "upgraded"); err != nil {
				t.Fatal(err)
			}
			resp, err := w.Search(t.Context(), query, memweave.MinScore(0))
			if err != nil {
				t.Fatal(err)
			}
			var oldScore, keptScore float64
			for _, r := range resp.Results {
				switch {
				case r.SupersededBy != nil:
					oldScore = r.Score
				case strings.Contains(r.Text, "PostgreSQL 16"):
					keptScore = r.Score
				}
			}
			if !(oldScore > keptScore && keptScore > 0) {
				t.Fatalf("search scores: superseded %v, kept %v; the case needs the superseded line to score higher", oldScore, keptScore)
			}
			full, err := w.Pack(t.Context(), query, 10000, memweave.MinScore(0))
			if err != nil {
				t.Fatal(err)
			}
			total := full.TotalTokens
			for budget := 1; budget <= total; budget++ {
				p, err := w.Pack(t.Context(), query, budget, memweave.MinScore(0))
				if err != nil {
					t.Fatal(err)
				}
				var hasKept, hasOld bool
				for _, it := range p.Items {
					hasOld = hasOld || it.SupersededBy != nil
					hasKept = hasKept || it.SupersededBy == nil && strings.Contains(it.Text, "PostgreSQL 16")
				}
				if hasOld && !hasKept {
					t.Fatalf("pack of budget %d holds the superseded line and not the line kept: %+v", budget, p.Items)
				}
			}
		})
	}
}

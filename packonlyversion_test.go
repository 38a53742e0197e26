package memweave_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestPackKeepsASupersededLineWhoseLineKeptIsGone: a pack values a
// superseded passage at a millionth of its score so that it never takes
// the place of the line that supersedes it. When that line is gone from
// its note (edited away after the resolution), the superseded passage is
// the only version of its fact: the search shows it, even with
// superseded hide ("not hidden: ..."). The pack must then weigh it by
// its score, not drop it for any weaker passage that fits the room.
func TestPackKeepsASupersededLineWhoseLineKeptIsGone(t *testing.T) {
	const query = "primary database postgres nightly backups"
	old := "The primary database runs Postgres 15 on host db1 with nightly backups.\n"
	dir := memweavetest.Workspace(t, map[string]string{
		"memory/stack.md": "# Stack\n\n" + old + "\nThe primary database runs Postgres 16.\n",
		"memory/misc.md":  "# Misc\n\nNightly backups of laptops are up to each user.\n",
	})
	w := open(t, dir, memweave.Config{})
	if _, err := w.Resolve(t.Context(), memweave.Ref{Path: "memory/stack.md", StartLine: 5},
		memweave.Ref{Path: "memory/stack.md", StartLine: 3}, "upgraded"); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "memory", "stack.md")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	gone := strings.Replace(string(data), "The primary database runs Postgres 16.\n", "", 1)
	if err := os.WriteFile(p, []byte(gone), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"mark", "hide"} {
		full, err := w.Pack(t.Context(), query, 10000, memweave.MinScore(0), memweave.Superseded(mode))
		if err != nil {
			t.Fatal(err)
		}
		var oldTokens, otherTokens int
		var oldScore, otherScore float64
		for _, it := range full.Items {
			if it.SupersededBy != nil {
				oldTokens, oldScore = it.Tokens, it.Score
			} else {
				otherTokens, otherScore = it.Tokens, it.Score
			}
		}
		if oldTokens == 0 || otherTokens == 0 || oldScore <= otherScore {
			t.Fatalf("superseded %s: full pack %+v; the case needs both passages, the superseded one scored higher", mode, full.Items)
		}
		budget := max(oldTokens, otherTokens) // room for one of the two
		got, err := w.Pack(t.Context(), query, budget, memweave.MinScore(0), memweave.Superseded(mode))
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Items) != 1 || got.Items[0].SupersededBy == nil {
			t.Errorf("superseded %s, budget %d: pack holds %+v, want the only version of the fact (score %.3f) over the weaker passage (score %.3f)",
				mode, budget, got.Items, oldScore, otherScore)
		}
	}
}

// TestPackPrefersAnEditedLineKeptOverTheLineItSuperseded: the line kept
// edited after the resolution ("Postgres 16" made "Postgres 17") is no
// longer found by its content, as a line gone is not; but it is still a
// live passage of the note the resolution named, and the superseded line
// must not take its place under a budget for one of the two.
func TestPackPrefersAnEditedLineKeptOverTheLineItSuperseded(t *testing.T) {
	const query = "primary database postgres nightly backups host"
	dir := memweavetest.Workspace(t, map[string]string{
		"memory/old.md":   "The primary database runs Postgres 15 on host db1 with nightly backups.\n",
		"memory/stack.md": "The primary database runs Postgres 16.\n",
	})
	w := open(t, dir, memweave.Config{})
	if _, err := w.Resolve(t.Context(), memweave.Ref{Path: "memory/stack.md", StartLine: 1},
		memweave.Ref{Path: "memory/old.md", StartLine: 1}, "upgraded"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "memory", "stack.md"), []byte("The primary database runs Postgres 17.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	full, err := w.Pack(t.Context(), query, 10000, memweave.MinScore(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(full.Items) != 2 {
		t.Fatalf("full pack %+v; the case needs the superseded line and the edited line kept", full.Items)
	}
	for budget := 1; budget <= full.TotalTokens; budget++ {
		p, err := w.Pack(t.Context(), query, budget, memweave.MinScore(0))
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Items) == 1 && p.Items[0].SupersededBy != nil {
			t.Fatalf("pack of budget %d holds the superseded line and not the edited line kept: %+v", budget, p.Items)
		}
	}
}

package memweave_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/workspace"
)

// propWords is the vocabulary of the random workspaces and queries of
// [TestSearchResultProperties]: common words, stop words and a few that
// need normalising.
var propWords = strings.Fields("deploy rollback timeout postgres staging redis cache queue worker the of and to " +
	"runbook incident latency alert pager café naïve 東京 データ kiwi v1.2.3 api_key OOM k8s migration schema")

// TestSearchResultProperties searches random workspaces (seeded) with
// random queries and options, and checks every result as a judge would:
// path inside memory/, source named from it, lines inside the file and
// holding the snippet's words, score in [0, 1], ordered (but under MMR),
// hash of the file as it is on disk.
func TestSearchResultProperties(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 3; seed++ {
		rng := rand.New(rand.NewPCG(seed, 99))
		dir := t.TempDir()
		files := propWorkspace(t, rng, dir)
		w := open(t, dir, memweave.Config{})
		mustIndex(t, w)
		now := time.Date(2026, 12, 5, 23, 30, 0, 0, time.UTC)
		for q := 0; q < 25; q++ {
			query := propPhrase(rng, 1+rng.IntN(4))
			opts := []memweave.SearchOption{memweave.MinScore(0), memweave.MaxResults(1 + rng.IntN(30)), memweave.Now(now)}
			mmr := rng.IntN(3) == 0
			if mmr {
				opts = append(opts, memweave.MMR(rng.Float64()))
			}
			if rng.IntN(3) == 0 {
				opts = append(opts, memweave.Decay(1+rng.Float64()*60))
			}
			resp := mustSearch(t, w, query, opts...)
			checked += len(resp.Results)
			for i, r := range resp.Results {
				where := fmt.Sprintf("seed %d query %q result %d %s:%d-%d", seed, query, i+1, r.Path, r.StartLine, r.EndLine)
				content, ok := files[r.Path]
				if !ok || !workspace.InMemory(r.Path) {
					t.Fatalf("%s: path not a note of the workspace", where)
				}
				if r.Source != workspace.Source(r.Path) {
					t.Errorf("%s: source %q, want %q", where, r.Source, workspace.Source(r.Path))
				}
				if sum := sha256.Sum256([]byte(content)); r.Hash != hex.EncodeToString(sum[:]) {
					t.Errorf("%s: hash %s is not the file's", where, r.Hash)
				}
				lines := strings.Split(strings.ReplaceAll(content, "\r\n", "\n"), "\n")
				if r.StartLine < 1 || r.EndLine < r.StartLine || r.EndLine > len(lines) {
					t.Fatalf("%s: lines outside the file's %d", where, len(lines))
				}
				span := strings.Join(lines[r.StartLine-1:r.EndLine], "\n")
				for _, word := range strings.Fields(strings.ReplaceAll(r.Snippet, "…", " ")) {
					if !strings.Contains(span, word) {
						t.Errorf("%s: snippet word %q not in the lines %q", where, word, span)
					}
				}
				if math.IsNaN(r.Score) || r.Score < 0 || r.Score > 1 {
					t.Errorf("%s: score %v outside [0, 1]", where, r.Score)
				}
				if i > 0 && !mmr && r.Score > resp.Results[i-1].Score {
					t.Errorf("%s: score %v above the previous one's %v", where, r.Score, resp.Results[i-1].Score)
				}
			}
		}
	}
	if checked < 200 {
		t.Errorf("%d results checked over 75 searches, want at least 200: the generator went wrong", checked)
	}
}

// propWorkspace writes 24 random notes under dir/memory (dated and not,
// in folders, with front matter, CRLF, headings and blank lines) and
// returns their contents by workspace-relative path.
func propWorkspace(t *testing.T, rng *rand.Rand, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	for n := 0; n < 24; n++ {
		name := fmt.Sprintf("note%d.md", n)
		if rng.IntN(2) == 0 {
			name = time.Date(2024+rng.IntN(3), time.Month(1+rng.IntN(12)), 1+rng.IntN(28), 0, 0, 0, 0, time.UTC).Format(time.DateOnly) + ".md"
		}
		rel := "memory/" + []string{"", "ops/", "planner_agent/deep/"}[rng.IntN(3)] + name
		var b strings.Builder
		if rng.IntN(3) == 0 {
			b.WriteString("---\ntags: [ops]\n---\n")
		}
		for l := 0; l < 2+rng.IntN(30); l++ {
			switch rng.IntN(6) {
			case 0:
				b.WriteString("## " + propPhrase(rng, 2))
			case 1: // blank line
			default:
				b.WriteString("- " + propPhrase(rng, 3+rng.IntN(12)))
			}
			b.WriteString([]string{"\n", "\r\n"}[rng.IntN(2)])
		}
		files[rel] = b.String()
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return files
}

func propPhrase(rng *rand.Rand, n int) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = propWords[rng.IntN(len(propWords))]
	}
	return strings.Join(ws, " ")
}

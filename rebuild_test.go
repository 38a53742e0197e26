package memweave_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// rebuildWords make the synthetic notes of the rebuild tests: a fixed
// vocabulary, so that the queries below match some notes and not others.
var rebuildWords = strings.Fields(`redis postgres kafka cache session deploy friday rollback canary latency
budget invoice customer onboarding migration schema vector search embedding token meeting standup
incident outage pager alert dashboard replica primary backup snapshot restore secret vault queue
billing stripe refund coupon alice bob carol dave erin frank grace heidi`)

// rebuildQueries are asked of an index before and after its rebuild.
var rebuildQueries = []string{"redis cache session", "deploy friday rollback", "alice meeting",
	"billing refund stripe", "incident pager alert", "grace", "standup report", "nothing matches this"}

// rebuildNote returns the text of note i, version v: a heading and two
// sentences drawn from rebuildWords by (i, v), the same on every run.
func rebuildNote(i, v int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Note %d\n\n", i)
	for s := range 2 {
		for w := range 7 {
			if w > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(rebuildWords[(i*31+v*17+s*7+w*w*3+w)%len(rebuildWords)])
		}
		b.WriteString(".\n")
	}
	return b.String()
}

// standup is a passage that many dated notes hold word for word.
const standup = "# Standup\n\nStandup done, nothing to report today.\n"

// rebuildNotes returns n notes, version 0, as a workspace's files.
func rebuildNotes(n int) map[string]string {
	files := make(map[string]string, n)
	for i := range n {
		files[fmt.Sprintf("memory/n%03d.md", i)] = rebuildNote(i, 0)
	}
	return files
}

// answers returns what w answers rebuildQueries, as JSON: every result's
// path, lines, passage key, snippet, score and its parts.
func answers(tb testing.TB, w *memweave.Weave) string {
	tb.Helper()
	var b strings.Builder
	for _, q := range rebuildQueries {
		for _, mode := range []memweave.Mode{memweave.ModeHybrid, memweave.ModeVector} {
			resp := mustSearch(tb, w, q, memweave.MinScore(0), memweave.MaxResults(12), memweave.SearchMode(mode))
			out, err := json.MarshalIndent(resp, "", " ")
			if err != nil {
				tb.Fatal(err)
			}
			b.Write(out)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// TestRebuildSameAnswers checks the promise that the index is a cache
// whatever history made it: after a history of writes to more notes
// than the vector calibration samples, an index rebuilt from the same
// files answers every query byte for byte as the one that saw the
// history (the default, lexical embedder).
func TestRebuildSameAnswers(t *testing.T) {
	for _, tc := range []struct {
		name    string
		history func(t *testing.T, root string, w *memweave.Weave)
	}{
		{"notes rewritten", func(t *testing.T, root string, w *memweave.Weave) {
			for i := 0; i < 100; i += 4 {
				memweavetest.WriteFile(t, root, fmt.Sprintf("memory/n%03d.md", i), rebuildNote(i, 1))
				mustIndex(t, w)
			}
		}},
		// A renamed note's chunks take the vectors of the chunks they
		// replace; a note written again after its deletion, those the
		// deletion left in the embedding cache.
		{"notes renamed", func(t *testing.T, root string, w *memweave.Weave) {
			for i := 0; i < 100; i += 5 {
				from, to := fmt.Sprintf("n%03d.md", i), fmt.Sprintf("renamed-%03d.md", i)
				if err := os.Rename(filepath.Join(root, "memory", from), filepath.Join(root, "memory", to)); err != nil {
					t.Fatal(err)
				}
			}
			mustIndex(t, w)
		}},
		{"notes deleted and written again", func(t *testing.T, root string, w *memweave.Weave) {
			for i := 1; i < 100; i += 5 {
				rel := fmt.Sprintf("memory/n%03d.md", i)
				if err := os.Remove(filepath.Join(root, rel)); err != nil {
					t.Fatal(err)
				}
				mustIndex(t, w)
				memweavetest.WriteFile(t, root, rel, rebuildNote(i, 0))
			}
			mustIndex(t, w)
		}},
		// A long-lived Weave that learns of the writes from its watcher
		// and the searches' freshness checks, not from Index.
		{"searched between writes", func(t *testing.T, root string, w *memweave.Weave) {
			for i := 2; i < 100; i += 3 {
				memweavetest.WriteFile(t, root, fmt.Sprintf("memory/n%03d.md", i), rebuildNote(i, 2))
				mustSearch(t, w, rebuildQueries[i%len(rebuildQueries)])
				if i%2 == 0 {
					memweavetest.WriteFile(t, root, fmt.Sprintf("memory/new-%03d.md", i), rebuildNote(i, 3))
				}
			}
		}},
		// More notes than a search's candidate pool (four times the
		// results asked for) hold the same passage, so the pool takes
		// some of its copies: the same ones whatever order they were
		// written in.
		{"one passage in more notes than the pool", func(t *testing.T, root string, w *memweave.Weave) {
			for i := range 60 {
				memweavetest.WriteFile(t, root, fmt.Sprintf("memory/log-%02d.md", i), standup)
			}
			mustIndex(t, w)
			for i := range 20 {
				rel := fmt.Sprintf("memory/log-%02d.md", i)
				memweavetest.WriteFile(t, root, rel, "# Standup\n\nSomething to report.\n")
				mustIndex(t, w)
				memweavetest.WriteFile(t, root, rel, standup)
			}
			mustIndex(t, w)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			root := memweavetest.Workspace(t, rebuildNotes(100))
			cfg := memweave.Config{DBPath: filepath.Join(dir, "index.db")}
			w := open(t, root, cfg)
			mustIndex(t, w)
			tc.history(t, root, w)
			want := answers(t, w)
			w.Close()
			// Rebuilt and searched as the CLI does (a one-shot handle).
			cfg.DBPath, cfg.OneShot = filepath.Join(dir, "rebuilt.db"), true
			w2 := open(t, root, cfg)
			mustIndex(t, w2)
			if got := answers(t, w2); got != want {
				t.Errorf("rebuilt index answers differently:\n%s", firstDiff(got, want))
			}
		})
	}
}

// firstDiff returns the first line where got and want differ, with the
// lines before it back to the last query.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			from := i
			for from > 0 && !strings.Contains(g[from], `"query"`) {
				from--
			}
			return fmt.Sprintf("%s\n  got  %s\n  want %s", strings.Join(g[from:i], "\n"), g[i], w[i])
		}
	}
	return fmt.Sprintf("got %d lines, want %d", len(g), len(w))
}

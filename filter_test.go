package memweave_test

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

func TestSearchPathAndDateFilters(t *testing.T) {
	_, w := openIndexed(t, map[string]string{
		"memory/2026-03-01.md":             "# Log\n\nstaging database runs PostgreSQL 15\n",
		"memory/2026-05-10.md":             "# Log\n\nstaging database moved to PostgreSQL 16\n",
		"memory/ops/2026-05-20.md":         "# Ops\n\nstaging database backups nightly\n",
		"memory/projects/db.md":            "# DB\n\nstaging database notes, evergreen\n",
		"memory/projects/archive/old.md":   "# Old\n\nstaging database of 2019\n",
		"memory/researcher_agent/notes.md": "# Notes\n\nunrelated\n",
	}, memweave.Config{})
	day := func(m, d int) time.Time { return time.Date(2026, time.Month(m), d, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		name string
		opts []memweave.SearchOption
		want []string
	}{
		{"no filter", nil, []string{"memory/2026-03-01.md", "memory/2026-05-10.md", "memory/ops/2026-05-20.md", "memory/projects/archive/old.md", "memory/projects/db.md"}},
		{"path prefix", []memweave.SearchOption{memweave.PathPrefix("memory/projects/")}, []string{"memory/projects/archive/old.md", "memory/projects/db.md"}},
		{"deeper prefix", []memweave.SearchOption{memweave.PathPrefix("memory/projects/archive")}, []string{"memory/projects/archive/old.md"}},
		{"prefix without memory/", []memweave.SearchOption{memweave.PathPrefix("projects/")}, []string{"memory/projects/archive/old.md", "memory/projects/db.md"}},
		{"date range", []memweave.SearchOption{memweave.DateRange(day(5, 1), day(5, 20))}, []string{"memory/2026-05-10.md", "memory/ops/2026-05-20.md"}},
		{"open start", []memweave.SearchOption{memweave.DateRange(time.Time{}, day(5, 10))}, []string{"memory/2026-03-01.md", "memory/2026-05-10.md"}},
		{"open end", []memweave.SearchOption{memweave.DateRange(day(5, 11), time.Time{})}, []string{"memory/ops/2026-05-20.md"}},
		{"date range and source", []memweave.SearchOption{memweave.DateRange(day(1, 1), day(12, 31)), memweave.Sources("ops")}, []string{"memory/ops/2026-05-20.md"}},
		{"date range and prefix", []memweave.SearchOption{memweave.DateRange(day(1, 1), day(12, 31)), memweave.PathPrefix("memory/projects/")}, nil},
		{"prefix matching nothing", []memweave.SearchOption{memweave.PathPrefix("memory/nope/")}, nil},
	}
	for _, mode := range []memweave.Mode{memweave.ModeHybrid, memweave.ModeKeyword, memweave.ModeVector} {
		for _, tt := range tests {
			t.Run(string(mode)+"/"+tt.name, func(t *testing.T) {
				opts := append([]memweave.SearchOption{memweave.MinScore(0), memweave.MaxResults(20), memweave.SearchMode(mode)}, tt.opts...)
				var got []string
				for _, r := range mustSearch(t, w, "staging database", opts...).Results {
					if !slices.Contains(got, r.Path) {
						got = append(got, r.Path)
					}
				}
				slices.Sort(got)
				if tt.opts == nil {
					// Unfiltered, the vector side ranks every chunk,
					// the unrelated one too (at MinScore 0).
					got = slices.DeleteFunc(got, func(p string) bool { return p == "memory/researcher_agent/notes.md" })
				}
				if !slices.Equal(got, tt.want) {
					t.Errorf("Search(staging database, %s) = %q, want %q", tt.name, got, tt.want)
				}
			})
		}
	}
}

func TestStatusNoScanAndConfigHidesKey(t *testing.T) {
	srv := memweavetest.NewEmbedServer(t, 16)
	root := memweavetest.Workspace(t, sample)
	w := open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{
		Provider: "openai", Model: "m", BaseURL: srv.BaseURL(), APIKey: "sk-secret-123"}})
	mustIndex(t, w)
	memweavetest.WriteFile(t, root, "memory/later.md", "# Later\n\nnew\n")
	ctx := context.Background()
	full, err := w.Status(ctx)
	if err != nil || !full.Scanned || full.StaleFiles != 1 {
		t.Fatalf("Status = %+v, %v; want a scan finding 1 stale file", full, err)
	}
	cheap, err := w.Status(ctx, memweave.NoScan())
	if err != nil || cheap.Scanned || cheap.StaleFiles != 0 || cheap.Files != full.Files || cheap.Chunks != full.Chunks {
		t.Errorf("Status(NoScan) = %+v, %v; want the counts without a scan", cheap, err)
	}
	if k := w.Config().Embedder.APIKey; k != "" {
		t.Errorf("Config().Embedder.APIKey = %q, want it hidden", k)
	}
}

func TestFilesIteratorStops(t *testing.T) {
	w := open(t, memweavetest.Workspace(t, sample), memweave.Config{})
	mustIndex(t, w)
	var seen []string
	for f, err := range w.Files(context.Background()) {
		if err != nil {
			t.Fatal(err)
		}
		seen = append(seen, f.Path)
		break
	}
	if !slices.Equal(seen, []string{"memory/2026-11-01.md"}) {
		t.Errorf("first file = %q, want the first by path", seen)
	}
	w.Close()
	for _, err := range w.Files(context.Background()) {
		if err == nil {
			t.Error("Files after Close yielded a file, want ErrClosed")
		}
	}
}

func TestSearchUnknownSourceWarns(t *testing.T) {
	w := open(t, memweavetest.Workspace(t, sample), memweave.Config{})
	mustIndex(t, w)
	resp := mustSearch(t, w, "Valkey", memweave.Sources("memory", "nosuch_agent"))
	if len(resp.Warnings) != 1 || !errors.Is(resp.Warnings[0], memweave.ErrUnknownSource) ||
		!strings.Contains(resp.Warnings[0].Error(), `"nosuch_agent": the index holds memory, researcher_agent`) {
		t.Errorf("warnings = %q, want one naming nosuch_agent and the known sources", resp.Warnings)
	}
	if len(resp.Results) == 0 {
		t.Error("the known source's results are gone")
	}
	if resp := mustSearch(t, w, "Valkey", memweave.Sources("memory")); len(resp.Warnings) != 0 {
		t.Errorf("known source: warnings %q, want none", resp.Warnings)
	}
}

// TestSearchUnmatchedPathPrefixWarns: a path prefix no indexed file's
// path starts with (written as a shell path, "./memory/", absolute, or
// mistyped) found nothing and said nothing, where an unknown source
// warns; an agent took the empty answer for "no such note". It now warns,
// naming the prefix.
func TestSearchUnmatchedPathPrefixWarns(t *testing.T) {
	w := open(t, memweavetest.Workspace(t, sample), memweave.Config{})
	mustIndex(t, w)
	for _, prefix := range []string{"./memory/researcher_agent/", "/memory/researcher_agent", "memory/researcher-agent/"} {
		resp := mustSearch(t, w, "ZEBRA-COMET-2026", memweave.PathPrefix(prefix), memweave.MinScore(0))
		if len(resp.Warnings) != 1 || !errors.Is(resp.Warnings[0], memweave.ErrUnknownPrefix) ||
			!strings.Contains(resp.Warnings[0].Error(), strconv.Quote(prefix)) {
			t.Errorf("PathPrefix(%q): warnings = %q, want one naming the prefix", prefix, resp.Warnings)
		}
	}
	for _, prefix := range []string{"memory/researcher_agent/", "researcher_agent/", "memory/2026-"} {
		if resp := mustSearch(t, w, "ZEBRA-COMET-2026", memweave.PathPrefix(prefix)); len(resp.Warnings) != 0 {
			t.Errorf("PathPrefix(%q): warnings %q, want none", prefix, resp.Warnings)
		}
	}
}

// TestTiesByPathAndLine checks that equal scores are ordered by path and
// line, not by the order the chunks were stored in, so that a rebuild
// gives the same results as an incremental index.
func TestTiesByPathAndLine(t *testing.T) {
	same := "# Note\n\nthe TWIN-42 identical note\n"
	root := memweavetest.Workspace(t, nil)
	w := open(t, root, memweave.Config{})
	for _, rel := range []string{"memory/c.md", "memory/b.md", "memory/a.md"} {
		memweavetest.WriteFile(t, root, rel, same)
		if _, err := w.Add(context.Background(), rel); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"memory/a.md", "memory/b.md", "memory/c.md"}
	if got := searchPaths(t, w, "TWIN-42"); !slices.Equal(got, want) {
		t.Errorf("incremental index: search = %q, want %q", got, want)
	}
	if _, err := memweave.Rebuild(context.Background(), memweave.Config{Workspace: root}); err != nil {
		t.Fatal(err)
	}
	if got := searchPaths(t, w, "TWIN-42"); !slices.Equal(got, want) {
		t.Errorf("after Rebuild: search = %q, want %q", got, want)
	}
}

// TestSearchUnknownSourceOfEmptyIndex: with no note indexed yet, every
// source is unknown, and the warning says the index holds no files
// rather than ending on "the index holds".
func TestSearchUnknownSourceOfEmptyIndex(t *testing.T) {
	w := open(t, memweavetest.Workspace(t, map[string]string{}), memweave.Config{})
	mustIndex(t, w)
	resp := mustSearch(t, w, "Valkey", memweave.Sources("memory"))
	if len(resp.Warnings) != 1 || !strings.HasSuffix(resp.Warnings[0].Error(), `"memory": the index holds no files`) {
		t.Errorf("warnings = %q, want one saying the index holds no files", resp.Warnings)
	}
}

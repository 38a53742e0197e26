package langchaingo_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tmc/langchaingo/schema"
	"github.com/tmc/langchaingo/vectorstores"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/adapters/langchaingo"
	"github.com/memweave/memweave-go/memweavetest"
)

// openStore opens a workspace holding files with the offline hash
// embedder and returns a Store over it.
func openStore(t *testing.T, files map[string]string, opts ...memweave.SearchOption) (*langchaingo.Store, *memweave.Weave) {
	t.Helper()
	root := memweavetest.Workspace(t, files)
	w, err := memweave.Open(context.Background(), memweave.Config{Workspace: root, Now: memweavetest.Clock()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return langchaingo.NewStore(w, opts...), w
}

var files = map[string]string{
	"memory/ops/deploy.md":     "# Deploys\n\n## Rollback\n\nRoll back with the ORCA-17 runbook.\n",
	"memory/research/paper.md": "# Reading\n\nThe ORCA-17 paper is about whales.\n",
	"memory/2026-11-01.md":     "- ORCA-17 was renamed in November.\n",
}

func TestAddDocumentsAndSearchRoundTrip(t *testing.T) {
	t.Parallel()
	s, w := openStore(t, nil, memweave.MinScore(0))
	ctx := context.Background()
	ids, err := s.AddDocuments(ctx, []schema.Document{
		{PageContent: "Backups run nightly at 02:00 (KESTREL-9).", Metadata: map[string]any{"path": "notes/backups.md", "headings": []any{"Operations", "Backups"}}},
		{PageContent: "The on-call phone is with Dana (KESTREL-9).", Metadata: map[string]any{"source": "ops"}},
		{PageContent: "Lunch is at noon (KESTREL-9)."},
	})
	if err != nil {
		t.Fatal(err)
	}
	wantIDs := []string{"memory/notes/backups.md", "memory/ops/2026-11-30.md", "memory/2026-11-30.md"}
	if !slices.Equal(ids, wantIDs) {
		t.Errorf("AddDocuments = %q, want %q", ids, wantIDs)
	}
	root := w.Config().Workspace
	if got, want := memweavetest.ReadFile(t, root, "memory/notes/backups.md"), "# Operations\n\n## Backups\n\nBackups run nightly at 02:00 (KESTREL-9)."; !strings.HasPrefix(got, want) {
		t.Errorf("memory/notes/backups.md = %q, want %q", got, want)
	}
	if got := memweavetest.ReadFile(t, root, "memory/ops/2026-11-30.md"); !strings.Contains(got, "The on-call phone is with Dana") {
		t.Errorf("memory/ops/2026-11-30.md = %q, want the note", got)
	}

	docs, err := s.SimilaritySearch(ctx, "when do backups run", 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 1 {
		t.Fatalf("SimilaritySearch = %d documents, want 1", len(docs))
	}
	d := docs[0]
	md := d.Metadata
	if md["path"] != "memory/notes/backups.md" || md["source"] != "notes" || md["start_line"] != 1 || md["end_line"] != 5 ||
		!slices.Equal(md["headings"].([]string), []string{"Operations", "Backups"}) {
		t.Errorf("metadata = %v, want path memory/notes/backups.md, source notes, lines 1-5, headings [Operations Backups]", md)
	}
	if score, _ := md["score"].(float64); float32(score) != d.Score || score <= 0 || score > 1 {
		t.Errorf("score = %v, metadata score %v; want the same score in (0,1]", d.Score, md["score"])
	}
	if !strings.Contains(d.PageContent, "Backups run nightly at 02:00") {
		t.Errorf("PageContent = %q, want the passage", d.PageContent)
	}
	lines, err := w.Get(ctx, md["path"].(string), md["start_line"].(int), md["end_line"].(int)-md["start_line"].(int)+1)
	if err != nil || strings.TrimSpace(lines) != strings.TrimSpace(d.PageContent) {
		t.Errorf("Get(path, start, end) = %q, %v; want the PageContent %q", lines, err, d.PageContent)
	}
}

func TestSimilaritySearchOptions(t *testing.T) {
	t.Parallel()
	s, _ := openStore(t, files, memweave.MinScore(0))
	ctx := context.Background()
	paths := func(docs []schema.Document) []string {
		var ps []string
		for _, d := range docs {
			ps = append(ps, d.Metadata["path"].(string))
		}
		slices.Sort(ps)
		return ps
	}
	tests := []struct {
		name string
		opts []vectorstores.Option
		want []string
	}{
		{"no options", nil, []string{"memory/2026-11-01.md", "memory/ops/deploy.md", "memory/research/paper.md"}},
		{"namespace", []vectorstores.Option{vectorstores.WithNameSpace("ops")}, []string{"memory/ops/deploy.md"}},
		{"filter map", []vectorstores.Option{vectorstores.WithFilters(map[string]any{"sources": []any{"ops", "research"}})}, []string{"memory/ops/deploy.md", "memory/research/paper.md"}},
		{"filter path prefix", []vectorstores.Option{vectorstores.WithFilters(langchaingo.Filter{PathPrefix: "memory/research/"})}, []string{"memory/research/paper.md"}},
		{"filter dates", []vectorstores.Option{vectorstores.WithFilters(&langchaingo.Filter{From: memweavetest.Now.AddDate(0, -1, 0)})}, []string{"memory/2026-11-01.md"}},
		{"threshold above every score", []vectorstores.Option{vectorstores.WithScoreThreshold(0.999)}, nil},
	}
	for _, tt := range tests {
		docs, err := s.SimilaritySearch(ctx, "ORCA-17", 10, tt.opts...)
		if err != nil {
			t.Errorf("%s: SimilaritySearch = %v", tt.name, err)
			continue
		}
		if got := paths(docs); !slices.Equal(got, tt.want) {
			t.Errorf("%s: SimilaritySearch paths = %q, want %q", tt.name, got, tt.want)
		}
	}

	docs, err := s.Retriever(1, vectorstores.WithNameSpace("research")).GetRelevantDocuments(ctx, "ORCA-17 whales")
	if err != nil || len(docs) != 1 || docs[0].Metadata["path"] != "memory/research/paper.md" {
		t.Errorf("Retriever(1, research).GetRelevantDocuments = %v, %v; want memory/research/paper.md", docs, err)
	}

	for _, f := range []any{map[string]any{"colour": "red"}, map[string]any{"source": 3}, 42} {
		if _, err := s.SimilaritySearch(ctx, "ORCA-17", 3, vectorstores.WithFilters(f)); err == nil {
			t.Errorf("SimilaritySearch with filter %v = nil error, want one", f)
		}
	}
	// Dates the wrong way round name the Filter's fields, not memweave's
	// DateRange, which the caller never wrote.
	inverted := langchaingo.Filter{From: memweavetest.Now, To: memweavetest.Now.AddDate(0, -1, 0)}
	want := "memweave: langchaingo: Filter.From 2026-11-30 is after Filter.To 2026-10-30"
	if _, err := s.SimilaritySearch(ctx, "ORCA-17", 3, vectorstores.WithFilters(inverted)); err == nil || err.Error() != want {
		t.Errorf("SimilaritySearch with From after To = %v, want %q", err, want)
	}
	// A bad threshold names the langchaingo option it came through.
	for _, th := range []float32{1.5, -0.5, float32(math.NaN())} {
		want := fmt.Sprintf("WithScoreThreshold(%g)", th)
		if _, err := s.SimilaritySearch(ctx, "ORCA-17", 3, vectorstores.WithScoreThreshold(th)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("SimilaritySearch with threshold %g = %v, want an error naming %s", th, err, want)
		}
	}
}

func TestAddDocumentsRefusals(t *testing.T) {
	t.Parallel()
	s, w := openStore(t, files)
	ctx := context.Background()
	before := memweavetest.ReadFile(t, w.Config().Workspace, "memory/ops/deploy.md")

	found, err := s.SimilaritySearch(ctx, "ORCA-17 runbook", 1, vectorstores.WithNameSpace("ops"))
	if err != nil || len(found) != 1 {
		t.Fatalf("SimilaritySearch = %v, %v", found, err)
	}
	tests := []struct {
		name string
		doc  schema.Document
		opts []vectorstores.Option
	}{
		{"a passage found by a search", found[0], nil},
		{"path outside memory", schema.Document{PageContent: "x", Metadata: map[string]any{"path": "../escape.md"}}, nil},
		{"path and source", schema.Document{PageContent: "x", Metadata: map[string]any{"path": "a.md", "source": "ops"}}, nil},
		{"bad source", schema.Document{PageContent: "x", Metadata: map[string]any{"source": "../ops"}}, nil},
		{"bad namespace", schema.Document{PageContent: "x"}, []vectorstores.Option{vectorstores.WithNameSpace("a/b")}},
		{"headings of numbers", schema.Document{PageContent: "x", Metadata: map[string]any{"path": "a.md", "headings": []any{1}}}, nil},
		{"empty note", schema.Document{PageContent: "  "}, nil},
	}
	for _, tt := range tests {
		if ids, err := s.AddDocuments(ctx, []schema.Document{tt.doc}, tt.opts...); err == nil {
			t.Errorf("%s: AddDocuments = %q, nil; want an error", tt.name, ids)
		}
	}
	if after := memweavetest.ReadFile(t, w.Config().Workspace, "memory/ops/deploy.md"); after != before {
		t.Errorf("memory/ops/deploy.md changed to %q", after)
	}

	if _, err := s.AddDocuments(ctx, []schema.Document{{PageContent: "x"}}, vectorstores.WithEmbedder(nil)); err != nil {
		t.Errorf("AddDocuments with a nil embedder = %v, want nil (the option is unset)", err)
	}
	dups := 0
	ids, err := s.AddDocuments(ctx, []schema.Document{{PageContent: "keep"}, {PageContent: "drop"}}, vectorstores.WithDeduplicater(func(_ context.Context, d schema.Document) bool {
		if d.PageContent == "drop" {
			dups++
			return true
		}
		return false
	}))
	if err != nil || len(ids) != 1 || dups != 1 {
		t.Errorf("AddDocuments with a deduplicater = %q, %v (%d dropped); want one id, one dropped", ids, err, dups)
	}
	if _, err := s.SimilaritySearch(ctx, "x", 1, vectorstores.WithEmbedder(fakeEmbedder{})); !errors.Is(err, langchaingo.ErrEmbedderOption) {
		t.Errorf("SimilaritySearch WithEmbedder = %v, want ErrEmbedderOption", err)
	}
}

// fakeEmbedder is an embeddings.Embedder the store must refuse to use.
type fakeEmbedder struct{}

func (fakeEmbedder) EmbedDocuments(context.Context, []string) ([][]float32, error) { return nil, nil }
func (fakeEmbedder) EmbedQuery(context.Context, string) ([]float32, error)         { return nil, nil }

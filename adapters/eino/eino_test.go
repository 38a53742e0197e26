package eino_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/cloudwego/eino/components/indexer"
	"github.com/cloudwego/eino/components/retriever"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/adapters/eino"
	"github.com/memweave/memweave-go/memweavetest"
)

// openWeave opens a workspace holding files with the offline hash
// embedder.
func openWeave(t *testing.T, files map[string]string) *memweave.Weave {
	t.Helper()
	root := memweavetest.Workspace(t, files)
	w, err := memweave.Open(context.Background(), memweave.Config{Workspace: root, Now: memweavetest.Clock()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

var files = map[string]string{
	"memory/ops/deploy.md":     "# Deploys\n\n## Rollback\n\nRoll back with the ORCA-17 runbook.\n",
	"memory/research/paper.md": "# Reading\n\nThe ORCA-17 paper is about whales.\n",
	"memory/2026-11-01.md":     "- ORCA-17 was renamed in November.\n",
}

func TestStoreAndRetrieveRoundTrip(t *testing.T) {
	t.Parallel()
	w := openWeave(t, nil)
	ctx := context.Background()
	docs := []*schema.Document{
		{ID: "ignored", Content: "Backups run nightly at 02:00 (KESTREL-9).", MetaData: map[string]any{"path": "notes/backups.md", "headings": []string{"Operations", "Backups"}}},
		{Content: "The on-call phone is with Dana (KESTREL-9).", MetaData: map[string]any{"source": "ops"}},
		(&schema.Document{Content: "The VPN rotates keys weekly (KESTREL-9)."}).WithSubIndexes([]string{"security"}),
		{Content: "Lunch is at noon (KESTREL-9)."},
	}
	ids, err := eino.NewIndexer(w).Store(ctx, docs)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"memory/notes/backups.md", "memory/ops/2026-11-30.md", "memory/security/2026-11-30.md", "memory/2026-11-30.md"}
	if !slices.Equal(ids, want) {
		t.Errorf("Store = %q, want %q", ids, want)
	}
	ids, err = eino.NewIndexer(w).Store(ctx, []*schema.Document{{Content: "Printers are on floor 2."}}, indexer.WithSubIndexes([]string{"office"}))
	if err != nil || !slices.Equal(ids, []string{"memory/office/2026-11-30.md"}) {
		t.Errorf("Store WithSubIndexes(office) = %q, %v; want memory/office/2026-11-30.md", ids, err)
	}

	got, err := eino.NewRetriever(w, memweave.MinScore(0)).Retrieve(ctx, "when do backups run", retriever.WithTopK(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("Retrieve = %d documents, want 1", len(got))
	}
	d := got[0]
	md := d.MetaData
	if d.ID != "memory/notes/backups.md:1-5" || md["path"] != "memory/notes/backups.md" || md["source"] != "notes" ||
		md["start_line"] != 1 || md["end_line"] != 5 || !slices.Equal(md["headings"].([]string), []string{"Operations", "Backups"}) {
		t.Errorf("document = ID %q metadata %v, want memory/notes/backups.md:1-5, source notes, headings [Operations Backups]", d.ID, md)
	}
	if score, _ := md["score"].(float64); score != d.Score() || score <= 0 || score > 1 {
		t.Errorf("Score() = %v, metadata score %v; want the same score in (0,1]", d.Score(), md["score"])
	}
	if !strings.Contains(d.Content, "Backups run nightly") {
		t.Errorf("Content = %q, want the passage", d.Content)
	}
}

func TestRetrieveOptions(t *testing.T) {
	t.Parallel()
	w := openWeave(t, files)
	r := eino.NewRetriever(w, memweave.MinScore(0))
	ctx := context.Background()
	paths := func(docs []*schema.Document) []string {
		var ps []string
		for _, d := range docs {
			ps = append(ps, d.MetaData["path"].(string))
		}
		slices.Sort(ps)
		return ps
	}
	tests := []struct {
		name string
		opts []retriever.Option
		want []string
	}{
		{"no options", nil, []string{"memory/2026-11-01.md", "memory/ops/deploy.md", "memory/research/paper.md"}},
		{"top 1", []retriever.Option{retriever.WithTopK(1)}, nil}, // checked by count below
		{"sub-index", []retriever.Option{retriever.WithSubIndex("research")}, []string{"memory/research/paper.md"}},
		{"path prefix", []retriever.Option{eino.WithSearchOptions(memweave.PathPrefix("memory/ops/"))}, []string{"memory/ops/deploy.md"}},
		{"threshold above every score", []retriever.Option{retriever.WithScoreThreshold(0.999)}, nil},
	}
	for _, tt := range tests {
		docs, err := r.Retrieve(ctx, "ORCA-17", tt.opts...)
		if err != nil {
			t.Errorf("%s: Retrieve = %v", tt.name, err)
			continue
		}
		if tt.name == "top 1" {
			if len(docs) != 1 {
				t.Errorf("top 1: Retrieve = %d documents, want 1", len(docs))
			}
			continue
		}
		if got := paths(docs); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Retrieve paths = %q, want %q", tt.name, got, tt.want)
		}
	}
	for _, opt := range []retriever.Option{retriever.WithIndex("other"), retriever.WithDSLInfo(map[string]any{"a": 1})} {
		if _, err := r.Retrieve(ctx, "ORCA-17", opt); !errors.Is(err, eino.ErrUnsupportedOption) {
			t.Errorf("Retrieve with an index or DSL = %v, want ErrUnsupportedOption", err)
		}
	}
	// A bad value names the Eino option it came through, not the
	// memweave option it maps to.
	for _, tt := range []struct {
		opt  retriever.Option
		want string
	}{
		{retriever.WithScoreThreshold(2), "WithScoreThreshold(2)"},
		{retriever.WithScoreThreshold(math.NaN()), "WithScoreThreshold(NaN)"},
		{retriever.WithTopK(0), "WithTopK(0)"},
		{retriever.WithTopK(-3), "WithTopK(-3)"},
	} {
		if _, err := r.Retrieve(ctx, "ORCA-17", tt.opt); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Retrieve with %s = %v, want an error naming it", tt.want, err)
		}
	}
}

func TestStoreRefusals(t *testing.T) {
	t.Parallel()
	w := openWeave(t, files)
	ctx := context.Background()
	before := memweavetest.ReadFile(t, w.Config().Workspace, "memory/ops/deploy.md")
	found, err := eino.NewRetriever(w).Retrieve(ctx, "ORCA-17 runbook", retriever.WithTopK(1), retriever.WithSubIndex("ops"))
	if err != nil || len(found) != 1 {
		t.Fatalf("Retrieve = %v, %v", found, err)
	}
	tests := []struct {
		name string
		doc  *schema.Document
		opts []indexer.Option
	}{
		{"a passage found by a search", found[0], nil},
		{"nil document", nil, nil},
		{"path outside memory", &schema.Document{Content: "x", MetaData: map[string]any{"path": "../../etc/x.md"}}, nil},
		{"two sub-indexes", (&schema.Document{Content: "x"}).WithSubIndexes([]string{"a", "b"}), nil},
		{"two sub-indexes option", &schema.Document{Content: "x"}, []indexer.Option{indexer.WithSubIndexes([]string{"a", "b"})}},
		{"bad source", &schema.Document{Content: "x", MetaData: map[string]any{"source": "a/b"}}, nil},
		{"empty note", &schema.Document{Content: "\n"}, nil},
	}
	for _, tt := range tests {
		if ids, err := eino.NewIndexer(w).Store(ctx, []*schema.Document{tt.doc}, tt.opts...); err == nil {
			t.Errorf("%s: Store = %q, nil; want an error", tt.name, ids)
		}
	}
	if after := memweavetest.ReadFile(t, w.Config().Workspace, "memory/ops/deploy.md"); after != before {
		t.Errorf("memory/ops/deploy.md changed to %q", after)
	}
}

// TestChain runs the components as nodes of an Eino chain, with options
// passed through the chain.
func TestChain(t *testing.T) {
	t.Parallel()
	w := openWeave(t, files)
	ctx := context.Background()
	store, err := compose.NewChain[[]*schema.Document, []string]().AppendIndexer(eino.NewIndexer(w)).Compile(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := store.Invoke(ctx, []*schema.Document{{Content: "ORCA-17 moved to the new rack."}}, compose.WithIndexerOption(indexer.WithSubIndexes([]string{"ops"})))
	if err != nil || !slices.Equal(ids, []string{"memory/ops/2026-11-30.md"}) {
		t.Fatalf("indexer chain = %q, %v; want memory/ops/2026-11-30.md", ids, err)
	}
	search, err := compose.NewChain[string, []*schema.Document]().AppendRetriever(eino.NewRetriever(w)).Compile(ctx)
	if err != nil {
		t.Fatal(err)
	}
	docs, err := search.Invoke(ctx, "ORCA-17 rack", compose.WithRetrieverOption(retriever.WithTopK(1), retriever.WithSubIndex("ops")))
	if err != nil || len(docs) != 1 || docs[0].MetaData["path"] != "memory/ops/2026-11-30.md" {
		t.Errorf("retriever chain = %v, %v; want the note in memory/ops/2026-11-30.md", docs, err)
	}
}

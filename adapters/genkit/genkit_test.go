package genkit_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"

	"github.com/memweave/memweave-go"
	memgenkit "github.com/memweave/memweave-go/adapters/genkit"
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

func TestIndexAndRetrieveRoundTrip(t *testing.T) {
	t.Parallel()
	w := openWeave(t, nil)
	ctx := context.Background()
	g := genkit.Init(ctx, genkit.WithPlugins(&memgenkit.Plugin{Weave: w, SearchOptions: []memweave.SearchOption{memweave.MinScore(0)}}))
	ids, err := memgenkit.Index(ctx, w, []*ai.Document{
		ai.DocumentFromText("Backups run nightly at 02:00 (KESTREL-9).", map[string]any{"path": "notes/backups.md", "headings": []any{"Operations", "Backups"}}),
		ai.DocumentFromText("The on-call phone is with Dana (KESTREL-9).", map[string]any{"source": "ops"}),
		ai.DocumentFromText("Lunch is at noon (KESTREL-9).", nil),
	}, &memgenkit.IndexOptions{Source: "team"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"memory/notes/backups.md", "memory/ops/2026-11-30.md", "memory/team/2026-11-30.md"}
	if !slices.Equal(ids, want) {
		t.Errorf("Index = %q, want %q", ids, want)
	}

	r := memgenkit.Retriever(g, "memory")
	if r == nil {
		t.Fatal(`Retriever(g, "memory") = nil, want the plugin's retriever`)
	}
	if r.Name() != "memweave/memory" {
		t.Errorf("Name() = %q, want memweave/memory", r.Name())
	}
	resp, err := genkit.Retrieve(ctx, g, ai.WithRetriever(r), ai.WithTextDocs("when do backups run"), ai.WithConfig(&memgenkit.RetrieverOptions{K: 1}))
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Documents) != 1 {
		t.Fatalf("Retrieve = %d documents, want 1", len(resp.Documents))
	}
	d := resp.Documents[0]
	md := d.Metadata
	if md["path"] != "memory/notes/backups.md" || md["source"] != "notes" || md["start_line"] != 1 || md["end_line"] != 5 ||
		!slices.Equal(md["headings"].([]string), []string{"Operations", "Backups"}) {
		t.Errorf("metadata = %v, want path memory/notes/backups.md, source notes, lines 1-5, headings [Operations Backups]", md)
	}
	if score, _ := md["score"].(float64); score <= 0 || score > 1 {
		t.Errorf("score = %v, want one in (0,1]", md["score"])
	}
	if len(d.Content) != 1 || !strings.Contains(d.Content[0].Text, "Backups run nightly") {
		t.Errorf("content = %v, want the passage as one text part", d.Content)
	}
}

func TestRetrieveOptions(t *testing.T) {
	t.Parallel()
	w := openWeave(t, files)
	ctx := context.Background()
	g := genkit.Init(ctx, genkit.WithPlugins(&memgenkit.Plugin{Weave: w, Retriever: "notes"}))
	r := (&memgenkit.Plugin{Weave: w, Retriever: "all", SearchOptions: []memweave.SearchOption{memweave.MinScore(0)}}).Define(g)
	if memgenkit.Retriever(g, "notes") == nil || memgenkit.Retriever(g, "all") == nil {
		t.Fatal("the retrievers memweave/notes and memweave/all are not registered")
	}
	paths := func(resp *ai.RetrieverResponse) []string {
		var ps []string
		for _, d := range resp.Documents {
			ps = append(ps, d.Metadata["path"].(string))
		}
		slices.Sort(ps)
		return ps
	}
	zero := 0.0
	tests := []struct {
		name string
		opts any
		want []string
	}{
		{"no options", nil, []string{"memory/2026-11-01.md", "memory/ops/deploy.md", "memory/research/paper.md"}},
		{"sources", memgenkit.RetrieverOptions{Sources: []string{"ops", "research"}}, []string{"memory/ops/deploy.md", "memory/research/paper.md"}},
		{"path prefix", &memgenkit.RetrieverOptions{PathPrefix: "memory/research/"}, []string{"memory/research/paper.md"}},
		{"JSON map", map[string]any{"k": 1, "sources": []any{"research"}}, []string{"memory/research/paper.md"}},
		{"min score 0", &memgenkit.RetrieverOptions{MinScore: &zero}, []string{"memory/2026-11-01.md", "memory/ops/deploy.md", "memory/research/paper.md"}},
	}
	for _, tt := range tests {
		resp, err := genkit.Retrieve(ctx, g, ai.WithRetriever(r), ai.WithTextDocs("ORCA-17"), ai.WithConfig(tt.opts))
		if err != nil {
			t.Errorf("%s: Retrieve = %v", tt.name, err)
			continue
		}
		if got := paths(resp); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Retrieve paths = %q, want %q", tt.name, got, tt.want)
		}
	}
	high := 0.999
	for _, opts := range []any{map[string]any{"colour": "red"}, map[string]any{"k": "three"}, &memgenkit.RetrieverOptions{K: -1}} {
		if _, err := genkit.Retrieve(ctx, g, ai.WithRetriever(r), ai.WithTextDocs("ORCA-17"), ai.WithConfig(opts)); err == nil {
			t.Errorf("Retrieve with options %v = nil error, want one", opts)
		}
	}
	resp, err := genkit.Retrieve(ctx, g, ai.WithRetriever(r), ai.WithTextDocs("ORCA-17"), ai.WithConfig(&memgenkit.RetrieverOptions{MinScore: &high}))
	if err != nil || len(resp.Documents) != 0 {
		t.Errorf("Retrieve with minScore 0.999 = %v, %v; want no documents", resp, err)
	}
	media := &ai.Document{Content: []*ai.Part{ai.NewMediaPart("image/png", "data:image/png;base64,AAAA")}}
	if _, err := genkit.Retrieve(ctx, g, ai.WithRetriever(r), ai.WithDocs(media)); err == nil {
		t.Errorf("Retrieve with an image query = nil error, want one")
	}
}

func TestIndexRefusals(t *testing.T) {
	t.Parallel()
	w := openWeave(t, files)
	ctx := context.Background()
	before := memweavetest.ReadFile(t, w.Config().Workspace, "memory/ops/deploy.md")
	g := genkit.Init(ctx, genkit.WithPlugins(&memgenkit.Plugin{Weave: w}))
	resp, err := genkit.Retrieve(ctx, g, ai.WithRetrieverName("memweave/memory"), ai.WithTextDocs("ORCA-17 runbook"),
		ai.WithConfig(&memgenkit.RetrieverOptions{K: 1, Sources: []string{"ops"}}))
	if err != nil || len(resp.Documents) != 1 {
		t.Fatalf("Retrieve = %v, %v", resp, err)
	}
	tests := []struct {
		name string
		doc  *ai.Document
		opts *memgenkit.IndexOptions
	}{
		{"a passage found by a search", resp.Documents[0], nil},
		{"nil document", nil, nil},
		{"media", &ai.Document{Content: []*ai.Part{ai.NewMediaPart("image/png", "data:image/png;base64,AAAA")}}, nil},
		{"path outside memory", ai.DocumentFromText("x", map[string]any{"path": "/etc/x.md"}), nil},
		{"bad source option", ai.DocumentFromText("x", nil), &memgenkit.IndexOptions{Source: "a/b"}},
		{"empty note", ai.DocumentFromText(" ", nil), nil},
	}
	for _, tt := range tests {
		if ids, err := memgenkit.Index(ctx, w, []*ai.Document{tt.doc}, tt.opts); err == nil {
			t.Errorf("%s: Index = %q, nil; want an error", tt.name, ids)
		}
	}
	if after := memweavetest.ReadFile(t, w.Config().Workspace, "memory/ops/deploy.md"); after != before {
		t.Errorf("memory/ops/deploy.md changed to %q", after)
	}
}

package postprocess

import (
	"context"
	"testing"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/search"
)

func TestSupersede(t *testing.T) {
	ctx := context.Background()
	resolved, _, err := curate.Supersede([]byte("We run PostgreSQL 15.\n"), 1, 1,
		curate.Marker{Path: "memory/stack.md", KeptKey: curate.LinesKey([]string{"We run PostgreSQL 16."}), Date: "2026-12-01", Reason: "upgraded"})
	if err != nil {
		t.Fatal(err)
	}
	in := []search.Result{
		{Path: "memory/a.md", StartLine: 1, Score: 0.9, Text: string(resolved)},
		// An unresolved contradiction: a hint at most, never marked.
		{Path: "memory/adr-001.md", StartLine: 1, Score: 0.8, Text: "Status: accepted\nWe use Valkey for caching."},
		{Path: "memory/adr-002.md", StartLine: 1, Score: 0.7, Text: "Status: accepted\nWe use Kafka for events."},
		{Path: "memory/b.md", StartLine: 1, Score: 0.6, Text: "The team has 5 engineers."},
		{Path: "memory/c.md", StartLine: 1, Score: 0.5, Text: "The team has 7 engineers."},
	}
	kept := func(_ context.Context, path, key string) int {
		if path == "memory/stack.md" && key == curate.LinesKey([]string{"We run PostgreSQL 16."}) {
			return 12
		}
		return 0
	}
	out, err := Supersede{KeptLine: kept}.Process(ctx, "q", in)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != len(in) {
		t.Fatalf("mark: %d results, want %d", len(out), len(in))
	}
	for i, r := range out {
		if r.Path != in[i].Path {
			t.Errorf("mark: result %d is %s, want %s: the order is kept", i, r.Path, in[i].Path)
		}
		if want := i == 0; (r.SupersededBy != nil) != want {
			t.Errorf("mark: %s SupersededBy = %v, want set %v", r.Path, r.SupersededBy, want)
		}
	}
	if got := out[0].SupersededBy; *got != (search.Ref{Path: "memory/stack.md", StartLine: 12}) || out[0].Explain.Superseded != "resolved: upgraded" {
		t.Errorf("mark: %+v %q, want memory/stack.md:12, resolved: upgraded", got, out[0].Explain.Superseded)
	}
	if in[0].SupersededBy != nil {
		t.Errorf("Process modified its input")
	}

	hidden := 0
	out, err = Supersede{Hide: true, Hidden: &hidden, Limit: 2}.Process(ctx, "q", in)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != len(in)-1 || out[0].Path != "memory/adr-001.md" || hidden != 1 {
		t.Errorf("hide: %d results from %s, %d hidden; want %d from memory/adr-001.md, 1 hidden", len(out), out[0].Path, hidden, len(in)-1)
	}
}

// TestNewSupersede checks the stage a search's Superseded mode makes:
// none for "off", and a marking one that finds the line kept in the
// stored passages of its file, reading each file once.
func TestNewSupersede(t *testing.T) {
	ctx := context.Background()
	if p := NewSupersede("off", 6, nil, nil, nil); p != nil {
		t.Fatalf(`NewSupersede("off") = %v, want nil`, p)
	}
	key := curate.LinesKey([]string{"We run PostgreSQL 16."})
	resolved, _, err := curate.Supersede([]byte("We run PostgreSQL 15.\n"), 1, 1,
		curate.Marker{Path: "memory/stack.md", KeptKey: key, Date: "2026-12-01", Reason: "upgraded"})
	if err != nil {
		t.Fatal(err)
	}
	reads := 0
	read := func(_ context.Context, path string) ([]Passage, error) {
		reads++
		return []Passage{{Text: "# Stack\n", StartLine: 1}, {Text: "Notes.\nWe run PostgreSQL 16.\n", StartLine: 10}}, nil
	}
	in := []search.Result{
		{Path: "memory/a.md", StartLine: 1, Score: 0.9, Text: string(resolved)},
		{Path: "memory/b.md", StartLine: 1, Score: 0.8, Text: string(resolved)},
	}
	out, err := NewSupersede("mark", 6, nil, nil, read).Process(ctx, "q", in)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range out {
		if r.SupersededBy == nil || *r.SupersededBy != (search.Ref{Path: "memory/stack.md", StartLine: 11}) {
			t.Errorf("%s SupersededBy = %v, want memory/stack.md:11", r.Path, r.SupersededBy)
		}
	}
	if reads != 1 {
		t.Errorf("memory/stack.md read %d times, want once", reads)
	}
	hidden := 0
	if out, err = NewSupersede("hide", 6, &hidden, nil, read).Process(ctx, "q", in); err != nil || len(out) != 0 || hidden != 2 {
		t.Errorf(`"hide": %d results, %d hidden, %v; want none, 2 hidden`, len(out), hidden, err)
	}
}

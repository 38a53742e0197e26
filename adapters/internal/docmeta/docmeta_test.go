package docmeta_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/adapters/internal/docmeta"
)

func TestOf(t *testing.T) {
	r := memweave.Result{Path: "memory/a.md", StartLine: 3, EndLine: 9, Source: "memory", Score: 0.5}
	md := docmeta.Of(r)
	if md["path"] != "memory/a.md" || md["start_line"] != 3 || md["end_line"] != 9 || md["source"] != "memory" ||
		md["score"] != 0.5 || md["headings"] == nil || len(md["headings"].([]string)) != 0 {
		t.Errorf("Of(%+v) = %v", r, md)
	}
	if got := docmeta.ID(r); got != "memory/a.md:3-9" {
		t.Errorf("ID = %q, want memory/a.md:3-9", got)
	}
}

func TestNoteOf(t *testing.T) {
	tests := []struct {
		name    string
		md      map[string]any
		want    docmeta.Note
		content string
		err     bool
	}{
		{"none", nil, docmeta.Note{Text: "t"}, "t", false},
		{"path and headings", map[string]any{"path": "a.md", "headings": []string{"A", "B"}, "other": 1},
			docmeta.Note{Text: "t", Path: "a.md", Headings: []string{"A", "B"}}, "# A\n\n## B\n\nt", false},
		{"headings as []any", map[string]any{"headings": []any{"A"}}, docmeta.Note{Text: "t", Headings: []string{"A"}}, "# A\n\nt", false},
		{"one heading", map[string]any{"headings": "A", "source": "ops"}, docmeta.Note{Text: "t", Source: "ops", Headings: []string{"A"}}, "# A\n\nt", false},
		{"score is ignored", map[string]any{"score": 0.9}, docmeta.Note{Text: "t"}, "t", false},
		{"path and source", map[string]any{"path": "a.md", "source": "ops"}, docmeta.Note{}, "", true},
		{"line range", map[string]any{"path": "a.md", "start_line": 1}, docmeta.Note{}, "", true},
		{"path not a string", map[string]any{"path": 3}, docmeta.Note{}, "", true},
		{"heading of two lines", map[string]any{"headings": []string{"A\n# B"}}, docmeta.Note{}, "", true},
		{"blank heading", map[string]any{"headings": []string{" "}}, docmeta.Note{}, "", true},
		{"headings of numbers", map[string]any{"headings": []any{1}}, docmeta.Note{}, "", true},
	}
	for _, tt := range tests {
		n, err := docmeta.NoteOf("t", tt.md)
		if (err != nil) != tt.err {
			t.Errorf("%s: NoteOf(%v) error = %v, want error %v", tt.name, tt.md, err, tt.err)
			continue
		}
		if tt.err {
			continue
		}
		if n.Text != tt.want.Text || n.Path != tt.want.Path || n.Source != tt.want.Source || !slices.Equal(n.Headings, tt.want.Headings) {
			t.Errorf("%s: NoteOf(%v) = %+v, want %+v", tt.name, tt.md, n, tt.want)
		}
		if got := n.Content(); got != tt.content {
			t.Errorf("%s: Content() = %q, want %q", tt.name, got, tt.content)
		}
	}
	if _, err := docmeta.NoteOf("t", map[string]any{"end_line": 2}); !errors.Is(err, docmeta.ErrPassage) {
		t.Errorf("NoteOf with end_line = %v, want ErrPassage", err)
	}
}

package mcpserver_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestAppendSaysWhenTheEmbedderFails: memory_append against an embedding
// endpoint that fails stores the note, and its result carries a warning
// naming the failure and that the note is found by keyword only, as the
// CLI prints it, instead of a plain success.
func TestAppendSaysWhenTheEmbedderFails(t *testing.T) {
	srv := memweavetest.NewEmbedServer(t, 64)
	srv.Status.Store(500)
	w := openWeave(t, map[string]string{"memory/keep.md": "# Keep\n"}, memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.BaseURL()})
	cs := connectWeave(t, w)
	var out struct {
		Path    string `json:"path"`
		Warning string `json:"warning"`
	}
	mustCall(t, cs, "memory_append", map[string]any{"text": "The PELICAN-88 migration runs on Tuesdays."}, &out)
	if out.Path == "" || !strings.Contains(out.Warning, "HTTP 500") || !strings.Contains(out.Warning, "keyword") {
		t.Errorf("memory_append with a failing embedder = %+v; want the path and a warning naming the HTTP 500 and keyword search", out)
	}
	if got := memweavetest.ReadFile(t, w.Config().Workspace, out.Path); !strings.Contains(got, "PELICAN-88") {
		t.Errorf("%s = %q, want the note stored", out.Path, got)
	}
}

// TestAppendWarningsIsAList: memory_append's result carries its warnings
// as the `warnings` list every other tool returns, one problem an item,
// beside the older `warning` string (the same items joined by "; "),
// kept for clients that read it.
func TestAppendWarningsIsAList(t *testing.T) {
	srv := memweavetest.NewEmbedServer(t, 64)
	srv.Status.Store(500)
	w := openWeave(t, map[string]string{"memory/keep.md": "# Keep\n"}, memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.BaseURL()})
	cs := connectWeave(t, w)
	var out struct {
		Warning  string   `json:"warning"`
		Warnings []string `json:"warnings"`
	}
	mustCall(t, cs, "memory_append", map[string]any{"text": "The PELICAN-88 migration runs on Tuesdays."}, &out)
	if len(out.Warnings) != 1 || !strings.Contains(out.Warnings[0], "HTTP 500") || out.Warning != strings.Join(out.Warnings, "; ") {
		t.Errorf("memory_append with a failing embedder = warnings %q, warning %q; want one item naming the HTTP 500, and warning the same text", out.Warnings, out.Warning)
	}
}

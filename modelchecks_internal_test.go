package memweave

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/embed"
)

// TestEmbedderFromModelChecks: a static model folder's embedder keeps
// its checks in the index folder's model-checks.json; the built-in model
// and other providers get no store.
func TestEmbedderFromModelChecks(t *testing.T) {
	ws := t.TempDir()
	c := Config{Workspace: ws, Embedder: embed.Config{Provider: "static", Model: "models/en"}}
	e := c.embedderFrom()
	if e.ModelChecks == nil {
		t.Fatal("static model folder: no ModelChecks store")
	}
	if err := e.ModelChecks.Save([]byte(`{"models":[]}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(ws, ".memweave", "model-checks.json")); err != nil {
		t.Errorf("ModelChecks saved: %v, want .memweave/model-checks.json", err)
	}
	for _, ec := range []embed.Config{{Provider: "static"}, {Provider: "hash"}, {Provider: "openai", Model: "m"}} {
		c := Config{Workspace: ws, Embedder: ec}
		if got := c.embedderFrom().ModelChecks; got != nil {
			t.Errorf("%+v: ModelChecks %v, want none", ec, got)
		}
	}
}

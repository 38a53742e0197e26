package memweave_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConfigRelativeModelFolderIsTheWorkspaces: a Config naming a static
// model folder by a relative path means the folder in the workspace, as
// the same path in memweave.json and the CLI's flags do, whatever folder
// the program runs in.
func TestConfigRelativeModelFolderIsTheWorkspaces(t *testing.T) {
	isolateApprovals(t)
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha bravo\n"})
	memweavetest.WriteFile(t, root, "models/toy/model.safetensors", "weights")
	t.Chdir(t.TempDir())
	w := open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "static", Model: "models/toy"}})
	res := mustIndex(t, w)
	if text := warningText(res.Warnings); strings.Contains(text, "no such file") {
		t.Errorf("Index with the model folder models/toy of the workspace: warnings %q, want the folder read", text)
	}
	if got := w.Config().Embedder.Model; got != "models/toy" {
		t.Errorf("Config().Embedder.Model = %q, want the path as given", got)
	}
	if _, err := os.Stat(filepath.Join(root, "models", "toy", "model.safetensors")); err != nil {
		t.Fatal(err)
	}
}

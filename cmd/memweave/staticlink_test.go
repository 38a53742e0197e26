package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embed/static/statictest"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestStaticModelLinkingOutNeedsApproval: a cloned workspace's
// memweave.json names a model folder inside the workspace (no approval
// needed), but git keeps links, and the folder's tokenizer.json is a link
// to a file outside it (here a working tokenizer; as well /dev/zero,
// which every command read until it ran out of memory, or a file of this
// machine's user). Until `memweave trust`, no command reads it: search
// says what it ignored and answers by keyword; after, the model loads.
func TestStaticModelLinkingOutNeedsApproval(t *testing.T) {
	t.Parallel()
	vocab := []string{"[UNK]", "dark", "night", "mode", "theme", "user", "prefers", "##s"}
	rows := [][]float32{{0, 0, 0}, {1, 0, 0}, {1, 0.1, 0}, {0, 1, 0}, {0.1, 1, 0}, {0, 0, 0.2}, {0, 0, 0.2}, {0, 0, 0.01}}
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/prefs.md": "# Prefs\n\nUser prefers dark mode.\n",
		"memweave.json":   `{"embedder": {"provider": "static", "model": "models/toy"}}` + "\n",
	})
	dir := filepath.Join(ws, "models", "toy")
	statictest.WriteModel(t, dir, map[string]statictest.Tensor{
		"embeddings": statictest.F32(rows)}, statictest.WordPieceTokenizer(vocab), `{"normalize": true}`)
	outside := filepath.Join(t.TempDir(), "tokenizer.json")
	if err := os.Rename(filepath.Join(dir, "tokenizer.json"), outside); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "tokenizer.json")); err != nil {
		t.Fatal(err)
	}
	search := func() (searchResponseJSON, output) {
		out := runCLI(t, "", nil, "-w", ws, "search", "night themes", "--mode", "vector", "--json", "--min-score", "0")
		var resp searchResponseJSON
		decode(t, out, &resp)
		return resp, out
	}
	resp, out := search()
	if resp.Mode != "keyword" || !strings.Contains(out.stderr, outside) || !strings.Contains(out.stderr, "memweave trust") {
		t.Errorf("search before approval: mode %q, %d results, stderr %q; want keyword, naming %s and memweave trust",
			resp.Mode, len(resp.Results), out.stderr, outside)
	}
	runCLI(t, "", nil, "-w", ws, "trust", "--list") // trust approves only what a listing showed
	if out := runCLI(t, "", nil, "-w", ws, "trust"); out.code != 0 || !strings.Contains(out.stdout, outside) {
		t.Fatalf("trust: exit %d, stdout %q, stderr %q; want the link's target listed", out.code, out.stdout, out.stderr)
	}
	if out := runCLI(t, "", nil, "-w", ws, "index"); out.code != 0 {
		t.Fatalf("index after approval: exit %d, stderr %q", out.code, out.stderr)
	}
	if resp, out := search(); resp.Mode != "vector" || len(resp.Results) == 0 {
		t.Errorf("search after approval: mode %q, %d results, stderr %q; want vector results", resp.Mode, len(resp.Results), out.stderr)
	}
}

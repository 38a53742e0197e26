package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embed/static/statictest"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestStaticEmbedder indexes and searches with a tiny static model that
// places "night" near "dark" and "theme" near "mode": a vector search
// finds the note in other words.
func TestStaticEmbedder(t *testing.T) {
	t.Parallel()
	vocab := []string{"[UNK]", "dark", "night", "mode", "theme", "pizza", "food", "user", "prefers", "orders", "##s"}
	rows := [][]float32{{0, 0, 0, 0}, {1, 0, 0, 0}, {1, 0.1, 0, 0}, {0, 1, 0, 0}, {0.1, 1, 0, 0},
		{0, 0, 1, 0}, {0, 0, 1, 0.1}, {0, 0, 0, 0.2}, {0, 0, 0, 0.2}, {0, 0, 0, 0.2}, {0, 0, 0, 0.01}}
	model := statictest.WriteModel(t, filepath.Join(t.TempDir(), "toy"), map[string]statictest.Tensor{
		"embeddings": statictest.F32(rows)}, statictest.WordPieceTokenizer(vocab), `{"normalize": true}`)
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/prefs.md": "# Prefs\n\nUser prefers dark mode.\n",
		"memory/food.md":  "# Food\n\nUser orders pizza food.\n",
	})
	global := []string{"-w", ws, "--embedder", "static", "--embedding-model", model}
	mustRunCLI(t, append(global, "index")...)
	var resp searchResponseJSON
	decode(t, mustRunCLI(t, append(global, "search", "night themes", "--mode", "vector", "--json", "--min-score", "0")...), &resp)
	if len(resp.Results) == 0 || resp.Results[0].Path != "memory/prefs.md" {
		t.Errorf("vector search for night themes = %+v, want memory/prefs.md first", resp.Results)
	}

	// A folder that holds no model: search degrades to keyword search,
	// and the warning names the missing file.
	// (A new workspace: ws's memweave.json names the toy model, and another
	// flag would be refused as disagreeing with it.)
	fresh := memweavetest.Workspace(t, map[string]string{"memory/food.md": "# Food\n\nUser orders pizza food.\n"})
	bad := []string{"-w", fresh, "--embedder", "static", "--embedding-model", filepath.Join(t.TempDir(), "nope")}
	out := runCLI(t, "", nil, append(bad, "search", "pizza", "--mode", "vector")...)
	if !strings.Contains(out.stderr, "warning") || !strings.Contains(out.stderr, filepath.Join("nope", "model.safetensors")) {
		t.Errorf("search with a missing model: exit %d, stderr %q; want a warning naming the file", out.code, out.stderr)
	}
}

// TestBuiltinStaticModel searches with the compiled-in English model:
// --embedder static without a folder.
func TestBuiltinStaticModel(t *testing.T) {
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/prefs.md":  "# Prefs\n\nUser prefers dark mode in every editor.\n",
		"memory/deploy.md": "# Deploy\n\nWe deploy the service on Fridays.\n",
		"memory/people.md": "# People\n\nAlice's birthday is in March.\n",
	})
	global := []string{"-w", ws, "--embedder", "static"}
	var resp searchResponseJSON
	decode(t, mustRunCLI(t, append(global, "search", "what theme does the user like?", "--mode", "vector", "--json", "--min-score", "0")...), &resp)
	if len(resp.Results) == 0 || resp.Results[0].Path != "memory/prefs.md" {
		t.Errorf("vector search with the built-in model = %+v, want memory/prefs.md first", resp.Results)
	}
	var st map[string]any
	decode(t, mustRunCLI(t, append(global, "status", "--json")...), &st)
	if st["embedder"] != "static" || !strings.HasPrefix(fmt.Sprint(st["model"]), "m2v-") || st["dims"] != 256.0 {
		t.Errorf("status = %v, want the static model's identity", st)
	}
}

// TestStaticModelRelativeFolder: init --embedder static --embedding-model
// DIR, DIR relative to the current folder as any path flag, records a
// folder that a command run from elsewhere (the MCP server, another
// shell) finds too: its vector search works, rather than falling back to
// keyword search for an embedder that "differs from the index's".
func TestStaticModelRelativeFolder(t *testing.T) {
	t.Parallel()
	vocab := []string{"[UNK]", "dark", "night", "mode", "theme", "user", "prefers", "##s"}
	rows := [][]float32{{0, 0, 0}, {1, 0, 0}, {1, 0.1, 0}, {0, 1, 0}, {0.1, 1, 0}, {0, 0, 0.2}, {0, 0, 0.2}, {0, 0, 0.01}}
	home := t.TempDir()
	statictest.WriteModel(t, filepath.Join(home, "my-model"), map[string]statictest.Tensor{
		"embeddings": statictest.F32(rows)}, statictest.WordPieceTokenizer(vocab), `{"normalize": true}`)
	ws := filepath.Join(home, "agent")
	if out := runCLI(t, home, nil, "-w", ws, "init", "--embedder", "static", "--embedding-model", "my-model"); out.code != 0 {
		t.Fatalf("init with a relative model folder: exit %d, stderr %q", out.code, out.stderr)
	}
	if out := runCLI(t, home, nil, "-w", ws, "append", "User prefers dark mode."); out.code != 0 {
		t.Fatalf("append: exit %d, stderr %q", out.code, out.stderr)
	}
	out := runCLI(t, t.TempDir(), nil, "-w", ws, "search", "night themes", "--mode", "vector", "--json", "--min-score", "0")
	var resp searchResponseJSON
	decode(t, out, &resp)
	if out.code != 0 || resp.Mode != "vector" || len(resp.Results) == 0 || strings.Contains(out.stderr, "differs") {
		t.Errorf("vector search from another folder: exit %d, mode %q, %d results, stderr %q; want vector results", out.code, resp.Mode, len(resp.Results), out.stderr)
	}
}

// TestStaticModelInWorkspace: a memweave.json naming a model folder
// inside the workspace by a relative path ("models/toy", committed with
// the notes) means that folder, as extra_paths do, whatever folder the
// command runs in: the model needs no approval and loads, and the file
// keeps its relative path when a command rewrites it.
func TestStaticModelInWorkspace(t *testing.T) {
	t.Parallel()
	vocab := []string{"[UNK]", "dark", "night", "mode", "theme", "user", "prefers", "##s"}
	rows := [][]float32{{0, 0, 0}, {1, 0, 0}, {1, 0.1, 0}, {0, 1, 0}, {0.1, 1, 0}, {0, 0, 0.2}, {0, 0, 0.2}, {0, 0, 0.01}}
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/prefs.md": "# Prefs\n\nUser prefers dark mode.\n",
		"memweave.json":   `{"embedder": {"provider": "static", "model": "models/toy"}}` + "\n",
	})
	statictest.WriteModel(t, filepath.Join(ws, "models", "toy"), map[string]statictest.Tensor{
		"embeddings": statictest.F32(rows)}, statictest.WordPieceTokenizer(vocab), `{"normalize": true}`)
	elsewhere := t.TempDir()
	if out := runCLI(t, elsewhere, nil, "-w", ws, "index"); out.code != 0 || out.stderr != "" {
		t.Fatalf("index from another folder: exit %d, stderr %q; want no warning", out.code, out.stderr)
	}
	out := runCLI(t, elsewhere, nil, "-w", ws, "search", "night themes", "--mode", "vector", "--json", "--min-score", "0")
	var resp searchResponseJSON
	decode(t, out, &resp)
	if out.code != 0 || resp.Mode != "vector" || len(resp.Results) == 0 {
		t.Errorf("vector search from another folder: exit %d, mode %q, %d results, stderr %q; want vector results", out.code, resp.Mode, len(resp.Results), out.stderr)
	}
	if out := runCLI(t, elsewhere, nil, "-w", ws, "config", "--chunk-tokens", "300"); out.code != 0 {
		t.Fatalf("config --chunk-tokens: exit %d, stderr %q", out.code, out.stderr)
	}
	if got := memweavetest.ReadFile(t, ws, "memweave.json"); !strings.Contains(got, `"model": "models/toy"`) {
		t.Errorf("memweave.json after config = %s, want the model's relative path kept", got)
	}
}

// TestIndexNamesAMissingModel: index with memweave.json naming a static
// model folder that holds no model, in a workspace indexed before with
// another embedder, leaves the notes pending, and says
// why, naming the file it could not read (it used to print only "1
// pending" and that the embedder differs, run after run).
func TestIndexNamesAMissingModel(t *testing.T) {
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{"memory/prefs.md": "# Prefs\n\nUser prefers dark mode.\n"})
	mustRunCLI(t, "-w", ws, "index") // an index of the hash embedder
	if err := os.WriteFile(filepath.Join(ws, "memweave.json"), []byte(`{"embedder": {"provider": "static", "model": "models/nope"}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := runCLI(t, "", nil, "-w", ws, "index")
	if out.code != 0 || !strings.Contains(out.stderr, filepath.Join("models", "nope", "model.safetensors")) {
		t.Errorf("index with a missing model: exit %d, stderr %q; want a warning naming models/nope/model.safetensors", out.code, out.stderr)
	}
}

// TestStatusNamesAMissingModel: status over a workspace whose
// memweave.json names a static model folder that holds no model says
// the model cannot be used, naming the file, not only that the embedder
// differs from the index's (which sent the user looking for a settings
// change that never happened), whether or not an index of another
// embedder is there.
func TestStatusNamesAMissingModel(t *testing.T) {
	t.Parallel()
	for _, indexedBefore := range []bool{true, false} {
		ws := memweavetest.Workspace(t, map[string]string{"memory/prefs.md": "# Prefs\n\nUser prefers dark mode.\n"})
		if indexedBefore {
			mustRunCLI(t, "-w", ws, "index") // an index of the hash embedder
		}
		if err := os.WriteFile(filepath.Join(ws, "memweave.json"), []byte(`{"embedder": {"provider": "static", "model": "models/nope"}}`+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if !indexedBefore {
			runCLI(t, "", nil, "-w", ws, "index")
		}
		out := runCLI(t, "", nil, "-w", ws, "status")
		want := filepath.Join(ws, "models", "nope", "model.safetensors")
		if out.code != 0 || !strings.Contains(out.stdout, want) || !strings.Contains(out.stdout, "cannot be used") {
			t.Errorf("status (indexed before with another embedder: %v) with a missing model: exit %d, stdout %q; want it to say the model cannot be used, naming %s", indexedBefore, out.code, out.stdout, want)
		}
	}
}

// TestStaticModelRelativeFolderKeptProvider: config --embedding-model DIR
// without --embedder, in a workspace whose memweave.json already names
// the static embedder, takes DIR from the current folder as with
// --embedder static: it was recorded as given, then read against the
// workspace, another folder or none.
func TestStaticModelRelativeFolderKeptProvider(t *testing.T) {
	t.Parallel()
	vocab := []string{"[UNK]", "dark", "night", "mode", "theme", "user", "prefers", "##s"}
	rows := [][]float32{{0, 0, 0}, {1, 0, 0}, {1, 0.1, 0}, {0, 1, 0}, {0.1, 1, 0}, {0, 0, 0.2}, {0, 0, 0.2}, {0, 0, 0.01}}
	home := t.TempDir()
	statictest.WriteModel(t, filepath.Join(home, "my-model"), map[string]statictest.Tensor{
		"embeddings": statictest.F32(rows)}, statictest.WordPieceTokenizer(vocab), `{"normalize": true}`)
	ws := filepath.Join(home, "agent")
	if out := runCLI(t, home, nil, "-w", ws, "init", "--embedder", "static"); out.code != 0 {
		t.Fatalf("init --embedder static: exit %d, stderr %q", out.code, out.stderr)
	}
	if out := runCLI(t, home, nil, "-w", ws, "config", "--embedding-model", "my-model"); out.code != 0 {
		t.Fatalf("config with a relative model folder: exit %d, stderr %q", out.code, out.stderr)
	}
	if got, want := memweavetest.ReadFile(t, ws, "memweave.json"), strconv.Quote(filepath.Join(home, "my-model")); !strings.Contains(got, want) {
		t.Errorf("memweave.json after config --embedding-model my-model = %q, want the folder recorded as %s", got, want)
	}
	if out := runCLI(t, home, nil, "-w", ws, "append", "User prefers dark mode."); out.code != 0 {
		t.Fatalf("append: exit %d, stderr %q", out.code, out.stderr)
	}
	if out := runCLI(t, home, nil, "-w", ws, "index"); out.code != 0 {
		t.Fatalf("index: exit %d, stderr %q", out.code, out.stderr)
	}
	out := runCLI(t, t.TempDir(), nil, "-w", ws, "search", "night themes", "--mode", "vector", "--json", "--min-score", "0")
	var resp searchResponseJSON
	decode(t, out, &resp)
	if out.code != 0 || resp.Mode != "vector" || len(resp.Results) == 0 {
		t.Errorf("vector search from another folder: exit %d, mode %q, %d results, stderr %q; want vector results", out.code, resp.Mode, len(resp.Results), out.stderr)
	}
}

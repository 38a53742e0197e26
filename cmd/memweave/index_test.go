package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

var indexKeys = []string{
	"chunks_created", "chunks_removed", "duration_ms", "embeddings_cached", "embeddings_computed",
	"files_deleted", "files_indexed", "files_pending", "files_scanned", "files_skipped", "warnings",
}

func TestIndex(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)

	out := mustRunCLI(t, "-w", ws, "index", "--json")
	var raw map[string]json.RawMessage
	decode(t, out, &raw)
	if got := keys(raw); !slices.Equal(got, indexKeys) {
		t.Errorf("index --json keys = %v, want %v", got, indexKeys)
	}
	if w := string(raw["warnings"]); w != "[]" {
		t.Errorf("index --json warnings = %s, want []", w)
	}
	var res indexJSON
	decode(t, out, &res)
	if res.FilesScanned != 3 || res.FilesIndexed != 3 || res.FilesSkipped != 0 || res.ChunksCreated < 3 ||
		res.EmbeddingsComputed != res.ChunksCreated || res.FilesPending != 0 {
		t.Errorf("first index --json = %+v, want 3 files indexed, every chunk embedded", res)
	}
	if out.stderr != "" {
		t.Errorf("index --json stderr = %q, want empty", out.stderr)
	}

	out = mustRunCLI(t, "-w", ws, "index", "--json")
	decode(t, out, &res)
	if res.FilesScanned != 3 || res.FilesIndexed != 0 || res.FilesSkipped != 3 || res.ChunksCreated != 0 {
		t.Errorf("second index --json = %+v, want all 3 files skipped", res)
	}

	memweavetest.WriteFile(t, ws, "memory/new.md", "# New\n\nA new note.\n")
	out = mustRunCLI(t, "-w", ws, "index")
	for _, want := range []string{"4 scanned, 1 indexed, 3 skipped", "embeddings"} {
		if !strings.Contains(out.stdout, want) {
			t.Errorf("index output lacks %q:\n%s", want, out.stdout)
		}
	}

	out = mustRunCLI(t, "-w", ws, "index", "--force", "--json")
	decode(t, out, &res)
	if res.FilesIndexed != 4 || res.EmbeddingsComputed != 0 {
		t.Errorf("index --force --json = %+v, want 4 files indexed, embeddings from the cache", res)
	}
}

func TestAdd(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")
	memweavetest.WriteFile(t, ws, "notes/extra.md", "# Extra\n\nOutside memory, PELICAN-ORBIT-7.\n")

	// FILE is relative to the current folder.
	out := runCLI(t, ws, nil, "add", "notes/extra.md", "--json")
	if out.code != 0 {
		t.Fatalf("add: exit %d, stderr:\n%s", out.code, out.stderr)
	}
	var raw map[string]json.RawMessage
	decode(t, out, &raw)
	if got := keys(raw); !slices.Equal(got, indexKeys) {
		t.Errorf("add --json keys = %v, want %v", got, indexKeys)
	}
	var res indexJSON
	decode(t, out, &res)
	if res.FilesIndexed != 1 {
		t.Errorf("add --json = %+v, want 1 file indexed", res)
	}

	var files []map[string]any
	decode(t, mustRunCLI(t, "-w", ws, "files", "--json", "--source", "external"), &files)
	if len(files) != 1 || files[0]["path"] != "notes/extra.md" {
		t.Errorf("files --source external = %v, want notes/extra.md", files)
	}

	out = runCLI(t, ws, nil, "add", "notes/missing.md")
	if out.code != 1 {
		t.Errorf("add of a missing file: exit status = %d, want 1", out.code)
	}
	checkErrorLine(t, out.stderr, "notes/missing.md")
}

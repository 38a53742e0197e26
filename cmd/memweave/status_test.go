package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

func TestStatus(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")

	out := mustRunCLI(t, "-w", ws, "status", "--json")
	var raw map[string]json.RawMessage
	decode(t, out, &raw)
	for _, k := range []string{"workspace", "db_path", "db_bytes", "files", "chunks", "vectors", "pending_files",
		"stale_files", "cache_entries", "embedder", "model", "dims", "search_mode"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("status --json lacks %q:\n%s", k, out.stdout)
		}
	}
	var st struct {
		Files      int    `json:"files"`
		Chunks     int    `json:"chunks"`
		Vectors    int    `json:"vectors"`
		Embedder   string `json:"embedder"`
		Dims       int    `json:"dims"`
		SearchMode string `json:"search_mode"`
		StaleFiles int    `json:"stale_files"`
	}
	decode(t, out, &st)
	if st.Files != 3 || st.Chunks < 3 || st.Vectors != st.Chunks || st.Embedder != "hash" || st.Dims != 384 ||
		st.SearchMode != "hybrid" || st.StaleFiles != 0 {
		t.Errorf("status --json = %+v, want 3 fresh files, every chunk with a 384-dim hash vector, hybrid", st)
	}

	// A flag that disagrees with the workspace's memweave.json is a usage
	// error naming both, and changes nothing.
	out = runCLI(t, "", nil, "-w", ws, "--embedder", "none", "status")
	if out.code != 2 {
		t.Errorf("status --embedder none: exit %d, want 2", out.code)
	}
	checkErrorLine(t, out.stderr, "--embedder none disagrees with embedder.provider hash in "+filepath.Join(ws, "memweave.json"))
	out = mustRunCLI(t, "-w", ws, "status", "--json")
	decode(t, out, &st)
	if st.Vectors != st.Chunks || st.SearchMode != "hybrid" {
		t.Errorf("after the refused status --embedder none: %+v, want every chunk's vector kept, hybrid", st)
	}

	// A workspace made without vectors says why it searches by keyword.
	ws = memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha\n"})
	mustRunCLI(t, "-w", ws, "--embedder", "none", "index")
	out = mustRunCLI(t, "-w", ws, "status")
	for _, want := range []string{"workspace", ws, "search mode  keyword: no embedder"} {
		if !strings.Contains(out.stdout, want) {
			t.Errorf("status of an --embedder none workspace lacks %q:\n%s", want, out.stdout)
		}
	}
}

// TestStatusNamesFilesNotIndexed: status --json counted the notes over
// the size limit and the unreadable ones, while status printed
// "files 1 (0 pending embeddings, 0 changed on disk)" and said nothing
// of a second note that search will never find. It now says how many
// are left out and where to see them; with none, no line.
func TestStatusNamesFilesNotIndexed(t *testing.T) {
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha\n"})
	mustRunCLI(t, "-w", ws, "index")
	if out := mustRunCLI(t, "-w", ws, "status"); strings.Contains(out.stdout, "not indexed") {
		t.Errorf("status with every note indexed says some are not:\n%s", out.stdout)
	}
	// A sparse file: over 16 MiB by its size, no disk used.
	if err := os.Truncate(filepath.Join(ws, "memory", "a.md"), 16<<20+1); err != nil {
		t.Fatal(err)
	}
	memweavetest.WriteFile(t, ws, "memory/b.md", "# B\n\nbeta\n")
	mustRunCLI(t, "-w", ws, "index")
	out := mustRunCLI(t, "-w", ws, "status")
	want := "not indexed  1 over the size limit (memweave files lists them), 0 unreadable (memweave index names them)"
	if !strings.Contains(out.stdout, want) {
		t.Errorf("status with a note over the size limit lacks %q:\n%s", want, out.stdout)
	}
}

// TestStatusSyncNotSetUpOnePrefix: in a workspace that is not a git
// repository, status's sync line says why without a second "memweave: "
// inside the line (the library's prefix).
func TestStatusSyncNotSetUpOnePrefix(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	out := runCLI(t, "", nil, "-w", ws, "status")
	if out.code != 0 {
		t.Fatalf("status: exit %d, stderr %q", out.code, out.stderr)
	}
	for line := range strings.Lines(out.stdout) {
		if strings.HasPrefix(line, "sync") && (strings.Contains(line, "memweave: ") || !strings.Contains(line, "not a git repository")) {
			t.Errorf("status: sync line %q, want the reason once, without a \"memweave: \" inside", line)
		}
	}
}

// TestStatusJSONSyncErrorSaysWhatTextSays: status --json's sync_error is
// the reason the text form prints, without the library's "memweave: "
// prefix, as a warning's JSON is (ctlesc.Unwrapped). Before, the text
// dropped it and the JSON kept it: "memweave: sync status: gitsync: the
// workspace is not a git repository ...".
func TestStatusJSONSyncErrorSaysWhatTextSays(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	out := runCLI(t, "", nil, "-w", ws, "status", "--json")
	var st struct {
		SyncError string `json:"sync_error"`
	}
	if err := json.Unmarshal([]byte(out.stdout), &st); out.code != 0 || err != nil {
		t.Fatalf("status --json: exit %d, %v, stderr %q", out.code, err, out.stderr)
	}
	if strings.Contains(st.SyncError, "memweave: ") || !strings.Contains(st.SyncError, "not a git repository") {
		t.Errorf("status --json: sync_error %q, want the reason without \"memweave: \"", st.SyncError)
	}
}

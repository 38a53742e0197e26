package main

import (
	"encoding/json"
	"strings"
	"testing"
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

	out = mustRunCLI(t, "-w", ws, "--embedder", "none", "status")
	for _, want := range []string{"workspace", ws, "search mode  keyword: no embedder"} {
		if !strings.Contains(out.stdout, want) {
			t.Errorf("status --embedder none output lacks %q:\n%s", want, out.stdout)
		}
	}
}

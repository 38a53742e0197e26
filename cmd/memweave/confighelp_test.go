package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestConfigHelpStatesWhatOmittingAFlagDoes: config's --chunk-tokens and
// --chunk-overlap, left out, keep the workspace's setting, and their
// help says so. Before, it said "(default 400)" and "(default 80)", as
// if a config run without them set those values: after config
// --chunk-tokens 300, config --chunk-overlap 50 keeps 300.
func TestConfigHelpStatesWhatOmittingAFlagDoes(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	for _, args := range [][]string{{"--chunk-tokens", "300"}, {"--chunk-overlap", "50"}} {
		if out := runCLI(t, ws, nil, append([]string{"-w", ws, "config"}, args...)...); out.code != 0 {
			t.Fatalf("config %v: exit %d, %s", args, out.code, out.stderr)
		}
	}
	out := runCLI(t, ws, nil, "-w", ws, "config", "--json")
	var got struct {
		ChunkTokens  int `json:"chunk_tokens"`
		ChunkOverlap int `json:"chunk_overlap"`
	}
	if err := json.Unmarshal([]byte(out.stdout), &got); err != nil || got.ChunkTokens != 300 || got.ChunkOverlap != 50 {
		t.Fatalf("config --json = %q (%v), want chunk_tokens 300 kept and chunk_overlap 50", out.stdout, err)
	}
	help := runCLI(t, ws, nil, "config", "--help").stdout
	for _, flag := range []string{"--chunk-tokens", "--chunk-overlap"} {
		for line := range strings.Lines(help) {
			if strings.Contains(line, flag+" N") && (strings.Contains(line, "(default ") || !strings.Contains(line, "keep")) {
				t.Errorf("config --help: %q claims a default the command does not apply; want it to say that leaving it out keeps the setting", strings.TrimSpace(line))
			}
		}
	}
}

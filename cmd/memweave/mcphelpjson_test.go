package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestMCPHelpClientConfigsParse: the client configurations 'mcp --help'
// shows are JSON a client can paste, for stdio (command and args) and
// for --http (type, url, the bearer header). Before, the help showed the
// stdio one alone.
func TestMCPHelpClientConfigsParse(t *testing.T) {
	t.Parallel()
	out := mustRunCLI(t, "mcp", "--help")
	type server struct {
		Command string            `json:"command"`
		Args    []string          `json:"args"`
		Type    string            `json:"type"`
		URL     string            `json:"url"`
		Headers map[string]string `json:"headers"`
	}
	var configs []server
	for block := range strings.SplitSeq(out.stdout, "\n\n") {
		block = strings.TrimSpace(block)
		if !strings.HasPrefix(block, `{"mcpServers"`) {
			continue
		}
		var c struct {
			MCPServers map[string]server `json:"mcpServers"`
		}
		if err := json.Unmarshal([]byte(block), &c); err != nil || len(c.MCPServers) == 0 {
			t.Errorf("mcp --help: configuration %q does not parse: %v", block, err)
			continue
		}
		configs = append(configs, c.MCPServers["memweave"])
	}
	var stdio, http bool
	for _, c := range configs {
		stdio = stdio || c.Command == "memweave" && strings.Join(c.Args, " ") == "--workspace /path/to/workspace mcp"
		http = http || c.Type == "http" && c.URL == "http://127.0.0.1:8765/mcp" && c.Headers["Authorization"] == "Bearer TOKEN"
	}
	if !stdio || !http {
		t.Errorf("mcp --help: configurations %+v; want a stdio one and an http one with its bearer header", configs)
	}
}

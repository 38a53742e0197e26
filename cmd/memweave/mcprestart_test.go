package main

import (
	"strings"
	"testing"
)

// TestMCPRestartAdviceNamesItsCommand: an mcp server started before
// `config --chunk-tokens` says in memory_status that it must be
// restarted, with the command line that restarts it, as watch's warning
// does (before, its pid alone: left15's open item).
func TestMCPRestartAdviceNamesItsCommand(t *testing.T) {
	ws, cs, _ := startIndexedMCP(t)
	mustRunCLI(t, "-w", ws, "config", "--chunk-tokens", "301")
	var st struct {
		SettingsChanged string `json:"settings_changed"`
	}
	structured(t, "memory_status", callTool(t, cs, "memory_status", nil), &st)
	if want := "restart it with: " + binary + " -w " + ws + " mcp"; !strings.Contains(st.SettingsChanged, want) {
		t.Errorf("memory_status settings_changed = %q; want it to say %q", st.SettingsChanged, want)
	}
}

// TestRestartLineHidesTheToken: the command line a long-lived command
// names in its restart advice (an MCP answer, a log line) never carries
// the bearer token given with --token; TOKEN stands in for it.
func TestRestartLineHidesTheToken(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"/bin/memweave", "-w", "/w s", "mcp"}, "/bin/memweave -w '/w s' mcp"},
		{[]string{"memweave", "mcp", "--http", "h:1", "--token", "s3cret-value"}, "memweave mcp --http h:1 --token TOKEN"},
		{[]string{"memweave", "mcp", "--token=s3cret-value", "--http", "h:1"}, "memweave mcp '--token=TOKEN' --http h:1"},
		{[]string{"memweave", "mcp", "--token"}, "memweave mcp --token"},
	} {
		if got := restartLine(c.args); got != c.want || strings.Contains(got, "s3cret") {
			t.Errorf("restartLine(%q) = %q, want %q", c.args, got, c.want)
		}
	}
}

//go:build unix

package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestMCPSurvivesAClosedStderr: a client that never reads the server's
// stderr and closed its end of the pipe (or died reading it) must not
// lose the server. The first failed tool call is logged to stderr, and a
// Go program writing to a broken pipe on stderr dies of SIGPIPE unless it
// says otherwise: the call went unanswered and the server was gone
// ("signal: broken pipe"). Now the log line is lost, the call is
// answered, the session goes on and the server exits 0 at the end of
// stdin.
func TestMCPSurvivesAClosedStderr(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	cmd := exec.Command(binary, "-w", ws, "mcp")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close() // nobody will read the server's stderr
	cmd.Stderr = w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	raw := memweavetest.NewRawMCP(t, stdin, stdout, func() string { return "(stderr closed)" })
	// A failing call (logged as a warning), then a search.
	raw.Send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"memory_get","arguments":{"path":"missing.md"}}}`)
	raw.Send(memweavetest.SearchCall(3, "ZEBRA-COMET-2026"))
	stdin.Close()
	got := map[string]string{}
	for _, resp := range raw.Rest() {
		got[string(resp.ID)] = string(resp.Result)
	}
	if !strings.Contains(got["2"], "not found") || !strings.Contains(got["3"], "ZEBRA-COMET-2026") {
		t.Errorf("answers = %v, want id 2 a not-found tool error and id 3 the search's result", got)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("memweave mcp with its stderr closed: %v, want exit 0", err)
	}
}

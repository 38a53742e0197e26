package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestNoteCommandsPrintJSON: get, write, append and delete took no
// --json (docs/cli.md: "most commands" do), so an agent driving the CLI
// parsed text, and their --json was refused as an unknown flag (exit 2).
// Each now prints the object the matching MCP tool returns (the same Go
// type: memory_get, memory_write, memory_append, memory_delete), and a
// failure prints {"error", "exit_status"} with the command's own exit
// status.
func TestNoteCommandsPrintJSON(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	note := "# Quokka\n\nThe quokka ledger closes on Fridays.\n"
	var w map[string]any
	out := runStdin(t, "", nil, strings.NewReader(note), "-w", ws, "write", "notes/q.md", "--json")
	decode(t, out, &w)
	if out.code != 0 || w["path"] != "memory/notes/q.md" || w["bytes"] != float64(len(note)) || w["chunks"] != float64(1) {
		t.Errorf("write --json = exit %d, %v; want exit 0, path memory/notes/q.md, bytes %d, chunks 1", out.code, w, len(note))
	}
	var g map[string]any
	out = runCLI(t, "", nil, "-w", ws, "get", "notes/q.md:3", "--json")
	decode(t, out, &g)
	if out.code != 0 || g["path"] != "notes/q.md" || g["start_line"] != float64(3) || g["end_line"] != float64(3) ||
		g["text"] != "The quokka ledger closes on Fridays.\n" || len(g["hash"].(string)) != 64 {
		t.Errorf("get --json = exit %d, %v; want exit 0, lines 3-3 of notes/q.md with its hash", out.code, g)
	}
	var a map[string]any
	out = runCLI(t, "", nil, "-w", ws, "append", "--json", "The wombat ledger too.")
	decode(t, out, &a)
	if p, _ := a["path"].(string); out.code != 0 || !strings.HasPrefix(p, "memory/2") || !strings.HasSuffix(p, ".md") {
		t.Errorf("append --json = exit %d, %v; want exit 0, the dated log's path", out.code, a)
	}
	var d map[string]any
	out = runCLI(t, "", nil, "-w", ws, "delete", "notes/q.md", "--json")
	decode(t, out, &d)
	if out.code != 0 || d["path"] != "memory/notes/q.md" {
		t.Errorf("delete --json = exit %d, %v; want exit 0, path memory/notes/q.md", out.code, d)
	}
	// Failures: the command's own exit status, in JSON.
	for _, args := range [][]string{
		{"get", "notes/q.md", "--json"},
		{"delete", "notes/q.md", "--json"},
		{"write", "../out.md", "--json"},
		{"append", "--json", "--source", "../x", "text"},
	} {
		out = runStdin(t, "", nil, strings.NewReader("x\n"), append([]string{"-w", ws}, args...)...)
		var e struct {
			Error      string `json:"error"`
			ExitStatus int    `json:"exit_status"`
		}
		decode(t, out, &e)
		if out.code == 0 || e.ExitStatus != out.code || e.Error == "" || out.code == 2 && !slices.Contains(args, "--source") {
			t.Errorf("memweave %q = exit %d, %s; want a failure other than a usage error, its status and error in JSON", args, out.code, out.stdout)
		}
	}
}

// TestWatchPrintsJSONLines: watch --json prints each file it indexes or
// removes as one JSON object a line on stdout ({"event", "path"}); its
// state lines stay on stderr.
func TestWatchPrintsJSONLines(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("needs SIGINT")
	}
	t.Parallel()
	ws := testWorkspace(t)
	cmd := exec.Command(binary, "-w", ws, "watch", "--debounce", "50ms", "--json")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	type event struct {
		Event string `json:"event"`
		Path  string `json:"path"`
	}
	events := make(chan event, 100)
	go func() {
		defer close(events)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			var ev event
			if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
				t.Errorf("watch --json printed %q, not a JSON object: %v", sc.Text(), err)
				continue
			}
			events <- ev
		}
	}()
	var seen []event
	wait := func(want event) {
		t.Helper()
		timeout := time.After(10 * time.Second)
		for {
			select {
			case ev, ok := <-events:
				if !ok {
					t.Fatalf("watch --json ended before printing %+v; printed %+v", want, seen)
				}
				if seen = append(seen, ev); ev == want {
					return
				}
			case <-timeout:
				t.Fatalf("watch --json did not print %+v within 10s; printed %+v", want, seen)
			}
		}
	}
	wait(event{"indexed", "memory/stack.md"})
	memweavetest.WriteFile(t, ws, "memory/new.md", "# New\n\nA note written while watching.\n")
	wait(event{"indexed", "memory/new.md"})
	if err := os.Remove(ws + "/memory/new.md"); err != nil {
		t.Fatal(err)
	}
	wait(event{"removed", "memory/new.md"})
}

package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestSecondSignalEndsTheGrace: on SIGINT or SIGTERM the MCP server lets
// the calls in flight finish, for up to 30 seconds; a second signal did
// nothing (signal.NotifyContext kept catching it), so whoever pressed
// Ctrl-C again waited out a call held by another process's lock (or a
// stalled embedding server). The
// first signal starts the grace once, saying so on stderr ("memweave:
// stopping: ... Ctrl-C again stops at once"); the second now ends the
// process at once, by that signal, over HTTP and stdio alike. SIGHUP is
// taken as SIGTERM is.
func TestSecondSignalEndsTheGrace(t *testing.T) {
	for _, c := range []struct {
		name string
		sig  syscall.Signal
		http bool
	}{
		// tune
		{"http SIGINT", syscall.SIGINT, true},
		// check
		{"http SIGTERM", syscall.SIGTERM, true},
		{"stdio SIGINT", syscall.SIGINT, false},
		// SIGHUP (the terminal or the session that started the server
		// went away) ended the process at once, by the system's default:
		// no grace for the calls in flight, no word on stderr. It is
		// now taken as SIGTERM is.
		{"stdio SIGHUP", syscall.SIGHUP, false}, // tune
		{"http SIGHUP", syscall.SIGHUP, true},   // check
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			// Another process holds the workspace's write lock: a
			// memory_write call waits for it, in flight.
			ws := testWorkspace(t)
			holdLock(t, filepath.Join(ws, ".memweave", "write.lock"))
			args := []string{"-w", ws, "mcp"}
			if c.http {
				args = append(args, "--http", "127.0.0.1:0")
			}
			cmd := exec.Command(binary, args...)
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			stderr, err := cmd.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { cmd.Process.Kill() })
			lines := make(chan string, 100)
			go func() {
				sc := bufio.NewScanner(stderr)
				for sc.Scan() {
					select {
					case lines <- sc.Text():
					default:
					}
				}
				close(lines)
			}()
			// Start a memory_write; it waits for the write lock.
			if c.http {
				line := <-lines
				endpoint, ok := strings.CutPrefix(line, "memweave: serving MCP on ")
				if !ok {
					t.Fatalf("first stderr line %q, want the URL", line)
				}
				cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "v1"}, nil).Connect(context.Background(),
					&mcp.StreamableClientTransport{Endpoint: endpoint}, nil)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { cs.Close() })
				go cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "memory_write", Arguments: map[string]any{"path": "held.md", "content": "held\n"}})
			} else {
				go func() {
					for _, l := range []string{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"v0"}}}`,
						`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
						`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"memory_write","arguments":{"path":"held.md","content":"held\\n"}}}`} {
						stdin.Write([]byte(l + "\n"))
					}
				}()
				go bufio.NewReader(stdout).WriteTo(discard{})
			}
			waitLine(t, lines, "write.lock")
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			// The first signal is taken: the server says it stops.
			waitLine(t, lines, "memweave: stopping")
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			err = cmd.Wait()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != c.sig {
				t.Errorf("memweave mcp after two %v: %v; want it ended by the second", c.sig, err)
			}
		})
	}
}

// discard is io.Discard as a writer type of its own.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// waitLine waits for a line holding want on lines, failing when they
// end without one.
func waitLine(t *testing.T, lines <-chan string, want string) {
	t.Helper()
	for l := range lines {
		if strings.Contains(l, want) {
			return
		}
	}
	t.Fatalf("no line holding %q", want)
}

// TestIgnoredHangupStaysIgnored: a command started with SIGHUP ignored
// (nohup, a shell's trap "" HUP) was asked to outlive its terminal, but
// catching SIGHUP as SIGTERM (which Go's signal.Notify does even for an
// ignored signal) stopped it when the terminal went away. A SIGHUP the
// command was started ignoring stays ignored: the MCP server answers on
// and says nothing of stopping.
func TestIgnoredHangupStaysIgnored(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	cmd := exec.Command("sh", "-c", `trap "" HUP; exec "$0" "$@"`, binary, "-w", ws, "mcp")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	// A file, not a buffer: the test reads it while the process writes.
	stderr, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer stderr.Close()
	cmd.Stderr = stderr
	said := func() string {
		b, _ := os.ReadFile(stderr.Name())
		return string(b)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	answers := bufio.NewScanner(stdout)
	answer := func(id string) {
		t.Helper()
		for answers.Scan() {
			if strings.Contains(answers.Text(), `"id":`+id) {
				return
			}
		}
		t.Fatalf("no answer to request %s; stderr %q", id, said())
	}
	io.WriteString(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"v0"}}}`+"\n"+
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	answer("1")
	if err := cmd.Process.Signal(syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	io.WriteString(stdin, `{"jsonrpc":"2.0","id":2,"method":"ping"}`+"\n")
	answer("2")
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Errorf("memweave mcp started with SIGHUP ignored, after a SIGHUP and the end of input: %v; stderr %q", err, said())
	}
	if strings.Contains(said(), "stopping") {
		t.Errorf("memweave mcp started with SIGHUP ignored stopped on one: stderr %q", said())
	}
}

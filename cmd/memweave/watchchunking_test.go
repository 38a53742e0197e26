package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestWatchAfterChunkSizeChange: a watch started before `config
// --chunk-tokens` and `index` warns when it indexes an edit by its old
// chunk size, and the next index re-chunks the note, so that searches are
// what a rebuild gives (kill9's stale-chunking finding).
func TestWatchAfterChunkSizeChange(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("needs SIGINT")
	}
	t.Parallel()
	var b strings.Builder
	for i := range 300 {
		b.WriteString("deploy note number " + strings.Repeat("z", i%6) + " of the append loop\n\n")
	}
	ws := memweavetest.Workspace(t, map[string]string{"memory/log.md": b.String()})
	mustRunCLI(t, "-w", ws, "index")
	cmd := exec.Command(binary, "-w", ws, "watch", "--debounce", "50ms")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	sc := bufio.NewScanner(stderr)
	waitLine := func(want string) string {
		t.Helper()
		done := make(chan string, 1)
		go func() {
			for sc.Scan() {
				if strings.Contains(sc.Text(), want) {
					done <- sc.Text()
					return
				}
			}
			done <- ""
		}()
		select {
		case line := <-done:
			if line == "" {
				t.Fatalf("watch exited before printing %q", want)
			}
			return line
		case <-time.After(60 * time.Second):
			t.Fatalf("watch did not print %q within 60s", want)
		}
		return ""
	}
	waitLine("watching " + ws)
	mustRunCLI(t, "-w", ws, "config", "--chunk-tokens", "301")
	mustRunCLI(t, "-w", ws, "index")
	if err := os.WriteFile(filepath.Join(ws, "memory", "log.md"), []byte(b.String()+"deploy note number 301\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The exact fix: this process is stale, so restart it, by its own
	// command line (before, "if memweave.json changed ..., restart it,
	// else run 'memweave index'").
	line := waitLine("chunk settings differ from the index's")
	for _, want := range []string{"memweave.json: its embedder or chunk settings changed since this process (pid " + strconv.Itoa(cmd.Process.Pid) + ") started",
		"restart it with: " + binary + " -w " + ws + " watch --debounce 50ms"} {
		if !strings.Contains(line, want) {
			t.Errorf("watch warned %q; want it to say %q", line, want)
		}
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if out := mustRunCLI(t, "-w", ws, "index"); !strings.Contains(out.stdout, " 1 indexed") {
		t.Errorf("index after the watch's run printed %q; want the note re-chunked", out.stdout)
	}
	dur := regexp.MustCompile(`(?m)^.*duration.*$`)
	got := dur.ReplaceAllString(mustRunCLI(t, "-w", ws, "search", "deploy", "--json").stdout, "")
	if err := os.RemoveAll(filepath.Join(ws, ".memweave")); err != nil {
		t.Fatal(err)
	}
	mustRunCLI(t, "-w", ws, "index")
	if want := dur.ReplaceAllString(mustRunCLI(t, "-w", ws, "search", "deploy", "--json").stdout, ""); got != want {
		t.Errorf("search after the watch's run and index:\n%s\nwant a rebuild's:\n%s", got, want)
	}
}

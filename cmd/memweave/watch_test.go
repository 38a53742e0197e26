package main

import (
	"bufio"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

func TestWatch(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("needs SIGINT")
	}
	t.Parallel()
	ws := testWorkspace(t)
	cmd := exec.Command(binary, "-w", ws, "watch", "--debounce", "50ms")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var seen []string
	waitLine := func(want string) {
		t.Helper()
		timeout := time.After(10 * time.Second)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("watch exited before printing %q; printed %q", want, seen)
				}
				seen = append(seen, l)
				if l == want {
					return
				}
			case <-timeout:
				cmd.Process.Kill()
				t.Fatalf("watch did not print %q within 10s; printed %q", want, seen)
			}
		}
	}
	waitLine("watching " + ws)
	// The catch-up scan indexes the files already there.
	waitLine("indexed memory/stack.md")
	memweavetest.WriteFile(t, ws, "memory/new.md", "# New\n\nA note written while watching.\n")
	waitLine("indexed memory/new.md")
	if err := os.Remove(ws + "/memory/new.md"); err != nil {
		t.Fatal(err)
	}
	waitLine("removed memory/new.md")

	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	for l := range lines {
		seen = append(seen, l)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("watch after SIGINT: %v; stderr %q", err, seen)
	}
	for _, l := range seen {
		if strings.HasPrefix(l, "memweave:") {
			t.Errorf("watch printed %q", l)
		}
	}
}

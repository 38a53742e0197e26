package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestConcurrentCommands runs 4 writer and 4 searcher processes against
// one workspace at once, each starting command after command (append,
// write, search) until the time is up: no command may fail (another
// process closing the index removes its -shm and -wal files at any
// moment), and every acknowledged note is stored once. It runs for 10
// seconds, 2 unless long tests are on (memweavetest.LongEnabled).
func TestConcurrentCommands(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")
	run := 10 * time.Second
	if !memweavetest.LongEnabled() {
		run = 2 * time.Second
	}
	deadline := time.Now().Add(run)
	const writers, searchers = 4, 4
	var (
		mu       sync.Mutex
		failures []string
		appended []string
		commands int
	)
	fail := func(args []string, out output) {
		mu.Lock()
		defer mu.Unlock()
		failures = append(failures, fmt.Sprintf("memweave %q: exit %d, stderr %q", args, out.code, out.stderr))
	}
	runOne := func(stdin string, args ...string) output {
		out := runStdin(t, "", nil, strings.NewReader(stdin), append([]string{"-w", ws}, args...)...)
		mu.Lock()
		commands++
		mu.Unlock()
		if out.code != 0 || strings.Contains(out.stderr, "warning") || strings.Contains(out.stderr, "not writable") {
			fail(args, out)
		}
		return out
	}
	var wg sync.WaitGroup
	for g := range writers {
		wg.Go(func() {
			for i := 0; time.Now().Before(deadline); i++ {
				if i%2 == 0 {
					note := fmt.Sprintf("concurrent note %d-%d", g, i)
					if out := runOne("", "append", note); out.code == 0 {
						mu.Lock()
						appended = append(appended, note)
						mu.Unlock()
					}
					continue
				}
				runOne(fmt.Sprintf("# Writer %d\n\nRevision %d of the queue notes.\n", g, i), "write", fmt.Sprintf("w%d.md", g))
			}
		})
	}
	for range searchers {
		wg.Go(func() {
			for time.Now().Before(deadline) {
				runOne("", "search", "queue notes")
			}
		})
	}
	wg.Wait()
	for _, f := range failures {
		t.Error(f)
	}
	t.Logf("%d commands, %d failed", commands, len(failures))
	count := make(map[string]int)
	files, _ := filepath.Glob(filepath.Join(ws, "memory", "????-??-??.md"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n\n") {
			count[e]++
		}
	}
	for _, note := range appended {
		if count[note] != 1 {
			t.Errorf("%q appears %d times, want once", note, count[note])
		}
	}
}

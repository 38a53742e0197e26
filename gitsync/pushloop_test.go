package gitsync_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	gosync "sync"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/memweavetest"
)

// loopChild names the workspace, host and rounds of TestSyncLoopChild.
const loopChild = "GITSYNC_TEST_LOOP_CHILD"

// TestSyncLoopChild is not a test: it is one machine of
// TestSyncMachinesInTightLoopsLoseNothing, which adds a line to a dated log
// and to its own note and syncs, round after round, printing each
// failure.
func TestSyncLoopChild(t *testing.T) {
	args := strings.Fields(os.Getenv(loopChild))
	if len(args) != 3 {
		t.Skip("a child process of TestSyncMachinesInTightLoopsLoseNothing")
	}
	root, host := args[0], args[1]
	rounds, _ := strconv.Atoi(args[2])
	for i := range rounds {
		appendLine(t, root, "memory/2026-12-06.md", fmt.Sprintf("- %s line %d", host, i))
		appendLine(t, root, "memory/"+host+".md", fmt.Sprintf("%s %d", host, i))
		if _, err := gitsync.Sync(context.Background(), root, gitsync.Options{Host: host}); err != nil {
			fmt.Printf("round %d failed: %v\n", i, err)
		}
	}
	fmt.Println("loop done")
}

func appendLine(t *testing.T, root, rel, line string) {
	f, err := os.OpenFile(filepath.Join(root, filepath.FromSlash(rel)), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(line + "\n"); err != nil {
		t.Fatal(err)
	}
}

// TestSyncMachinesInTightLoopsLoseNothing: three machines (processes)
// add a line and sync, again and again with no pause, against one bare
// repository. Every machine ends with every line, and a sync that fails
// fails only because the others pushed during each of its rounds
// ([gitsync.DefaultPushAttempts]), its commits kept for the next. (No
// number of rounds is sure to be enough here: see DefaultPushAttempts.
// The failures seen are logged; with the replay checked out before its
// push and a random wait after each rejection, two machines in loops of
// CLI processes failed about 1 sync in 30 at 5 rounds, see
// TestSyncRejectedReplayLeavesNoTrace.)
func TestSyncMachinesInTightLoopsLoseNothing(t *testing.T) {
	memweavetest.Long(t, "three processes syncing 12 times each, 20 s to 3 minutes")
	const rounds = 12
	bare := remote(t)
	hosts := []string{"a", "b", "c"}
	var ws []string
	for _, h := range hosts {
		w := clone(t, bare, h)
		sync(t, w, h)
		ws = append(ws, w)
	}
	var wg gosync.WaitGroup
	outs := make([][]byte, len(hosts))
	for i, h := range hosts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^TestSyncLoopChild$", "-test.count=1", "-test.v")
			cmd.Env = append(os.Environ(), loopChild+"="+ws[i]+" "+h+" "+strconv.Itoa(rounds))
			outs[i], _ = cmd.CombinedOutput()
		}()
	}
	wg.Wait()
	for i, out := range outs {
		if !strings.Contains(string(out), "loop done") {
			t.Errorf("machine %s:\n%s", hosts[i], out)
		}
		for _, line := range strings.Split(string(out), "\n") {
			if !strings.Contains(line, " failed: ") {
				continue
			}
			if !strings.Contains(line, "kept rejecting the push") {
				t.Errorf("machine %s: %s", hosts[i], line)
			}
			t.Logf("machine %s: %s", hosts[i], line)
		}
	}
	for range 2 {
		for i, w := range ws {
			sync(t, w, hosts[i])
		}
	}
	for _, w := range ws {
		log := read(t, w, "memory/2026-12-06.md")
		for _, h := range hosts {
			for i := range rounds {
				if !strings.Contains(log, fmt.Sprintf("- %s line %d\n", h, i)) {
					t.Errorf("%s's log lacks %s's line %d", filepath.Base(w), h, i)
				}
			}
			if got := strings.Count(read(t, w, "memory/"+h+".md"), "\n"); got != rounds {
				t.Errorf("%s's %s.md holds %d lines, want %d", filepath.Base(w), h, got, rounds)
			}
		}
	}
}

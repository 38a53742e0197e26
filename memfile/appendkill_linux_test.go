package memfile_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// envKillAt is the step, counted from 1, at which the step helper kills
// itself; 0 (or unset) lets it finish.
const envKillAt = "MEMFILE_TEST_KILL_AT"

// TestAppendStepHelper is not a test: run by the test below in a process
// of its own, it appends helperNote(300) with memfile.AppendWith, prints
// each step the append reports (edithook.Step) and sends itself SIGKILL at
// the step envKillAt names, as a process killed at that moment would be.
func TestAppendStepHelper(t *testing.T) {
	if os.Getenv(envHelper) != "step" {
		t.Skip("helper process only")
	}
	killAt, _ := strconv.Atoi(os.Getenv(envKillAt))
	n := 0
	ctx := edithook.WithStep(context.Background(), func(step string) {
		n++
		fmt.Println("step", step)
		if n == killAt {
			memweavetest.KillSelf()
		}
	})
	_, _, err := memfile.AppendWith(ctx, os.Getenv(envRoot), helperNote(300), helperDay, time.UTC, memfile.InSource(os.Getenv(envSource)))
	fmt.Println("append:", err)
	os.Exit(0)
}

// TestAppendKilledAtEveryStep kills the day's first append at each of its
// steps, then recovers the workspace as the next command does: the log is
// then either missing or holds the whole note, never empty or cut (an
// empty memory/YYYY-MM-DD.md is a note that never was, which git lists and
// sync commits), nothing but the ignored .gitignore is left in the
// temporary folder, and the append run again stores the note once.
func TestAppendKilledAtEveryStep(t *testing.T) {
	for _, source := range []string{"", "proj"} {
		rel := helperRel
		if source != "" {
			rel = "memory/" + source + "/2026-04-04.md"
		}
		whole := helperNote(300) + "\n"
		steps := appendSteps(t, source)
		for k := 1; k <= len(steps); k++ {
			t.Run(fmt.Sprintf("%s/%d-%s", source, k, steps[k-1]), func(t *testing.T) {
				root := memweavetest.Workspace(t, map[string]string{"memory/keep.md": "# Keep\n"})
				memweavetest.RunKilled(t, "TestAppendStepHelper", envHelper+"=step", envRoot+"="+root, envKillAt+"="+strconv.Itoa(k), envSource+"="+source)
				if err := memfile.Recover(context.Background(), root); err != nil {
					t.Fatal(err)
				}
				abs := filepath.Join(root, filepath.FromSlash(rel))
				if data, err := os.ReadFile(abs); err == nil && string(data) != whole {
					t.Errorf("killed after step %q and recovered, %s holds %d bytes, want no file or the whole note (%d bytes)", steps[k-1], rel, len(data), len(whole))
				}
				if left := tempFiles(t, root); left != "" {
					t.Errorf("killed after step %q and recovered, %s holds %s", steps[k-1], memfile.TempDir, left)
				}
				if _, _, err := memfile.AppendWith(context.Background(), root, helperNote(300), helperDay, time.UTC, memfile.InSource(source)); err != nil {
					t.Fatal(err)
				}
				got := memweavetest.ReadFile(t, root, rel)
				if n := strings.Count(got, helperNote(300)); n != 1 && got != whole+"\n"+whole {
					t.Errorf("after the append run again %s holds the note %d times (%d bytes)", rel, n, len(got))
				}
			})
		}
	}
}

// appendSteps runs the step helper to its end and returns the steps its
// append reported.
func appendSteps(t *testing.T, source string) []string {
	t.Helper()
	root := memweavetest.Workspace(t, map[string]string{"memory/keep.md": "# Keep\n"})
	out, err := memweavetest.Child("TestAppendStepHelper", envHelper+"=step", envRoot+"="+root, envSource+"="+source).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "append: <nil>") {
		t.Fatalf("helper: %v\n%s", err, out)
	}
	var steps []string
	for _, line := range strings.Split(string(out), "\n") {
		if s, ok := strings.CutPrefix(line, "step "); ok {
			steps = append(steps, s)
		}
	}
	if len(steps) == 0 {
		t.Fatalf("the append reported no step:\n%s", out)
	}
	return steps
}

// tempFiles lists the files of memory/.memweave-tmp other than its
// .gitignore, "" when none.
func tempFiles(t *testing.T, root string) string {
	t.Helper()
	entries, _ := os.ReadDir(filepath.Join(root, "memory", memfile.TempDir))
	var names []string
	for _, e := range entries {
		if e.Name() != ".gitignore" {
			names = append(names, e.Name())
		}
	}
	return strings.Join(names, " ")
}

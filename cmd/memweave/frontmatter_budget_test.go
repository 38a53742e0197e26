package main

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestFrontMatterOverBudget runs index and feedback on notes of 80k tags
// and 60k feedback keys in processes of their own while other processes
// append: the front matter is ignored with a warning naming the file and
// line (the text still found), feedback is refused naming them, and every
// append succeeds. The times are logged, not asserted.
func TestFrontMatterOverBudget(t *testing.T) {
	t.Parallel()
	var tags, fb strings.Builder
	tags.WriteString("---\ntags:\n")
	for i := range 80000 {
		fmt.Fprintf(&tags, "  - tag%d\n", i)
	}
	tags.WriteString("---\n# Tags\n\nThe ORCHID-77 rollout note.\n")
	fb.WriteString("---\nfeedback:\n")
	for i := range 60000 {
		fmt.Fprintf(&fb, "  p%08x: {useful: 1, useless: 0}\n", i)
	}
	fb.WriteString("---\n# Feedback\n\nThe LARCH-12 rollback note.\n")
	ws := memweavetest.Workspace(t, map[string]string{"memory/tags.md": tags.String(), "memory/feedback.md": fb.String()})

	var wg sync.WaitGroup
	timed := func(name string, out *output, args ...string) {
		wg.Go(func() {
			start := time.Now()
			*out = runCLI(t, "", nil, append([]string{"-w", ws}, args...)...)
			t.Logf("%s: exit %d in %v", name, out.code, time.Since(start).Round(time.Millisecond))
		})
	}
	var index, feedback output
	appends := make([]output, 3)
	timed("index", &index, "index")
	timed("feedback", &feedback, "feedback", "memory/feedback.md:60004", "useful")
	for i := range appends {
		timed(fmt.Sprintf("append %d", i), &appends[i], "append", fmt.Sprintf("appended note %d", i))
	}
	wg.Wait()
	if index.code != 0 || !strings.Contains(index.stderr, "memory/tags.md:1: ") || !strings.Contains(index.stderr, "memory/feedback.md:1: ") {
		t.Errorf("index: exit %d, stderr %q; want warnings naming memory/tags.md:1 and memory/feedback.md:1", index.code, index.stderr)
	}
	if feedback.code == 0 || !strings.Contains(feedback.stderr, "memory/feedback.md: line 1: ") {
		t.Errorf("feedback: exit %d, stderr %q; want a refusal naming memory/feedback.md line 1", feedback.code, feedback.stderr)
	}
	for i, out := range appends {
		if out.code != 0 {
			t.Errorf("append %d: exit %d, stderr %q", i, out.code, out.stderr)
		}
	}
	for _, q := range []string{"ORCHID-77", "LARCH-12", "appended note"} {
		if out := mustRunCLI(t, "-w", ws, "search", q, "--min-score", "0"); out.stdout == "" {
			t.Errorf("search %q found nothing", q)
		}
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestCurationDocFrontMatterSearch saves docs/curation.md's front matter
// example as a note (its expires date moved a year ahead, so that it
// stays live) and runs the search lines that follow it in the
// workspace: each must find the note (the page's query once found
// nothing: "cache" is not "caches" to the default embedder).
func TestCurationDocFrontMatterSearch(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../docs/curation.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "```markdown\n---\ntags:")
	if !ok {
		t.Fatal("docs/curation.md has no ```markdown block of front matter with tags")
	}
	note, rest, _ := strings.Cut("---\ntags:"+rest, "```")
	_, block, _ := strings.Cut(rest, "```sh\n")
	block, _, _ = strings.Cut(block, "```")
	if !strings.Contains(note, "expires: ") {
		t.Fatalf("docs/curation.md's front matter example has no expires: %q", note)
	}
	next := time.Now().AddDate(1, 0, 0).Format("2006-01-02")
	lines := strings.Split(note, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "expires: ") {
			lines[i] = "expires: " + next
		}
	}
	ws := memweavetest.Workspace(t, map[string]string{"memory/stack.md": "# Stack\n\nWe deploy on Fridays.\n"})
	if err := os.WriteFile(filepath.Join(ws, "memory", "redis.md"), []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	ran := 0
	for line := range strings.Lines(block) {
		line, _, _ = strings.Cut(line, " # ")
		args := shellWords(t, strings.TrimSpace(line))
		if len(args) == 0 || args[0] != "memweave" {
			t.Fatalf("docs/curation.md line %q is not a memweave command", line)
		}
		out := runCLI(t, ws, nil, args[1:]...)
		if out.code != 0 || !strings.Contains(out.stdout, "memory/redis.md") {
			t.Errorf("docs/curation.md: %s = exit %d, stdout %q, stderr %q; want memory/redis.md", line, out.code, out.stdout, out.stderr)
		}
		ran++
	}
	if ran == 0 {
		t.Error("docs/curation.md's front matter example is followed by no search")
	}
}

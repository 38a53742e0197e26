package main

import (
	"os"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestEmbeddersDocOpenAI runs the commands of docs/embedders.md's
// openai block literally in a fresh HOME, against a local server in place
// of the URL it names: each must succeed, and the note it appends must
// reach the server (a reader who follows the page gets vectors, not "no
// memory/ folder").
func TestEmbeddersDocOpenAI(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../docs/embedders.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "## openai")
	if !ok {
		t.Fatal(`docs/embedders.md has no "## openai" section`)
	}
	_, block, _ := strings.Cut(section, "```sh\n")
	block, _, _ = strings.Cut(block, "```")
	srv := memweavetest.NewEmbedServer(t, 32)
	home := t.TempDir()
	env := []string{"HOME=" + home, "MEMWEAVE_EMBEDDING_KEY=sk-docs", "OPENAI_API_KEY="}
	ran := 0
	for line := range strings.Lines(block) {
		line, _, _ = strings.Cut(line, " # ")
		args := shellWords(t, strings.TrimSpace(line))
		if len(args) == 0 || args[0] == "export" {
			continue
		}
		if args[0] != "memweave" {
			t.Fatalf("docs/embedders.md line %q is not a memweave command", line)
		}
		args = args[1:]
		for i, a := range args {
			a = strings.Replace(a, "~", home, 1)
			args[i] = strings.Replace(a, "http://localhost:11434/v1", srv.BaseURL(), 1)
		}
		if out := runCLI(t, "", env, args...); out.code != 0 {
			t.Fatalf("docs/embedders.md: memweave %q = exit %d, stderr %q", args, out.code, out.stderr)
		}
		ran++
	}
	if ran == 0 || srv.Texts.Load() == 0 {
		t.Errorf("docs/embedders.md's openai block ran %d commands and embedded %d texts, want some of each", ran, srv.Texts.Load())
	}
}

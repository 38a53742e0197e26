package workspace_test

import (
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/memweave/memweave-go/workspace"
)

func ExampleDiscover() {
	root, err := os.MkdirTemp("", "memweave-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(root)
	for _, rel := range []string{
		"memory/stack.md",
		"memory/2026-03-14.md",
		"memory/researcher_agent/Findings.MD",
		"memory/.obsidian/workspace.md", // hidden folder: skipped
		"memory/draft.md~",              // editor backup: skipped
		"memory/todo.txt",               // not Markdown: skipped
		".memweave/anything.md",         // the index folder: skipped
	} {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("# note\n"), 0o644); err != nil {
			log.Fatal(err)
		}
	}

	files, warnings, err := workspace.Discover(root, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, w := range warnings {
		fmt.Println("warning:", w)
	}
	for _, f := range files {
		_, dated := workspace.DateOf(f.Rel)
		fmt.Printf("%-36s %-17s dated=%v\n", f.Rel, f.Source, dated)
	}
	// Output:
	// memory/2026-03-14.md                 memory            dated=true
	// memory/researcher_agent/Findings.MD  researcher_agent  dated=false
	// memory/stack.md                      memory            dated=false
}

func ExampleSource() {
	for _, rel := range []string{"memory/researcher_agent/x.md", "memory/x.md", "notes/x.md"} {
		fmt.Println(workspace.Source(rel))
	}
	// Output:
	// researcher_agent
	// memory
	// external
}

func ExampleDateOf() {
	for _, rel := range []string{"memory/journal/2026-03-14.md", "memory/2026-02-30.md", "memory/stack.md"} {
		date, ok := workspace.DateOf(rel)
		fmt.Println(rel, date.Format("2006-01-02"), ok)
	}
	// Output:
	// memory/journal/2026-03-14.md 2026-03-14 true
	// memory/2026-02-30.md 0001-01-01 false
	// memory/stack.md 0001-01-01 false
}

func ExampleSafeMemoryPath() {
	root := filepath.Join(os.TempDir(), "no-such-workspace")
	for _, p := range []string{"notes/x.md", "memory/notes/x.md", "../secrets.md", "notes/x.txt"} {
		_, rel, err := workspace.SafeMemoryPath(root, p)
		switch {
		case errors.Is(err, workspace.ErrOutsideMemory):
			fmt.Printf("%s: refused, outside memory\n", p)
		case errors.Is(err, workspace.ErrNotMarkdown):
			fmt.Printf("%s: refused, not Markdown\n", p)
		case err != nil:
			fmt.Printf("%s: %v\n", p, err)
		default:
			fmt.Printf("%s: writes %s\n", p, rel)
		}
	}
	// Output:
	// notes/x.md: writes memory/notes/x.md
	// memory/notes/x.md: writes memory/notes/x.md
	// ../secrets.md: refused, outside memory
	// notes/x.txt: refused, not Markdown
}

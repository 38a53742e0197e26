package main

import (
	"os/exec"
	"strings"
	"testing"
)

// startCostly are packages whose initialisers cost a memweave process
// more than 0.1 ms at start (GODEBUG=inittrace=1) and that no command
// needs: goldmark's GFM extension builds linkify's and tables' regexps
// (0.7-1.3 ms, 264 kB); goldmark's root package brings its HTML
// renderer. Issue 36: every CLI command is a fresh process.
var startCostly = []string{
	"github.com/yuin/goldmark/extension",
	"github.com/yuin/goldmark/renderer/html",
	"github.com/yuin/goldmark",
}

// TestStartDepsLean: the CLI's dependency graph holds none of
// startCostly.
func TestStartDepsLean(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH")
	}
	out, err := exec.Command(goBin, "list", "-tags", "sqlite_fts5", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		deps[p] = true
	}
	if !deps["github.com/yuin/goldmark/parser"] {
		t.Fatalf("go list -deps lists no goldmark/parser: %d packages, wrong directory?", len(deps))
	}
	for _, p := range startCostly {
		if deps[p] {
			t.Errorf("memweave imports %s, whose initialisers every process pays at start (issue 36)", p)
		}
	}
}

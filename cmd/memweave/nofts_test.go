package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestWithoutFTS5 builds the CLI without -tags sqlite_fts5 and checks that
// it refuses to run with an error naming the tag, instead of failing later
// or silently losing keyword search. Compiling SQLite a second time takes
// minutes from a cold build cache: a long test (memweavetest.Long).
func TestWithoutFTS5(t *testing.T) {
	memweavetest.Long(t, "compiles SQLite again, without FTS5")
	bin := filepath.Join(t.TempDir(), "memweave-nofts")
	build := exec.Command(goTool(), "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build without tags: %v\n%s", err, out)
	}
	ws := t.TempDir()
	os.MkdirAll(filepath.Join(ws, "memory"), 0o755)
	cmd := exec.Command(bin, "-w", ws, "index")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "-tags sqlite_fts5") {
		t.Errorf("index without FTS5 = %v, %q; want a failure naming -tags sqlite_fts5", err, out)
	}
}

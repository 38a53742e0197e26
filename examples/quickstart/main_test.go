package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRunsAgainCleanly: each run of the quickstart writes to a workspace
// of its own, so a second run finds the entry it appended once in its
// log, and its printed results are the first run's. It used to reuse one
// fixed folder of the shared temporary folder, where every run appended
// the entry again.
func TestRunsAgainCleanly(t *testing.T) {
	first, dir1 := runMain(t)
	second, dir2 := runMain(t)
	if dir1 == dir2 {
		t.Errorf("both runs used %s, want a folder each", dir1)
	}
	if first != second {
		t.Errorf("second run printed\n%s\nwant the first run's\n%s", second, first)
	}
	for _, dir := range []string{dir1, dir2} {
		log, err := os.ReadFile(filepath.Join(dir, time.Now().UTC().Format("2006-01-02")+".md"))
		if n := strings.Count(string(log), "Raised the session cache TTL"); err != nil || n != 1 {
			t.Errorf("%s's log holds the entry %d times (%v), want once", dir, n, err)
		}
		os.RemoveAll(filepath.Dir(dir))
	}
}

// runMain runs main with its output captured, and returns the output
// without the folder line and the memory folder that line names.
func runMain(t *testing.T) (out, memory string) {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = f
	main()
	os.Stdout = stdout
	data, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	text, dir, ok := strings.Cut(string(data), "the notes are plain files in ")
	if !ok {
		t.Fatalf("output %q names no folder", data)
	}
	return text, strings.TrimSpace(dir)
}

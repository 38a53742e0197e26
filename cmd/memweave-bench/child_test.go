package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/search"
)

// childEnv makes the test binary run as memweave-bench: the speed
// benchmark re-executes itself (os.Executable) for its child processes,
// which in a test is the test binary.
const childEnv = "MEMWEAVE_BENCH_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// testApp returns an app with the global flags' defaults and the hash
// embedder.
func testApp() *app {
	return &app{embedder: "hash", keywordFloor: search.DefaultKeywordFloor, phraseWeight: search.DefaultPhraseWeight}
}

// tinyWorkspace writes and indexes a small synthetic workspace and
// returns it, with a long-lived Weave on it that searches with its
// default freshness check and no watcher.
func tinyWorkspace(t *testing.T) (string, *memweave.Weave) {
	t.Helper()
	ctx := t.Context()
	dir := t.TempDir()
	if _, err := memweavetest.Synth(dir, memweavetest.SynthOptions{Files: 12, ChunksPerFile: 2}); err != nil {
		t.Fatal(err)
	}
	cfg := testApp().config(dir)
	cfg.NoSyncOnSearch = false
	w, err := memweave.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	if _, err := w.Index(ctx); err != nil {
		t.Fatal(err)
	}
	return dir, w
}

// TestLongLivedChild runs the long-lived process the speed benchmark
// measures, for real and small: it reports its memory and writes its
// notes.
func TestLongLivedChild(t *testing.T) {
	t.Setenv(childEnv, "1")
	dir, w := tinyWorkspace(t)
	w.Close()
	c := &speedCommand{root: testApp().rootCommand()}
	_, rep, err := c.runChild(t.Context(), "longlived-child", "--workspace", dir, "--searches", "6", "--writes", "3")
	if err != nil {
		t.Fatal(err)
	}
	if rep.PeakRSSMB <= 0 {
		t.Errorf("longlived-child peak RSS = %v MiB, want > 0", rep.PeakRSSMB)
	}
	var notes int
	filepath.WalkDir(filepath.Join(dir, "memory", "bench"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(p)
			notes += strings.Count(string(data), "Long-lived note")
		}
		return nil
	})
	if notes != 3 {
		t.Errorf("longlived-child wrote %d notes, want 3", notes)
	}
}

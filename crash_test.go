package memweave_test

import (
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestCrashDuringIndex runs a real process indexing a generated workspace,
// kills it with SIGKILL after a random delay, and checks what it leaves:
// the database passes SQLite's integrity check, its chunk, keyword, vector
// and file rows agree, and the next index run completes and equals a
// fresh build. Between kills the workspace changes (files rewritten,
// deleted, added) or the index is deleted, so that kills land in first
// builds, incremental runs and forced re-indexing.
//
// It runs 20 kills (5 with -short); MEMWEAVE_CRASH_ITERATIONS sets another
// number and MEMWEAVE_CRASH_SEED replays a run.
func TestCrashDuringIndex(t *testing.T) {
	iterations := 20
	if testing.Short() {
		iterations = 5
	}
	if s := os.Getenv("MEMWEAVE_CRASH_ITERATIONS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("MEMWEAVE_CRASH_ITERATIONS=%q: %v", s, err)
		}
		iterations = n
	}
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("MEMWEAVE_CRASH_SEED"); s != "" {
		var err error
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			t.Fatalf("MEMWEAVE_CRASH_SEED=%q: %v", s, err)
		}
	}
	t.Logf("MEMWEAVE_CRASH_SEED=%d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))

	ws := t.TempDir()
	if _, err := memweavetest.Synth(ws, memweavetest.SynthOptions{Files: 200, ChunksPerFile: 2, Seed: 11}); err != nil {
		t.Fatal(err)
	}
	dbPath := filepath.Join(ws, ".memweave", "index.db")

	// Time a whole first build, start-up included, to spread the kills
	// over it.
	start := time.Now()
	if r := startHelper(t, "indexer", ws, 0, 0).result(t); r.Errors > 0 {
		t.Fatalf("calibration run: %q", r.Samples)
	}
	full := time.Since(start)
	removeIndexFiles(t, dbPath)

	kinds := []string{"first build", "incremental", "forced", "incremental"}
	// est is how long a run of each kind takes, learnt from the runs that
	// completed; kills are spread over [0, 1.2 est).
	est := map[string]time.Duration{"first build": full, "incremental": full / 2, "forced": full / 2}
	killed := make(map[string]int)
	completed := make(map[string]int)
	for i := range iterations {
		kind := kinds[i%len(kinds)]
		var env []string
		switch kind {
		case "first build":
			removeIndexFiles(t, dbPath)
		case "forced":
			env = append(env, envForce+"=1")
			fallthrough
		default:
			mutateWorkspace(t, rng, ws, i)
		}
		delay := time.Duration(rng.Int64N(int64(est[kind]) * 6 / 5))
		start := time.Now()
		h := startHelper(t, "indexer", ws, i, 0, env...)
		kill := time.AfterFunc(delay, func() { h.cmd.Process.Kill() }) // SIGKILL on Unix
		// Build the reference while the indexer runs: the files do not
		// change meanwhile.
		want := snapshotIndex(t, freshBuild(t, ws))
		err := h.cmd.Wait()
		took := time.Since(start)
		kill.Stop()
		if strings.Contains(h.stdout.String(), resultPrefix) {
			completed[kind]++ // finished before the kill
			est[kind] = max(est[kind]*3/4, took)
		} else {
			if err == nil {
				t.Fatalf("kill %d: indexer exited without a result:\n%s", i, h.stderr.String())
			}
			killed[kind]++
		}

		t.Run(fmt.Sprintf("kill%02d", i), func(t *testing.T) {
			assertCheckOK(t, dbPath)
			w, err := memweave.Open(context.Background(), memweave.Config{Workspace: ws})
			if err != nil {
				t.Fatalf("Open after kill: %v", err)
			}
			mustIndex(t, w)
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			assertCheckOK(t, dbPath)
			if diffs := snapshotDiff(snapshotIndex(t, dbPath), want); len(diffs) > 0 {
				t.Errorf("after %s killed at %v: index differs from a fresh build: %q", kind, delay, diffs)
			}
		})
	}
	t.Logf("%d runs, full build %v: killed %v, completed before the kill %v", iterations, full.Round(time.Millisecond), killed, completed)
}

// removeIndexFiles deletes the index and its -wal and -shm files.
func removeIndexFiles(tb testing.TB, path string) {
	tb.Helper()
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if err := os.Remove(path + suffix); err != nil && !os.IsNotExist(err) {
			tb.Fatal(err)
		}
	}
}

// mutateWorkspace rewrites about a quarter of the memory files, deletes
// three and adds three.
func mutateWorkspace(tb testing.TB, rng *rand.Rand, ws string, round int) {
	tb.Helper()
	var files []string
	err := filepath.WalkDir(filepath.Join(ws, "memory"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(ws, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	words := strings.Fields(strings.Join(memweavetest.SynthQueries, " "))
	text := func() string {
		var b strings.Builder
		fmt.Fprintf(&b, "# Round %d\n\n", round)
		for s := range 2 + rng.IntN(4) {
			fmt.Fprintf(&b, "## Section %d\n\n", s)
			for range 40 + rng.IntN(80) {
				b.WriteString(words[rng.IntN(len(words))])
				b.WriteByte(' ')
			}
			b.WriteString("\n\n")
		}
		return b.String()
	}
	rng.Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
	for _, rel := range files[:len(files)/4] {
		memweavetest.WriteFile(tb, ws, rel, text())
	}
	for _, rel := range files[len(files)-3:] {
		if err := os.Remove(filepath.Join(ws, filepath.FromSlash(rel))); err != nil {
			tb.Fatal(err)
		}
	}
	for k := range 3 {
		memweavetest.WriteFile(tb, ws, fmt.Sprintf("memory/added/r%02d-%d.md", round, k), text())
	}
}

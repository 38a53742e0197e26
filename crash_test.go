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
// It runs 20 kills (5 unless long tests are on: memweavetest.LongEnabled); MEMWEAVE_CRASH_ITERATIONS sets another
// number and MEMWEAVE_CRASH_SEED replays a run.
func TestCrashDuringIndex(t *testing.T) {
	iterations, seed := crashSettings(t)
	t.Logf("MEMWEAVE_CRASH_SEED=%d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))

	ws := t.TempDir()
	if _, err := memweavetest.Synth(ws, memweavetest.SynthOptions{Files: 200, ChunksPerFile: 2, Seed: 11}); err != nil {
		t.Fatal(err)
	}
	dbPath := filepath.Join(ws, ".memweave", "index.db")
	full := timeFirstBuild(t, ws, dbPath)

	kinds := []string{"first build", "incremental", "forced", "incremental"}
	// est is how long a run of each kind takes, learnt from the runs that
	// completed; kills are spread over [0, 1.2 est).
	est := map[string]time.Duration{"first build": full, "incremental": full / 2, "forced": full / 2}
	killed := make(map[string]int)
	completed := make(map[string]int)
	for i := range iterations {
		kind := kinds[i%len(kinds)]
		env := prepareCrashRun(t, rng, ws, dbPath, kind, i)
		delay := time.Duration(rng.Int64N(int64(est[kind]) * 6 / 5))
		want, took, finished := killIndexer(t, ws, i, delay, env)
		if finished {
			completed[kind]++ // finished before the kill
			est[kind] = max(est[kind]*3/4, took)
		} else {
			killed[kind]++
		}
		t.Run(fmt.Sprintf("kill%02d", i), func(t *testing.T) {
			checkRecovery(t, ws, dbPath, want, kind, delay)
		})
	}
	t.Logf("%d runs, full build %v: killed %v, completed before the kill %v", iterations, full.Round(time.Millisecond), killed, completed)
}

// crashSettings returns the number of kills [TestCrashDuringIndex] runs,
// 20, or 5 unless long tests are on, unless MEMWEAVE_CRASH_ITERATIONS says otherwise, and
// its random seed, MEMWEAVE_CRASH_SEED or the time.
func crashSettings(tb testing.TB) (iterations int, seed uint64) {
	tb.Helper()
	iterations = 20
	if !memweavetest.LongEnabled() {
		iterations = 5
	}
	if s := os.Getenv("MEMWEAVE_CRASH_ITERATIONS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			tb.Fatalf("MEMWEAVE_CRASH_ITERATIONS=%q: %v", s, err)
		}
		iterations = n
	}
	seed = uint64(time.Now().UnixNano())
	if s := os.Getenv("MEMWEAVE_CRASH_SEED"); s != "" {
		var err error
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			tb.Fatalf("MEMWEAVE_CRASH_SEED=%q: %v", s, err)
		}
	}
	return iterations, seed
}

// timeFirstBuild times a whole first build of the workspace ws by a
// helper process, start-up included, to spread the kills over it; then it
// removes the index at dbPath.
func timeFirstBuild(tb testing.TB, ws, dbPath string) time.Duration {
	tb.Helper()
	start := time.Now()
	if r := startHelper(tb, "indexer", ws, 0, 0).result(tb); r.Errors > 0 {
		tb.Fatalf("calibration run: %q", r.Samples)
	}
	full := time.Since(start)
	removeIndexFiles(tb, dbPath)
	return full
}

// prepareCrashRun sets up run i of the given kind: a first build starts
// without an index; an incremental or forced run follows changes to the
// workspace. It returns the environment the indexer needs: a forced run
// sets envForce.
func prepareCrashRun(tb testing.TB, rng *rand.Rand, ws, dbPath, kind string, i int) []string {
	tb.Helper()
	var env []string
	switch kind {
	case "first build":
		removeIndexFiles(tb, dbPath)
	case "forced":
		env = append(env, envForce+"=1")
		fallthrough
	default:
		mutateWorkspace(tb, rng, ws, i)
	}
	return env
}

// killIndexer starts indexer run i on the workspace ws with the extra
// environment env and kills it after delay. Meanwhile it builds the
// reference index, and it returns its snapshot, how long the run took and
// whether it finished before the kill.
func killIndexer(tb testing.TB, ws string, i int, delay time.Duration, env []string) (want snapshot, took time.Duration, finished bool) {
	tb.Helper()
	start := time.Now()
	h := startHelper(tb, "indexer", ws, i, 0, env...)
	kill := time.AfterFunc(delay, func() { h.cmd.Process.Kill() }) // SIGKILL on Unix
	// Build the reference while the indexer runs: the files do not
	// change meanwhile.
	want = snapshotIndex(tb, freshBuild(tb, ws))
	err := h.cmd.Wait()
	took = time.Since(start)
	kill.Stop()
	if strings.Contains(h.stdout.String(), resultPrefix) {
		return want, took, true
	}
	if err == nil {
		tb.Fatalf("kill %d: indexer exited without a result:\n%s", i, h.stderr.String())
	}
	return want, took, false
}

// checkRecovery checks the index at dbPath after a run of the given kind
// was killed at delay: it passes the check before and after the next
// index run of the workspace ws, which makes it equal want, a fresh
// build's snapshot.
func checkRecovery(t testing.TB, ws, dbPath string, want snapshot, kind string, delay time.Duration) {
	t.Helper()
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

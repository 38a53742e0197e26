package memweave_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/memweavetest"
)

// Helper processes: the tests re-execute the test binary, running only
// TestHelperProcess, with these variables choosing what it does.
const (
	envRole     = "MEMWEAVE_HELPER_ROLE"
	envWS       = "MEMWEAVE_HELPER_WORKSPACE"
	envID       = "MEMWEAVE_HELPER_ID"
	envDuration = "MEMWEAVE_HELPER_DURATION"
	envForce    = "MEMWEAVE_HELPER_FORCE"
	// resultPrefix marks the helper's JSON result line on stdout.
	resultPrefix = "HELPER-RESULT "
)

// helperResult is what a helper process reports.
type helperResult struct {
	Role     string `json:"role"`
	ID       int    `json:"id"`
	Ops      int    `json:"ops"`
	Errors   int    `json:"errors"`
	Warnings int    `json:"warnings"`
	// Busy counts a searcher's warnings that the index lock stayed
	// taken past the search's wait (see runSearcher).
	Busy    int      `json:"busy"`
	Samples []string `json:"samples,omitempty"`
}

func (r *helperResult) fail(err error) {
	r.Errors++
	if len(r.Samples) < 5 {
		r.Samples = append(r.Samples, err.Error())
	}
}

// TestHelperProcess is not a test: it is the body of the helper processes
// the multi-process and crash tests start.
func TestHelperProcess(t *testing.T) {
	role := os.Getenv(envRole)
	if role == "" {
		t.Skip("helper process for the multi-process and crash tests")
	}
	ws := os.Getenv(envWS)
	id, _ := strconv.Atoi(os.Getenv(envID))
	dur, _ := time.ParseDuration(os.Getenv(envDuration))
	res := helperResult{Role: role, ID: id}
	ctx := context.Background()
	w, err := memweave.Open(ctx, memweave.Config{Workspace: ws})
	if err != nil {
		res.fail(err)
	} else {
		switch role {
		case "writer":
			runWriter(t, ctx, w, ws, id, dur, &res)
		case "searcher":
			runSearcher(ctx, w, id, dur, &res)
		case "indexer":
			// The crash test kills this one at a random point.
			var opts []memweave.IndexOption
			if os.Getenv(envForce) != "" {
				opts = append(opts, memweave.Force())
			}
			if _, err := w.Index(ctx, opts...); err != nil {
				res.fail(err)
			}
			res.Ops++
		default:
			res.fail(fmt.Errorf("unknown role %q", role))
		}
		if err := w.Close(); err != nil {
			res.fail(err)
		}
	}
	out, _ := json.Marshal(res)
	fmt.Printf("\n%s%s\n", resultPrefix, out)
	os.Exit(0)
}

// runWriter creates, edits and deletes its own files (one writer per
// file) and indexes each change with Add or Index, until dur has passed.
func runWriter(tb testing.TB, ctx context.Context, w *memweave.Weave, ws string, id int, dur time.Duration, res *helperResult) {
	rng := rand.New(rand.NewPCG(uint64(id), 99))
	var files []string
	version := 0
	content := func() string {
		version++
		var b strings.Builder
		fmt.Fprintf(&b, "# Writer %d note\n\nmarker w%dv%d\n\n", id, id, version)
		for p := range 1 + rng.IntN(4) {
			fmt.Fprintf(&b, "## Part %d\n\n", p)
			for range 5 + rng.IntN(30) {
				b.WriteString(memweavetest.SynthQueries[rng.IntN(len(memweavetest.SynthQueries))])
				b.WriteString(". ")
			}
			b.WriteString("\n\n")
		}
		return b.String()
	}
	deadline := time.Now().Add(dur)
	for n := 0; time.Now().Before(deadline); n++ {
		var rel string
		op := rng.IntN(10)
		switch {
		case len(files) == 0 || (op < 2 && len(files) < 25):
			rel = fmt.Sprintf("memory/writer%d/note%03d.md", id, n)
			files = append(files, rel)
		case op == 2 && len(files) > 1:
			i := rng.IntN(len(files))
			rel = files[i]
			files = append(files[:i], files[i+1:]...)
			if err := os.Remove(filepath.Join(ws, filepath.FromSlash(rel))); err != nil {
				res.fail(err)
			}
			r, err := w.Index(ctx)
			if err != nil {
				res.fail(err)
			} else {
				res.Warnings += len(r.Warnings)
			}
			res.Ops++
			continue
		default:
			rel = files[rng.IntN(len(files))]
		}
		memweavetest.WriteFile(tb, ws, rel, content())
		var r *memweave.IndexResult
		var err error
		if op < 8 {
			r, err = w.Add(ctx, rel)
		} else {
			r, err = w.Index(ctx)
		}
		if err != nil {
			res.fail(err)
		} else {
			res.Warnings += len(r.Warnings)
		}
		res.Ops++
	}
}

// runSearcher searches with sync on, so that it also re-indexes what the
// writers changed, until dur has passed. A warning that the search could
// not refresh counts as an error, unless it wraps ErrBusy: a search waits
// at most 2 s for the lock, then answers from the index as it is, saying
// so (docs/freshness.md), and four writers taking turns at the lock can
// keep a file written and not yet indexed that long on a loaded machine.
// Such a warning is counted apart. A file the lock's holder indexed
// meanwhile ends the wait without one
// (indexer's TestRefreshDoneByTheLockHolder).
func runSearcher(ctx context.Context, w *memweave.Weave, id int, dur time.Duration, res *helperResult) {
	rng := rand.New(rand.NewPCG(uint64(id), 7))
	deadline := time.Now().Add(dur)
	for time.Now().Before(deadline) {
		q := memweavetest.SynthQueries[rng.IntN(len(memweavetest.SynthQueries))]
		if rng.IntN(3) == 0 {
			q = fmt.Sprintf("marker w%dv%d", rng.IntN(4), rng.IntN(50))
		}
		var opts []memweave.SearchOption
		if id%2 == 1 {
			opts = append(opts, memweave.NoSync())
		}
		resp, err := w.Search(ctx, q, opts...)
		res.Ops++
		if err != nil {
			res.fail(err)
			continue
		}
		for _, wn := range resp.Warnings {
			switch {
			case errors.Is(wn, memweave.ErrBusy):
				res.Busy++
			case strings.Contains(wn.Error(), "could not"):
				res.fail(fmt.Errorf("search %q: %s", q, wn))
			default:
				res.Warnings++
			}
		}
	}
}

// helper is a running helper process.
type helper struct {
	cmd    *exec.Cmd
	stdout bytes.Buffer
	stderr bytes.Buffer
}

// startHelper starts the test binary as a helper with the given role.
func startHelper(tb testing.TB, role, ws string, id int, dur time.Duration, extraEnv ...string) *helper {
	tb.Helper()
	h := &helper{cmd: exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")}
	h.cmd.Env = append(os.Environ(), envRole+"="+role, envWS+"="+ws, envID+"="+strconv.Itoa(id), envDuration+"="+dur.String())
	h.cmd.Env = append(h.cmd.Env, extraEnv...)
	h.cmd.Stdout, h.cmd.Stderr = &h.stdout, &h.stderr
	if err := h.cmd.Start(); err != nil {
		tb.Fatalf("start helper %s %d: %v", role, id, err)
	}
	return h
}

// result waits for the helper and parses its result.
func (h *helper) result(tb testing.TB) helperResult {
	tb.Helper()
	if err := h.cmd.Wait(); err != nil {
		tb.Errorf("helper %v: %v\nstdout:\n%s\nstderr:\n%s", h.cmd.Env[len(h.cmd.Env)-4:], err, h.stdout.String(), h.stderr.String())
	}
	sc := bufio.NewScanner(&h.stdout)
	for sc.Scan() {
		if line, ok := strings.CutPrefix(sc.Text(), resultPrefix); ok {
			var r helperResult
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				tb.Fatalf("helper result %q: %v", line, err)
			}
			return r
		}
	}
	tb.Fatalf("helper printed no result:\nstderr:\n%s", h.stderr.String())
	return helperResult{}
}

// TestManyProcessesOneWorkspace runs 4 writer and 4 searcher processes on
// one workspace for 10s (3s unless long tests are on) and checks that no process saw
// an error and that the index they leave equals a fresh build from the
// files.
func TestManyProcessesOneWorkspace(t *testing.T) {
	dur := 10 * time.Second
	if !memweavetest.LongEnabled() {
		dur = 3 * time.Second
	}
	ws := t.TempDir()
	if _, err := memweavetest.Synth(ws, memweavetest.SynthOptions{Files: 40, ChunksPerFile: 3, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	w, err := memweave.Open(context.Background(), memweave.Config{Workspace: ws})
	if err != nil {
		t.Fatal(err)
	}
	mustIndex(t, w)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}

	const writers, searchers = 4, 4
	var helpers []*helper
	for i := range writers {
		helpers = append(helpers, startHelper(t, "writer", ws, i, dur))
	}
	for i := range searchers {
		helpers = append(helpers, startHelper(t, "searcher", ws, i, dur))
	}
	var ops, errs, warns [2]int
	for _, h := range helpers {
		r := h.result(t)
		k := 0
		if r.Role == "searcher" {
			k = 1
		}
		ops[k] += r.Ops
		errs[k] += r.Errors
		warns[k] += r.Warnings
		t.Logf("%s %d: %d ops, %d errors, %d warnings, %d busy", r.Role, r.ID, r.Ops, r.Errors, r.Warnings, r.Busy)
		if r.Errors > 0 || r.Ops == 0 {
			t.Errorf("%s %d: %d ops, %d errors: %q", r.Role, r.ID, r.Ops, r.Errors, r.Samples)
		}
	}
	t.Logf("over %v: writers %d ops, %d errors; searchers %d ops, %d errors", dur, ops[0], errs[0], ops[1], errs[1])

	shared := filepath.Join(ws, ".memweave", "index.db")
	assertCheckOK(t, shared)
	want := snapshotIndex(t, freshBuild(t, ws))
	if diffs := snapshotDiff(snapshotIndex(t, shared), want); len(diffs) > 0 {
		t.Errorf("index differs from a fresh build: %q", diffs)
	}
}

// snapshot is an index's content, independent of row ids and of the
// order writes happened in.
type snapshot struct {
	Files  []string // path|hash|size|mtime|pending
	Chunks []string // path|start|end|hash
	Stats  index.Stats
}

// snapshotIndex reads the index at path.
func snapshotIndex(tb testing.TB, path string) snapshot {
	tb.Helper()
	ctx := context.Background()
	db, err := index.Open(ctx, path, index.Options{})
	if err != nil {
		tb.Fatalf("index.Open(%s): %v", path, err)
	}
	defer db.Close()
	var s snapshot
	query := func(q string, dst *[]string) {
		rows, err := db.SQL().QueryContext(ctx, q)
		if err != nil {
			tb.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				tb.Fatal(err)
			}
			*dst = append(*dst, line)
		}
		if err := rows.Err(); err != nil {
			tb.Fatal(err)
		}
	}
	query(`SELECT path || '|' || hash || '|' || size || '|' || mtime || '|' || pending FROM files ORDER BY 1`, &s.Files)
	query(`SELECT path || '|' || start_line || '|' || end_line || '|' || hex(hash) FROM chunks ORDER BY 1`, &s.Chunks)
	if s.Stats, err = db.Stats(ctx); err != nil {
		tb.Fatal(err)
	}
	s.Stats.CacheEntries = 0 // the shared cache keeps old versions' vectors
	return s
}

// freshBuild indexes the workspace into a new database and returns its
// path.
func freshBuild(tb testing.TB, ws string) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "fresh.db")
	w, err := memweave.Open(context.Background(), memweave.Config{Workspace: ws, DBPath: path})
	if err != nil {
		tb.Fatal(err)
	}
	mustIndex(tb, w)
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	return path
}

// snapshotDiff describes how got differs from want; nil when equal.
func snapshotDiff(got, want snapshot) []string {
	var out []string
	if !reflect.DeepEqual(got.Stats, want.Stats) {
		out = append(out, fmt.Sprintf("stats %+v, fresh build %+v", got.Stats, want.Stats))
	}
	diff := func(what string, a, b []string) {
		if reflect.DeepEqual(a, b) {
			return
		}
		in := func(l []string) map[string]bool {
			m := make(map[string]bool, len(l))
			for _, x := range l {
				m[x] = true
			}
			return m
		}
		ma, mb := in(a), in(b)
		var extra, missing []string
		for _, x := range a {
			if !mb[x] && len(extra) < 5 {
				extra = append(extra, x)
			}
		}
		for _, x := range b {
			if !ma[x] && len(missing) < 5 {
				missing = append(missing, x)
			}
		}
		out = append(out, fmt.Sprintf("%s: %d rows, fresh build %d; only here (first 5): %q; only in the fresh build: %q", what, len(a), len(b), extra, missing))
	}
	diff("files", got.Files, want.Files)
	diff("chunks", got.Chunks, want.Chunks)
	return out
}

// assertCheckOK runs the database checks on the index at path.
func assertCheckOK(tb testing.TB, path string) {
	tb.Helper()
	db, err := index.Open(context.Background(), path, index.Options{})
	if err != nil {
		tb.Fatalf("index.Open(%s): %v", path, err)
	}
	defer db.Close()
	rep, err := db.Check(context.Background())
	if err != nil {
		tb.Fatalf("Check: %v", err)
	}
	if !rep.OK() {
		tb.Errorf("Check found problems: %q", rep.Problems())
	}
	if rep.Chunks != rep.FTSRows || (rep.Vectors > 0 && rep.Vectors != rep.Embedded) {
		tb.Errorf("Check counts: %d chunks, %d keyword rows, %d vectors, %d embedded", rep.Chunks, rep.FTSRows, rep.Vectors, rep.Embedded)
	}
}

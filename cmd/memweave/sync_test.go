package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// gitT runs git in dir and returns its trimmed output, failing the test
// on an error.
func gitT(tb testing.TB, dir string, args ...string) string {
	tb.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		tb.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// syncRemote makes a bare remote holding the test workspace, indexed
// once so that memweave.json is in it, and returns its path.
func syncRemote(tb testing.TB) string {
	tb.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		tb.Skip("no git")
	}
	ws := testWorkspace(tb)
	mustRunCLI(tb, "-w", ws, "index")
	bare := filepath.Join(tb.TempDir(), "remote.git")
	gitT(tb, ws, "init", "-q", "-b", "main")
	gitT(tb, ws, "add", "-A")
	gitT(tb, ws, "commit", "-qm", "seed")
	gitT(tb, filepath.Dir(bare), "init", "-q", "--bare", "-b", "main", bare)
	gitT(tb, ws, "push", "-q", bare, "main")
	return bare
}

// syncClone clones bare into a new folder named name, with an author.
func syncClone(tb testing.TB, bare, name string) string {
	tb.Helper()
	dir := filepath.Join(tb.TempDir(), name)
	gitT(tb, filepath.Dir(dir), "clone", "-q", bare, dir)
	gitT(tb, dir, "config", "user.name", name)
	gitT(tb, dir, "config", "user.email", name+"@example.com")
	return dir
}

// soakEntry is a whole line of TestSyncThreeMachines' appends.
var soakEntry = regexp.MustCompile(`^sync soak note ACK-(alpha|beta|gamma)-[0-9]+$`)

// TestSyncThreeMachines: three clones of one bare remote, each with a
// writer that appends and writes notes while, beside it, a sync process
// starts about every second, a third of them killed with SIGKILL at a
// random moment. After a final sync in each, every acknowledged note is in
// every clone exactly once, no file holds a conflict marker or a dated
// log a line cut short, check passes, and every tip the remote had is an
// ancestor of its last one. It runs 30 seconds, 4 unless long tests are
// on.
func TestSyncThreeMachines(t *testing.T) {
	t.Parallel()
	bare := syncRemote(t)
	names := []string{"alpha", "beta", "gamma"}
	clones := make([]string, len(names))
	for i, n := range names {
		clones[i] = syncClone(t, bare, n)
		mustRunCLI(t, "-w", clones[i], "index")
	}
	run := 30 * time.Second
	if !memweavetest.LongEnabled() {
		run = 4 * time.Second
	}
	deadline := time.Now().Add(run)

	// Record every tip the remote has, until the end.
	var (
		mu     sync.Mutex
		tips   = map[string]bool{}
		acked  []string
		errs   []string
		kills  int
		syncs  int
		stopCh = make(chan struct{})
	)
	var watch sync.WaitGroup
	watch.Go(func() {
		for {
			if out, err := exec.Command("git", "-C", bare, "rev-parse", "--verify", "-q", "refs/heads/main").Output(); err == nil {
				mu.Lock()
				tips[strings.TrimSpace(string(out))] = true
				mu.Unlock()
			}
			select {
			case <-stopCh:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	})

	var wg sync.WaitGroup
	for c, ws := range clones {
		// The writer: notes one after another, while syncs run beside it.
		wg.Go(func() {
			for i := 0; time.Now().Before(deadline); i++ {
				note := fmt.Sprintf("ACK-%s-%d", names[c], i)
				switch i % 4 {
				case 0, 1: // a note to the shared dated log
					if out := runCLI(t, "", nil, "-w", ws, "append", "sync soak note "+note); out.code == 0 {
						mu.Lock()
						acked = append(acked, note)
						mu.Unlock()
					} else {
						mu.Lock()
						errs = append(errs, "append: "+out.stderr)
						mu.Unlock()
					}
				case 2: // a note of its own
					out := runStdin(t, "", nil, strings.NewReader("# "+note+"\n\nWritten by "+names[c]+".\n"), "-w", ws, "write", "notes/"+strings.ToLower(note)+".md")
					if out.code == 0 {
						mu.Lock()
						acked = append(acked, note)
						mu.Unlock()
					}
				case 3: // the same note on every machine: conflicts
					runStdin(t, "", nil, strings.NewReader("# Shared\n\n"+names[c]+" was here, "+note+".\n"), "-w", ws, "write", "notes/shared.md")
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
		// The syncer: a sync process about every second, a third of them
		// killed at a random moment.
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(c), 7))
			for time.Now().Before(deadline) {
				next := time.Now().Add(time.Second)
				cmd := exec.Command(binary, "-w", ws, "sync")
				var stderr strings.Builder
				cmd.Stderr = &stderr
				if err := cmd.Start(); err != nil {
					t.Error(err)
					return
				}
				killed := false
				if rng.IntN(3) == 0 {
					time.Sleep(time.Duration(rng.IntN(400)) * time.Millisecond)
					killed = cmd.Process.Signal(syscall.SIGKILL) == nil
				}
				err := cmd.Wait()
				mu.Lock()
				syncs++
				if killed {
					kills++
				} else if err != nil && !strings.Contains(stderr.String(), "kept rejecting") {
					errs = append(errs, "sync "+names[c]+": "+stderr.String())
				}
				mu.Unlock()
				time.Sleep(time.Until(next))
			}
		})
	}
	wg.Wait()
	// Final syncs, twice round, so that every clone has every note.
	for round := range 2 {
		for c, ws := range clones {
			if out := runCLI(t, "", nil, "-w", ws, "sync"); out.code != 0 {
				t.Errorf("final sync %d of %s: exit %d: %s", round, names[c], out.code, out.stderr)
			}
		}
	}
	close(stopCh)
	watch.Wait()
	final := gitT(t, bare, "rev-parse", "refs/heads/main")
	for tip := range tips {
		if err := exec.Command("git", "-C", bare, "merge-base", "--is-ancestor", tip, final).Run(); err != nil {
			t.Errorf("the remote's tip %s is not an ancestor of its final tip %s", tip, final)
		}
	}
	for _, e := range errs {
		t.Errorf("during the run: %s", e)
	}
	t.Logf("%d notes acknowledged, %d syncs, %d killed, %d remote tips", len(acked), syncs, kills, len(tips))

	for c, ws := range clones {
		var all strings.Builder
		filepath.WalkDir(filepath.Join(ws, "memory"), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			data, _ := os.ReadFile(p)
			if strings.Contains(string(data), "<<<<<<< ") || strings.Contains(string(data), ">>>>>>> ") {
				t.Errorf("%s: %s holds a conflict marker", names[c], p)
			}
			// A dated log holds whole entries only: no line cut short.
			if strings.Contains(string(data), "sync soak note ") {
				for _, line := range strings.Split(string(data), "\n") {
					if line != "" && !soakEntry.MatchString(line) {
						t.Errorf("%s: %s holds the line %q, not a whole entry", names[c], p, line)
					}
				}
			}
			if !strings.Contains(filepath.Base(p), "shared") {
				all.Write(data)
				all.WriteString("\n")
			}
			return nil
		})
		text := all.String()
		for _, note := range acked {
			// "ACK-alpha-1" is a prefix of "ACK-alpha-12": count it
			// followed by what ends it.
			n := strings.Count(text, note+"\n") + strings.Count(text, note+".\n")
			if n != 1 {
				t.Errorf("%s holds %s %d times, want once", names[c], note, n)
			}
		}
		if out := runCLI(t, "", nil, "-w", ws, "check"); out.code != 0 {
			t.Errorf("check in %s: exit %d: %s%s", names[c], out.code, out.stdout, out.stderr)
		}
		if out := runCLI(t, "", nil, "-w", ws, "status"); out.code != 0 || !strings.Contains(out.stdout, "0 ahead, 0 behind") {
			t.Errorf("status in %s: exit %d: %s%s", names[c], out.code, out.stdout, out.stderr)
		}
	}
}

// TestSyncSameNoteTwoMachines: the same curated note edited on two
// clones keeps both versions, and status and conflicts list it; a write
// with a stale expected hash is refused and writes nothing.
func TestSyncSameNoteTwoMachines(t *testing.T) {
	t.Parallel()
	bare := syncRemote(t)
	a, b := syncClone(t, bare, "a"), syncClone(t, bare, "b")
	out := mustRunCLI(t, "-w", a, "get", "--hash", "stack.md")
	hash := strings.TrimPrefix(strings.TrimSpace(out.stderr), "hash ")
	if len(hash) != 64 {
		t.Fatalf("get --hash printed %q, want a hex SHA-256", out.stderr)
	}
	runStdin(t, "", nil, strings.NewReader("# Stack\n\nWe chose Postgres (machine a).\n"), "-w", a, "write", "stack.md")
	mustRunCLI(t, "-w", a, "sync")
	runStdin(t, "", nil, strings.NewReader("# Stack\n\nWe chose MySQL (machine b).\n"), "-w", b, "write", "stack.md")
	res := mustRunCLI(t, "-w", b, "sync")
	if !strings.Contains(res.stdout, "conflict: memory/stack.md") {
		t.Errorf("sync output = %q, want the conflict named", res.stdout)
	}
	mustRunCLI(t, "-w", a, "sync")
	for _, ws := range []string{a, b} {
		files, _ := filepath.Glob(filepath.Join(ws, "memory", "stack.conflict-*.md"))
		if len(files) != 1 {
			t.Fatalf("%s conflict copies = %v, want one", ws, files)
		}
		cp, _ := os.ReadFile(files[0])
		cur, _ := os.ReadFile(filepath.Join(ws, "memory", "stack.md"))
		if !strings.Contains(string(cur), "machine a") || !strings.Contains(string(cp), "machine b") {
			t.Errorf("%s: stack.md = %q, copy = %q; want both versions", ws, cur, cp)
		}
		st := mustRunCLI(t, "-w", ws, "status")
		if !strings.Contains(st.stdout, "sync conflict") || !strings.Contains(st.stdout, "memory/stack.md") {
			t.Errorf("status in %s = %q, want the conflict listed", ws, st.stdout)
		}
		cf := mustRunCLI(t, "-w", ws, "conflicts")
		if !strings.Contains(cf.stdout, "memory/stack.md changed on two machines") {
			t.Errorf("conflicts in %s = %q, want the sync conflict listed", ws, cf.stdout)
		}
		// The copy is searchable; the index holds no marker.
		se := mustRunCLI(t, "-w", ws, "search", "MySQL machine")
		if !strings.Contains(se.stdout, "stack.conflict-") {
			t.Errorf("search in %s = %q, want the conflict copy found", ws, se.stdout)
		}
	}
	// A stale expected hash: refused, nothing written.
	before, _ := os.ReadFile(filepath.Join(a, "memory", "stack.md"))
	w := runStdin(t, "", nil, strings.NewReader("# Stack\n\nstale overwrite\n"), "-w", a, "write", "--expect-hash", hash, "stack.md")
	if w.code == 0 || !strings.Contains(w.stderr, "changed") {
		t.Errorf("write --expect-hash stale: exit %d, stderr %q; want a refusal", w.code, w.stderr)
	}
	after, _ := os.ReadFile(filepath.Join(a, "memory", "stack.md"))
	if string(after) != string(before) {
		t.Errorf("a refused write changed stack.md to %q", after)
	}
	f := runCLI(t, "", nil, "-w", a, "feedback", "--expect-hash", hash, "stack.md:3", "useful")
	if f.code == 0 {
		t.Errorf("feedback --expect-hash stale: exit 0, want a refusal")
	}
}

// TestSyncNotSetUp: without git or a remote, sync and status say what
// to run.
func TestSyncNotSetUp(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	out := runCLI(t, "", nil, "-w", ws, "sync")
	if out.code == 0 || !strings.Contains(out.stderr, "git init") {
		t.Errorf("sync without git: exit %d, stderr %q; want it to say git init", out.code, out.stderr)
	}
	st := mustRunCLI(t, "-w", ws, "status")
	if !strings.Contains(st.stdout, "git init") {
		t.Errorf("status without git = %q, want it to say git init", st.stdout)
	}
	gitT(t, ws, "init", "-q", "-b", "main")
	out = runCLI(t, "", nil, "-w", ws, "sync")
	if out.code == 0 || !strings.Contains(out.stderr, "git remote add origin") {
		t.Errorf("sync without a remote: exit %d, stderr %q; want it to say git remote add", out.code, out.stderr)
	}
}

// TestMCPSyncEvery: an MCP server started with --sync-every brings in a
// note another machine pushed, and exits cleanly when its input closes.
func TestMCPSyncEvery(t *testing.T) {
	t.Parallel()
	bare := syncRemote(t)
	here, there := syncClone(t, bare, "here"), syncClone(t, bare, "there")
	cmd := exec.Command(binary, "-w", here, "mcp", "--no-watch", "--sync-every", "1s")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	if err := os.MkdirAll(filepath.Join(there, "memory", "notes"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(there, "memory", "notes", "heron.md"), []byte("# Heron\n\nHERON-5521 ships on Friday.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitT(t, there, "add", "-A")
	gitT(t, there, "commit", "-qm", "heron")
	pushed := false
	for i := 0; i < 20 && !pushed; i++ { // the server pushes too
		gitT(t, there, "pull", "-q", "--no-rebase", "--no-edit")
		pushed = exec.Command("git", "-C", there, "push", "-q").Run() == nil
	}
	if !pushed {
		t.Fatal("could not push from the other clone")
	}
	arrived := false
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end) && !arrived; time.Sleep(100 * time.Millisecond) {
		_, err := os.Stat(filepath.Join(here, "memory", "notes", "heron.md"))
		arrived = err == nil
	}
	if !arrived {
		t.Fatalf("mcp --sync-every did not bring the note within 30 s; stderr %q", stderr.String())
	}
	stdin.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("mcp exited with %v; stderr %q", err, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("mcp did not exit within 30 s of its input closing")
	}
}

// TestMCPSyncEveryFailureIsTold: a server started with --sync-every whose
// remote has gone away says on stderr that its syncs fail, naming the
// workspace: otherwise nothing is shared and nobody knows.
func TestMCPSyncEveryFailureIsTold(t *testing.T) {
	t.Parallel()
	bare := syncRemote(t)
	here := syncClone(t, bare, "here")
	cmd := exec.Command(binary, "-w", here, "mcp", "--no-watch", "--sync-every", "1s")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr memweavetest.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	if err := os.Rename(bare, bare+".gone"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(here, "memory", "new.md"), []byte("# New\n\nA note to share.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	told := false
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end) && !told; time.Sleep(100 * time.Millisecond) {
		told = strings.Contains(stderr.String(), "sync failed") && strings.Contains(stderr.String(), here)
	}
	stdin.Close()
	cmd.Wait()
	if !told {
		t.Errorf("mcp --sync-every with its remote gone: stderr %q; want it to say the sync failed, naming %s", stderr.String(), here)
	}
}

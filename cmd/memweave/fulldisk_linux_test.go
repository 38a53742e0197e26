package main

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go/memweavetest"
)

// fullDiskScript makes a workspace on a 4 MB tmpfs mounted at $D, indexes
// it, runs $PRE, fills the file system (or, with $RO set, mounts it read-only), then
// runs memweave $ARGS, printing its
// standard output, then "stderr:" and its standard error, then its exit
// status, then what $POST prints. It prints NOMOUNT when it cannot mount.
const fullDiskScript = `
mount -t tmpfs -o size=4m tmpfs "$D" || { echo NOMOUNT; exit 0; }
mkdir -p "$D/w/memory" && cd "$D/w" || exit 9
printf '# Deploys\n\nWe deploy with ArgoCD every Tuesday.\n' > memory/a.md
"$MW" index >/dev/null || exit 9
# Close the index's files, as a new process finds them, then fill the disk.
ls .memweave/index.db-wal .memweave/index.db-shm 2>/dev/null && exit 9
if [ -n "$PRE" ]; then eval "$PRE" || exit 9; fi
if [ -n "$RO" ]; then mount -o remount,ro "$D" || exit 9; else head -c 16777216 /dev/zero > "$D/fill" 2>/dev/null; fi
"$MW" $ARGS 2>"$D/../stderr"; rc=$?
echo "stderr:"; cat "$D/../stderr"; echo "exit $rc"
if [ -n "$POST" ]; then eval "$POST"; fi
`

// runOnFullDisk runs memweave args (split at spaces) on a full file
// system: a tmpfs in a user and mount namespace of its own, which needs
// no privilege where the kernel allows user namespaces (the test is
// skipped where it does not).
func runOnFullDisk(t *testing.T, args string, env ...string) (stdout, stderr string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(dir+"/fs", 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("/bin/sh", "-c", fullDiskScript)
	cmd.Env = append(os.Environ(), append(env, "D="+dir+"/fs", "MW="+binary, "ARGS="+args)...)
	cmd.SysProcAttr = userNamespace()
	out, err := cmd.CombinedOutput()
	if err != nil && bytes.Contains(out, []byte("exit 9")) || err != nil && len(out) == 0 {
		t.Skipf("no user namespace with a tmpfs here: %v %s", err, out)
	}
	if err != nil {
		t.Fatalf("script: %v\n%s", err, out)
	}
	if bytes.HasPrefix(out, []byte("NOMOUNT")) {
		t.Skipf("cannot mount a tmpfs in a user namespace here: %s", out)
	}
	stdout, stderr, _ = strings.Cut(string(out), "stderr:\n")
	return stdout, stderr
}

// TestGetOnAFullDisk: on a full file system, every command failed at
// open, get included: SQLite could not make the index's -wal and -shm
// files ("index: open .../index.db: disk I/O error: no space left on
// device"), so no note could be read, though get needs no index for a
// note under memory/. get now reads it from its file, with a warning, when
// the index cannot be read either (TestReadCommandsOnAFullDisk).
func TestGetOnAFullDisk(t *testing.T) {
	stdout, stderr := runOnFullDisk(t, "get memory/a.md:3")
	if stdout != "We deploy with ArgoCD every Tuesday.\n" || !strings.HasSuffix(stderr, "exit 0\n") {
		t.Errorf("get memory/a.md:3 on a full disk printed %q, stderr %q; want line 3 and exit 0", stdout, stderr)
	}
	if !strings.Contains(stderr, "no space left on device") || !strings.Contains(stderr, "read-only") {
		t.Errorf("get on a full disk: stderr %q, want a warning naming the full disk and that the index was read as last written", stderr)
	}
	// Beside a write-ahead log the index is not read: get reads the file.
	stdout, stderr = runOnFullDisk(t, "get memory/a.md:3", "PRE=printf x > .memweave/index.db-wal")
	if stdout != "We deploy with ArgoCD every Tuesday.\n" || !strings.Contains(stderr, "no space left on device") || !strings.Contains(stderr, "without the index") {
		t.Errorf("get memory/a.md:3 on a full disk beside a write-ahead log printed %q, stderr %q; want line 3 and a warning that the index was not used", stdout, stderr)
	}
	stdout, stderr = runOnFullDisk(t, "get memory/gone.md")
	if stdout != "" || !strings.HasSuffix(stderr, "exit 1\n") || !strings.Contains(stderr, "no space left on device") || !strings.Contains(stderr, "gone.md") {
		t.Errorf("get of a missing note on a full disk printed %q, stderr %q; want exit 1 naming the full disk and the note", stdout, stderr)
	}
}

// TestGetOnAReadOnlyDisk: on a read-only file system, get failed at open
// as on a full one, SQLite naming no cause that said so ("unable to open
// database file: no such file or directory"); the error now names the
// folder's ("read-only file system") and get reads the note from its file.
func TestGetOnAReadOnlyDisk(t *testing.T) {
	stdout, stderr := runOnFullDisk(t, "get memory/a.md:3", "RO=1")
	if stdout != "We deploy with ArgoCD every Tuesday.\n" || !strings.HasSuffix(stderr, "exit 0\n") {
		t.Errorf("get memory/a.md:3 on a read-only disk printed %q, stderr %q; want line 3 and exit 0", stdout, stderr)
	}
	if !strings.Contains(stderr, "read-only file system") || !strings.Contains(stderr, "opened read-only") {
		t.Errorf("get on a read-only disk: stderr %q, want a warning naming the read-only file system and that the index was read as last written", stderr)
	}
}

// TestReadCommandsOnAFullDisk: on a full or read-only file system, a
// fresh search, status or conflicts failed at open ("index: open
// .../index.db: disk I/O error: no space left on device"): SQLite could
// not size the index's -shm file, though nothing needed writing. A
// one-shot command now reads the index as it was last written, read-only,
// and says so; a write still fails naming the full disk. Not when a
// write-ahead log holds changes the file lacks: read-only, they would be
// skipped.
func TestReadCommandsOnAFullDisk(t *testing.T) {
	for _, env := range [][]string{nil, {"RO=1"}} {
		disk, cause := "full disk", "no space left on device"
		if env != nil {
			disk, cause = "read-only disk", "read-only file system"
		}
		for _, args := range []string{"search ArgoCD", "status", "conflicts", "search --json ArgoCD"} {
			stdout, stderr := runOnFullDisk(t, args, env...)
			if !strings.HasSuffix(stderr, "exit 0\n") || !strings.Contains(stderr, cause) || !strings.Contains(stderr, "read-only") {
				t.Errorf("%s on a %s: stdout %q, stderr %q; want exit 0 and a warning naming %q and the read-only index", args, disk, stdout, stderr, cause)
			}
			if strings.HasPrefix(args, "search") && !strings.Contains(stdout, "memory/a.md") {
				t.Errorf("%s on a %s printed %q, want the note memory/a.md", args, disk, stdout)
			}
		}
	}
	stdout, stderr := runOnFullDisk(t, "append a-new-fact")
	if !strings.HasSuffix(stderr, "exit 1\n") || !strings.Contains(stderr, "no space left on device") {
		t.Errorf("append on a full disk: stdout %q, stderr %q; want exit 1 naming the full disk", stdout, stderr)
	}
	stdout, stderr = runOnFullDisk(t, "search ArgoCD", "PRE=printf x > .memweave/index.db-wal")
	if !strings.HasSuffix(stderr, "exit 1\n") || !strings.Contains(stderr, "no space left on device") {
		t.Errorf("search on a full disk beside a write-ahead log: stdout %q, stderr %q; want exit 1 naming the full disk", stdout, stderr)
	}
}

// TestCheckOnAReadOnlyDisk: on a full or read-only disk, check failed,
// exit 1 ("keyword index check: the index was opened read-only"), though
// only SQLite's FTS5 check, an INSERT, needs a write. It now runs every
// other check, prints a line saying that one was skipped and why, and
// exits by what the rest found: 0 for a sound index, 1 for a damaged one.
func TestCheckOnAReadOnlyDisk(t *testing.T) {
	damage := "PRE=sqlite3 .memweave/index.db 'DELETE FROM vectors; PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null"
	for _, tc := range []struct {
		args         string
		env          []string
		cause, rc    string
		wantProblems string
	}{
		{"check", []string{"RO=1"}, "read-only file system", "exit 0\n", ""},                                                    // tune
		{"check", nil, "no space left on device", "exit 0\n", ""},                                                               // check
		{"check --json", []string{"RO=1"}, "read-only file system", "exit 0\n", ""},                                             // check
		{"check", []string{"RO=1", damage}, "read-only file system", "exit 1\n", "chunks marked embedded without a vector row"}, // check
	} {
		if len(tc.env) == 2 {
			if _, err := exec.LookPath("sqlite3"); err != nil {
				t.Logf("%s %v: skipped, no sqlite3 command to damage the index", tc.args, tc.env)
				continue
			}
		}
		stdout, stderr := runOnFullDisk(t, tc.args, tc.env...)
		if !strings.HasSuffix(stderr, tc.rc) || !strings.Contains(stdout, "read-only") || !strings.Contains(stdout, tc.cause) {
			t.Errorf("%s on a disk with %s (%v): stdout %q, stderr %q; want %q and a line saying the keyword index check was skipped and why", tc.args, tc.cause, tc.env, stdout, stderr, tc.rc)
		}
		if tc.wantProblems != "" && !strings.Contains(stdout, tc.wantProblems) {
			t.Errorf("%s on a disk with %s, vectors deleted: stdout %q, want the problem %q found", tc.args, tc.cause, stdout, tc.wantProblems)
		}
	}
}

// TestCurationEditsOnAFullIndexDisk: with the index's disk full and the
// notes' not (memory/ on a file system of its own), feedback and resolve
// edited the note, then failed to index it on the read-only index and
// said only "index ...: write: the index was opened read-only", exit 1: a
// caller took the mark for not written and gave it again, counting one
// use twice. The error now says the note was edited, as write's does.
func TestCurationEditsOnAFullIndexDisk(t *testing.T) {
	own := `mkdir ../mem && cp -a memory/. ../mem/ && mount -t tmpfs -o size=4m tmpfs memory && cp -a ../mem/. memory/ && "$MW" index >/dev/null`
	for _, c := range []struct{ args, want string }{
		{"feedback memory/a.md:3 useful", "useful: 1"},
		{"resolve --keep memory/a.md:1 --drop memory/a.md:3 --reason moved", "> Superseded"},
	} {
		_, stderr := runOnFullDisk(t, c.args, "PRE="+own, "POST=cat memory/a.md")
		if !strings.Contains(stderr, c.want) {
			t.Fatalf("%s beside a full index disk: stderr %q, want the note edited (%q)", c.args, stderr, c.want)
		}
		if said, _, _ := strings.Cut(stderr, "\nexit "); !strings.Contains(said, "memory/a.md is edited, but indexing it failed") {
			t.Errorf("%s beside a full index disk: stderr %q, want an error saying memory/a.md was edited but not indexed", c.args, said)
		}
	}
}

// longLivedScript is fullDiskScript's setup for a command that runs until
// stopped ($ARGS, run with the test's standard input and output): once
// the disk is full (or, with $RO set, read-only), a background shell waits
// for a line on the FIFO $CTL, frees the space (or remounts read-write),
// then runs $AFTER and writes "freed" to the FIFO $ACK. It prints NOMOUNT
// on its standard error when it cannot mount. With $PRE set, it runs $PRE
// after the first index; with $LEAVE set, it fills the disk but for
// $LEAVE KiB; with $FREE set, it runs $FREE instead of freeing the space.
const longLivedScript = `
mount -t tmpfs -o size=4m tmpfs "$D" || { echo NOMOUNT >&2; exit 0; }
mkdir -p "$D/w/memory" && cd "$D/w" || exit 9
printf '# Deploys\n\nWe deploy with ArgoCD every Tuesday.\n' > memory/a.md
"$MW" index >/dev/null || exit 9
ls .memweave/index.db-wal .memweave/index.db-shm 2>/dev/null && exit 9
if [ -n "$PRE" ]; then eval "$PRE" || exit 9; fi
if [ -n "$RO" ]; then mount -o remount,ro "$D" || exit 9
elif [ -n "$LEAVE" ]; then head -c $(( ($(df -k --output=avail "$D" | tail -1) - LEAVE) * 1024 )) /dev/zero > "$D/fill" || exit 9
else head -c 16777216 /dev/zero > "$D/fill" 2>/dev/null; fi
( read x < "$CTL"
  if [ -n "$FREE" ]; then eval "$FREE"; elif [ -n "$RO" ]; then mount -o remount,rw "$D"; else rm -f "$D/fill"; fi
  if [ -n "$AFTER" ]; then eval "$AFTER"; fi
  echo freed > "$ACK" ) </dev/null >/dev/null 2>&1 &
exec "$MW" $ARGS
`

// longLivedOnFullDisk returns the command that runs memweave args (split
// at spaces) in the workspace of longLivedScript, and free, which frees
// the disk and runs after in the command's mount namespace, returning once
// it is done. The test is skipped where no user namespace can mount a
// tmpfs.
func longLivedOnFullDisk(t *testing.T, args, after string, env ...string) (cmd *exec.Cmd, free func()) {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(dir+"/fs", 0o755); err != nil {
		t.Fatal(err)
	}
	probe := exec.Command("/bin/sh", "-c", `mount -t tmpfs -o size=1m tmpfs "$D" || echo NOMOUNT`)
	probe.Env = append(os.Environ(), "D="+dir+"/fs")
	probe.SysProcAttr = userNamespace()
	if out, err := probe.CombinedOutput(); err != nil || len(out) > 0 {
		t.Skipf("cannot mount a tmpfs in a user namespace here: %v %s", err, out)
	}
	ctl, ack := dir+"/ctl", dir+"/ack"
	for _, p := range []string{ctl, ack} {
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cmd = exec.Command("/bin/sh", "-c", longLivedScript)
	cmd.Env = append(os.Environ(), append(env, "D="+dir+"/fs", "MW="+binary, "ARGS="+args, "CTL="+ctl, "ACK="+ack, "AFTER="+after)...)
	cmd.SysProcAttr = userNamespace()
	// The background shell waits on $CTL: the group goes with the test.
	cmd.SysProcAttr.Setpgid = true
	t.Cleanup(func() {
		if cmd.Process != nil {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		}
	})
	free = func() {
		t.Helper()
		if err := os.WriteFile(ctl, []byte("free\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if b, err := os.ReadFile(ack); err != nil || string(b) != "freed\n" {
			t.Fatalf("freeing the disk: %q %v", b, err)
		}
	}
	return cmd, free
}

// userNamespace puts a child in a user and mount namespace of its own, as
// root there.
func userNamespace() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{
		Cloneflags:  syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}},
	}
}

// TestMCPOnAFullDisk: a one-shot command on a full or read-only disk reads
// the index as last written (TestReadCommandsOnAFullDisk), but the MCP
// server failed at open ("index: open .../index.db: disk I/O error: no
// space left on device", exit 1), serving nothing, not even the searches
// that need no write. It now starts, says the index is read-only, serves
// searches, fails writes naming the disk's cause, and once the disk has
// room again (or is writable again) writes and indexes as usual, without
// a restart.
func TestMCPOnAFullDisk(t *testing.T) {
	for _, c := range []struct {
		disk, cause string
		env         []string
	}{{"full disk", "no space left on device", nil}, {"read-only disk", "read-only file system", []string{"RO=1"}}} {
		t.Run(c.disk, func(t *testing.T) {
			cmd, free := longLivedOnFullDisk(t, "mcp", "", c.env...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			client := mcp.NewClient(&mcp.Implementation{Name: "memweave-test-client", Version: "v0.0.1"}, nil)
			cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
			if err != nil {
				if strings.Contains(stderr.String(), "NOMOUNT") {
					t.Skipf("cannot mount a tmpfs in a user namespace here: %s", stderr.String())
				}
				t.Fatalf("mcp on a %s: %v; stderr %q", c.disk, err, stderr.String())
			}
			defer cs.Close()
			search := func(query string) string {
				return resultText(callTool(t, cs, "memory_search", map[string]any{"query": query}))
			}
			if got := search("ArgoCD"); !strings.Contains(got, "memory/a.md") {
				t.Errorf("memory_search ArgoCD on a %s = %q, want memory/a.md", c.disk, got)
			}
			res := callTool(t, cs, "memory_write", map[string]any{"path": "b.md", "content": "# On call\n\nPage Nora for the billing runbook.\n"})
			if !res.IsError || !strings.Contains(resultText(res), c.cause) {
				t.Errorf("memory_write on a %s = error %v %q, want an error naming %q", c.disk, res.IsError, resultText(res), c.cause)
			}
			free()
			res = callTool(t, cs, "memory_write", map[string]any{"path": "b.md", "content": "# On call\n\nPage Nora for the billing runbook.\n"})
			if res.IsError {
				t.Errorf("memory_write once the %s has room again = %q, want it written and indexed", c.disk, resultText(res))
			}
			if got := search("Nora billing"); !strings.Contains(got, "memory/b.md") {
				t.Errorf("memory_search once the %s has room again = %q, want memory/b.md", c.disk, got)
			}
			cs.Close()
			if !strings.Contains(stderr.String(), "read-only") || !strings.Contains(stderr.String(), c.cause) {
				t.Errorf("mcp on a %s: stderr %q, want a notice naming %q and the read-only index", c.disk, stderr.String(), c.cause)
			}
		})
	}
}

// TestWatchOnAFullDisk: watch failed at open on a full disk, as the MCP
// server did (TestMCPOnAFullDisk). It now starts, says the index is
// read-only, and once the disk has room again indexes the notes saved.
func TestWatchOnAFullDisk(t *testing.T) {
	cmd, free := longLivedOnFullDisk(t, "watch --debounce 50ms", `printf '# On call\n\nPage Nora.\n' > memory/b.md`)
	waitFor, seen := watchStderr(t, cmd, "watch on a full disk")
	waitFor("watching ")
	if !strings.Contains(strings.Join(seen(), "\n"), "no space left on device") {
		t.Errorf("watch on a full disk: stderr %q, want a notice naming the full disk", seen())
	}
	free()
	waitFor("indexed memory/b.md")
}

// TestReadOnlyIndexEmbedsOnlyTheQuery: a hybrid search on a full disk,
// whose index was opened read-only, embedded the 48 background questions
// with the embedding server in every process (their vectors are kept in
// the index, which it cannot write), and after a note changed it embedded
// its query twice: the freshness check that could not index the note
// counted as a change of the index, so the search read it again. A search
// there now embeds its query once, and calibrates with its own cosines.
func TestReadOnlyIndexEmbedsOnlyTheQuery(t *testing.T) {
	for _, edit := range []string{"true", `printf 'Page Nora.\n' >> memory/a.md`} {
		srv := memweavetest.NewEmbedServer(t, 8)
		emb := "--embedder openai --embedding-model m --embedding-url " + srv.BaseURL() + " --embedding-dims 8"
		pre := `rm -rf .memweave memweave.json && "$MW" ` + emb + ` index >/dev/null && ls .memweave/index.db-wal 2>/dev/null; ` + edit + `; true`
		stdout, stderr := runOnFullDisk(t, emb+" search ArgoCD", "PRE="+pre, "MEMWEAVE_EMBEDDING_KEY=x")
		if !strings.Contains(stdout, "memory/a.md") || !strings.HasSuffix(stderr, "exit 0\n") || !strings.Contains(stderr, "read-only") {
			t.Fatalf("search on a full disk (edit %q): stdout %q, stderr %q; want memory/a.md, exit 0 and the read-only notice", edit, stdout, stderr)
		}
		// The index embedded the note's one passage, the search its query.
		if n := srv.Texts.Load(); n != 2 {
			t.Errorf("the embedding server embedded %d texts for an index and one search on a read-only index (edit %q), want 2 (the passage and the query)", n, edit)
		}
		if edit != "true" && !strings.Contains(stderr, "could not refresh") {
			t.Errorf("search on a full disk after an edit: stderr %q, want a warning that the changed note was not refreshed", stderr)
		}
	}
}

// TestFailedIndexRunLeavesTheSpaceItNeeded: on a nearly full disk, a
// long-lived watch whose index run failed ("database or disk is full")
// retried it at every poll tick, and each try grew the index's
// write-ahead log into whatever space the user freed, so the user's own
// note saves failed with "no space left on device": the cache starved
// the notes. After a run fails on a full disk, the index now writes
// nothing until its file system has the room that run lacked, and says
// so; once it has, the notes are indexed.
func TestFailedIndexRunLeavesTheSpaceItNeeded(t *testing.T) {
	// 300 notes of 4 KB: about 1.2 MB of notes and more of index, on a
	// disk filled but for 400 KB, of which 200 KB are the user's to free.
	pre := `for i in $(seq 1 300); do { printf '# Note %s\n\n' $i; for j in 1 2 3 4 5 6 7 8; do printf 'Paragraph %s of note %s tells about widget%s-%s and gadget%s at some length, to fill pages of the index.\n\n' $j $i $i $j $j; done; } > memory/n$i.md || exit 9; done; head -c 204800 /dev/zero > "$D/spare"`
	saved := t.TempDir() + "/saved"
	// The user frees 200 KB, the watcher polls ten times, then the user
	// saves a 150 KB note. Then all the space comes back.
	after := `sleep 1; if head -c 153600 /dev/zero > memory/user.md; then echo saved > ` + saved + `; else echo "$(df -k "$D" | tail -1)" > ` + saved + `; fi; rm -f "$D/fill"`
	cmd, free := longLivedOnFullDisk(t, "watch --debounce 50ms --poll-interval 100ms", after, "PRE="+pre, "LEAVE=400", `FREE=rm -f "$D/spare"`)
	waitFor, seen := watchStderr(t, cmd, "watch on a nearly full disk")
	waitFor("disk is full")
	// The retry at the next poll tick holds, naming the space it waits
	// for. Waited for here: a watch starved of the processor for the
	// second the user's save takes (load 30) first retried once the
	// space was back, and printed no hold line.
	waitFor("leaving the space to the notes")
	free()
	if b, err := os.ReadFile(saved); err != nil || string(b) != "saved\n" {
		t.Errorf("the user's 150 KB save after freeing 200 KB beside a watch whose index run failed on a full disk: %q %v, want it saved (the index must leave the space to the notes)", b, err)
	}
	// With the space back, the run that failed indexes the notes.
	waitFor("indexed memory/n")
	// Said once per change, not once per note and poll tick.
	warnings := 0
	for _, l := range seen() {
		if strings.Contains(l, "warning") {
			warnings++
		}
	}
	if said := strings.Join(seen(), "\n"); warnings > 10 || !strings.Contains(said, "leaving the space to the notes") {
		t.Errorf("watch on a nearly full disk printed %d warnings, want at most 10 and one naming the free space it waits for; the first ones: %.600s", warnings, said)
	}
}

// watchStderr starts cmd, a long-lived command from longLivedOnFullDisk,
// reading its standard error line by line; it is interrupted and waited
// for when the test ends. waitFor reads lines until one holds want,
// failing the test (what names the command) when none does within a
// minute or the command exits, and skipping it when the script could
// not mount its disk; seen returns the lines read so far.
func watchStderr(t *testing.T, cmd *exec.Cmd, what string) (waitFor func(want string), seen func() []string) {
	t.Helper()
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGINT)
		go func() {
			for range lines { // a command blocked on a full pipe would not exit
			}
		}()
		cmd.Wait()
	})
	var read []string
	waitFor = func(want string) {
		t.Helper()
		timeout := time.After(time.Minute)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					if slices.Contains(read, "NOMOUNT") {
						t.Skipf("cannot mount a tmpfs in a user namespace here")
					}
					t.Fatalf("%s exited; stderr %q, want a line holding %q", what, read, want)
				}
				read = append(read, l)
				if strings.Contains(l, want) {
					return
				}
			case <-timeout:
				t.Fatalf("%s: stderr %q, no line holding %q within a minute", what, read, want)
			}
		}
	}
	return waitFor, func() []string { return read }
}

// TestCopiedIndexOnAReadOnlyDisk: a workspace copied, index and all, to a
// read-only disk failed every command but get with "bind the index ...:
// forget files: ... write: the index was opened read-only": an index made
// for another memory folder is not trusted (it may be a clone's, planted)
// until its rows are dropped, which needs a write. It still is not read,
// but the error now says why and the way out: an index elsewhere (--db),
// built there from the notes, which then works; get reads the note's file.
// An index holding no files and no folder has nothing to drop: it opens.
func TestCopiedIndexOnAReadOnlyDisk(t *testing.T) {
	copied := "PRE=mv memory m0 && cp -a m0 memory && rm -r m0"                                 // a new memory folder: a copy
	for _, args := range []string{"search ArgoCD", "status", "files", "search --json ArgoCD"} { // T: search; C: the rest
		stdout, stderr := runOnFullDisk(t, args, "RO=1", copied)
		if !strings.HasSuffix(stderr, "exit 1\n") || !strings.Contains(stderr, "another memory folder") || !strings.Contains(stderr, "--db") ||
			!strings.Contains(stderr, "read-only file system") || strings.Contains(stderr, "forget files") {
			t.Errorf("%s in a copied workspace on a read-only disk: stdout %q, stderr %q; want exit 1 saying the index is another folder's, cannot be dropped read-only, and --db", args, stdout, stderr)
		}
	}
	stdout, stderr := runOnFullDisk(t, "get memory/a.md:3", "RO=1", copied)
	if stdout != "We deploy with ArgoCD every Tuesday.\n" || !strings.HasSuffix(stderr, "exit 0\n") {
		t.Errorf("get in a copied workspace on a read-only disk printed %q, stderr %q; want line 3 from the file", stdout, stderr)
	}
	other := t.TempDir() + "/other.db"
	stdout, stderr = runOnFullDisk(t, "--db "+other+" search ArgoCD", "RO=1", copied)
	if !strings.Contains(stdout, "memory/a.md") || !strings.HasSuffix(stderr, "exit 0\n") {
		t.Errorf("--db %s search in a copied workspace on a read-only disk printed %q, stderr %q; want the note found", other, stdout, stderr)
	}
	if _, err := exec.LookPath("sqlite3"); err != nil {
		t.Skip("no sqlite3 command to empty the index")
	}
	emptied := `PRE=sqlite3 .memweave/index.db "DELETE FROM meta WHERE key = 'memory_folder'; DELETE FROM files; PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null`
	stdout, stderr = runOnFullDisk(t, "status", "RO=1", emptied)
	if !strings.HasSuffix(stderr, "exit 0\n") {
		t.Errorf("status on a read-only disk, the index recording no folder and no file: stdout %q, stderr %q; want exit 0", stdout, stderr)
	}
}

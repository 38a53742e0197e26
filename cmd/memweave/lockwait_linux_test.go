package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer safe to read while a process writes it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// holdFlock takes an exclusive flock on path, as another memweave
// process holds it, and returns the function that releases it.
func holdFlock(t *testing.T, path string) (release func()) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	release = func() { once.Do(func() { f.Close() }) }
	t.Cleanup(release)
	return release
}

// waitFor polls cond for up to d.
func waitFor(d time.Duration, cond func() bool) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}

// TestCommandsSayTheyWaitForALock: append, write and index waiting for a
// lock another process holds (write.lock, index.db.lock) say so on
// stderr after a while, once, naming the lock file and the holder's PID,
// then finish once it is released; Ctrl-C stops the wait.
func TestCommandsSayTheyWaitForALock(t *testing.T) {
	tests := []struct {
		name, lock, stdin string
		args              []string
	}{
		{"append on write.lock", "write.lock", "", []string{"append", "The HERON-12 note."}},
		{"write on write.lock", "write.lock", "# Heron\n\nHERON-13.\n", []string{"write", "notes/heron.md"}},
		{"index on index.db.lock", "index.db.lock", "", []string{"index"}},
		{"append on index.db.lock", "index.db.lock", "", []string{"append", "The HERON-14 note."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ws := testWorkspace(t)
			mustRunCLI(t, "-w", ws, "index")
			lock := filepath.Join(ws, ".memweave", tt.lock)
			release := holdFlock(t, lock)
			cmd := exec.Command(binary, append([]string{"-w", ws}, tt.args...)...)
			cmd.Stdin = strings.NewReader(tt.stdin)
			var stdout, stderr lockedBuffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			if !waitFor(10*time.Second, func() bool { return strings.Contains(stderr.String(), "waiting for the lock") }) {
				t.Fatalf("%q: no wait notice on stderr after 10s; stderr %q", tt.args, stderr.String())
			}
			line := stderr.String()
			if !strings.Contains(line, lock) || !strings.Contains(line, "process "+strconv.Itoa(os.Getpid())) || strings.Count(line, "\n") != 1 {
				t.Errorf("%q: stderr %q; want one line naming %s and process %d", tt.args, line, lock, os.Getpid())
			}
			release()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("%q after the lock's release: %v; stderr %q", tt.args, err, stderr.String())
				}
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("%q still waiting 30s after the lock's release", tt.args)
			}
			if strings.Count(stderr.String(), "waiting for the lock") != 1 {
				t.Errorf("%q: stderr %q; want the notice once", tt.args, stderr.String())
			}
		})
	}
}

// TestLockWaitStopsOnInterrupt: an append waiting for write.lock stops at
// Ctrl-C (SIGINT) with an error, without writing the note.
func TestLockWaitStopsOnInterrupt(t *testing.T) {
	ws := testWorkspace(t)
	holdFlock(t, filepath.Join(ws, ".memweave", "write.lock"))
	cmd := exec.Command(binary, "-w", ws, "append", "The IBIS-7 note.")
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	if !waitFor(10*time.Second, func() bool { return strings.Contains(stderr.String(), "waiting for the lock") }) {
		cmd.Process.Kill()
		t.Fatalf("no wait notice after 10s; stderr %q", stderr.String())
	}
	cmd.Process.Signal(os.Interrupt)
	select {
	case err := <-done:
		if err == nil {
			t.Errorf("append interrupted while waiting succeeded; stderr %q", stderr.String())
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("append still waiting 10s after SIGINT")
	}
	if out := runCLI(t, "", nil, "-w", ws, "search", "--mode", "keyword", "IBIS-7"); strings.Contains(out.stdout, "IBIS-7") {
		t.Errorf("an interrupted append stored the note: %q", out.stdout)
	}
}

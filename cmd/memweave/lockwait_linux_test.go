package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// holdLock takes the file lock path, as another process holding it
// would, and returns the function that releases it.
func holdLock(t *testing.T, path string) (release func()) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDONLY, 0o600)
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

// waitFor waits up to d for out to hold s.
func waitFor(out *memweavetest.Buffer, s string, d time.Duration) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if strings.Contains(out.String(), s) {
			return true
		}
	}
	return strings.Contains(out.String(), s)
}

// TestTrustWaitSaysSoAndStops: trust --revoke kept waiting for the lock
// of the approvals file that another process holds says so, naming the
// lock, as the workspace's commands do, and Ctrl-C stops it.
func TestTrustWaitSaysSoAndStops(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	cfg := t.TempDir()
	lock := filepath.Join(cfg, "memweave", "trust.json.lock")
	holdLock(t, lock)
	cmd := exec.Command(binary, "-w", ws, "trust", "--revoke")
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+cfg)
	var stderr memweavetest.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	if !waitFor(&stderr, "waiting for the lock "+lock, 10*time.Second) {
		t.Errorf("trust --revoke kept waiting for %s says %q, want it to say it waits", lock, stderr.String())
	}
	cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err == nil {
			t.Errorf("trust --revoke interrupted while waiting exited 0; stderr %q", stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Errorf("trust --revoke did not stop within 10 s of Ctrl-C; stderr %q", stderr.String())
	}
}

// TestServerLockNoticeIsHonest: under mcp, a wait for a lock outside a
// tool call (a --sync-every sync here) is told on stderr without the
// one-shot commands' "(Ctrl-C stops waiting)": Ctrl-C stops the server.
func TestServerLockNoticeIsHonest(t *testing.T) {
	t.Parallel()
	bare := syncRemote(t)
	here := syncClone(t, bare, "here")
	release := holdLock(t, filepath.Join(here, ".memweave", "sync.lock"))
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
	if !waitFor(&stderr, "waiting for the lock", 15*time.Second) {
		t.Errorf("mcp --sync-every kept waiting for the sync lock says %q, want it to say it waits", stderr.String())
	}
	if got := stderr.String(); strings.Contains(got, "Ctrl-C stops waiting") || !strings.Contains(got, "Ctrl-C stops the server") {
		t.Errorf("mcp's lock notice = %q, want it to say Ctrl-C stops the server, not the wait", got)
	}
	release()
	stdin.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Error("mcp did not exit within 30 s of its input closing")
	}
}

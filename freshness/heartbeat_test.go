//go:build unix

package freshness

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReadHeartbeatRefusesHostileFiles: a heartbeat file is read only
// when it is a regular file, and only its first maxHeartbeat bytes, so
// that a FIFO or a huge file put beside the index cannot stall or bloat
// a status.
func TestReadHeartbeatRefusesHostileFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.db.watcher")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := readHeartbeat(fifo); done <- err }()
	select {
	case err := <-done:
		if err == nil {
			t.Errorf("readHeartbeat(FIFO) = nil error, want a refusal")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("readHeartbeat blocked on a FIFO")
	}

	big := filepath.Join(dir, "big.db.watcher")
	if err := os.WriteFile(big, []byte(strings.Repeat("x", 1<<20)), 0o644); err != nil {
		t.Fatal(err)
	}
	hb, err := readHeartbeat(big)
	if err != nil || len(hb) != maxHeartbeat {
		t.Errorf("readHeartbeat(1 MiB file) = %d bytes, %v; want %d bytes", len(hb), err, maxHeartbeat)
	}
}

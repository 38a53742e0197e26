package workspace_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/workspace"
)

// A lock held by the waiting process itself (another call of a
// long-lived server, its watcher's index run, another handle) is said to
// be so: "held by process N" alone, N being the server's own PID, reads
// as another program to stop, and stopping it stops the server.
func TestLockWaitSaysWhenTheHolderIsThisProcess(t *testing.T) {
	own := workspace.LockWait{Path: "/ws/.memweave/write.lock", PID: os.Getpid()}.String()
	if !strings.Contains(own, "process "+strconv.Itoa(os.Getpid())) || !strings.Contains(own, "this process") {
		t.Errorf("LockWait held by this process = %q; want its PID and \"this process\"", own)
	}
	other := workspace.LockWait{Path: "/ws/.memweave/write.lock", PID: os.Getpid() + 1}.String()
	if !strings.Contains(other, "process "+strconv.Itoa(os.Getpid()+1)) || strings.Contains(other, "this process") {
		t.Errorf("LockWait held by another process = %q; want its PID, not \"this process\"", other)
	}
}

//go:build unix

package workspace

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// envTicketDir names the turns folder in which TestTicketHelper makes its
// temporary ticket.
const envTicketDir = "WORKSPACE_TEST_TICKET_DIR"

// TestTicketHelper is not a test: run by the test below in a process of
// its own, it makes a ticket's temporary file in the folder envTicketDir
// names, as a waiter's enqueue does before it renames it into place, says
// so, and waits to be killed there.
func TestTicketHelper(t *testing.T) {
	dir := os.Getenv(envTicketDir)
	if dir == "" {
		t.Skip("helper process only")
	}
	if _, _, _, err := newTicket(dir, 1); err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("ready\n")
	select {}
}

// TestKilledWaitersTemporaryTicketRemoved: a waiter killed between making
// its ticket's temporary file and renaming it (kill -9 at that rename:
// strace -e inject=renameat:signal=SIGKILL on a memweave index that found
// the index lock taken) left t-... in the turns folder for good; the
// waits read only q- tickets, so such files piled up until the folder
// held more than maxTickets and every wait polled again. Once older than
// staleTemp and held by no process, the next wait removes it; a younger
// one may be a live waiter's, not yet locked, and stays.
func TestKilledWaitersTemporaryTicketRemoved(t *testing.T) {
	lock := filepath.Join(t.TempDir(), "index.db.lock")
	dir := lock + TurnsSuffix
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := memweavetest.Child("TestTicketHelper", envTicketDir+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, err := bufio.NewReader(out).ReadString('\n'); line != "ready\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("helper said %q, %v", line, err)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	left := turnsEntries(t, dir)
	if len(left) != 1 || !strings.HasPrefix(left[0], "t-") {
		t.Fatalf("after the kill the turns folder holds %q, want the temporary ticket", left)
	}
	young := filepath.Join(dir, "t-ffffffffffffffff-1-1")
	if err := os.WriteFile(young, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * staleTemp)
	if err := os.Chtimes(filepath.Join(dir, left[0]), old, old); err != nil {
		t.Fatal(err)
	}
	fl := NewLock(lock)
	if err := LockInTurn(fl, func(time.Duration) error { return nil }); err != nil {
		t.Fatal(err)
	}
	fl.Unlock()
	if got := turnsEntries(t, dir); len(got) != 1 || got[0] != filepath.Base(young) {
		t.Errorf("turns folder after a wait: %q; want the killed waiter's %s removed, the young %s left", got, left[0], filepath.Base(young))
	}
}

// turnsEntries lists dir.
func turnsEntries(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

package gitsync_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/memfile"
)

// fsizeChild names the workspace TestSyncUnderFileSizeLimit syncs, in the
// process TestSyncCheckoutDiesWritingALog starts.
const fsizeChild = "GITSYNC_TEST_FSIZE_CHILD"

// fsizeLimit is the file size limit of that process: over what any git
// object or index of the test reaches, under the log it writes.
const fsizeLimit = 24 << 10

// TestSyncUnderFileSizeLimit is not a test: it is the process that
// TestSyncCheckoutDiesWritingALog starts, which syncs the workspace named
// by fsizeChild with files limited to fsizeLimit bytes (RLIMIT_FSIZE,
// inherited by git), so that writing the dated log fails part way, as on
// a full disk or in a process killed mid-write. It prints the error.
func TestSyncUnderFileSizeLimit(t *testing.T) {
	root := os.Getenv(fsizeChild)
	if root == "" {
		t.Skip("the child process of TestSyncCheckoutDiesWritingALog")
	}
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Fatal(err)
	}
	lim.Cur = fsizeLimit
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Fatal(err)
	}
	_, err := gitsync.Sync(context.Background(), root, gitsync.Options{Host: "b"})
	fmt.Printf("sync error: %v\n", err)
}

// TestSyncCheckoutDiesWritingALog: a sync whose checkout fails while
// writing the dated log it brings (here a file size limit; a full disk or
// a kill do the same) leaves that log whole, in its old version, so that
// a note appended afterwards lands on a whole log and every machine ends
// with every entry once. Git's checkout unlinked the log and died part way
// through writing the new one; the append then sat after a cut line, the
// next sync committed that as this machine's change, and the union merge
// dropped the entries after the cut and this machine's unpushed one.
func TestSyncCheckoutDiesWritingALog(t *testing.T) {
	const log = "memory/2026-03-14.md"
	day := time.Date(2026, 3, 14, 12, 0, 0, 0, time.UTC)
	ctx := context.Background()
	bare := remote(t)
	a, b := clone(t, bare, "a"), clone(t, bare, "b")
	var entries []string
	for i := range 4000 {
		entries = append(entries, fmt.Sprintf("entry %04d from a", i))
	}
	write(t, a, log, strings.Join(entries, "\n\n")+"\n")
	sync(t, a, "a")
	sync(t, b, "b")
	if fi, err := os.Stat(filepath.Join(b, log)); err != nil || fi.Size() < 2*fsizeLimit {
		t.Fatalf("the log is %v bytes (%v), want well over the %d-byte limit", fi.Size(), err, fsizeLimit)
	}
	appendNote := func(root, text string) {
		t.Helper()
		if _, _, err := memfile.AppendWith(ctx, root, text, day, time.UTC); err != nil {
			t.Fatal(err)
		}
		entries = append(entries, text)
	}
	appendNote(b, "entry from b, not yet pushed")
	appendNote(a, "entry from a, pushed")
	sync(t, a, "a")

	// b commits its entry, fetches a's, and fails writing the merged log.
	cmd := exec.Command(os.Args[0], "-test.run=^TestSyncUnderFileSizeLimit$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), fsizeChild+"="+b)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "sync error: gitsync: update the work tree") {
		t.Fatalf("the sync under the %d-byte limit: %v; want it to fail updating the work tree, got:\n%s", fsizeLimit, err, out)
	}
	appendNote(b, "entry from b after the failed sync")
	sync(t, b, "b")
	sync(t, a, "a")
	sync(t, b, "b")

	for _, ws := range []string{a, b} {
		got := read(t, ws, log)
		lines := map[string]int{}
		for _, l := range strings.Split(got, "\n") {
			if l != "" {
				lines[l]++
			}
		}
		for _, e := range entries {
			if lines[e] != 1 {
				t.Errorf("%s: %s holds %q %d times, want once", filepath.Base(ws), log, e, lines[e])
			}
			delete(lines, e)
		}
		for l := range lines {
			t.Errorf("%s: %s holds the line %q, not an entry (cut short?)", filepath.Base(ws), log, l)
		}
	}
	if n, _ := strconv.Atoi(run(t, a, "rev-list", "--count", "HEAD")); n == 0 {
		t.Error("no history on a")
	}
}

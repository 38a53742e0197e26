//go:build unix

package main

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestGetReadsTheFileBesideANonRegularIndex: get needs no index to print
// a note, and read the note's file for an index cut short, but a FIFO
// at .memweave/index.db (or at its -wal or -shm; git stores none, a
// local program can make one) failed every get with "is a FIFO, not a
// regular file", as did a link there (to /dev/zero, which git does
// store). get now reads the note's file with a warning naming the
// index file, and the error of the commands that need the index says
// to remove it. index --rebuild, which replaces a damaged index, refuses
// such a file too, with the rm command that removes it (a link's error
// gave none), and leaves it where it is.
func TestGetReadsTheFileBesideANonRegularIndex(t *testing.T) {
	ws := testWorkspace(t)
	note, err := os.ReadFile(filepath.Join(ws, "memory", "stack.md"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(ws, ".memweave")
	for _, c := range []struct {
		name, file string
		link, sock bool
	}{
		{"fifo index.db", "index.db", false, false}, // tune
		{"fifo -wal", "index.db-wal", false, false}, // check
		{"fifo -shm", "index.db-shm", false, false},
		{"link index.db", "index.db", true, false},
		{"socket index.db", "index.db", false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
			mustRunCLI(t, "-w", ws, "index")
			p := filepath.Join(dir, c.file)
			if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			switch {
			case c.link:
				err = os.Symlink("/dev/zero", p)
			case c.sock:
				var l net.Listener
				if l, err = net.Listen("unix", p); err == nil {
					t.Cleanup(func() { l.Close() })
				}
			default:
				err = syscall.Mkfifo(p, 0o644)
			}
			if err != nil {
				t.Fatal(err)
			}
			if out := runCLI(t, "", nil, "-w", ws, "search", "queue"); out.code == 0 || !strings.Contains(out.stderr, c.file) || !strings.Contains(out.stderr, "remove it") {
				t.Errorf("search beside this index file: exit %d, stderr %q; want it refused, naming %s and saying to remove it", out.code, out.stderr, c.file)
			}
			out := runCLI(t, "", nil, "-w", ws, "get", "stack.md")
			if out.code != 0 || out.stdout != string(note) || !strings.Contains(out.stderr, "warning") || !strings.Contains(out.stderr, c.file) {
				t.Errorf("get beside this index file: exit %d, stdout %q, stderr %q; want the note, and a warning naming %s", out.code, out.stdout, out.stderr, c.file)
			}
			before, _ := os.Lstat(p)
			out = runCLI(t, "", nil, "-w", ws, "index", "--rebuild")
			if out.code == 0 || !strings.Contains(out.stderr, "rm ") || !strings.Contains(out.stderr, p+")") {
				t.Errorf("index --rebuild beside this index file: exit %d, stderr %q; want it refused with the rm command that removes %s", out.code, out.stderr, p)
			}
			if after, err := os.Lstat(p); err != nil || before == nil || after.Mode() != before.Mode() {
				t.Errorf("after index --rebuild, %s is %v (%v), want it left as it was (%v)", p, after, err, before)
			}
		})
	}
}

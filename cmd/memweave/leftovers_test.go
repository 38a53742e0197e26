package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// tempFiles returns the temporary files of writes under root/memory,
// workspace-relative.
func tempFiles(root string) []string {
	var found []string
	filepath.WalkDir(filepath.Join(root, "memory"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), ".memweave-write-") {
			rel, _ := filepath.Rel(root, path)
			found = append(found, filepath.ToSlash(rel))
		}
		return nil
	})
	return found
}

// TestWriteKilledLeavesNothing kills "memweave write" with SIGKILL while
// it writes its temporary file: the file is not inside a folder of notes,
// git does not list it, and the next command that opens the workspace
// removes it.
func TestWriteKilledLeavesNothing(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGKILL on Windows")
	}
	t.Parallel()
	ws := testWorkspace(t)
	git, gitErr := exec.LookPath("git")
	if gitErr == nil {
		for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "notes"}} {
			if out, err := exec.Command(git, append([]string{"-C", ws}, args...)...).CombinedOutput(); err != nil {
				t.Fatalf("git %v: %v\n%s", args, err, out)
			}
		}
	}
	content := bytes.Repeat([]byte("The cache holds the index and the vectors for a day.\n"), 2<<20) // 106 MiB
	var left []string
	for attempt := 0; attempt < 5 && left == nil; attempt++ {
		cmd := exec.Command(binary, "-w", ws, "write", "notes/big.md")
		cmd.Stdin = bytes.NewReader(content)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
	poll:
		for {
			select {
			case <-done:
				break poll // finished first: try again
			default:
			}
			if found := tempFiles(ws); found != nil {
				cmd.Process.Kill()
				<-done
				left = tempFiles(ws)
				break
			}
			time.Sleep(time.Millisecond)
		}
	}
	if left == nil {
		t.Skip("no kill landed while the temporary file existed in 5 attempts")
	}
	for _, f := range left {
		if filepath.Dir(f) != "memory/.memweave-tmp" {
			t.Errorf("a killed write left %s, want it under memory/.memweave-tmp", f)
		}
	}
	if gitErr == nil {
		out, err := exec.Command(git, "-C", ws, "status", "--porcelain", "--untracked-files=all").CombinedOutput()
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(out), ".memweave-write-") || strings.Contains(string(out), ".memweave-tmp") {
			t.Errorf("git status after a killed write lists its temporary file:\n%s", out)
		}
	}
	if out := runCLI(t, "", nil, "-w", ws, "status"); out.code != 0 {
		t.Fatalf("status after a killed write = exit %d: %s", out.code, out.stderr)
	}
	if got := tempFiles(ws); got != nil {
		t.Errorf("after the next open the killed write's temporary files are %v, want none", got)
	}
	if _, err := os.Stat(filepath.Join(ws, "memory", "notes", "big.md")); err == nil {
		t.Errorf("memory/notes/big.md exists: the write was not killed before its rename")
	}
}

// TestSearchAtKilledLeavesNothing kills "memweave search --at" with
// SIGKILL once its temporary checkout exists: the folder is named for the
// process, and the next "search --at" removes it.
func TestSearchAtKilledLeavesNothing(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGKILL on Windows")
	}
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	t.Parallel()
	files := map[string]string{}
	for i := range 400 {
		files[fmt.Sprintf("memory/notes/n%03d.md", i)] = fmt.Sprintf("# Note %d\n\nThe cache of service %d holds the index for a day.\n", i, i)
	}
	ws := memweavetest.Workspace(t, files)
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "notes"}} {
		if out, err := exec.Command(git, append([]string{"-C", ws}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	tmp := t.TempDir()
	checkouts := func() []string {
		names, _ := filepath.Glob(filepath.Join(tmp, "memweave-at-*"))
		return names
	}
	var pid int
	for attempt := 0; attempt < 5 && pid == 0; attempt++ {
		cmd := exec.Command(binary, "-w", ws, "search", "--at", "HEAD", "cache index")
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
	poll:
		for {
			select {
			case <-done:
				break poll
			default:
			}
			if checkouts() != nil {
				cmd.Process.Kill()
				<-done
				pid = cmd.Process.Pid
				break
			}
			time.Sleep(time.Millisecond)
		}
	}
	left := checkouts()
	if pid == 0 || left == nil {
		t.Skip("no kill landed while the checkout existed in 5 attempts")
	}
	for _, dir := range left {
		if !strings.HasPrefix(filepath.Base(dir), fmt.Sprintf("memweave-at-%d-", pid)) {
			t.Errorf("the killed search --at left %s, want a name with its pid %d", dir, pid)
		}
	}
	out := runCLI(t, "", []string{"TMPDIR=" + tmp}, "-w", ws, "search", "--at", "HEAD", "cache index")
	if out.code != 0 {
		t.Fatalf("search --at after a killed one = exit %d: %s", out.code, out.stderr)
	}
	if got := checkouts(); got != nil {
		t.Errorf("after the next search --at, checkouts left: %v, want none", got)
	}
}

package memfile_test

import (
	"bytes"
	"cmp"
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

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// Environment of the helper process the tests below start: the test
// binary again, running TestAppendHelper.
const (
	envHelper = "MEMFILE_TEST_HELPER" // "fsize", "big" or "replace"
	envRoot   = "MEMFILE_TEST_ROOT"
	envLimit  = "MEMFILE_TEST_FSIZE"
	envSource = "MEMFILE_TEST_SOURCE" // the source appended to, "" by default
	envPath   = "MEMFILE_TEST_PATH"   // the note "replace" writes, memory/b.md by default
)

// helperDay is the day the helper appends to: memory/2026-04-04.md.
var helperDay = time.Date(2026, 4, 4, 12, 0, 0, 0, time.UTC)

const helperRel = "memory/2026-04-04.md"

// helperNote is the note of n bytes the helper appends.
func helperNote(n int) string {
	line := "a note line that a killed process may cut anywhere\n"
	return strings.TrimSuffix(strings.Repeat(line, n/len(line)+1)[:n], "\n") + "x"
}

// TestAppendHelper is not a test: run by the tests below in a process of
// their own, it appends a note with memfile.AppendWith, the way a real
// writer does, under an RLIMIT_FSIZE ("fsize") or with a note of 32 MB to
// be killed in ("big"). It exits 0 when AppendWith failed, 3 when it did not.
func TestAppendHelper(t *testing.T) {
	mode := os.Getenv(envHelper)
	if mode == "" {
		t.Skip("helper process only")
	}
	root := os.Getenv(envRoot)
	size := 1000
	if mode == "big" {
		size = 32 << 20
	}
	if mode == "fsize" || mode == "replace" {
		limit, _ := strconv.ParseUint(os.Getenv(envLimit), 10, 64)
		var rl syscall.Rlimit
		syscall.Getrlimit(syscall.RLIMIT_FSIZE, &rl)
		rl.Cur = limit
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &rl); err != nil {
			fmt.Println("setrlimit:", err)
			os.Exit(2)
		}
	}
	if mode == "replace" {
		_, err := memfile.Replace(root, cmp.Or(os.Getenv(envPath), "memory/b.md"), []byte("hi\n"))
		fmt.Println("replace:", err)
		os.Exit(0)
	}
	_, _, err := memfile.AppendWith(context.Background(), root, helperNote(size), helperDay, time.UTC, memfile.InSource(os.Getenv(envSource)))
	fmt.Println("append:", err)
	if err != nil {
		os.Exit(0)
	}
	os.Exit(3)
}

func helperCmd(t *testing.T, mode, root string, env ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestAppendHelper$")
	cmd.Env = append(os.Environ(), append(env, envHelper+"="+mode, envRoot+"="+root)...)
	return cmd
}

// TestAppendFailureLeavesFileUnchanged appends in a process whose file
// size limit (RLIMIT_FSIZE) cuts the write in the middle of the note: the
// kernel writes part of it, then fails with EFBIG. Append must return the
// error and leave the log byte-identical to before; a retry of the same
// note must then add it once.
func TestAppendFailureLeavesFileUnchanged(t *testing.T) {
	original := strings.Repeat("# Log\n\nan earlier note\n", 200) // 4,600 bytes
	root := memweavetest.Workspace(t, map[string]string{helperRel: original})
	limit := len(original) + 300 // the 1,000-byte note is cut at 300
	out, err := helperCmd(t, "fsize", root, envLimit+"="+strconv.Itoa(limit)).CombinedOutput()
	if err != nil {
		t.Fatalf("helper: %v\n%s", err, out)
	}
	if !bytes.Contains(out, []byte("file too large")) {
		t.Errorf("helper output %q, want Append to fail with EFBIG", out)
	}
	if got := memweavetest.ReadFile(t, root, helperRel); got != original {
		t.Fatalf("after the failed append the log has %d bytes (%q...), want the %d it had", len(got), got[len(original):min(len(got), len(original)+40)], len(original))
	}
	if _, err := os.Stat(filepath.Join(root, workspace.IndexDir, memfile.JournalName)); !os.IsNotExist(err) {
		t.Errorf("journal left after the undone append: %v", err)
	}
	// The retry, without the limit, adds the note once.
	if _, _, err := memfile.AppendWith(context.Background(), root, helperNote(1000), helperDay, time.UTC); err != nil {
		t.Fatal(err)
	}
	if got, want := memweavetest.ReadFile(t, root, helperRel), original+"\n"+helperNote(1000)+"\n"; got != want {
		t.Errorf("after the retry the log has %d bytes, want %d (the note once)", len(got), len(want))
	}
}

// TestAppendKilledMidWriteRecovered kills (SIGKILL) a process in the
// middle of writing a 32 MB note, as soon as the log starts growing, and
// checks that the next Append cuts the torn note off before adding its
// own: the log is the original plus the new note, nothing of the torn one.
func TestAppendKilledMidWriteRecovered(t *testing.T) {
	original := "# Log\n\nan earlier note\n"
	root := memweavetest.Workspace(t, map[string]string{helperRel: original})
	abs := filepath.Join(root, filepath.FromSlash(helperRel))
	full := int64(len(original) + 1 + 32<<20 + 1)
	var size int64
	for attempt := 1; ; attempt++ {
		if attempt > 10 {
			t.Fatalf("no kill landed inside the write in 10 attempts (last size %d)", size)
		}
		memweavetest.WriteFile(t, root, helperRel, original)
		size = killWhenGrowing(t, helperCmd(t, "big", root), abs, int64(len(original)))
		if size > int64(len(original)) && size < full {
			break
		}
	}
	if _, err := os.Stat(filepath.Join(root, workspace.IndexDir, memfile.JournalName)); err != nil {
		t.Fatalf("no journal after the kill: %v", err)
	}
	if _, _, err := memfile.AppendWith(context.Background(), root, "after the crash", helperDay, time.UTC); err != nil {
		t.Fatal(err)
	}
	if got, want := memweavetest.ReadFile(t, root, helperRel), original+"\nafter the crash\n"; got != want {
		t.Errorf("after the torn append (%d bytes) and a new one the log has %d bytes (%q...), want %q", size, len(got), got[:min(len(got), 80)], want)
	}
}

// killWhenGrowing starts cmd, kills it with SIGKILL as soon as the file
// abs grows past size, and returns the file's size after the kill.
func killWhenGrowing(t *testing.T, cmd *exec.Cmd, abs string, size int64) int64 {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if fi, err := os.Stat(abs); err == nil && fi.Size() > size {
			cmd.Process.Signal(syscall.SIGKILL)
			break
		}
		select {
		case err := <-done:
			t.Logf("helper finished before the kill: %v", err)
			fi, _ := os.Stat(abs)
			return fi.Size()
		default:
		}
	}
	cmd.Process.Signal(syscall.SIGKILL) // also past the deadline
	<-done
	fi, err := os.Stat(abs)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// TestAppendFailureLeavesNoNewFile appends, under a file size limit too
// small for the journal, to a log that does not exist yet, in a folder
// (a source) that does not either: the append fails before the note is
// written, and memory/ must be as it was, with no empty dated log and no
// empty source folder left behind. An empty log that existed stays.
func TestAppendFailureLeavesNoNewFile(t *testing.T) {
	for _, tc := range []struct {
		name, source, existing string
	}{
		{name: "new log", source: ""},
		{name: "new source folder", source: "proj"},
		{name: "existing source folder", source: "proj", existing: "memory/proj/notes.md"},
		{name: "existing empty log", source: "", existing: helperRel},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"memory/keep.md": "# Keep\n"}
			if tc.existing != "" {
				files[tc.existing] = ""
			}
			root := memweavetest.Workspace(t, files)
			before := listMemory(t, root)
			out, err := helperCmd(t, "fsize", root, envLimit+"=200", envSource+"="+tc.source).CombinedOutput()
			if err != nil {
				t.Fatalf("helper: %v\n%s", err, out)
			}
			if !bytes.Contains(out, []byte("file too large")) {
				t.Errorf("helper output %q, want Append to fail with EFBIG", out)
			}
			if after := listMemory(t, root); after != before {
				t.Errorf("after the failed append memory/ holds\n%s\nwant as before\n%s", after, before)
			}
		})
	}
}

// listMemory lists what memory/ holds, one path and size a line.
func listMemory(t *testing.T, root string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.Walk(filepath.Join(root, "memory"), func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if fi.IsDir() {
			fmt.Fprintf(&b, "%s/\n", rel)
		} else {
			fmt.Fprintf(&b, "%s %d bytes\n", rel, fi.Size())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestAppendJournalFailureLeavesNoNewLog: the first append of a day
// created the log, then wrote its journal; when that write failed (a
// full disk; here RLIMIT_FSIZE of 10 bytes), the append returned the
// error and left the log it created, empty: a note that never existed,
// which git listed and sync committed. The log is now made whole at once,
// and a write that fails leaves none.
func TestAppendJournalFailureLeavesNoNewLog(t *testing.T) {
	// The index folder's .gitignore, which the append would write first.
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n", workspace.IndexDir + "/.gitignore": "*\n"})
	out, err := helperCmd(t, "fsize", root, envLimit+"=10").CombinedOutput()
	if err != nil {
		t.Fatalf("helper: %v\n%s", err, out)
	}
	if !bytes.Contains(out, []byte("file too large")) {
		t.Errorf("helper output %q, want Append to fail with EFBIG", out)
	}
	if fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(helperRel))); err == nil {
		t.Errorf("after the append failed (%s), %s is left, %d bytes; want it never made", strings.TrimSpace(string(out)), helperRel, fi.Size())
	}
}

// TestReplaceFailureLeavesNoNewFolder writes a note into folders that do
// not exist yet under a file size limit no write fits in: the write fails,
// and memory/ must be as it was, without the empty folders it made.
func TestReplaceFailureLeavesNoNewFolder(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/keep.md": "# Keep\n", "memory/old/x.md": "# X\n"})
	before := listMemory(t, root)
	out, err := helperCmd(t, "replace", root, envLimit+"=1", envPath+"=memory/old/new/deep/b.md").CombinedOutput()
	if err != nil {
		t.Fatalf("helper: %v\n%s", err, out)
	}
	if !bytes.Contains(out, []byte("file too large")) {
		t.Errorf("helper output %q, want Replace to fail with EFBIG", out)
	}
	if after := listMemory(t, root); after != before {
		t.Errorf("after the failed write memory/ holds\n%s\nwant as before\n%s", after, before)
	}
}

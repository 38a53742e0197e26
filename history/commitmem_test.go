package history_test

import (
	"context"
	"fmt"
	"os/exec"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memweave/memweave-go/history"
)

// TestCommitTimesMemoryIsBounded: a small history can list a great many
// paths (here 400 commits that each flip 2,000 notes between two trees:
// a repository of kilobytes, a git log of megabytes). CommitTimes keeps
// the last time of each path, not the log: its heap stays well under
// the log's size.
func TestCommitTimesMemoryIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a long history")
	}
	dir, _ := repo(t)
	const files, commits = 2000, 400
	var in strings.Builder
	in.WriteString("blob\nmark :1\ndata 4\n# a\n\nblob\nmark :2\ndata 4\n# b\n\n")
	for c := range commits {
		fmt.Fprintf(&in, "commit refs/heads/main\ncommitter t <t@example.com> %d +0000\ndata 2\nc\n", 1700000000+c)
		for i := range files {
			fmt.Fprintf(&in, "M 100644 :%d memory/note-%05d.md\n", 1+c%2, i)
		}
	}
	cmd := exec.Command("git", "fast-import", "--quiet")
	cmd.Dir, cmd.Stdin = dir, strings.NewReader(in.String())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git fast-import: %v\n%s", err, out)
	}
	logBytes := commits * files * len("memory/note-00000.md\x00")

	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
			runtime.ReadMemStats(&m)
			if m.HeapAlloc > peak.Load() {
				peak.Store(m.HeapAlloc)
			}
		}
	}()
	at := history.CommitTimes(context.Background(), dir, time.Now())
	got := at("memory/note-00007.md")
	close(done)
	if want := time.Unix(1700000000+commits-1, 0).UTC(); !got.Equal(want) {
		t.Errorf("CommitTimes(memory/note-00007.md) = %v, want %v", got, want)
	}
	grew := int64(peak.Load()) - int64(base.HeapAlloc)
	t.Logf("git log of %d bytes, heap grew by at most %d bytes", logBytes, grew)
	if grew > int64(logBytes)/4 {
		t.Errorf("CommitTimes' heap grew by %d bytes for a git log of %d bytes: it holds the log", grew, logBytes)
	}
}

// TestCommitTimesLongName: a commit naming a path longer than any file
// system holds (a hand-made tree) costs that path its time, not every
// path theirs.
func TestCommitTimesLongName(t *testing.T) {
	dir, run := repo(t)
	git := gitInput(t, dir)
	b := git("# note\n", "hash-object", "-w", "--stdin")
	long := strings.Repeat("x", 100<<10) + ".md"
	mem := git("100644 blob "+b+"\t"+long+"\n100644 blob "+b+"\tok.md\n", "mktree")
	root := git("040000 tree "+mem+"\tmemory\n", "mktree")
	commit := run("commit-tree", root, "-m", "long name")
	run("update-ref", "HEAD", commit)
	at := history.CommitTimes(context.Background(), dir, time.Now())
	if got := at("memory/ok.md"); got.IsZero() {
		t.Errorf("CommitTimes(memory/ok.md) = zero beside a name of %d bytes, want its commit's time", len(long))
	}
}

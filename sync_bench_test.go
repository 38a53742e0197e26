package memweave_test

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// BenchmarkSyncOneNote times a sync that brings one note changed on
// another machine into a workspace of 1,000 or 10,000 notes: git's own
// time (git-ms/op), the rest of the sync (overhead-ms/op: re-index and
// bookkeeping) and the files the re-index read (files-read/op).
func BenchmarkSyncOneNote(b *testing.B) {
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("no git")
	}
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("notes=%d", n), func(b *testing.B) { benchSyncOneNote(b, n) })
	}
}

func benchSyncOneNote(b *testing.B, n int) {
	ctx := context.Background()
	gitB := func(dir string, args ...string) {
		b.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=b", "-c", "user.email=b@b"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	dir := b.TempDir()
	seed, bare := filepath.Join(dir, "seed"), filepath.Join(dir, "remote.git")
	for i := range n {
		memweavetest.WriteFile(b, seed, fmt.Sprintf("memory/notes/%03d/n%05d.md", i%100, i),
			fmt.Sprintf("# Note %d\n\nThe service %d runs on host h%d with %d workers.\n", i, i, i%97, i%13))
	}
	gitB(dir, "init", "-q", "--bare", "-b", "main", bare)
	gitB(seed, "init", "-q", "-b", "main")
	gitB(seed, "add", "-A")
	gitB(seed, "commit", "-qm", "seed")
	gitB(seed, "push", "-q", bare, "main")
	here, there := filepath.Join(dir, "here"), filepath.Join(dir, "there")
	gitB(dir, "clone", "-q", bare, here)
	gitB(dir, "clone", "-q", bare, there)
	w, err := memweave.Open(ctx, memweave.Config{Workspace: here, Now: memweavetest.Clock()})
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Index(ctx); err != nil {
		b.Fatal(err)
	}
	if _, err := w.Sync(ctx, memweave.SyncAuthor("bench <b@b>")); err != nil {
		b.Fatal(err)
	}
	gitB(there, "pull", "-q", "--ff-only")
	var git, over time.Duration
	read := 0
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		k := (i * 7919) % n
		rel := fmt.Sprintf("memory/notes/%03d/n%05d.md", k%100, k)
		memweavetest.WriteFile(b, there, rel, fmt.Sprintf("# Changed %d\n\nThe service moved to host z%d.\n", i, i))
		gitB(there, "commit", "-qam", "change")
		gitB(there, "push", "-q", "origin", "main")
		b.StartTimer()
		res, err := w.Sync(ctx, memweave.SyncAuthor("bench <b@b>"))
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Changed) != 1 || res.Changed[0] != rel {
			b.Fatalf("Sync changed %v, want [%s]", res.Changed, rel)
		}
		git += res.GitTime
		over += res.Duration - res.GitTime
		read += res.Reindexed
	}
	b.ReportMetric(float64(git.Microseconds())/1000/float64(b.N), "git-ms/op")
	b.ReportMetric(float64(over.Microseconds())/1000/float64(b.N), "overhead-ms/op")
	b.ReportMetric(float64(read)/float64(b.N), "files-read/op")
}

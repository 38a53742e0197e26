package history_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/memweavetest"
)

// repo makes a git repository in a temporary folder; run runs git in it
// with a fixed identity and no system or global configuration.
func repo(t *testing.T) (dir string, run func(args ...string) string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir = t.TempDir()
	run = func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+dir,
			"GIT_AUTHOR_DATE=2025-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2025-01-01T00:00:00Z")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	run("init", "-q")
	return dir, run
}

// checkOut is CheckOut of rev, closed when the test ends.
func checkOut(t *testing.T, dir, rev string, lim history.Limits) (*history.Checkout, error) {
	t.Helper()
	co, err := history.CheckOut(context.Background(), dir, rev, lim)
	if err == nil {
		t.Cleanup(func() { co.Close() })
	}
	return co, err
}

func TestCheckOutAndChanges(t *testing.T) {
	ctx := context.Background()
	dir, run := repo(t)
	memweavetest.WriteFile(t, dir, "memory/stack.md", "# Stack\n\nThe staging database runs PostgreSQL 15.\n")
	memweavetest.WriteFile(t, dir, "memory/people.md", "# People\n\nAlice leads billing.\n")
	memweavetest.WriteFile(t, dir, "notes.txt", "not memory\n")
	run("add", "-A")
	run("commit", "-q", "-m", "one")
	first := run("rev-parse", "HEAD")
	memweavetest.WriteFile(t, dir, "memory/stack.md", "# Stack\n\nThe staging database runs PostgreSQL 16.\n")
	memweavetest.WriteFile(t, dir, "memory/2025-05-01.md", "# Log\n\nMoved staging.\n")
	if err := os.Remove(filepath.Join(dir, "memory/people.md")); err != nil {
		t.Fatal(err)
	}
	run("add", "-A")
	run("commit", "-q", "-m", "two")

	got, err := history.Resolve(ctx, dir, "HEAD~1")
	if err != nil || got != first {
		t.Fatalf("Resolve(HEAD~1) = %q, %v, want %q", got, err, first)
	}
	co, err := checkOut(t, dir, first, history.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	dst := co.Dir
	if co.Files != 2 {
		t.Errorf("CheckOut wrote %d files, want 2 (%v)", co.Files, co.Skipped)
	}
	if got := memweavetest.ReadFile(t, dst, "memory/stack.md"); !strings.Contains(got, "PostgreSQL 15") {
		t.Errorf("memory/stack.md at %s = %q", first, got)
	}
	if _, err := os.Stat(filepath.Join(dst, "notes.txt")); err == nil {
		t.Error("CheckOut wrote a file outside memory/")
	}
	for _, to := range []string{"HEAD", ""} {
		res, err := history.Changes(ctx, dir, first, to, chunker.Options{}, history.Limits{}, history.Page{})
		if err != nil {
			t.Fatal(err)
		}
		var kinds []string
		for _, c := range res.Changes {
			kinds = append(kinds, c.Kind+" "+c.Path)
		}
		want := "added memory/2025-05-01.md|removed memory/people.md|changed memory/stack.md"
		if g := strings.Join(kinds, "|"); g != want {
			t.Errorf("Changes(%s, %q) = %s, want %s", first, to, g, want)
		}
	}
}

func TestResolveErrors(t *testing.T) {
	ctx := context.Background()
	dir, run := repo(t)
	memweavetest.WriteFile(t, dir, "memory/a.md", "# A\n\nx y z\n")
	run("add", "-A")
	run("commit", "-q", "-m", "one")
	for _, rev := range []string{"", "--output=/tmp/x", "-h", "HEAD\n", "nosuchbranch", strings.Repeat("a", 300)} {
		if _, err := history.Resolve(ctx, dir, rev); !errors.Is(err, history.ErrBadRevision) {
			t.Errorf("Resolve(%q) = %v, want ErrBadRevision", rev, err)
		}
	}
	if _, err := checkOut(t, dir, "--output=x", history.Limits{}); !errors.Is(err, history.ErrBadRevision) {
		t.Errorf("CheckOut(--output=x) = %v, want ErrBadRevision", err)
	}
	if _, err := history.Resolve(ctx, t.TempDir(), "HEAD"); !errors.Is(err, history.ErrNotRepository) {
		t.Errorf("Resolve outside a repository = %v, want ErrNotRepository", err)
	}
	t.Setenv("PATH", t.TempDir())
	if _, err := history.Resolve(ctx, dir, "HEAD"); !errors.Is(err, history.ErrNoGit) {
		t.Errorf("Resolve without git = %v, want ErrNoGit", err)
	}
}

// TestCheckOutHostileTree commits a symbolic link and names the path
// rules refuse; none is written, and nothing lands outside its folder.
func TestCheckOutHostileTree(t *testing.T) {
	dir, run := repo(t)
	memweavetest.WriteFile(t, dir, "memory/ok.md", "# OK\n\nfine\n")
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "memory", "link.md")); err != nil {
		t.Skip(err)
	}
	memweavetest.WriteFile(t, dir, "memory/.hidden.md", "# H\n\nhidden\n")
	run("add", "-A")
	run("commit", "-q", "-m", "hostile")
	co, err := checkOut(t, dir, run("rev-parse", "HEAD"), history.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if co.Files != 1 || len(co.Skipped) != 2 {
		t.Errorf("CheckOut = %d files, skipped %q; want 1 file and 2 skipped", co.Files, co.Skipped)
	}
	if fi, err := os.Lstat(filepath.Join(co.Dir, "memory", "link.md")); err == nil {
		t.Errorf("link.md written: %v", fi.Mode())
	}
}

// TestCommitTimes checks the commit times of a workspace in a subfolder
// of its repository, and that asking about many paths runs git once: a
// wrapper on $PATH counts the git processes.
func TestCommitTimes(t *testing.T) {
	dir, run := repo(t)
	ws := filepath.Join(dir, "ws")
	memweavetest.WriteFile(t, ws, "memory/a.md", "# A\n\nx y z\n")
	memweavetest.WriteFile(t, ws, "memory/b c.md", "# B\n\nx y z\n")
	for i := range 50 {
		memweavetest.WriteFile(t, ws, fmt.Sprintf("memory/n%02d.md", i), "# N\n")
	}
	run("add", "-A")
	run("commit", "-q", "-m", "one")
	memweavetest.WriteFile(t, ws, "memory/b c.md", "# B\n\nchanged\n")
	run("add", "-A")
	run("-c", "core.quotePath=true", "commit", "-q", "-m", "two", "--date=2026-02-03T00:00:00Z")

	real, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	bin := t.TempDir()
	count := filepath.Join(bin, "count")
	script := "#!/bin/sh\necho x >> " + count + "\nexec " + real + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	at := history.CommitTimes(context.Background(), ws, time.Now())
	if got := at("memory/a.md"); got.Year() != 2025 {
		t.Errorf("CommitTimes(memory/a.md) = %v, want 2025-01-01", got)
	}
	if got := at("memory/b c.md"); got.Year() != 2025 {
		// The commit date is fixed by the environment; only the author
		// date moved: both commits say 2025.
		t.Errorf("CommitTimes(memory/b c.md) = %v, want 2025", got)
	}
	for i := range 50 {
		if got := at(fmt.Sprintf("memory/n%02d.md", i)); got.IsZero() {
			t.Errorf("CommitTimes(memory/n%02d.md) = zero", i)
		}
	}
	if got := at("memory/none.md"); !got.IsZero() {
		t.Errorf("CommitTimes(memory/none.md) = %v, want zero", got)
	}
	data, _ := os.ReadFile(count)
	if n := strings.Count(string(data), "x"); n != 1 {
		t.Errorf("CommitTimes ran git %d times for 53 paths, want 1", n)
	}
}

// TestCheckOutDotDotTree builds a tree by hand whose memory/ holds a
// folder named "..": the file under it would land in dst/, outside
// memory/, and is refused.
func TestCheckOutDotDotTree(t *testing.T) {
	dir, run := repo(t)
	blob := func(content string) string {
		cmd := exec.Command("git", "hash-object", "-w", "--stdin")
		cmd.Dir, cmd.Stdin = dir, strings.NewReader(content)
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	mktree := func(entries string) string {
		cmd := exec.Command("git", "mktree")
		cmd.Dir, cmd.Stdin = dir, strings.NewReader(entries)
		out, err := cmd.Output()
		if err != nil {
			t.Skipf("git mktree refused the tree: %v", err)
		}
		return strings.TrimSpace(string(out))
	}
	b := blob("# evil\n")
	inner := mktree("100644 blob " + b + "\tevil.md\n")
	mem := mktree("040000 tree " + inner + "\t..\n100644 blob " + b + "\tok.md\n")
	root := mktree("040000 tree " + mem + "\tmemory\n")
	commit := run("commit-tree", root, "-m", "hostile")
	co, err := checkOut(t, dir, commit, history.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if co.Files != 1 || len(co.Skipped) != 1 || !strings.Contains(co.Skipped[0], "memory/../evil.md") {
		t.Errorf("CheckOut = %d files, skipped %q; want ok.md only", co.Files, co.Skipped)
	}
	if _, err := os.Stat(filepath.Join(co.Dir, "evil.md")); err == nil {
		t.Error("evil.md written outside memory/")
	}
}

// TestAmplifyingCommit reads a commit naming one blob under 64 paths:
// CheckOut writes the blob once and lists the other names, and
// Changes returns a page of the changes with the total and the offset of
// the next page.
func TestAmplifyingCommit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	ctx := context.Background()
	dir := t.TempDir()
	commit, err := memweavetest.AmplifyingCommit(ctx, dir, 256<<10, 64)
	if err != nil {
		t.Fatal(err)
	}
	co, err := checkOut(t, dir, commit, history.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if co.Files != 1 || len(co.Skipped) != 63 || !strings.Contains(co.Skipped[0], "same content as memory/a00.md") {
		t.Errorf("CheckOut = %d files, %d skipped (%.80q); want 1 file and 63 same-content entries", co.Files, len(co.Skipped), co.Skipped)
	}
	res, err := history.Changes(ctx, dir, commit, "", chunker.Options{}, history.Limits{}, history.Page{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Changes) != 10 || !res.Truncated || res.NextOffset != 10 || res.Total%64 != 0 || res.Total < 640 {
		t.Fatalf("Changes page = %d changes, total %d, truncated %v, next %d; want 10 of 64*k, truncated, next 10",
			len(res.Changes), res.Total, res.Truncated, res.NextOffset)
	}
	last, err := history.Changes(ctx, dir, commit, "", chunker.Options{}, history.Limits{}, history.Page{Offset: res.Total - 3, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(last.Changes) != 3 || last.Truncated || last.Changes[2].Path != "memory/a63.md" || last.Changes[2].Kind != history.Removed {
		t.Errorf("last page = %d changes, truncated %v; want the 3 last removals of memory/a63.md", len(last.Changes), last.Truncated)
	}
	same, err := history.Changes(ctx, dir, commit, commit, chunker.Options{}, history.Limits{}, history.Page{})
	if err != nil || same.Total != 0 {
		t.Errorf("Changes(commit, commit) = %+v, %v; want none", same, err)
	}
}

func TestGitMaxOutput(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, err := history.Git(context.Background(), t.TempDir(), history.GitOptions{MaxOutput: 10}, "--version")
	if !errors.Is(err, history.ErrOutputTooLarge) {
		t.Errorf("Git --version with 10 bytes of output allowed = %v, want ErrOutputTooLarge", err)
	}
	out, err := history.Git(context.Background(), t.TempDir(), history.GitOptions{MaxOutput: 1 << 10}, "--version")
	if err != nil || !strings.HasPrefix(string(out), "git version") {
		t.Errorf("Git --version = %q, %v", out, err)
	}
}

// TestResolveCommitMessageSearch: ":/text", the youngest commit whose
// message matches text, names that commit, and a path with ".." after a
// colon is no range.
func TestResolveCommitMessageSearch(t *testing.T) {
	ctx := context.Background()
	dir, run := repo(t)
	memweavetest.WriteFile(t, dir, "memory/a.md", "# A\n\nx y z\n")
	run("add", "-A")
	run("commit", "-q", "-m", "move the db to Postgres 17")
	want := run("rev-parse", "HEAD")
	memweavetest.WriteFile(t, dir, "memory/b.md", "# B\n\nx y z\n")
	run("add", "-A")
	run("commit", "-q", "-m", "two")
	if got, err := history.Resolve(ctx, dir, ":/Postgres 17"); got != want || err != nil {
		t.Errorf("Resolve(:/Postgres 17) = %q, %v, want %s", got, err, want)
	}
	if _, err := history.Resolve(ctx, dir, ":/no such message"); !errors.Is(err, history.ErrBadRevision) {
		t.Errorf("Resolve(:/no such message) = %v, want ErrBadRevision", err)
	}
	if _, err := history.Resolve(ctx, dir, "HEAD:../x"); !errors.Is(err, history.ErrBadRevision) || strings.Contains(err.Error(), "range") {
		t.Errorf("Resolve(HEAD:../x) = %v, want ErrBadRevision naming no range", err)
	}
}

// TestResolveRefusesBackReferences: a message search (":/regex",
// "REV^{/regex}") runs the regular expression over every commit message,
// and glibc's matcher takes time exponential in a message's length for a
// back-reference: ":/((a*)*)*\2\1b" held a CPU for over 60 s on one
// commit message of 100 letters (50: 1.2 s), which any remote can bring.
// The revision may come from an MCP client (memory_search's at); a
// back-reference is refused, named, and a search without one still
// resolves.
func TestResolveRefusesBackReferences(t *testing.T) {
	dir, run := repo(t)
	memweavetest.WriteFile(t, dir, "memory/a.md", "# A\n\nx\n")
	run("add", "-A")
	run("commit", "-q", "-m", "Postgres 17 on host a")
	want := run("rev-parse", "HEAD")
	run("commit", "-q", "--allow-empty", "-m", strings.Repeat("a", 100))
	for _, rev := range []string{`:/((a*)*)*\2\1b`, `HEAD^{/((a*)*)*\2\1b}`, `:/x\9`} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if _, err := history.Resolve(ctx, dir, rev); !errors.Is(err, history.ErrBadRevision) || !strings.Contains(err.Error(), "back-reference") {
			t.Errorf("Resolve(%q) = %v, want ErrBadRevision naming the back-reference", rev, err)
		}
	}
	if got, err := history.Resolve(context.Background(), dir, `:/Postgres (1[0-9]) on`); got != want || err != nil {
		t.Errorf("Resolve(:/Postgres (1[0-9]) on) = %q, %v, want %s", got, err, want)
	}
}

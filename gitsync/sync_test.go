package gitsync_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	stdsync "sync"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// run runs git in dir and returns its trimmed output, failing the test
// on an error.
func run(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// remote makes a bare repository with a first commit holding memory/,
// and beside it, in the folder "seed", the work tree that pushed it, its
// origin the bare repository: a copy of the pair [seeded] made (two git
// commands instead of six).
func remote(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	copyDir(t, filepath.Dir(seeded(t)), dir)
	bare, work := filepath.Join(dir, "remote.git"), filepath.Join(dir, "seed")
	run(t, work, "remote", "set-url", "origin", bare)
	// The copy's stat data differ from the index's: refreshed, git sees
	// the checkout it made.
	run(t, work, "update-index", "-q", "--refresh")
	return bare
}

// seed is the bare repository that every remote copies, made once per
// test process (six git commands each remote ran) by [seeded], in a
// folder TestMain removes.
var seed struct {
	once stdsync.Once
	dir  string // the folder holding it, for TestMain
	bare string // "" when making it failed
}

// seeded returns the bare repository of [seed], making it on the first
// call: its branch main holds one commit, memory/notes/db.md, which the
// work tree "seed" beside it pushed.
func seeded(t testing.TB) string {
	t.Helper()
	seed.once.Do(func() {
		dir, err := os.MkdirTemp("", "gitsync-seed-")
		if err != nil {
			t.Fatal(err)
		}
		seed.dir = dir
		bare, work := filepath.Join(dir, "remote.git"), filepath.Join(dir, "seed")
		run(t, dir, "init", "-q", "--bare", "-b", "main", bare)
		run(t, dir, "init", "-q", "-b", "main", work)
		write(t, work, "memory/notes/db.md", "# DB\n\nPostgres 16.\n")
		run(t, work, "add", "-A")
		run(t, work, "commit", "-qm", "seed")
		run(t, work, "remote", "add", "origin", bare)
		run(t, work, "push", "-q", "origin", "main")
		seed.bare = bare
	})
	if seed.bare == "" {
		t.Fatal("making the seed remote failed in an earlier test")
	}
	return seed.bare
}

// clone clones bare into a new workspace named name.
func clone(t testing.TB, bare, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	run(t, filepath.Dir(dir), "clone", "-q", bare, dir)
	return dir
}

// syncedPair makes a remote and two clones of it, named (and synced as
// hosts) an and bn, each synced once, a first.
func syncedPair(t testing.TB, an, bn string) (bare, a, b string) {
	t.Helper()
	bare = remote(t)
	a, b = clone(t, bare, an), clone(t, bare, bn)
	sync(t, a, an)
	sync(t, b, bn)
	return bare, a, b
}

// pushedAndPending makes a remote and two clones of it, a and b, each
// synced once; then a writes aFiles (workspace-relative path to text)
// and syncs, and b writes bFiles, not yet synced.
func pushedAndPending(t *testing.T, aFiles, bFiles map[string]string) (bare, a, b string) {
	t.Helper()
	bare, a, b = syncedPair(t, "a", "b")
	for p, text := range aFiles {
		write(t, a, p, text)
	}
	sync(t, a, "a")
	for p, text := range bFiles {
		write(t, b, p, text)
	}
	return bare, a, b
}

// template makes a remote and its clones named names, runs setup on
// them (nil: none), and returns a function giving each subtest a copy of
// the lot, its clones fetching from and pushing to the copy's remote:
// cases that start from the same synced clones pay for the setup's git
// commands once (a sync runs 16 or more).
func template(t *testing.T, setup func(ws []string), names ...string) func(*testing.T) []string {
	t.Helper()
	bare := remote(t)
	ws := make([]string, len(names))
	for i, n := range names {
		ws[i] = clone(t, bare, n)
	}
	if setup != nil {
		setup(ws)
	}
	return func(t *testing.T) []string {
		t.Helper()
		to := filepath.Join(t.TempDir(), "remote.git")
		copyDir(t, bare, to)
		out := make([]string, len(ws))
		for i, w := range ws {
			out[i] = filepath.Join(t.TempDir(), names[i]) // alone in its folder, as clone makes it
			copyDir(t, w, out[i])
			run(t, out[i], "remote", "set-url", "origin", to)
			// The copies' stat data differ from the index's: refreshed,
			// git sees them as the checkout it made (a sparse checkout
			// would keep files it takes for edited).
			run(t, out[i], "update-index", "-q", "--refresh")
		}
		return out
	}
}

// copyDir copies the tree src to dst, a path not there yet.
func copyDir(t testing.TB, src, dst string) {
	t.Helper()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
}

func write(t testing.TB, root, rel, text string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t testing.TB, root, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func sync(t testing.TB, root, host string) *gitsync.Result {
	t.Helper()
	res, err := gitsync.Sync(context.Background(), root, gitsync.Options{Host: host})
	if err != nil {
		t.Fatalf("Sync(%s): %v", host, err)
	}
	return res
}

func TestSyncSharesNotesAndMergesDatedLogs(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a, b := clone(t, bare, "a"), clone(t, bare, "b")
	write(t, a, "memory/2026-03-14.md", "from a\n")
	write(t, a, "memory/notes/a.md", "only on a\n")
	res := sync(t, a, "a")
	if res.Committed == "" || !res.Pushed {
		t.Fatalf("Sync(a) = %+v, want a commit pushed", res)
	}
	if !strings.Contains(res.CommitMessage, "A memory/notes/a.md") {
		t.Errorf("commit message %q does not say what changed", res.CommitMessage)
	}
	write(t, b, "memory/2026-03-14.md", "from b\n")
	res = sync(t, b, "b")
	if len(res.Conflicts) != 0 {
		t.Errorf("Sync(b) conflicts = %v, want none for a dated log", res.Conflicts)
	}
	if got := strings.Join(res.Changed, ","); !strings.Contains(got, "memory/notes/a.md") || !strings.Contains(got, "memory/2026-03-14.md") {
		t.Errorf("Sync(b).Changed = %v, want a's note and the log", res.Changed)
	}
	sync(t, a, "a")
	for _, ws := range []string{a, b} {
		log := read(t, ws, "memory/2026-03-14.md")
		if !strings.Contains(log, "from a") || !strings.Contains(log, "from b") || strings.Contains(log, "<<<<<<<") {
			t.Errorf("%s log = %q, want both entries and no marker", ws, log)
		}
		if got := read(t, ws, "memory/notes/a.md"); got != "only on a\n" {
			t.Errorf("%s a.md = %q", ws, got)
		}
	}
	// Every tip the remote had is an ancestor of its tip: no force push.
	st, err := gitsync.ReadStatus(context.Background(), a, gitsync.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Ahead != 0 || st.Behind != 0 || st.LastError != "" || st.IndexedCommit != st.Head {
		t.Errorf("ReadStatus(a) = %+v, want in step with the remote", st)
	}
}

func TestSyncSameNoteBothSidesKeepsBoth(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a, b := clone(t, bare, "a"), clone(t, bare, "b")
	write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17 (a).\n")
	sync(t, a, "hosta")
	write(t, b, "memory/notes/db.md", "# DB\n\nMySQL 8 (b).\n")
	res := sync(t, b, "hostb")
	if len(res.Conflicts) != 1 || res.Conflicts[0].Path != "memory/notes/db.md" {
		t.Fatalf("Sync(b).Conflicts = %v, want memory/notes/db.md", res.Conflicts)
	}
	cp := res.Conflicts[0].Copy
	if !strings.HasPrefix(cp, "memory/notes/db.conflict-hostb-") || !strings.HasSuffix(cp, ".md") {
		t.Errorf("copy = %q", cp)
	}
	// The copy holds b's own text: the remote brought only a's version.
	if want := []string{"memory/notes/db.md"}; !slices.Equal(res.Changed, want) {
		t.Errorf("Sync(b).Changed = %q, want %q: not b's own conflict copy", res.Changed, want)
	}
	if res := sync(t, a, "hosta"); !slices.Equal(res.Changed, []string{cp}) {
		t.Errorf("Sync(a) after b's push: Changed = %q, want [%s]", res.Changed, cp)
	}
	for _, ws := range []string{a, b} {
		if got := read(t, ws, "memory/notes/db.md"); !strings.Contains(got, "(a)") {
			t.Errorf("%s db.md = %q, want a's version (pushed first)", ws, got)
		}
		if got := read(t, ws, cp); !strings.Contains(got, "(b)") {
			t.Errorf("%s %s = %q, want b's version", ws, cp, got)
		}
		list, err := gitsync.Conflicts(ws)
		if err != nil || len(list) != 1 || list[0].Path != "memory/notes/db.md" || list[0].Copy != cp {
			t.Errorf("Conflicts(%s) = %v, %v", ws, list, err)
		}
		st, err := gitsync.ReadStatus(context.Background(), ws, gitsync.Options{})
		if err != nil || len(st.Conflicts) != 1 {
			t.Errorf("ReadStatus(%s).Conflicts = %v, %v", ws, st, err)
		}
	}
}

func TestSyncModifyDeleteKeepsTheChange(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a, b := clone(t, bare, "a"), clone(t, bare, "b")
	os.Remove(filepath.Join(a, "memory/notes/db.md"))
	sync(t, a, "a")
	write(t, b, "memory/notes/db.md", "# DB\n\nchanged on b\n")
	sync(t, b, "b")
	sync(t, a, "a")
	for _, ws := range []string{a, b} {
		if got := read(t, ws, "memory/notes/db.md"); !strings.Contains(got, "changed on b") {
			t.Errorf("%s db.md = %q, want b's change kept", ws, got)
		}
	}
}

func TestSyncWithoutGitOrRemote(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "memory"), 0o755)
	_, err := gitsync.Sync(context.Background(), dir, gitsync.Options{})
	if !errors.Is(err, gitsync.ErrNoRepository) || !strings.Contains(err.Error(), "git init") {
		t.Errorf("Sync(no repo) = %v, want ErrNoRepository saying git init", err)
	}
	run(t, dir, "init", "-q", "-b", "main")
	_, err = gitsync.Sync(context.Background(), dir, gitsync.Options{})
	if !errors.Is(err, gitsync.ErrNoRemote) || !strings.Contains(err.Error(), "git remote add origin") {
		t.Errorf("Sync(no remote) = %v, want ErrNoRemote saying git remote add", err)
	}
	_, err = gitsync.ReadStatus(context.Background(), dir, gitsync.Options{})
	if !errors.Is(err, gitsync.ErrNoRemote) {
		t.Errorf("ReadStatus(no remote) = %v, want ErrNoRemote", err)
	}
}

func TestSyncFromEmptyRemote(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	bare := filepath.Join(dir, "r.git")
	run(t, dir, "init", "-q", "--bare", "-b", "main", bare)
	a := filepath.Join(dir, "a")
	run(t, dir, "init", "-q", "-b", "main", a)
	run(t, a, "remote", "add", "origin", bare)
	write(t, a, "memory/x.md", "x\n")
	sync(t, a, "a")
	b := clone(t, bare, "b")
	write(t, b, "memory/y.md", "y\n")
	sync(t, b, "b")
	sync(t, a, "a")
	if got := read(t, a, "memory/y.md"); got != "y\n" {
		t.Errorf("a y.md = %q", got)
	}
}

func TestSyncRefusesToCommitWhatOthersWouldRefuse(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	if err := os.Symlink("/etc/passwd", filepath.Join(a, "memory", "passwd.md")); err != nil {
		t.Skip(err)
	}
	before := run(t, a, "rev-parse", "HEAD")
	_, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a"})
	if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(err.Error(), "memory/passwd.md") || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("Sync with a link in memory/ = %v, want ErrRefused naming it", err)
	}
	if got := run(t, a, "rev-parse", "HEAD"); got != before {
		t.Errorf("HEAD moved to %s", got)
	}
	if got := run(t, bare, "rev-parse", "main"); got != before {
		t.Errorf("the remote moved to %s", got)
	}
}

// TestSyncFirstRunInterruptedReindexesLater: the first sync of a clone
// moves the branch and then fails to re-index (as when it is killed after
// the move); the next sync still re-indexes the notes the first one
// brought, because the first recorded where the index stood before it
// moved anything.
func TestSyncFirstRunInterruptedReindexesLater(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a, b := clone(t, bare, "a"), clone(t, bare, "b")
	write(t, a, "memory/notes/from-a.md", "written on a\n")
	sync(t, a, "a")
	ctx := context.Background()
	failing := gitsync.Options{Host: "b", Reindex: func(context.Context, []string) (int, error) {
		return 0, errors.New("interrupted")
	}}
	if _, err := gitsync.Sync(ctx, b, failing); err == nil {
		t.Fatal("first sync of b: want the re-index error")
	}
	if got := read(t, b, "memory/notes/from-a.md"); got != "written on a\n" {
		t.Fatalf("b's work tree after the first sync: from-a.md = %q", got)
	}
	var reindexed []string
	again := gitsync.Options{Host: "b", Reindex: func(_ context.Context, paths []string) (int, error) {
		reindexed = append(reindexed, paths...)
		return len(paths), nil
	}}
	if _, err := gitsync.Sync(ctx, b, again); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(reindexed, "memory/notes/from-a.md") {
		t.Errorf("second sync re-indexed %v, want memory/notes/from-a.md among them", reindexed)
	}
}

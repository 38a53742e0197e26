package memweave_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/search"
)

// flakyEmbedder is the offline embedder, except that it fails, wrapping
// embed.ErrUnavailable, for any batch holding a text with poison.
type flakyEmbedder struct {
	*embed.Hash
	poison string
}

func (e flakyEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	for _, t := range texts {
		if strings.Contains(t, e.poison) {
			return nil, fmt.Errorf("flaky: endpoint down: %w", embed.ErrUnavailable)
		}
	}
	return e.Hash.EmbedDocuments(ctx, texts)
}

// everyKindWorkspace builds an indexed workspace and then changes it so
// that it holds a file of every freshness kind: new (memory/new.md),
// changed (memory/changed.md), deleted (memory/deleted.md), grown over
// MaxFileBytes (memory/grown.md, which still has rows), unreadable
// (memory/dangling.md, a link to nothing), pending (memory/pending.md,
// whose embedding fails) and unchanged (memory/same.md).
func everyKindWorkspace(t *testing.T) (root string, cfg memweave.Config) {
	t.Helper()
	root = memweavetest.Workspace(t, map[string]string{
		"memory/same.md":    "# Same\n\nunchanged ORIOLE-1 note\n",
		"memory/changed.md": "# Changed\n\nold CRANE-2 text\n",
		"memory/deleted.md": "# Deleted\n\ndoomed EGRET-3 note\n",
		"memory/grown.md":   "# Grown\n\nsmall FINCH-4 note\n",
	})
	cfg = memweave.Config{MaxFileBytes: 200, Embedder: memweave.EmbedderConfig{
		Custom: flakyEmbedder{Hash: embed.NewHash(0), poison: "PENDING-5"}}}
	w := open(t, root, cfg)
	if res := mustIndex(t, w); res.FilesIndexed != 4 || len(res.Warnings) != 0 {
		t.Fatalf("first Index = %+v", res)
	}
	memweavetest.WriteFile(t, root, "memory/pending.md", "# Pending\n\nPENDING-5 waits for a vector\n")
	if res, err := w.Add(context.Background(), "memory/pending.md"); err != nil || res.FilesPending != 1 {
		t.Fatalf("Add(pending) = %+v, %v; want 1 pending file", res, err)
	}
	w.Close()

	memweavetest.WriteFile(t, root, "memory/changed.md", "# Changed\n\nnew HERON-6 text, longer than before\n")
	memweavetest.WriteFile(t, root, "memory/new.md", "# New\n\nfresh IBIS-7 note\n")
	memweavetest.WriteFile(t, root, "memory/grown.md", "# Grown\n\n"+strings.Repeat("JAY-8 grew past the limit. ", 20))
	if err := os.Remove(filepath.Join(root, "memory", "deleted.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "nowhere.md"), filepath.Join(root, "memory", "dangling.md")); err != nil {
		t.Fatal(err)
	}
	return root, cfg
}

// TestFreshnessAgrees checks that Status, Check, the sync before a search,
// Index and the watcher agree on what is stale, by construction: they all
// read one freshness diff.
func TestFreshnessAgrees(t *testing.T) {
	ctx := context.Background()
	root, cfg := everyKindWorkspace(t)
	w := open(t, root, cfg)

	st, err := w.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := w.Check(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rep.Missing, []string{"memory/new.md"}) || !slices.Equal(rep.Stale, []string{"memory/changed.md", "memory/grown.md"}) ||
		!slices.Equal(rep.Orphaned, []string{"memory/deleted.md"}) || !slices.Equal(rep.TooLarge, []string{"memory/grown.md"}) || rep.Pending != 1 {
		t.Errorf("Check = missing %q stale %q orphaned %q too large %q pending %d", rep.Missing, rep.Stale, rep.Orphaned, rep.TooLarge, rep.Pending)
	}
	if len(rep.Warnings) != 1 || rep.Warnings[0].Path != "memory/dangling.md" || !errors.Is(rep.Warnings[0], os.ErrNotExist) {
		t.Errorf("Check warnings = %q, want one about memory/dangling.md wrapping ErrNotExist", rep.Warnings)
	}
	if want := len(rep.Missing) + len(rep.Stale) + len(rep.Orphaned); st.StaleFiles != want || !st.Scanned {
		t.Errorf("Status.StaleFiles = %d, Check finds %d stale", st.StaleFiles, want)
	}
	if st.TooLargeFiles != 1 || st.UnreadableFiles != 1 || st.PendingFiles != 1 {
		t.Errorf("Status = too large %d unreadable %d pending %d, want 1 each", st.TooLargeFiles, st.UnreadableFiles, st.PendingFiles)
	}

	// The sync before a search fixes what is stale and says what it
	// could not fix, as typed warnings.
	resp := mustSearch(t, w, "JAY-8", memweave.MinScore(0), memweave.SearchMode(memweave.ModeKeyword))
	if len(resp.Results) != 0 {
		t.Errorf("search for the grown file's new text = %q, want nothing: it is over the limit", locs(resp.Results))
	}
	var tooLarge memweave.Warning
	for _, wn := range resp.Warnings {
		if errors.Is(wn, memweave.ErrTooLarge) {
			tooLarge = wn
		}
	}
	if tooLarge.Path != "memory/grown.md" {
		t.Errorf("search warnings = %q, want one wrapping ErrTooLarge for memory/grown.md", resp.Warnings)
	}
	if got := searchPaths(t, w, "FINCH-4"); len(got) != 0 {
		t.Errorf("search for the grown file's old text = %q, want nothing: its rows are gone", got)
	}
	if got := searchPaths(t, w, "HERON-6"); !slices.Equal(got, []string{"memory/changed.md"}) {
		t.Errorf("search for the changed text = %q", got)
	}
	assertFresh(t, w)
	// Nothing is stale now: a search does not sync again, so it carries no
	// warning.
	// (The pending file's chunk has no vector: that is the one warning.)
	resp = mustSearch(t, w, "IBIS-7")
	if len(resp.Warnings) != 1 || !errors.Is(resp.Warnings[0], search.ErrMissingVectors) || len(resp.Results) != 1 {
		t.Errorf("second search = %q, warnings %q; want 1 result, only the missing-vector warning", locs(resp.Results), resp.Warnings)
	}

	// Index retries the pending file; its embedder still fails, and the
	// warning says so with a cause callers can test.
	res := mustIndex(t, w)
	if res.FilesPending != 1 || !slices.ContainsFunc(res.Warnings, func(wn memweave.Warning) bool {
		return errors.Is(wn, memweave.ErrEmbedderUnavailable)
	}) {
		t.Errorf("Index = %+v, want 1 pending and a warning wrapping ErrEmbedderUnavailable", res)
	}
	assertFresh(t, w)
}

// TestFreshnessAgreesWithWatcher checks that the watcher's catch-up sync
// leaves what Status and Check call fresh.
func TestFreshnessAgreesWithWatcher(t *testing.T) {
	root, cfg := everyKindWorkspace(t)
	w := open(t, root, cfg)
	changed := make(chan memweave.WatchEvent, 64)
	if err := w.Watch(context.Background(), memweave.Debounce(20*time.Millisecond), memweave.PollInterval(time.Hour),
		memweave.OnChange(func(ev memweave.WatchEvent) { changed <- ev })); err != nil {
		t.Fatal(err)
	}
	var got []string
	deadline := time.After(10 * time.Second)
	for len(got) < 4 {
		select {
		case ev := <-changed:
			got = append(got, fmt.Sprintf("%s removed=%v err=%v", ev.Path, ev.Removed, ev.Err != nil))
		case <-deadline:
			t.Fatalf("watcher events = %q, want 4", got)
		}
	}
	slices.Sort(got)
	want := []string{"memory/changed.md removed=false err=false", "memory/deleted.md removed=true err=false",
		"memory/grown.md removed=true err=false", "memory/new.md removed=false err=false"}
	if !slices.Equal(got, want) {
		t.Errorf("watcher events = %q, want %q", got, want)
	}
	assertFresh(t, w)
}

// assertFresh checks that Status and Check agree that nothing is stale.
func assertFresh(t *testing.T, w *memweave.Weave) {
	t.Helper()
	ctx := context.Background()
	st, err := w.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := w.Check(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.StaleFiles != 0 || !rep.OK() || st.PendingFiles != rep.Pending || st.TooLargeFiles != len(rep.TooLarge) {
		t.Errorf("after sync: Status stale %d pending %d too large %d; Check problems %q pending %d too large %q",
			st.StaleFiles, st.PendingFiles, st.TooLargeFiles, rep.Problems(), rep.Pending, rep.TooLarge)
	}
}

// rewriteSameStat replaces rel's content with text of the same length and
// puts its old mtime back, as a coarse clock or cp -p would.
func rewriteSameStat(t *testing.T, root, rel, text string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(text)) != fi.Size() {
		t.Fatalf("rewrite of %s: %d bytes, want the same size %d", rel, len(text), fi.Size())
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
}

// TestSameStatRewriteSeen checks that a same-size rewrite that keeps the
// mtime is found by the stat scan (the ctime changed), by a search's sync
// and by Write, which always re-reads what it wrote.
func TestSameStatRewriteSeen(t *testing.T) {
	root, w := openIndexed(t, map[string]string{"memory/a.md": "# A\n\ncode ALPHA-111\n"}, memweave.Config{})
	rewriteSameStat(t, root, "memory/a.md", "# A\n\ncode OMEGA-999\n")
	if got := searchPaths(t, w, "OMEGA-999"); !slices.Equal(got, []string{"memory/a.md"}) {
		t.Errorf("search after a same-stat rewrite = %q, want the new text found", got)
	}
	if got := searchPaths(t, w, "ALPHA-111"); len(got) != 0 {
		t.Errorf("old text still found: %q", got)
	}
	// Write twice in one timestamp tick, same size.
	if _, err := w.Write(context.Background(), "b.md", "# B\n\nfirst KAPPA-1\n"); err != nil {
		t.Fatal(err)
	}
	rewriteSameStat(t, root, "memory/b.md", "# B\n\nfirst KAPPA-2\n")
	if _, err := w.Write(context.Background(), "b.md", "# B\n\nfirst KAPPA-3\n"); err != nil {
		t.Fatal(err)
	}
	if got := searchPaths(t, w, "KAPPA-3"); !slices.Equal(got, []string{"memory/b.md"}) {
		t.Errorf("search after Write = %q, want memory/b.md", got)
	}
}

// TestRacyTimestampRule checks git's racy rule where ctime and inode are
// unknown (rows from before they were recorded, or a platform without
// them): a file indexed within the timestamp granularity of its mtime is
// read again, and a same-stat rewrite is found.
func TestRacyTimestampRule(t *testing.T) {
	root, w := openIndexed(t, map[string]string{"memory/a.md": "# A\n\ncode ALPHA-111\n"}, memweave.Config{})
	w.Close()
	dbPath := filepath.Join(root, ".memweave", "index.db")
	db, err := sql.Open("sqlite3", dbPath)
	if err != nil {
		t.Fatal(err)
	}
	// Forget ctime and inode; the row was written within the racy window.
	if _, err := db.Exec(`UPDATE files SET ctime = 0, inode = 0, indexed_at = mtime + 10000000`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	rewriteSameStat(t, root, "memory/a.md", "# A\n\ncode OMEGA-999\n")
	w = open(t, root, memweave.Config{})
	if st, err := w.Status(context.Background()); err != nil || st.StaleFiles != 1 {
		t.Fatalf("Status.StaleFiles = %v (%v), want 1: the racy row must be read", st.StaleFiles, err)
	}
	if got := searchPaths(t, w, "OMEGA-999"); !slices.Equal(got, []string{"memory/a.md"}) {
		t.Errorf("search = %q, want the rewritten file", got)
	}
	// Not racy (indexed long after the mtime) and no ctime: size and mtime
	// are trusted, as before.
	if r := (index.File{MTime: 1e18, IndexedAt: 1e18 + 3e9}); indexer.Racy(r) {
		t.Error("a row indexed 3 s after its mtime is racy")
	}
	if r := (index.File{MTime: 1e18, IndexedAt: 1e18 + 1e9}); !indexer.Racy(r) {
		t.Error("a row indexed 1 s after its mtime is not racy")
	}
	// A fraction of a second in the mtime: a fine file system, 50 ms.
	if r := (index.File{MTime: 1e18 + 123, IndexedAt: 1e18 + 30e6}); !indexer.Racy(r) {
		t.Error("a fine-mtime row indexed 30 ms after its mtime is not racy")
	}
	if r := (index.File{MTime: 1e18 + 123, IndexedAt: 1e18 + 100e6}); indexer.Racy(r) {
		t.Error("a fine-mtime row indexed 100 ms after its mtime is racy")
	}
	// An unknown read time (rows from before it was recorded) is
	// distrusted: the file is read once and its row refreshed.
	if r := (index.File{MTime: 1e18}); !indexer.Racy(r) {
		t.Error("a row without a read time (indexed_at 0) is not racy")
	}
}

// TestAppendToOversizedLog: an append that would take the day's log
// past MaxFileBytes is refused, naming the log, its size and the limit,
// and nothing is written: past the limit the log is not indexed, and
// every earlier note of the day would vanish from search. The log's
// notes stay found; a smaller note still fits; and a log already over
// the limit (an editor's save) takes no more notes either.
func TestAppendToOversizedLog(t *testing.T) {
	const day = "memory/2026-11-30.md"
	root, w := openIndexed(t, map[string]string{day: "# Log\n\nsmall LARK-1 entry\n"}, memweave.Config{MaxFileBytes: 300})
	ctx := context.Background()
	before := memweavetest.ReadFile(t, root, day)
	big := strings.Repeat("filler words for a long entry. ", 12)
	path, err := w.Append(ctx, "LARK-2 "+big)
	if path != "" || !errors.Is(err, memweave.ErrTooLarge) {
		t.Fatalf("Append = %q, %v; want no path and an error wrapping ErrTooLarge", path, err)
	}
	for _, s := range []string{day, fmt.Sprint(len(before)), "300-byte limit", "nothing was written"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("Append error %q does not name %q", err, s)
		}
	}
	if got := memweavetest.ReadFile(t, root, day); got != before {
		t.Errorf("the log changed: %q", got)
	}
	if got := searchPaths(t, w, "LARK-1"); len(got) != 1 {
		t.Errorf("search LARK-1 = %q, want the log", got)
	}
	st, err := w.Status(ctx)
	if err != nil || st.TooLargeFiles != 0 || st.StaleFiles != 0 {
		t.Errorf("Status = too large %d stale %d (%v); want 0 and 0", st.TooLargeFiles, st.StaleFiles, err)
	}
	if path, err := w.Append(ctx, "LARK-3 fits"); path != day || err != nil {
		t.Errorf("Append(small) = %q, %v; want the log", path, err)
	}
	memweavetest.WriteFile(t, root, day, "# Log\n\n"+big+big)
	if path, err := w.Append(ctx, "LARK-4"); path != "" || !errors.Is(err, memweave.ErrTooLarge) {
		t.Errorf("Append to a log over the limit = %q, %v; want ErrTooLarge", path, err)
	}
	if got := memweavetest.ReadFile(t, root, day); strings.Contains(got, "LARK-4") {
		t.Error("the note was added to a log over the limit")
	}
}

// TestLongLivedSearchSeesEveryEdit runs a long-lived Weave the way an
// agent's server does: many searches, with the files edited by other
// means in between. Once its freshness scan keeps the folders open and
// watched (after the first searches), every edit must still be found by
// the very next search: a same-size rewrite with the mtime put back, an
// append, an editor's atomic save, a new file in a new folder, a removed
// file.
func TestLongLivedSearchSeesEveryEdit(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/a.md":           "# A\n\ncode ALPHA-111\n",
		"memory/team/b.md":      "# B\n\ncode BRAVO-222\n",
		"memory/team/c.md":      "# C\n\ncode CHARLIE-333\n",
		"memory/team/deep/d.md": "# D\n\ncode DELTA-444\n",
	})
	old := time.Now().Add(-time.Hour)
	filepath.WalkDir(root, func(p string, _ os.DirEntry, err error) error {
		if err == nil {
			os.Chtimes(p, old, old)
		}
		return err
	})
	w := open(t, root, memweave.Config{})
	mustIndex(t, w)
	for range 4 { // list, open and watch, then trust the watches
		searchPaths(t, w, "ALPHA-111")
	}
	write := func(rel, text string, flag int) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		f, err := os.OpenFile(p, flag|os.O_WRONLY|os.O_CREATE, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(text); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		name, find, path string
		change           func()
	}{
		{"same-size rewrite, mtime put back", "ECHO-5555", "memory/team/b.md", func() {
			rewriteSameStat(t, root, "memory/team/b.md", "# B\n\ncode ECHO-5555\n")
		}},
		{"append", "FOXTROT-666", "memory/team/deep/d.md", func() {
			write("memory/team/deep/d.md", "\nmore FOXTROT-666\n", os.O_APPEND)
		}},
		{"atomic save", "GOLF-777", "memory/team/c.md", func() {
			write("memory/team/.c.md.tmp", "# C\n\ncode GOLF-777\n", os.O_TRUNC)
			if err := os.Rename(filepath.Join(root, "memory/team/.c.md.tmp"), filepath.Join(root, "memory/team/c.md")); err != nil {
				t.Fatal(err)
			}
		}},
		{"new file in a new folder", "HOTEL-888", "memory/new/e.md", func() {
			write("memory/new/e.md", "# E\n\ncode HOTEL-888\n", os.O_TRUNC)
		}},
	}
	for _, st := range steps {
		st.change()
		if got := searchPaths(t, w, st.find); !slices.Equal(got, []string{st.path}) {
			t.Errorf("%s: search for %s = %q, want %s", st.name, st.find, got, st.path)
		}
		searchPaths(t, w, "ALPHA-111") // a search with nothing changed between
	}
	if err := os.Remove(filepath.Join(root, "memory", "a.md")); err != nil {
		t.Fatal(err)
	}
	if got := searchPaths(t, w, "ALPHA-111"); len(got) != 0 {
		t.Errorf("removed file: search = %q, want nothing", got)
	}
}

// envEditFile, envEditText and envEditOp tell TestEditHelperProcess what
// to do: write the text to the file (the default), or, with the op
// "append", append it, with "save", save it as an editor does (a
// temporary file renamed over the file), with "remove", remove the file
// or folder and everything in it, with "move", rename it to the path the
// text names.
const (
	envEditFile = "MEMWEAVE_EDIT_FILE"
	envEditText = "MEMWEAVE_EDIT_TEXT"
	envEditOp   = "MEMWEAVE_EDIT_OP"
)

// TestEditHelperProcess is not a test: it is another program that edits
// one file and exits, for TestSearchSeesOtherProcessWrite and
// TestCadenceFindsOtherProcessEdits.
func TestEditHelperProcess(t *testing.T) {
	path := os.Getenv(envEditFile)
	if path == "" {
		t.Skip("helper process for TestSearchSeesOtherProcessWrite")
	}
	if err := editAs(os.Getenv(envEditOp), path, os.Getenv(envEditText)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(0)
}

// editAs is the edit of TestEditHelperProcess.
func editAs(op, path, text string) error {
	switch op {
	case "remove":
		return os.RemoveAll(path)
	case "move":
		return os.Rename(path, text)
	case "append":
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return err
		}
		if _, err := f.WriteString(text); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if op != "save" {
		return os.WriteFile(path, []byte(text), 0o644)
	}
	tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp")
	if err := os.WriteFile(tmp, []byte(text), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// editInProcess runs TestEditHelperProcess as another process that makes
// the edit op (see envEditOp) of rel under root, and waits for it to
// exit.
func editInProcess(t *testing.T, root, op, rel, text string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestEditHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), envEditFile+"="+filepath.Join(root, filepath.FromSlash(rel)), envEditText+"="+text, envEditOp+"="+op)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("edit helper (%s %s): %v: %s", op, rel, err, out)
	}
}

// TestSearchSeesOtherProcessWrite is the freshness promise on the
// default path of a long-lived Weave: another process writes a note
// (a new file, a rewrite of the same size, a file in a new folder) and
// exits, and the very next search finds it, every time. It runs without
// a watcher (the first search starts one on demand) and with one running
// whose debounce never fires.
func TestSearchSeesOtherProcessWrite(t *testing.T) {
	for _, watch := range []bool{false, true} {
		t.Run(fmt.Sprintf("watch=%v", watch), func(t *testing.T) {
			root := memweavetest.Workspace(t, map[string]string{"memory/base.md": "# Base\n\nbaseline note\n"})
			w := open(t, root, memweave.Config{})
			if watch {
				if err := w.Watch(context.Background(), memweave.Debounce(time.Hour)); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := w.Search(context.Background(), "baseline"); err != nil {
				t.Fatal(err)
			}
			for i := range 24 {
				rel := fmt.Sprintf("memory/n%d.md", i%4) // rewrites of the same size from i=4 on
				if i%6 == 5 {
					rel = fmt.Sprintf("memory/new%d/deep/n.md", i)
				}
				token := fmt.Sprintf("zebu%02dtoken", i)
				editInProcess(t, root, "", rel, "# Note\n\n"+token+" written by another process\n")
				resp, err := w.Search(context.Background(), token, memweave.SearchMode(memweave.ModeKeyword))
				if err != nil {
					t.Fatal(err)
				}
				if len(resp.Results) == 0 || resp.Results[0].Path != rel || !strings.Contains(resp.Results[0].Text, token) {
					t.Fatalf("edit %d of %s: the next search found %+v (warnings %v)", i, rel, resp.Results, resp.Warnings)
				}
			}
		})
	}
}

// TestSearchSeesEditThroughLink: a file listed through a link (a link
// in an extra folder to a file elsewhere in the workspace) is edited at
// its target, whose folder no watch covers; the next search of a
// long-lived Weave still finds the edit, and edits in a folder linked the
// same way too.
func TestSearchSeesEditThroughLink(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/base.md": "# Base\n\nbaseline note\n",
		"docs/x.md":      "# X\n\nalpha version\n",
		"notes/n.md":     "# N\n\nplain note\n",
	})
	if err := os.Symlink(filepath.Join(root, "docs", "x.md"), filepath.Join(root, "notes", "x.md")); err != nil {
		t.Skip(err)
	}
	w := open(t, root, memweave.Config{ExtraPaths: []string{"notes"}})
	ctx := context.Background()
	if resp, err := w.Search(ctx, "alpha", memweave.SearchMode(memweave.ModeKeyword)); err != nil || len(resp.Results) == 0 || resp.Results[0].Path != "notes/x.md" {
		t.Fatalf("Search(alpha) = %+v, %v; want notes/x.md", resp, err)
	}
	if st, err := w.Status(ctx, memweave.NoScan()); err != nil || st.Freshness != "events" {
		t.Fatalf("Status = %+v, %v; want freshness events", st, err)
	}
	for i := range 5 {
		token := fmt.Sprintf("omega%dversion", i)
		memweavetest.WriteFile(t, root, "docs/x.md", "# X\n\n"+token+"\n")
		resp, err := w.Search(ctx, token, memweave.SearchMode(memweave.ModeKeyword))
		if err != nil || len(resp.Results) == 0 || resp.Results[0].Path != "notes/x.md" {
			t.Fatalf("edit %d at the link's target: Search(%s) = %+v, %v", i, token, resp, err)
		}
	}
	// A linked folder is watched under the link's path.
	if err := os.MkdirAll(filepath.Join(root, "shelf"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "shelf"), filepath.Join(root, "notes", "shelf")); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Search(ctx, "anything"); err != nil {
		t.Fatal(err)
	}
	memweavetest.WriteFile(t, root, "shelf/s.md", "# S\n\nshelved kappa note\n")
	resp, err := w.Search(ctx, "kappa", memweave.SearchMode(memweave.ModeKeyword))
	if err != nil || len(resp.Results) == 0 || resp.Results[0].Path != "notes/shelf/s.md" {
		t.Fatalf("Search(kappa) after a file landed in a linked folder = %+v, %v", resp, err)
	}
	memweavetest.WriteFile(t, root, "shelf/s.md", "# S\n\nshelved lambda note\n")
	resp, err = w.Search(ctx, "lambda", memweave.SearchMode(memweave.ModeKeyword))
	if err != nil || len(resp.Results) == 0 || resp.Results[0].Path != "notes/shelf/s.md" {
		t.Fatalf("Search(lambda) after an edit in a linked folder = %+v, %v", resp, err)
	}
	if st, err := w.Status(ctx, memweave.NoScan()); err != nil || st.Freshness != "events" {
		t.Errorf("Status = %+v, %v; want freshness events", st, err)
	}
}

// TestSearchAfterFolderMovedAway: a long-lived Weave whose folder of
// notes is moved out of memory/ or deleted stops finding them at the
// very next search, and finds them under their new path.
func TestSearchAfterFolderMovedAway(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/base.md":         "# Base\n\nbaseline note\n",
		"memory/team/a.md":       "# A\n\nquokka roster\n",
		"memory/team/deep/b.md":  "# B\n\nwombat roster\n",
		"memory/teamwork/c.md":   "# C\n\nnumbat roster\n",
		"memory/other/doomed.md": "# D\n\nbilby roster\n",
	})
	w := open(t, root, memweave.Config{})
	ctx := context.Background()
	paths := func(q string) []string {
		t.Helper()
		resp, err := w.Search(ctx, q, memweave.SearchMode(memweave.ModeKeyword))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range resp.Results {
			out = append(out, r.Path)
		}
		return out
	}
	if got := paths("roster"); len(got) != 4 {
		t.Fatalf("Search(roster) = %v, want the four rosters", got)
	}
	if err := os.Rename(filepath.Join(root, "memory", "team"), filepath.Join(root, "memory", "moved")); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(root, "memory", "other")); err != nil {
		t.Fatal(err)
	}
	got := paths("roster")
	slices.Sort(got)
	if want := []string{"memory/moved/a.md", "memory/moved/deep/b.md", "memory/teamwork/c.md"}; !slices.Equal(got, want) {
		t.Errorf("Search(roster) after moving memory/team and deleting memory/other = %v, want %v", got, want)
	}
}

// TestOneShotFirstSearchSeesEdits: the first search of a fresh one-shot
// handle (a CLI command) reads the index while its freshness check walks
// the workspace; when the check finds files edited or added since the
// index was written, the search returns what the index brought up to date
// holds: the same hits, with the same scores, as a search of a handle
// opened afterwards.
func TestOneShotFirstSearchSeesEdits(t *testing.T) {
	root, w := openIndexed(t, map[string]string{
		"memory/a.md": "# A\n\nthe deploy window is on Tuesday\n",
		"memory/b.md": "# B\n\nthe on-call rotation is weekly\n",
		"memory/c.md": "# C\n\nthe database migration is planned\n",
	}, memweave.Config{})
	w.Close()
	memweavetest.WriteFile(t, root, "memory/b.md", "# B\n\nthe deploy window moved to Thursday\n")
	memweavetest.WriteFile(t, root, "memory/d.md", "# D\n\na deploy window freeze in December\n")

	first := mustSearch(t, open(t, root, memweave.Config{OneShot: true}), "deploy window", memweave.MinScore(0))
	again := mustSearch(t, open(t, root, memweave.Config{OneShot: true}), "deploy window", memweave.MinScore(0), memweave.NoSync())
	got, want := locs(first.Results), locs(again.Results)
	if !slices.Equal(got, want) || !slices.Contains(got, "memory/b.md:1-3") || !slices.Contains(got, "memory/d.md:1-3") {
		t.Fatalf("first search of a fresh handle = %q, want %q, with the edited and the new file", got, want)
	}
	for i := range first.Results {
		if a, b := first.Results[i].Score, again.Results[i].Score; a != b {
			t.Errorf("result %s: score %v in the first search, %v after", got[i], a, b)
		}
	}
}

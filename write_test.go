package memweave_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// searchPaths returns the paths of the results for query, any score.
func searchPaths(tb testing.TB, w *memweave.Weave, query string) []string {
	tb.Helper()
	resp, err := w.Search(context.Background(), query, memweave.MinScore(0), memweave.SearchMode(memweave.ModeKeyword))
	if err != nil {
		tb.Fatalf("Search(%q): %v", query, err)
	}
	var out []string
	for _, r := range resp.Results {
		out = append(out, r.Path)
	}
	return out
}

func TestWriteCreatesReplacesAndIndexes(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/stack.md": "# Stack\n\nPostgres.\n"})
	w := open(t, root, memweave.Config{NoSyncOnSearch: true})
	res, err := w.Write(ctx, "notes/db.md", "# DB\n\nThe migration code is ORCHID-7731.\n")
	if err != nil {
		t.Fatalf("Write: %v", err)
	}
	if res.FilesIndexed != 1 || res.ChunksCreated == 0 {
		t.Errorf("Write result = %+v, want 1 file indexed", res)
	}
	if got := memweavetest.ReadFile(t, root, "memory/notes/db.md"); got != "# DB\n\nThe migration code is ORCHID-7731.\n" {
		t.Errorf("file = %q", got)
	}
	// NoSyncOnSearch: the search sees the file only because Write indexed it.
	if got := searchPaths(t, w, "ORCHID-7731"); !slices.Equal(got, []string{"memory/notes/db.md"}) {
		t.Errorf("search after Write = %q, want [memory/notes/db.md]", got)
	}
	// Same file through the memory/ prefix; same size, new content.
	if _, err := w.Write(ctx, "memory/notes/db.md", "# DB\n\nThe migration code is LOTUS-44190.\n"); err != nil {
		t.Fatalf("second Write: %v", err)
	}
	if got := searchPaths(t, w, "ORCHID-7731"); len(got) != 0 {
		t.Errorf("old content still found in %q", got)
	}
	if got := searchPaths(t, w, "LOTUS-44190"); !slices.Equal(got, []string{"memory/notes/db.md"}) {
		t.Errorf("search for new content = %q", got)
	}
	entries, err := os.ReadDir(filepath.Join(root, "memory", "notes"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("memory/notes holds %d entries, want only db.md (no temporary files)", len(entries))
	}
}

func TestWriteIsAtomic(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, nil)
	w := open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "none"}})
	a := "# A\n\n" + strings.Repeat("alpha line\n", 1500)
	b := "# B\n\n" + strings.Repeat("beta\n", 2500)
	if _, err := w.Write(ctx, "big.md", a); err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(root, "memory", "big.md")
	done := make(chan struct{})
	var wg sync.WaitGroup
	var torn, reads int
	var mu sync.Mutex
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-done:
					return
				default:
				}
				data, err := os.ReadFile(abs)
				mu.Lock()
				reads++
				if err != nil || (string(data) != a && string(data) != b) {
					torn++
				}
				mu.Unlock()
			}
		})
	}
	for i := range 12 {
		content := a
		if i%2 == 0 {
			content = b
		}
		if _, err := w.Write(ctx, "big.md", content); err != nil {
			t.Fatal(err)
		}
	}
	close(done)
	wg.Wait()
	if torn > 0 {
		t.Errorf("%d of %d concurrent reads saw a missing or partial file", torn, reads)
	}
	if got := memweavetest.ReadFile(t, root, "memory/big.md"); got != a {
		t.Errorf("final content is not the last write")
	}
}

func TestWriteRefuses(t *testing.T) {
	ctx := context.Background()
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "victim.md"), []byte("untouched\n"), 0o644)
	root := memweavetest.Workspace(t, map[string]string{"memory/keep.md": "keep\n", "README.md": "readme\n"})
	if err := os.Symlink(outside, filepath.Join(root, "memory", "out")); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
	if err := os.Symlink(filepath.Join(outside, "victim.md"), filepath.Join(root, "memory", "link.md")); err != nil {
		t.Fatal(err)
	}
	w := open(t, root, memweave.Config{})
	tests := []struct {
		path string
		want error
	}{
		{"../x.md", workspace.ErrOutsideMemory},
		{"../README.md", workspace.ErrOutsideMemory},
		{"notes/../../x.md", workspace.ErrOutsideMemory},
		{"/etc/x.md", workspace.ErrOutsideMemory},
		{filepath.Join(root, "memory", "abs.md"), workspace.ErrOutsideMemory},
		{"", workspace.ErrOutsideMemory},
		{"memory", workspace.ErrOutsideMemory},
		{"x.txt", workspace.ErrNotMarkdown},
		{"notes/x", workspace.ErrNotMarkdown},
		{".hidden/x.md", workspace.ErrIgnoredName},
		{"x.md~", workspace.ErrIgnoredName},
		{"out/x.md", workspace.ErrOutsideMemory},
		{"out/victim.md", workspace.ErrOutsideMemory},
		{"link.md", workspace.ErrOutsideMemory},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			_, err := w.Write(ctx, tt.path, "# pwned\n")
			if !errors.Is(err, tt.want) {
				t.Errorf("Write(%q) = %v, want %v", tt.path, err, tt.want)
			}
		})
	}
	if got := memweavetest.ReadFile(t, outside, "victim.md"); got != "untouched\n" {
		t.Errorf("file outside memory/ changed to %q", got)
	}
	if _, err := os.Stat(filepath.Join(outside, "x.md")); err == nil {
		t.Errorf("a file was created outside memory/")
	}
	if got := memweavetest.ReadFile(t, root, "README.md"); got != "readme\n" {
		t.Errorf("README.md changed to %q", got)
	}
}

func TestWriteThroughLinkInsideMemory(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/real.md": "old\n"})
	link := filepath.Join(root, "memory", "alias.md")
	if err := os.Symlink("real.md", link); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
	w := open(t, root, memweave.Config{})
	if _, err := w.Write(context.Background(), "alias.md", "new QUASAR-118\n"); err != nil {
		t.Fatalf("Write through a link inside memory/: %v", err)
	}
	if got := memweavetest.ReadFile(t, root, "memory/real.md"); got != "new QUASAR-118\n" {
		t.Errorf("target = %q, want the new content", got)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("alias.md is no longer a link")
	}
	if got := searchPaths(t, w, "QUASAR-118"); !slices.Equal(got, []string{"memory/real.md"}) {
		t.Errorf("search = %q, want [memory/real.md]", got)
	}
}

func TestAppend(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{
		"memory/stack.md":                  "# Stack\n",
		"memory/researcher_agent/notes.md": "# Notes\n",
	})
	w := open(t, root, memweave.Config{NoSyncOnSearch: true})
	p, err := w.Append(ctx, "First note: we picked NATS.")
	if err != nil {
		t.Fatalf("Append: %v", err)
	}
	if p != "memory/2026-11-30.md" {
		t.Errorf("Append path = %q, want memory/2026-11-30.md", p)
	}
	if _, err := w.Append(ctx, "Second note:\n- WOMBAT-93 is the flag.\n\n\n"); err != nil {
		t.Fatal(err)
	}
	want := "First note: we picked NATS.\n\nSecond note:\n- WOMBAT-93 is the flag.\n"
	if got := memweavetest.ReadFile(t, root, p); got != want {
		t.Errorf("dated file = %q, want %q", got, want)
	}
	if got := searchPaths(t, w, "WOMBAT-93"); !slices.Equal(got, []string{p}) {
		t.Errorf("search after Append = %q, want [%s]", got, p)
	}
	if got := memweavetest.ReadFile(t, root, "memory/stack.md"); got != "# Stack\n" {
		t.Errorf("evergreen stack.md changed: %q", got)
	}

	// A namespace, and "memory" meaning the default one.
	p, err = w.Append(ctx, "Agent note.", memweave.InSource("researcher_agent"))
	if err != nil || p != "memory/researcher_agent/2026-11-30.md" {
		t.Errorf("Append with Source = %q, %v; want memory/researcher_agent/2026-11-30.md", p, err)
	}
	if p, err = w.Append(ctx, "Third.", memweave.InSource("memory")); err != nil || p != "memory/2026-11-30.md" {
		t.Errorf("Append with Source memory = %q, %v", p, err)
	}
	// An explicit time, and a file not ending in a newline.
	memweavetest.WriteFile(t, root, "memory/2026-01-02.md", "existing line")
	p, err = w.Append(ctx, "later", memweave.Dated(time.Date(2026, 1, 2, 23, 0, 0, 0, time.UTC)))
	if err != nil || p != "memory/2026-01-02.md" {
		t.Fatalf("Append with Now = %q, %v", p, err)
	}
	if got := memweavetest.ReadFile(t, root, p); got != "existing line\n\nlater\n" {
		t.Errorf("appended to unterminated file: %q", got)
	}
}

func TestAppendTimeZone(t *testing.T) {
	root := memweavetest.Workspace(t, nil)
	// 12:00 UTC on 30 November is already 1 December in Kiribati.
	w := open(t, root, memweave.Config{TimeZone: time.FixedZone("LINT", 14*3600)})
	p, err := w.Append(context.Background(), "note")
	if err != nil || p != "memory/2026-12-01.md" {
		t.Errorf("Append = %q, %v; want memory/2026-12-01.md", p, err)
	}
}

func TestAppendRefuses(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/stack.md": "# Stack\n"})
	w := open(t, root, memweave.Config{})
	for _, src := range []string{"../x", "a/b", `a\b`, ".hidden", "a.b", "..", ".", "external", "has space", strings.Repeat("a", 65)} {
		if _, err := w.Append(ctx, "note", memweave.InSource(src)); !errors.Is(err, memweave.ErrInvalidSource) {
			t.Errorf("Append(Source %q) = %v, want ErrInvalidSource", src, err)
		}
	}
	if _, err := w.Append(ctx, " \n\t"); err == nil {
		t.Errorf("Append of blank text succeeded")
	}
	// A dated name linking to an evergreen file is refused.
	if err := os.Symlink("stack.md", filepath.Join(root, "memory", "2026-11-30.md")); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
	if _, err := w.Append(ctx, "note"); err == nil {
		t.Errorf("Append through a dated link succeeded")
	}
	if got := memweavetest.ReadFile(t, root, "memory/stack.md"); got != "# Stack\n" {
		t.Errorf("evergreen file changed: %q", got)
	}
}

func TestAppendConcurrentGoroutines(t *testing.T) {
	root := memweavetest.Workspace(t, nil)
	w := open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "none"}})
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 10 {
				if _, err := w.Append(context.Background(), fmt.Sprintf("entry g%d-%d", g, i)); err != nil {
					t.Errorf("Append: %v", err)
				}
			}
		})
	}
	wg.Wait()
	checkEntries(t, memweavetest.ReadFile(t, root, "memory/2026-11-30.md"), 8, 10, "g")
}

// checkEntries fails unless content holds exactly the entries
// "entry <prefix><w>-<i>" for w < workers and i < each, once each,
// separated by blank lines.
func checkEntries(tb testing.TB, content string, workers, each int, prefix string) {
	tb.Helper()
	if !strings.HasSuffix(content, "\n") || strings.Contains(content, "\n\n\n") {
		tb.Errorf("entries are not separated by exactly one blank line:\n%s", content)
	}
	count := make(map[string]int)
	for _, e := range strings.Split(strings.TrimSuffix(content, "\n"), "\n\n") {
		count[e]++
	}
	for g := range workers {
		for i := range each {
			e := fmt.Sprintf("entry %s%d-%d", prefix, g, i)
			if count[e] != 1 {
				tb.Errorf("%q appears %d times, want once", e, count[e])
			}
			delete(count, e)
		}
	}
	for e, n := range count {
		tb.Errorf("unexpected entry %q (%d times)", e, n)
	}
}

// Environment of TestAppendHelperProcess, set by
// TestAppendConcurrentProcesses.
const (
	envHelperRoot   = "MEMWEAVE_TEST_APPEND_ROOT"
	envHelperWorker = "MEMWEAVE_TEST_APPEND_WORKER"
)

// appendsPerProcess is how many notes each helper process appends.
const appendsPerProcess = 25

// TestAppendHelperProcess is not a test: TestAppendConcurrentProcesses
// runs the test binary with it selected, as one of several processes
// appending to one workspace.
func TestAppendHelperProcess(t *testing.T) {
	root := os.Getenv(envHelperRoot)
	if root == "" {
		t.Skip("helper process for TestAppendConcurrentProcesses")
	}
	worker := os.Getenv(envHelperWorker)
	w := open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "none"}})
	for i := range appendsPerProcess {
		if _, err := w.Append(context.Background(), fmt.Sprintf("entry p%s-%d", worker, i)); err != nil {
			t.Fatalf("worker %s: Append %d: %v", worker, i, err)
		}
	}
}

func TestAppendConcurrentProcesses(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no subprocesses")
	}
	root := memweavetest.Workspace(t, map[string]string{"memory/stack.md": "# Stack\n"})
	const procs = 4
	cmds := make([]*exec.Cmd, procs)
	outs := make([]*bytes.Buffer, procs)
	for i := range procs {
		cmd := exec.Command(os.Args[0], "-test.run=^TestAppendHelperProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), envHelperRoot+"="+root, envHelperWorker+"="+strconv.Itoa(i))
		outs[i] = new(bytes.Buffer)
		cmd.Stdout, cmd.Stderr = outs[i], outs[i]
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds[i] = cmd
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("helper %d: %v\n%s", i, err, outs[i])
		}
	}
	checkEntries(t, memweavetest.ReadFile(t, root, "memory/2026-11-30.md"), procs, appendsPerProcess, "p")
	// The index holds the final file.
	w := open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "none"}, NoSyncOnSearch: true})
	if got := searchPaths(t, w, `"entry p3-24"`); !slices.Contains(got, "memory/2026-11-30.md") {
		t.Errorf("last entry not indexed: search = %q", got)
	}
}

// TestGet checks which paths Get reads; memfile's tests cover the line
// ranges themselves.
func TestGet(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{
		"memory/notes.md":  "one\ntwo\nthree\n",
		"memory/crlf.md":   "a\r\nb\r\nc",
		"memory/empty.md":  "",
		"memory/sub/x.md":  "# X\n",
		"docs/guide.md":    "# Guide\n\nExternal line.\n",
		"README.md":        "not indexed\n",
		"memory/notes.txt": "not markdown\n",
	})
	w := open(t, root, memweave.Config{ExtraPaths: []string{"docs"}})
	if _, err := w.Index(ctx); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path        string
		from, count int
		want        string
	}{
		{"notes.md", 1, 0, "one\ntwo\nthree\n"},
		{"memory/notes.md", 1, -1, "one\ntwo\nthree\n"},
		{"notes.md", 2, 1, "two\n"},
		{"crlf.md", 2, 1, "b\r\n"},
		{"empty.md", 1, 0, ""},
		{"sub/x.md", 1, 1, "# X\n"},
		{"docs/guide.md", 3, 1, "External line.\n"},
		{filepath.Join(root, "docs", "guide.md"), 1, 1, "# Guide\n"},
		{filepath.Join(root, "memory", "notes.md"), 1, 1, "one\n"},
	}
	for _, tt := range tests {
		got, err := w.Get(ctx, tt.path, tt.from, tt.count)
		if err != nil || got != tt.want {
			t.Errorf("Get(%q, %d, %d) = %q, %v; want %q", tt.path, tt.from, tt.count, got, err, tt.want)
		}
	}
	errs := []struct {
		path        string
		from, count int
		is          error  // when set, errors.Is
		want        string // in the message
	}{
		{"missing.md", 1, 0, memweave.ErrNotFound, "not found"},
		{"memory/sub/none.md", 1, 0, memweave.ErrNotFound, "not found"},
		{"README.md", 1, 0, memweave.ErrNotFound, "not found"},
		{"notes.md", 4, 1, nil, "the file has 3 lines"},
		{"notes.md", 0, 1, nil, "numbered from 1"},
		{"empty.md", 2, 0, nil, "the file has 0 lines"},
		{"../README.md", 1, 0, workspace.ErrOutsideMemory, "outside"},
		{"/etc/passwd", 1, 0, workspace.ErrOutsideMemory, "outside"},
		{"notes.txt", 1, 0, workspace.ErrNotMarkdown, "Markdown"},
		{"sub", 1, 0, workspace.ErrNotMarkdown, ""},
	}
	for _, tt := range errs {
		_, err := w.Get(ctx, tt.path, tt.from, tt.count)
		if err == nil || (tt.is != nil && !errors.Is(err, tt.is)) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Get(%q, %d, %d) error = %v, want %v containing %q", tt.path, tt.from, tt.count, err, tt.is, tt.want)
		}
	}
}

func TestGetMatchesSearchLines(t *testing.T) {
	ctx := context.Background()
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, "## Section %d\n\nParagraph %d mentions the KESTREL-%d system.\n\n", i, i, i)
	}
	root := memweavetest.Workspace(t, map[string]string{"memory/long.md": b.String()})
	w := open(t, root, memweave.Config{ChunkTokens: 32})
	resp, err := w.Search(ctx, "KESTREL-17", memweave.MinScore(0))
	if err != nil || len(resp.Results) == 0 {
		t.Fatalf("Search = %v, %v", resp, err)
	}
	r := resp.Results[0]
	got, err := w.Get(ctx, r.Path, r.StartLine, r.EndLine-r.StartLine+1)
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSuffix(got, "\n") != r.Text {
		t.Errorf("Get(%s:%d-%d) = %q, want the chunk text %q", r.Path, r.StartLine, r.EndLine, got, r.Text)
	}
}

func ExampleWeave_Append() {
	ctx := context.Background()
	root, err := os.MkdirTemp("", "memweave-example-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(root)
	w, err := memweave.Open(ctx, memweave.Config{
		Workspace: root,
		Create:    true, // a new workspace: make memory/ and memweave.json
		Now:       func() time.Time { return time.Date(2026, 3, 14, 9, 30, 0, 0, time.UTC) },
	})
	if err != nil {
		panic(err)
	}
	defer w.Close()

	path, err := w.Append(ctx, "- Deploys happen on Tuesdays.")
	if err != nil {
		panic(err)
	}
	if _, err := w.Append(ctx, "- Alice owns the billing service."); err != nil {
		panic(err)
	}
	text, err := w.Get(ctx, path, 1, 0)
	if err != nil {
		panic(err)
	}
	fmt.Println(path)
	fmt.Print(text)
	// Output:
	// memory/2026-03-14.md
	// - Deploys happen on Tuesdays.
	//
	// - Alice owns the billing service.
}

func TestDelete(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{
		"memory/stack.md":    "# Stack\n\nThe cache is OSPREY-77.\n",
		"memory/notes/db.md": "# DB\n\nThe database is HERON-12.\n",
		"README.md":          "readme\n",
	})
	if err := os.Mkdir(filepath.Join(root, "memory", "notes", "dir.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	w := open(t, root, memweave.Config{NoSyncOnSearch: true})
	if _, err := w.Index(ctx); err != nil {
		t.Fatal(err)
	}
	if err := w.Delete(ctx, "memory/notes/db.md"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "memory", "notes", "db.md")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("file still on disk after Delete: %v", err)
	}
	// NoSyncOnSearch: only Delete itself can have removed the rows.
	if got := searchPaths(t, w, "HERON-12"); len(got) != 0 {
		t.Errorf("search after Delete = %q, want nothing", got)
	}
	if files := collectFiles(t, w); len(files) != 1 || files[0].Path != "memory/stack.md" {
		t.Errorf("Files after Delete = %+v, want only memory/stack.md", files)
	}
	if st, err := w.Status(ctx); err != nil || st.Files != 1 {
		t.Errorf("Status after Delete = %+v, %v; want 1 file", st, err)
	}
	if got := searchPaths(t, w, "OSPREY-77"); !slices.Equal(got, []string{"memory/stack.md"}) {
		t.Errorf("search for the other file = %q", got)
	}

	// A file removed behind the index's back: Delete drops its rows.
	os.Remove(filepath.Join(root, "memory", "stack.md"))
	if err := w.Delete(ctx, "stack.md"); err != nil {
		t.Errorf("Delete of an indexed file gone from disk = %v, want success", err)
	}
	if got := searchPaths(t, w, "OSPREY-77"); len(got) != 0 {
		t.Errorf("search after Delete of a vanished file = %q, want nothing", got)
	}

	errs := []struct {
		path string
		want error // nil: any error, with "folder" in it
	}{
		{"stack.md", memweave.ErrNotFound},
		{"notes/none.md", memweave.ErrNotFound},
		{"../README.md", workspace.ErrOutsideMemory},
		{"/etc/passwd.md", workspace.ErrOutsideMemory},
		{"notes/../../README.md", workspace.ErrOutsideMemory},
		{"memory", workspace.ErrOutsideMemory},
		{"notes", workspace.ErrNotMarkdown},
		{".hidden.md", workspace.ErrIgnoredName},
		{"notes/dir.md", nil},
	}
	for _, tt := range errs {
		err := w.Delete(ctx, tt.path)
		refused := tt.want == nil && err != nil && strings.Contains(err.Error(), "folder")
		if !refused && (tt.want == nil || !errors.Is(err, tt.want)) {
			t.Errorf("Delete(%q) = %v, want %v", tt.path, err, tt.want)
		}
	}
	if got := memweavetest.ReadFile(t, root, "README.md"); got != "readme\n" {
		t.Errorf("README.md changed to %q", got)
	}
}

func TestDeleteLinks(t *testing.T) {
	ctx := context.Background()
	outside := t.TempDir()
	memweavetest.WriteFile(t, outside, "victim.md", "untouched\n")
	root := memweavetest.Workspace(t, map[string]string{"memory/real.md": "# Real\n"})
	if err := os.Symlink(filepath.Join(outside, "victim.md"), filepath.Join(root, "memory", "out.md")); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
	if err := os.Symlink("real.md", filepath.Join(root, "memory", "alias.md")); err != nil {
		t.Fatal(err)
	}
	w := open(t, root, memweave.Config{})
	if err := w.Delete(ctx, "out.md"); !errors.Is(err, workspace.ErrOutsideMemory) {
		t.Errorf("Delete through a link out of memory/ = %v, want ErrOutsideMemory", err)
	}
	if got := memweavetest.ReadFile(t, outside, "victim.md"); got != "untouched\n" {
		t.Errorf("file outside memory/ changed to %q", got)
	}
	// A link inside memory/: the link goes, its target stays.
	if err := w.Delete(ctx, "alias.md"); err != nil {
		t.Fatalf("Delete(alias.md): %v", err)
	}
	if _, err := os.Lstat(filepath.Join(root, "memory", "alias.md")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("alias.md still there: %v", err)
	}
	if got := memweavetest.ReadFile(t, root, "memory/real.md"); got != "# Real\n" {
		t.Errorf("the link's target changed to %q", got)
	}
}

// TestWriteEmptyRefused: blank content over a note that is not empty is
// refused with ErrWouldErase and leaves the file alone; AllowEmpty writes
// it; blank content for a new note is fine.
func TestWriteEmptyRefused(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/stack.md": "# Stack\n\nPostgreSQL 16.\n"})
	w := open(t, root, memweave.Config{})
	for _, content := range []string{"", " \n\t\n"} {
		if _, err := w.Write(ctx, "stack.md", content); !errors.Is(err, memweave.ErrWouldErase) || !strings.Contains(err.Error(), "stack.md") {
			t.Errorf("Write(stack.md, %q) = %v, want ErrWouldErase naming the file", content, err)
		}
	}
	if got := memweavetest.ReadFile(t, root, "memory/stack.md"); got != "# Stack\n\nPostgreSQL 16.\n" {
		t.Errorf("refused writes changed the note to %q", got)
	}
	if _, err := w.Write(ctx, "new.md", ""); err != nil {
		t.Errorf("Write(new.md, \"\") = %v, want it written", err)
	}
	if _, err := w.Write(ctx, "stack.md", "", memweave.AllowEmpty()); err != nil {
		t.Fatalf("Write(AllowEmpty) = %v", err)
	}
	if got := memweavetest.ReadFile(t, root, "memory/stack.md"); got != "" {
		t.Errorf("Write(AllowEmpty) left %q", got)
	}
}

func ExampleWeave_Write() {
	ctx := context.Background()
	root, err := os.MkdirTemp("", "memweave-example-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(root)
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root, Create: true})
	if err != nil {
		panic(err)
	}
	defer w.Close()

	if _, err := w.Write(ctx, "memory/stack.md", "# Stack\n\nSessions live in Redis.\n"); err != nil {
		panic(err)
	}
	// Read the note with its hash, then replace it only if nobody
	// changed it since: a compare and swap.
	text, hash, err := w.GetWithHash(ctx, "memory/stack.md", 3, 1)
	if err != nil {
		panic(err)
	}
	fmt.Print(text)
	if _, err := w.Write(ctx, "memory/stack.md", "# Stack\n\nSessions live in Valkey.\n", memweave.ExpectHash(hash)); err != nil {
		panic(err)
	}
	// The same hash again is stale now: nothing is written.
	_, err = w.Write(ctx, "memory/stack.md", "# Stack\n\nSessions live in Memcached.\n", memweave.ExpectHash(hash))
	fmt.Println(errors.Is(err, memweave.ErrChanged))

	resp, err := w.Search(ctx, "where do sessions live?")
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s:%d-%d\n", resp.Results[0].Path, resp.Results[0].StartLine, resp.Results[0].EndLine)
	fmt.Println(resp.Results[0].Snippet)
	// Output:
	// Sessions live in Redis.
	// true
	// memory/stack.md:1-3
	// # Stack
	//
	// Sessions live in Valkey.
}

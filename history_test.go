package memweave_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memweavetest"
)

// gitRepo makes dir a git repository and returns a function that runs
// git there with a fixed identity and no system or global configuration.
// It skips the test when git is not installed.
func gitRepo(t *testing.T, dir string) func(args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+dir)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	run("init", "-q")
	memweavetest.WriteFile(t, dir, ".gitignore", ".memweave/\n")
	return run
}

// TestSearchAtThreeCommits commits three versions of a fact; a search at
// each commit returns that commit's version, and a search at HEAD on a
// current index embeds nothing.
func TestSearchAtThreeCommits(t *testing.T) {
	ctx := context.Background()
	dir := memweavetest.Workspace(t, map[string]string{"memory/people.md": "# People\n\nAlice likes tea.\n"})
	run := gitRepo(t, dir)
	var commits []string
	for _, v := range []string{"13", "15", "16"} {
		memweavetest.WriteFile(t, dir, "memory/stack.md", "# Stack\n\nThe staging database runs PostgreSQL "+v+".\n")
		run("add", "-A")
		run("commit", "-q", "-m", "postgres "+v)
		commits = append(commits, run("rev-parse", "HEAD"))
	}
	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir, Now: memweavetest.Clock(), MinScore: new(0.0)})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Index(ctx); err != nil {
		t.Fatal(err)
	}
	for i, v := range []string{"13", "15", "16"} {
		for _, rev := range []string{commits[i], "HEAD~" + itoa(2-i)} {
			resp, err := w.SearchAt(ctx, rev, "staging database PostgreSQL", memweave.MaxResults(1))
			if err != nil {
				t.Fatal(err)
			}
			if len(resp.Results) != 1 || !strings.Contains(resp.Results[0].Snippet, "PostgreSQL "+v) || resp.At != commits[i] {
				t.Errorf("SearchAt(%s) = at %s %+v, want PostgreSQL %s at %s", rev, resp.At, resp.Results, v, commits[i])
			}
		}
	}
	resp, err := w.SearchAt(ctx, "HEAD", "staging database PostgreSQL")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(resp)
	if !strings.Contains(string(b), `"embeddings_computed":0`) || !strings.Contains(string(b), `"at":"`+commits[2]+`"`) {
		t.Errorf("SearchAt(HEAD) JSON = %s, want embeddings_computed 0 at %s", b, commits[2])
	}
	// A revision with text the index never saw costs its embeddings.
	memweavetest.WriteFile(t, dir, "memory/new.md", "# New\n\nA brand new fact about zebras.\n")
	run("add", "-A")
	run("commit", "-q", "-m", "new")
	if resp, err := w.SearchAt(ctx, "HEAD", "zebras"); err != nil || *resp.EmbeddingsComputed != 1 {
		t.Errorf("SearchAt(new commit) embeddings_computed = %v, %v, want 1", resp, err)
	}
	for _, rev := range []string{"--output=/tmp/pwned", "no-such-rev"} {
		if _, err := w.SearchAt(ctx, rev, "x"); !errors.Is(err, memweave.ErrBadRevision) {
			t.Errorf("SearchAt(%q) = %v, want ErrBadRevision", rev, err)
		}
	}
	changes, err := w.Changes(ctx, commits[0], "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range changes.Changes {
		got = append(got, c.Kind+" "+c.Path)
	}
	if g := strings.Join(got, "|"); g != "added memory/new.md|changed memory/stack.md" {
		t.Errorf("Changes(%s, working tree) = %s", commits[0], g)
	}
}

func TestSearchAtNoRepository(t *testing.T) {
	dir := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nx\n"})
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	t.Setenv("GIT_CEILING_DIRECTORIES", dir)
	w, err := memweave.Open(context.Background(), memweave.Config{Workspace: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.SearchAt(context.Background(), "HEAD", "x"); !errors.Is(err, memweave.ErrNotRepository) {
		t.Errorf("SearchAt outside a repository = %v, want ErrNotRepository", err)
	}
}

// TestSupersededDatedNotes: two dated notes disagree. Until a
// resolution says so, neither is marked or hidden; once the older line
// is resolved, searches and packs mark it superseded by the newer, or
// leave it out.
func TestSupersededDatedNotes(t *testing.T) {
	ctx := context.Background()
	dir := memweavetest.Workspace(t, map[string]string{
		"memory/2025-03-02.md": "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n",
		"memory/2025-05-10.md": "# 2025-05-10\n\n- The staging database runs PostgreSQL 16.\n",
		"memory/prefs.md":      "# Prefs\n\nThe user likes the staging database dashboards.\n",
	})
	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir, Now: memweavetest.Clock(), MinScore: new(0.0)})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	for _, mode := range []string{"mark", "hide"} {
		resp, err := w.Search(ctx, "staging database PostgreSQL", memweave.Superseded(mode))
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Results) != 3 {
			t.Errorf("%s before a resolution: %d results, want all 3", mode, len(resp.Results))
		}
		for _, r := range resp.Results {
			if r.SupersededBy != nil {
				t.Errorf("%s before a resolution: %s SupersededBy = %+v, want nil", mode, r.Path, r.SupersededBy)
			}
		}
	}
	if _, err := w.Resolve(ctx, memweave.Ref{Path: "2025-05-10.md", StartLine: 3}, memweave.Ref{Path: "2025-03-02.md", StartLine: 3}, "upgraded"); err != nil {
		t.Fatal(err)
	}
	resp, err := w.Search(ctx, "staging database PostgreSQL")
	if err != nil {
		t.Fatal(err)
	}
	marked := 0
	for _, r := range resp.Results {
		switch {
		case r.Path == "memory/2025-03-02.md":
			if r.SupersededBy == nil || *r.SupersededBy != (memweave.Ref{Path: "memory/2025-05-10.md", StartLine: 3}) {
				t.Errorf("older result SupersededBy = %+v, want memory/2025-05-10.md:3", r.SupersededBy)
			}
			if r.Explain.Superseded != "resolved: upgraded" {
				t.Errorf("older result Explain.Superseded = %q, want the reason", r.Explain.Superseded)
			}
			marked++
		case r.SupersededBy != nil:
			t.Errorf("%s SupersededBy = %+v, want nil", r.Path, r.SupersededBy)
		}
	}
	if marked != 1 {
		t.Fatalf("results %+v: the older line is missing", resp.Results)
	}
	b, _ := json.Marshal(resp.Results)
	if !strings.Contains(string(b), `"superseded_by":{"path":"memory/2025-05-10.md","start_line":3}`) {
		t.Errorf("JSON = %s, want superseded_by", b)
	}
	resp, err = w.Search(ctx, "staging database PostgreSQL", memweave.Superseded("hide"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range resp.Results {
		if r.Path == "memory/2025-03-02.md" {
			t.Errorf("Superseded(hide) kept %s:%d", r.Path, r.StartLine)
		}
	}
	if _, err := w.Search(ctx, "x", memweave.Superseded("bogus")); err == nil {
		t.Error("Superseded(bogus): nil error")
	}
	// A pack marks the superseded passage as search does, or leaves it out.
	for _, hide := range []bool{false, true} {
		var opts []memweave.PackOption
		if hide {
			opts = append(opts, memweave.Superseded("hide"))
		}
		p, err := w.Pack(ctx, "staging database PostgreSQL", 500, opts...)
		if err != nil {
			t.Fatal(err)
		}
		seen := false
		for _, it := range p.Items {
			if it.Path != "memory/2025-03-02.md" {
				continue
			}
			seen = true
			if it.SupersededBy == nil || it.SupersededBy.Path != "memory/2025-05-10.md" {
				t.Errorf("pack item %s SupersededBy = %+v, want memory/2025-05-10.md", it.Path, it.SupersededBy)
			}
		}
		if seen == hide {
			t.Errorf("pack (hide %v) items %+v: the older line present = %v", hide, p.Items, seen)
		}
	}
	conf, err := w.Conflicts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(conf.Conflicts) != 0 {
		t.Errorf("Conflicts after the resolution = %+v, want none", conf.Conflicts)
	}
}

// TestSearchAtWarnsSkipped commits a link and a file over the size limit
// under memory/: a search at that commit leaves them out and lists each
// as a warning naming it.
func TestSearchAtWarnsSkipped(t *testing.T) {
	ctx := context.Background()
	dir := memweavetest.Workspace(t, map[string]string{
		"memory/a.md":   "# A\n\nThe cache holds the index.\n",
		"memory/big.md": "# Big\n\n" + strings.Repeat("cache words ", 200) + "\n",
	})
	if err := os.Symlink("a.md", filepath.Join(dir, "memory", "link.md")); err != nil {
		t.Skipf("symlink: %v", err)
	}
	run := gitRepo(t, dir)
	run("add", "-A")
	run("commit", "-q", "-m", "notes")
	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir, MaxFileBytes: 1000, MinScore: new(0.0)})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	resp, err := w.SearchAt(ctx, "HEAD", "cache index")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"memory/link.md", "memory/big.md"} {
		if wn, ok := indexer.For(resp.Warnings, p); !ok || !strings.Contains(wn.Error(), "left out of the search at") {
			t.Errorf("SearchAt warnings = %v, want one naming %s", resp.Warnings, p)
		}
	}
}

// TestSearchAtWarnsOfNotesItsIndexLeftOut: a note of the revision that
// the index leaves out (conflict markers a teammate's git commit -a of a
// half-done merge committed, a binary .md) was left out of search --at
// silently: "no results", though the revision holds the words. Its
// warnings now name each file and why, as index's do.
func TestSearchAtWarnsOfNotesItsIndexLeftOut(t *testing.T) {
	ctx := context.Background()
	dir := memweavetest.Workspace(t, map[string]string{
		"memory/db.md":   "# DB\n\n<<<<<<< HEAD\nThe cache is Redis.\n=======\nThe cache is Memcached.\n>>>>>>> theirs\n",
		"memory/blob.md": "# Blob\x00\x00\x01 cache",
		"memory/ok.md":   "# OK\n\nnothing here\n",
	})
	run := gitRepo(t, dir)
	run("add", "-A")
	run("commit", "-q", "-m", "notes")
	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir, MinScore: new(0.0)})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	resp, err := w.SearchAt(ctx, "HEAD", "cache Redis")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []struct{ path, why string }{{"memory/db.md", "conflict markers"}, {"memory/blob.md", "not a text file"}} {
		if wn, ok := indexer.For(resp.Warnings, want.path); !ok || !strings.Contains(wn.Error(), want.why) {
			t.Errorf("SearchAt warnings = %v, want one naming %s: %s", resp.Warnings, want.path, want.why)
		}
	}
}

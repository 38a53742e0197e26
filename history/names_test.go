package history_test

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/memweavetest"
)

// gitInput returns a function that runs git in dir with stdin as its
// input and returns its trimmed output; git's refusal skips the test (a
// git that will not build a hostile tree by hand).
func gitInput(t *testing.T, dir string) func(stdin string, args ...string) string {
	return func(stdin string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Stdin = dir, strings.NewReader(stdin)
		out, err := cmd.Output()
		if err != nil {
			t.Skipf("git %v refused: %v", args, err)
		}
		return strings.TrimSpace(string(out))
	}
}

// hostileTree commits, by hand, a tree whose memory/ holds entries that
// the path rules refuse (control characters, a line feed), links named
// with an escape, an invalid UTF-8 byte (a C1 control to 8-bit terminals)
// and ": ", and one file that is kept, and returns the commit.
func hostileTree(t *testing.T, dir string, run func(args ...string) string) string {
	t.Helper()
	git := gitInput(t, dir)
	var mem strings.Builder
	for i, name := range []string{
		"ok.md",
		"title\x1b]0;PWNED\x07.md",
		"clear\x1b[2J.md",
		"two\nmemweave: forged line.md",
		"link\x1b[5m.md",
		"link csi\x9b31m.md",
		"link meeting: notes.md",
	} {
		mode := "100644"
		if strings.HasPrefix(name, "link") {
			mode = "120000"
		}
		b := git(fmt.Sprintf("# note %d\n\nkept\n", i), "hash-object", "-w", "--stdin")
		mem.WriteString(mode + " blob " + b + "\t" + name + "\x00")
	}
	memTree := git(mem.String(), "mktree", "-z")
	root := git("040000 tree "+memTree+"\tmemory\n", "mktree")
	return run("commit-tree", root, "-m", "hostile names")
}

// TestSkippedNamesArePrintable: the entries of a revision left out for
// their names are named in messages that a terminal prints as text: no
// control character (escape sequences, line feeds) nor invalid UTF-8
// byte of the name reaches them, in Changes' Skipped nor in a checkout's
// LeftOut, which the CLI prints to stderr.
func TestSkippedNamesArePrintable(t *testing.T) {
	ctx := context.Background()
	dir, run := repo(t)
	commit := hostileTree(t, dir, run)
	// Changes names the entries left out of what it compares: compared
	// with a commit of no notes, every one.
	empty := run("commit-tree", gitInput(t, dir)("", "mktree"), "-m", "empty")
	check := func(where, msg string) {
		t.Helper()
		if !utf8.ValidString(msg) || strings.ContainsFunc(msg, unicode.IsControl) {
			t.Errorf("%s %q holds a control character or invalid UTF-8", where, msg)
		}
	}
	res, err := history.Changes(ctx, dir, empty, commit, chunker.Options{}, history.Limits{}, history.Page{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Skipped) != 6 {
		t.Errorf("Changes skipped %q, want the 6 entries other than ok.md, once each", res.Skipped)
	}
	for _, s := range res.Skipped {
		check("Changes skipped", s)
	}
	co, err := history.CheckOut(ctx, dir, commit, history.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer co.Close()
	if co.Files != 1 || len(co.LeftOut()) != 6 {
		t.Errorf("CheckOut = %d files, left out %v; want ok.md and 6 left out", co.Files, co.LeftOut())
	}
	found := false
	for _, s := range co.LeftOut() {
		check("LeftOut path", s.Path)
		check("LeftOut error", s.Err.Error())
		if s.Path == `"memory/link meeting: notes.md"` {
			found = true
			if want := "left out of the search at " + commit[:12] + ": not a regular file"; s.Err.Error() != want {
				t.Errorf("LeftOut error of %s = %q, want %q", s.Path, s.Err, want)
			}
		}
	}
	if !found {
		t.Errorf("LeftOut() = %v, want the link named with \": \" whole", co.LeftOut())
	}
}

// TestChangesSkippedIsBounded: a revision whose memory/ holds thousands
// of entries left out (links here), compared with one of none, gives a bounded list
// of them, each once, the first ones named and the rest counted, not one
// line each: the list goes whole into every page of memory_changes.
func TestChangesSkippedIsBounded(t *testing.T) {
	ctx := context.Background()
	dir, run := repo(t)
	git := gitInput(t, dir)
	link := git("/etc/passwd", "hash-object", "-w", "--stdin")
	var mem strings.Builder
	const n = 5000
	for i := range n {
		fmt.Fprintf(&mem, "120000 blob %s\tl%05d.md\n", link, i)
	}
	root := git("040000 tree "+git(mem.String(), "mktree")+"\tmemory\n", "mktree")
	commit := run("commit-tree", root, "-m", "links")
	empty := run("commit-tree", git("", "mktree"), "-m", "empty")
	res, err := history.Changes(ctx, dir, empty, commit, chunker.Options{}, history.Limits{}, history.Page{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Skipped) > 21 {
		t.Fatalf("Changes skipped %d entries one by one, want at most 20 and a count of the rest", len(res.Skipped))
	}
	if last := res.Skipped[len(res.Skipped)-1]; last != fmt.Sprintf("%d more entries", n-20) {
		t.Errorf("Changes skipped ends with %q, want the count of the %d others", last, n-20)
	}
}

// TestChangesFileOverTheLimit: a note under the size limit on one side
// and over it on the other is left out of both, and listed as skipped:
// it was not removed (nor added), its content on one side is unread.
func TestChangesFileOverTheLimit(t *testing.T) {
	ctx := context.Background()
	dir, run := repo(t)
	small := "# Big\n\nThe KESTREL fact lives here.\n"
	large := small + strings.Repeat("more of the note\n", 20)
	memweavetest.WriteFile(t, dir, "memory/big.md", small)
	memweavetest.WriteFile(t, dir, "memory/other.md", "# Other\n\nold\n")
	run("add", "-A")
	run("commit", "-q", "-m", "small")
	memweavetest.WriteFile(t, dir, "memory/big.md", large)
	memweavetest.WriteFile(t, dir, "memory/other.md", "# Other\n\nnew\n")
	const limit = 200
	res, err := history.Changes(ctx, dir, "HEAD", "", chunker.Options{}, history.Limits{FileBytes: limit}, history.Page{})
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, res *history.Result) {
		t.Helper()
		for _, c := range res.Changes {
			if c.Path == "memory/big.md" {
				t.Errorf("%s: %s memory/big.md, a note over the limit on one side", what, c.Kind)
			}
		}
		if res.Total != 1 || len(res.Skipped) != 1 || !strings.HasPrefix(res.Skipped[0], "memory/big.md: ") {
			t.Errorf("%s = %d changes, skipped %q; want other.md's change and big.md skipped", what, res.Total, res.Skipped)
		}
	}
	check("Changes(HEAD, work tree)", res)
	run("add", "-A")
	run("commit", "-q", "-m", "large")
	if res, err = history.Changes(ctx, dir, "HEAD~1", "HEAD", chunker.Options{}, history.Limits{FileBytes: limit}, history.Page{}); err != nil {
		t.Fatal(err)
	}
	check("Changes(HEAD~1, HEAD)", res)
}

// TestResolveRangeSaysSo: a range (A..B, A...B), which the changes
// command and memory_changes take as two revisions, is refused with an
// error that says to give its two ends, not only that it names no
// commit.
func TestResolveRangeSaysSo(t *testing.T) {
	dir, run := repo(t)
	memweavetest.WriteFile(t, dir, "memory/a.md", "# A\n\nx\n")
	run("add", "-A")
	run("commit", "-q", "-m", "one")
	run("commit", "-q", "--allow-empty", "-m", "two")
	for _, rev := range []string{"HEAD~1..HEAD", "HEAD~1...HEAD", "..HEAD"} {
		_, err := history.Resolve(context.Background(), dir, rev)
		if !errors.Is(err, history.ErrBadRevision) || !strings.Contains(err.Error(), "two revisions") {
			t.Errorf("Resolve(%q) = %v, want ErrBadRevision saying to give the two revisions", rev, err)
		}
	}
}

// TestCheckOutSkipsAPathTooLong: a commit may name a note nested past
// what the file system holds in a path (4,151 bytes of short folder
// names, over Linux's PATH_MAX); a search at it failed whole, naming
// the note. The note is left out, listed with why, and the others are
// searched.
func TestCheckOutSkipsAPathTooLong(t *testing.T) {
	dir, run := repo(t)
	memweavetest.WriteFile(t, dir, "memory/ok.md", "# OK\n\nkept\n")
	run("add", "-A")
	deep := "memory/" + strings.Repeat("abcdefgh/", 460) + "x.md"
	blob := gitInput(t, dir)("# Deep\n\ndeep\n", "hash-object", "-w", "--stdin")
	run("update-index", "--add", "--cacheinfo", "100644,"+blob+","+deep)
	run("commit", "-q", "-m", "deep")
	co, err := checkOut(t, dir, "HEAD", history.Limits{})
	if err != nil {
		t.Fatalf("CheckOut of a tree with a %d-byte path = %v, want it left out", len(deep), err)
	}
	if co.Files != 1 || len(co.Skipped) != 1 || !strings.HasPrefix(co.Skipped[0], deep+": ") {
		t.Errorf("CheckOut wrote %d files, skipped %.200q; want ok.md written and the deep note skipped", co.Files, co.Skipped)
	}
}

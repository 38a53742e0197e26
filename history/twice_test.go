package history_test

import (
	"context"
	"encoding/hex"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestMalformedTreeRefused: a tree written by hand (git hash-object
// --literally; git fsck refuses it, no git command writes it) may list
// one path under memory/ twice: two files, two folders or a file and a
// folder. CheckOut (search --at) and Changes showed one of the versions
// and said nothing; both refuse it as sync does, naming the path.
func TestMalformedTreeRefused(t *testing.T) {
	dir, run := repo(t)
	memweavetest.WriteFile(t, dir, "memory/ok.md", "# OK\n\nfine\n")
	run("add", "-A")
	run("commit", "-q", "-m", "one")
	first := run("rev-parse", "HEAD")
	blob := func(s string) string {
		cmd := exec.Command("git", "hash-object", "-w", "--stdin")
		cmd.Dir, cmd.Stdin = dir, strings.NewReader(s)
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	tree := func(entries ...[3]string) string {
		var b []byte
		for _, e := range entries {
			id, err := hex.DecodeString(e[2])
			if err != nil {
				t.Fatal(err)
			}
			b = append(append(b, e[0]+" "+e[1]+"\x00"...), id...)
		}
		cmd := exec.Command("git", "hash-object", "-t", "tree", "-w", "--literally", "--stdin")
		cmd.Dir, cmd.Stdin = dir, strings.NewReader(string(b))
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	x := tree([3]string{"100644", "x.md", blob("# X\n\nx\n")})
	y := tree([3]string{"100644", "y.md", blob("# Y\n\ny\n")})
	for _, c := range []struct {
		name, path string
		mem        string
	}{
		{"one file twice", "memory/a.md", tree([3]string{"100644", "a.md", blob("# A\n\none\n")}, [3]string{"100644", "a.md", blob("# A\n\ntwo\n")})},
		{"a folder twice", "memory/sub", tree([3]string{"40000", "sub", x}, [3]string{"40000", "sub", y})},
		{"a file and a folder", "memory/sub", tree([3]string{"100644", "sub.md", blob("f\n")}, [3]string{"100644", "sub", blob("f\n")}, [3]string{"40000", "sub", x})},
		{"one folder's file twice", "memory/sub/x.md", tree([3]string{"40000", "sub", tree([3]string{"100644", "x.md", blob("1\n")}, [3]string{"100644", "x.md", blob("2\n")})})},
	} {
		t.Run(c.name, func(t *testing.T) {
			commit := run("commit-tree", tree([3]string{"40000", "memory", c.mem}), "-p", first, "-m", "malformed")
			check := func(what string, err error) {
				if !errors.Is(err, history.ErrMalformedTree) || !strings.Contains(err.Error(), c.path) {
					t.Errorf("%s of a tree listing %s twice = %v, want ErrMalformedTree naming it", what, c.path, err)
				}
			}
			_, err := checkOut(t, dir, commit, history.Limits{})
			check("CheckOut", err)
			_, err = history.Changes(context.Background(), dir, first, commit, chunker.Options{}, history.Limits{}, history.Page{})
			check("Changes", err)
		})
	}
}

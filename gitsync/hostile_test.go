package gitsync_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// gitIn runs git in dir with stdin and returns its trimmed output.
func gitIn(t testing.TB, dir string, stdin []byte, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
	cmd.Stdin = bytes.NewReader(stdin)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, errb.String())
	}
	return strings.TrimSpace(string(out))
}

// rawTree writes a tree object with the given entries (mode, name, id)
// as git hash-object --literally, so that names git would refuse get in.
func rawTree(t testing.TB, dir string, entries ...[3]string) string {
	t.Helper()
	var b []byte
	for _, e := range entries {
		id, err := hex.DecodeString(e[2])
		if err != nil {
			t.Fatal(err)
		}
		b = append(b, e[0]+" "+e[1]+"\x00"...)
		b = append(b, id...)
	}
	return gitIn(t, dir, b, "hash-object", "-t", "tree", "-w", "--literally", "--stdin")
}

// pushTree commits tree on top of the attacker's main and pushes it.
func pushTree(t testing.TB, attacker, tree string) {
	t.Helper()
	parent := gitIn(t, attacker, nil, "rev-parse", "HEAD")
	c := gitIn(t, attacker, []byte("hostile\n"), "commit-tree", tree, "-p", parent)
	gitIn(t, attacker, nil, "push", "-q", "origin", c+":refs/heads/main")
}

// snapshot lists every file under dir (outside .git and .memweave) with
// its content.
func snapshot(t testing.TB, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == ".memweave") {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			data, _ := os.ReadFile(p)
			m[p] = string(data)
		}
		return nil
	})
	return m
}

// userRefs lists the refs of the repository at dir but sync's own
// scratch ref for what a fetch brought, which a refusal deletes.
func userRefs(t testing.TB, dir string) string {
	t.Helper()
	var keep []string
	for _, line := range strings.Split(gitIn(t, dir, nil, "for-each-ref"), "\n") {
		if !strings.HasSuffix(line, "\trefs/worktree/memweave/incoming") {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}

func TestSyncRefusesHostileRemote(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		make func(t testing.TB, attacker string) string // returns a tree
		want error
		says string // in the error, when not ""
	}{
		{"dotdot path", func(t testing.TB, a string) string {
			blob := gitIn(t, a, []byte("evil\n"), "hash-object", "-w", "--stdin")
			evil := rawTree(t, a, [3]string{"100644", "evil.md", blob})
			up := rawTree(t, a, [3]string{"40000", "..", evil})
			return rawTree(t, a, [3]string{"40000", "memory", up})
		}, gitsync.ErrRefused, ""},
		{"link out of the workspace", func(t testing.TB, a string) string {
			blob := gitIn(t, a, []byte("../../../../etc/passwd"), "hash-object", "-w", "--stdin")
			mem := rawTree(t, a, [3]string{"120000", "passwd.md", blob})
			return rawTree(t, a, [3]string{"40000", "memory", mem})
		}, gitsync.ErrRefused, ""},
		{"64 MiB blob", func(t testing.TB, a string) string {
			big := bytes.Repeat([]byte("big note line\n"), (64<<20)/14+1)
			blob := gitIn(t, a, big, "hash-object", "-w", "--stdin")
			mem := rawTree(t, a, [3]string{"100644", "big.md", blob})
			return rawTree(t, a, [3]string{"40000", "memory", mem})
		}, gitsync.ErrRefused, ""},
		{"file outside memory", func(t testing.TB, a string) string {
			blob := gitIn(t, a, []byte("#!/bin/sh\nrm -rf ~\n"), "hash-object", "-w", "--stdin")
			note := gitIn(t, a, []byte("ok\n"), "hash-object", "-w", "--stdin")
			mem := rawTree(t, a, [3]string{"100644", "ok.md", note})
			return rawTree(t, a, [3]string{"100644", "run.sh", blob}, [3]string{"40000", "memory", mem})
		}, gitsync.ErrRefused, ""},
		{"hook folder", func(t testing.TB, a string) string {
			blob := gitIn(t, a, []byte("#!/bin/sh\ntouch /tmp/pwned\n"), "hash-object", "-w", "--stdin")
			hooks := rawTree(t, a, [3]string{"100755", "post-checkout", blob})
			git := rawTree(t, a, [3]string{"40000", "hooks", hooks})
			return rawTree(t, a, [3]string{"40000", ".git", git})
		}, gitsync.ErrRefused, ""},
		{"control character", func(t testing.TB, a string) string {
			blob := gitIn(t, a, []byte("x\n"), "hash-object", "-w", "--stdin")
			mem := rawTree(t, a, [3]string{"100644", "a\x1b[31m.md", blob})
			return rawTree(t, a, [3]string{"40000", "memory", mem})
		}, gitsync.ErrRefused, ""},
		{"filter attribute", func(t testing.TB, a string) string {
			attr := gitIn(t, a, []byte("memory/** filter=lfs diff=lfs merge=lfs\n"), "hash-object", "-w", "--stdin")
			note := gitIn(t, a, []byte("ok\n"), "hash-object", "-w", "--stdin")
			mem := rawTree(t, a, [3]string{"100644", ".gitattributes", attr}, [3]string{"100644", "ok.md", note})
			return rawTree(t, a, [3]string{"40000", "memory", mem})
		}, gitsync.ErrRefused, ""},
		// Malformed trees, which git fsck refuses (duplicateEntries) and
		// git's own commands never write: the checkout wrote part of the
		// one with a file and a folder at one path (the file, and the
		// deletion of .gitattributes), then stopped; the one with a
		// folder twice was taken in, both folders merged.
		{"one path twice", func(t testing.TB, a string) string {
			mem := rawTree(t, a, [3]string{"100644", "a.md", gitIn(t, a, []byte("one\n"), "hash-object", "-w", "--stdin")},
				[3]string{"100644", "a.md", gitIn(t, a, []byte("two\n"), "hash-object", "-w", "--stdin")})
			return rawTree(t, a, [3]string{"40000", "memory", mem})
		}, gitsync.ErrRefused, "twice"},
		{"a folder twice", func(t testing.TB, a string) string {
			x := rawTree(t, a, [3]string{"100644", "x.md", gitIn(t, a, []byte("x\n"), "hash-object", "-w", "--stdin")})
			y := rawTree(t, a, [3]string{"100644", "y.md", gitIn(t, a, []byte("y\n"), "hash-object", "-w", "--stdin")})
			mem := rawTree(t, a, [3]string{"40000", "sub", x}, [3]string{"40000", "sub", y})
			return rawTree(t, a, [3]string{"40000", "memory", mem})
		}, gitsync.ErrRefused, "twice"},
		{"a file and a folder at one path", func(t testing.TB, a string) string {
			x := rawTree(t, a, [3]string{"100644", "x.md", gitIn(t, a, []byte("x\n"), "hash-object", "-w", "--stdin")})
			mem := rawTree(t, a, [3]string{"100644", "sub", gitIn(t, a, []byte("f\n"), "hash-object", "-w", "--stdin")}, [3]string{"40000", "sub", x})
			return rawTree(t, a, [3]string{"40000", "memory", mem})
		}, gitsync.ErrRefused, "twice"},
		{"memory a file", func(t testing.TB, a string) string {
			return rawTree(t, a, [3]string{"100644", "memory", gitIn(t, a, []byte("a file\n"), "hash-object", "-w", "--stdin")})
		}, gitsync.ErrRefused, "not a folder"},
		{"rewritten history", func(t testing.TB, a string) string { return "" }, gitsync.ErrRewritten, ""},
		// Round fourteen (team11): a note Windows takes for another one,
		// which a Windows machine's update would write over it.
		{"a name ending in a dot beside the note", func(t testing.TB, a string) string {
			notes := rawTree(t, a, [3]string{"100644", "db.md", gitIn(t, a, []byte("# DB\n\nPostgres 16.\n"), "hash-object", "-w", "--stdin")},
				[3]string{"100644", "db.md.", gitIn(t, a, []byte("planted\n"), "hash-object", "-w", "--stdin")})
			mem := rawTree(t, a, [3]string{"40000", "notes", notes})
			return rawTree(t, a, [3]string{"40000", "memory", mem})
		}, gitsync.ErrRefused, "memory/notes/db.md."},
		// Round thirteen (team10): a submodule, a link that stays inside
		// memory/, a .git file pointing elsewhere, an attribute that
		// re-encodes what git adds, a binary note over the limit.
		{"submodule in memory", func(t testing.TB, a string) string {
			head := gitIn(t, a, nil, "rev-parse", "HEAD")
			mem := rawTree(t, a, [3]string{"160000", "sub", head})
			return rawTree(t, a, [3]string{"40000", "memory", mem})
		}, gitsync.ErrRefused, "memory/sub"},
		{"link inside memory", func(t testing.TB, a string) string {
			blob := gitIn(t, a, []byte("notes"), "hash-object", "-w", "--stdin")
			mem := rawTree(t, a, [3]string{"120000", "again", blob})
			return rawTree(t, a, [3]string{"40000", "memory", mem})
		}, gitsync.ErrRefused, "memory/again"},
		{".git file in memory", func(t testing.TB, a string) string {
			blob := gitIn(t, a, []byte("gitdir: /tmp\n"), "hash-object", "-w", "--stdin")
			sub := rawTree(t, a, [3]string{"100644", ".git", blob})
			mem := rawTree(t, a, [3]string{"40000", "sub", sub})
			return rawTree(t, a, [3]string{"40000", "memory", mem})
		}, gitsync.ErrRefused, ".git"},
		{"working-tree-encoding attribute", func(t testing.TB, a string) string {
			attr := gitIn(t, a, []byte("*.md working-tree-encoding=UTF-16\n"), "hash-object", "-w", "--stdin")
			note := gitIn(t, a, []byte("# ok\n"), "hash-object", "-w", "--stdin")
			mem := rawTree(t, a, [3]string{"100644", "ok.md", note})
			return rawTree(t, a, [3]string{"100644", ".gitattributes", attr}, [3]string{"40000", "memory", mem})
		}, gitsync.ErrRefused, "working-tree-encoding"},
	}
	pulled := template(t, func(ws []string) {
		write(t, ws[0], "memory/mine.md", "mine\n")
		sync(t, ws[0], "victim")
		gitIn(t, ws[1], nil, "pull", "-q", "origin", "main")
	}, "victim", "attacker")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel() // each case on its own copy of the template
			if tc.name == "64 MiB blob" {
				memweavetest.Long(t, "a 64 MiB blob")
			}
			ws := pulled(t)
			victim, attacker := ws[0], ws[1]
			if tc.want == gitsync.ErrRewritten {
				write(t, attacker, "memory/other.md", "history rewritten\n")
				gitIn(t, attacker, nil, "add", "-A")
				tree := gitIn(t, attacker, nil, "write-tree")
				c := gitIn(t, attacker, []byte("new root\n"), "commit-tree", tree)
				gitIn(t, attacker, nil, "push", "-q", "--force", "origin", c+":refs/heads/main")
			} else {
				pushTree(t, attacker, tc.make(t, attacker))
			}
			before := snapshot(t, filepath.Dir(victim))
			refs := userRefs(t, victim)
			head := gitIn(t, victim, nil, "rev-parse", "HEAD")
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			_, serr := gitsync.Sync(ctx, victim, gitsync.Options{Host: "victim"})
			if !errors.Is(serr, tc.want) || !strings.Contains(fmt.Sprint(serr), tc.says) {
				t.Errorf("Sync = %v, want %v saying %q", serr, tc.want, tc.says)
			}
			after := snapshot(t, filepath.Dir(victim))
			for p, v := range after {
				if before[p] != v {
					t.Errorf("Sync wrote %s", p)
				}
			}
			if got := gitIn(t, victim, nil, "rev-parse", "HEAD"); got != head {
				t.Errorf("HEAD moved from %s to %s", head, got)
			}
			// No ref names what was refused: a git pull or merge of
			// origin/main would take it in.
			if got := userRefs(t, victim); got != refs {
				t.Errorf("refs changed:\n%s\nwant\n%s", got, refs)
			}
			if _, err := os.Stat("/tmp/pwned"); err == nil && tc.name == "hook folder" {
				t.Errorf("a hook from the remote ran")
			}
			st, err := gitsync.ReadStatus(context.Background(), victim, gitsync.Options{})
			if err != nil || !strings.Contains(st.LastError, "refus") {
				t.Errorf("ReadStatus.LastError = %q, %v; want the refusal", st.LastError, err)
			}
			t.Logf("%s: %v", tc.name, serr)
		})
	}
}

// TestSyncAcceptsAReviewedRewrite: after the refusal, the commands the
// error names accept the new history, and this machine's notes survive.
func TestSyncAcceptsAReviewedRewrite(t *testing.T) {
	bare := remote(t)
	victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
	sync(t, victim, "victim")
	write(t, attacker, "memory/other.md", "new root\n")
	gitIn(t, attacker, nil, "add", "-A")
	tree := gitIn(t, attacker, nil, "write-tree")
	c := gitIn(t, attacker, []byte("new root\n"), "commit-tree", tree)
	gitIn(t, attacker, nil, "push", "-q", "--force", "origin", c+":refs/heads/main")
	write(t, victim, "memory/mine.md", "mine\n")
	_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
	if !errors.Is(err, gitsync.ErrRewritten) || !strings.Contains(err.Error(), "git update-ref refs/memweave/remotes/origin/main origin/main") {
		t.Fatalf("Sync = %v, want ErrRewritten with the command to accept it", err)
	}
	gitIn(t, victim, nil, "fetch", "-q", "origin")
	gitIn(t, victim, nil, "update-ref", "refs/memweave/remotes/origin/main", "origin/main")
	sync(t, victim, "victim")
	if got := read(t, victim, "memory/mine.md"); got != "mine\n" {
		t.Errorf("mine.md = %q", got)
	}
	if got := read(t, victim, "memory/other.md"); got != "new root\n" {
		t.Errorf("other.md = %q", got)
	}
}

// TestSyncStalledRemote: a remote that accepts the connection and never
// answers holds a sync only as long as its context allows, and nothing
// in the workspace changes. While it hangs, a writer takes the
// workspace's write lock at once (sync holds none across the network),
// and once the sync gave up, its own lock is free.
func TestSyncStalledRemote(t *testing.T) {
	bare := remote(t)
	a := clone(t, bare, "a")
	stop, asked := make(chan struct{}), make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case asked <- struct{}{}:
		default:
		}
		select {
		case <-stop:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(stop)
	gitIn(t, a, nil, "remote", "set-url", "origin", srv.URL+"/remote.git")
	// The sync is cancelled once the remote was asked and the write lock
	// checked, not at a fixed deadline: on a loaded machine git can take
	// seconds to reach the remote at all. The minute bounds a sync that
	// never asks.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var cancelled atomic.Int64
	locked, synced := make(chan error, 1), make(chan struct{})
	go func() {
		select {
		case <-asked:
		case <-synced:
			locked <- errors.New("sync never asked the remote")
			return
		}
		lctx, lcancel := context.WithTimeout(context.Background(), time.Second)
		defer lcancel()
		unlock, err := memfile.Lock(lctx, a)
		if err == nil {
			unlock()
		}
		locked <- err
		cancelled.Store(time.Now().UnixNano())
		cancel()
	}()
	_, err := gitsync.Sync(ctx, a, gitsync.Options{Host: "a"})
	close(synced)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Sync against a stalled remote = %v, want it cancelled with its context", err)
	}
	if err := <-locked; err != nil {
		t.Errorf("the write lock while sync waited for the remote: %v", err)
	}
	fl := workspace.NewLock(filepath.Join(a, workspace.IndexDir, gitsync.LockName))
	if ok, err := fl.TryLock(); !ok || err != nil {
		t.Errorf("the sync lock after the stalled sync: taken %v, %v; want it free", ok, err)
	}
	fl.Close()
	if at := cancelled.Load(); at != 0 {
		if d := time.Since(time.Unix(0, at)); d > 15*time.Second {
			t.Errorf("Sync took %v after its context was cancelled", d)
		}
	}
}

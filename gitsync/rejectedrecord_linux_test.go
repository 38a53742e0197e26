package gitsync_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSyncKeepsThePushedReplaysRecordWhenAPushIsRejected: a replay
// pushed whose checkout then failed (the user committed with plain git
// before the branch moved) is recorded, so that the next sync replays
// only what changed since. That next sync's first push, rejected (the
// other machine pushed just before it), overwrote the record with its
// own replay, which the remote never got; its next round replayed from
// the merge base changes the remote already held, and the note this
// machine alone edits came back as a conflict copy, the path holding
// its older version (found with one sync loop, a plain git commit loop
// and an editor: 27 copies in 60 s; none before the replay was pushed
// first). The record of the replay pushed comes back when a push is
// rejected; and a sync killed (SIGKILL) right after that rejected push,
// before it put the record back, loses it neither: the next sync
// replays only what changed since.
func TestSyncKeepsThePushedReplaysRecordWhenAPushIsRejected(t *testing.T) {
	t.Parallel()
	for _, killed := range []bool{false, true} {
		name := map[bool]string{false: "rejected", true: "killed after the rejected push"}[killed]
		t.Run(name, func(t *testing.T) {
			real, err := exec.LookPath("git")
			if err != nil {
				t.Skip("no git")
			}
			_, a, b := syncedPair(t, "a", "b")
			write(t, b, "memory/o.md", "other 1\n")
			sync(t, b, "b")

			g := "'" + real + "' -c user.email=u@u -c user.name=u "
			write(t, a, "memory/notes/a.md", "save 1\n")
			out := syncAroundFirstPush(t, real, a, "", "echo 'save 2' > '"+a+"/memory/notes/a.md'; "+g+"-C '"+a+"' add -A memory; "+g+"-C '"+a+"' commit -qm user;")
			if !strings.Contains(out, "move main") {
				t.Fatalf("the first sync did not fail to move its branch after its push:\n%s", out)
			}
			write(t, b, "memory/o.md", "other 1\nother 2\n")
			sync(t, b, "b")
			write(t, a, "memory/notes/a.md", "save 3\n")
			after := ""
			if killed {
				after = "kill -9 $PPID;"
			}
			out = syncAroundFirstPush(t, real, a, "echo 'other 3' >> '"+b+"/memory/o.md'; "+g+"-C '"+b+"' commit -qam o3; "+g+"-C '"+b+"' push -q origin HEAD;", after)
			if strings.Contains(out, "sync finished:") == killed || !killed && !strings.Contains(out, "sync finished: <nil>") {
				t.Fatalf("the second sync (killed after its push: %v):\n%s", killed, out)
			}
			if killed {
				sync(t, a, "a")
			}
			if got := read(t, a, "memory/notes/a.md"); got != "save 3\n" {
				t.Errorf("a: notes/a.md = %q after its sync, want its last save", got)
			}
			if copies, _ := filepath.Glob(filepath.Join(a, "memory", "notes", "*conflict*")); len(copies) != 0 {
				t.Errorf("a: conflict copies of the note only a edits: %q", copies)
			}
		})
	}
}

// syncAroundFirstPush syncs ws in a child process (TestSyncKilledChild)
// whose git, a shell script on PATH, runs the shell commands before and
// after around its first push (after may kill the sync: kill -9 $PPID),
// and returns the child's output.
func syncAroundFirstPush(t *testing.T, real, ws, before, after string) string {
	t.Helper()
	done := filepath.Join(t.TempDir(), "done")
	return syncThroughShim(t, ws, "first=; case \" $* \" in *' push '*) [ -e '"+done+"' ] || { first=1; : > '"+done+"'; };; esac\n"+
		"[ -n \"$first\" ] && { "+before+" :; }\n'"+real+"' \"$@\"; rc=$?\n"+
		"[ -n \"$first\" ] && { "+after+" :; }\nexit $rc\n")
}

package memfile_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// TestRecoverOldFormatJournal: a build before the journal recorded the
// log's device and inode leaves a journal without them when it is killed
// mid-append (and a journal of this build names another file once the
// workspace is copied or restored). The build after it dropped such a journal without a word
// and left the log torn (or, had it undone it, could have cut a cloned
// log's own lines: a clone's journal looks the same). Recovery may not
// act on it; it keeps both files and refuses, naming them, until a
// person has looked. A journal whose log needs no undoing is removed.
func TestRecoverOldFormatJournal(t *testing.T) {
	if _, _, ok := workspace.FileID(statOf(t, t.TempDir())); !ok {
		t.Skip("no file ids on this platform: journals are not bound to a file")
	}
	const rel = "memory/2026-03-03.md"
	const note = "\nthe whole note\nwith two lines\n"
	tests := []struct {
		name, file string
		before     int64
		created    bool
		refused    bool
		id         string // the journal's file id, when it has one
	}{
		{"torn", "old\n" + note[:9], 4, false, true, ""},
		{"torn in a new file", note[:5], 0, true, true, ""},
		{"whole", "old\n" + note, 4, false, false, ""},
		{"nothing written", "old\n", 4, false, false, ""},
		// A journal of this build, for another file than the log is now
		// (the workspace was copied or restored since the kill).
		{"torn, another file's id", "old\n" + note[:9], 4, false, true, `,"dev":1,"ino":1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := memweavetest.Workspace(t, map[string]string{rel: tt.file})
			jp := filepath.Join(root, workspace.IndexDir, memfile.JournalName)
			head := `{"path":"` + rel + `","before":` + itoa(tt.before) + `,"after":` + itoa(tt.before+int64(len(note)))
			if tt.created {
				head += `,"created":true`
			}
			head += tt.id
			if err := os.MkdirAll(filepath.Dir(jp), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(jp, []byte(head+"}\n"+note), 0o644); err != nil {
				t.Fatal(err)
			}
			err := memfile.Recover(context.Background(), root)
			_, jerr := os.Stat(jp)
			if got := memweavetest.ReadFile(t, root, rel); got != tt.file {
				t.Errorf("after Recover the log is %q, want it untouched: %q", got, tt.file)
			}
			if !tt.refused {
				if err != nil || !os.IsNotExist(jerr) {
					t.Errorf("Recover = %v, journal stat %v; want nil and the journal removed", err, jerr)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), ".memweave/"+memfile.JournalName) || !strings.Contains(err.Error(), rel) {
				t.Errorf("Recover = %v, want an error naming .memweave/%s and %s", err, memfile.JournalName, rel)
			}
			if jerr != nil {
				t.Errorf("the old journal is gone after Recover (%v); nothing else holds the torn note", jerr)
			}
			// An append must not write over the journal either.
			if err := appendTo(root, rel, "next"); err == nil {
				t.Errorf("AppendWith with an old journal left = nil, want the same refusal")
			}
			if got := memweavetest.ReadFile(t, root, rel); got != tt.file {
				t.Errorf("after AppendWith the log is %q, want it untouched: %q", got, tt.file)
			}
		})
	}
}

func statOf(t *testing.T, path string) os.FileInfo {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi
}

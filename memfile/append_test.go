package memfile_test

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// appendTo appends text to the dated log rel through AppendWith, the
// source and the day taken from rel.
func appendTo(root, rel, text string) error {
	day, ok := workspace.DateOf(rel)
	if !ok {
		return fmt.Errorf("appendTo: %s is not dated", rel)
	}
	var opts []memfile.AppendOption
	if dir := path.Dir(rel); dir != workspace.MemoryDir {
		opts = append(opts, memfile.InSource(path.Base(dir)))
	}
	got, _, err := memfile.AppendWith(context.Background(), root, text, day, time.UTC, opts...)
	if err == nil && got != rel {
		return fmt.Errorf("appendTo: AppendWith wrote %s, want %s", got, rel)
	}
	return err
}

func TestAppendKeepsLineEndings(t *testing.T) {
	tests := []struct {
		name, before, text, want string
	}{
		{"CRLF", "# Log\r\n\r\nfirst\r\n", "second\nline two", "# Log\r\n\r\nfirst\r\n\r\nsecond\r\nline two\r\n"},
		{"CRLF given CRLF text", "first\r\n", "second\r\nline two", "first\r\n\r\nsecond\r\nline two\r\n"},
		{"CRLF unterminated", "a\r\nb", "c", "a\r\nb\r\n\r\nc\r\n"},
		{"CRLF blank end", "a\r\n\r\n", "c", "a\r\n\r\nc\r\n"},
		{"LF", "a\nb\n", "x\r\ny", "a\nb\n\nx\ny\n"},
		{"LF unterminated", "a\nb", "x\ny", "a\nb\n\nx\ny\n"},
		{"CR", "a\rb\r", "x\ny", "a\rb\r\rx\ry\r"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := memweavetest.Workspace(t, map[string]string{"memory/2026-02-02.md": tt.before})
			if err := appendTo(root, "memory/2026-02-02.md", tt.text); err != nil {
				t.Fatal(err)
			}
			if got := memweavetest.ReadFile(t, root, "memory/2026-02-02.md"); got != tt.want {
				t.Errorf("AppendWith(%q) to %q = %q, want %q", tt.text, tt.before, got, tt.want)
			}
		})
	}
}

// writeJournal leaves the journal a process killed in the append of note
// to rel, whose size was before, would leave.
func writeJournal(t *testing.T, root, rel string, before int64, note string, created bool) {
	t.Helper()
	head := `{"path":"` + rel + `","before":` + itoa(before) + `,"after":` + itoa(before+int64(len(note)))
	if created {
		head += `,"created":true`
	}
	if fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel))); err == nil {
		if dev, ino, ok := workspace.FileID(fi); ok {
			head += `,"dev":` + strconv.FormatUint(dev, 10) + `,"ino":` + strconv.FormatUint(ino, 10)
		}
	}
	path := filepath.Join(root, workspace.IndexDir, memfile.JournalName)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(head+"}\n"+note), 0o644); err != nil {
		t.Fatal(err)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func TestRecover(t *testing.T) {
	const rel = "memory/2026-03-03.md"
	const note = "\nthe whole note\nwith two lines\n"
	tests := []struct {
		name, file string // file is the log after the kill
		before     int64
		created    bool
		want       string // "" with gone: the log is removed
		gone       bool
	}{
		{"torn", "old\n" + note[:9], 4, false, "old\n", false},
		{"torn in a new file", note[:5], 0, true, "", true},
		{"nothing written to a new file", "", 0, true, "", true},
		{"whole", "old\n" + note, 4, false, "old\n" + note, false},
		{"nothing written", "old\n", 4, false, "old\n", false},
		{"edited since, no final newline", "old\nsomething else", 4, false, "old\nsomething else", false},
		{"shorter than before", "ol", 4, false, "ol", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := memweavetest.Workspace(t, map[string]string{rel: tt.file})
			writeJournal(t, root, rel, tt.before, note, tt.created)
			if err := memfile.Recover(context.Background(), root); err != nil {
				t.Fatalf("Recover: %v", err)
			}
			data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
			switch {
			case tt.gone && !os.IsNotExist(err):
				t.Errorf("after Recover the log is %q, %v; want it removed", data, err)
			case !tt.gone && string(data) != tt.want:
				t.Errorf("after Recover the log is %q, %v; want %q", data, err, tt.want)
			}
			if _, err := os.Stat(filepath.Join(root, workspace.IndexDir, memfile.JournalName)); !os.IsNotExist(err) {
				t.Errorf("journal left after Recover: %v", err)
			}
		})
	}
	// No journal: a file without a final line ending is a person's, and
	// Recover needs no lock.
	root := memweavetest.Workspace(t, map[string]string{rel: "typed by hand"})
	if err := memfile.Recover(context.Background(), root); err != nil {
		t.Fatal(err)
	}
	if got := memweavetest.ReadFile(t, root, rel); got != "typed by hand" {
		t.Errorf("Recover without a journal changed the log to %q", got)
	}
	if _, err := os.Stat(filepath.Join(root, workspace.IndexDir)); !os.IsNotExist(err) {
		t.Errorf("Recover without a journal created %s: %v", workspace.IndexDir, err)
	}
	// A torn journal (killed while writing it) means the append never began.
	root = memweavetest.Workspace(t, map[string]string{rel: "old\n"})
	writeJournal(t, root, rel, 4, note, false)
	jp := filepath.Join(root, workspace.IndexDir, memfile.JournalName)
	if err := os.Truncate(jp, 10); err != nil {
		t.Fatal(err)
	}
	if err := appendTo(root, rel, "next"); err != nil {
		t.Fatal(err)
	}
	if got := memweavetest.ReadFile(t, root, rel); got != "old\n\nnext\n" {
		t.Errorf("after a torn journal AppendWith gave %q, want %q", got, "old\n\nnext\n")
	}
}

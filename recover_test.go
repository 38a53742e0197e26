package memweave_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// TestOpenUndoesTornAppend leaves what a process killed in an append
// leaves, the journal and a cut note, and checks that Open cuts the note
// off before anything is indexed: a search finds the old note, not the
// torn one.
func TestOpenUndoesTornAppend(t *testing.T) {
	const rel = "memory/2026-03-03.md"
	const note = "\nthe torn note mentions okapi\n"
	root := memweavetest.Workspace(t, map[string]string{rel: "# Log\n\nan earlier wombat note\n"})
	before := int64(len("# Log\n\nan earlier wombat note\n"))
	id := ""
	if fi, err := os.Stat(filepath.Join(root, rel)); err == nil {
		if dev, ino, ok := workspace.FileID(fi); ok {
			id = fmt.Sprintf(`,"dev":%d,"ino":%d`, dev, ino)
		}
	}
	journal := `{"path":"` + rel + `","before":30,"after":60` + id + `}` + "\n" + note
	if before != 30 || len(note) != 30 {
		t.Fatalf("sizes changed: %d, %d", before, len(note))
	}
	dir := filepath.Join(root, ".memweave")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, memfile.JournalName), []byte(journal), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(root, rel), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(note[:26]) // "...mentions okap": cut before the end
	f.Close()

	w := open(t, root, memweave.Config{})
	if got := memweavetest.ReadFile(t, root, rel); got != "# Log\n\nan earlier wombat note\n" {
		t.Errorf("after Open the log is %q, want the torn note cut off", got)
	}
	res, err := w.Search(context.Background(), "torn note mentions")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Results {
		if strings.Contains(r.Text, "torn") {
			t.Errorf("Search found the torn note in %s: %q", r.Path, r.Text)
		}
	}
}

package history_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/workspace"
)

// TestChangesWorkTreeSwappedWhileRead: a note of the working tree is
// swapped, again and again while changes runs, between a regular file
// and a link to a file outside memory/ (or a file over the size limit).
// Discovery lists the note when it is a regular file; whatever the path
// is when it is read, changes must never show what lies outside memory/
// nor read past the size limit: it reports what the file held as a
// note, leaves it out, or refuses.
func TestChangesWorkTreeSwappedWhileRead(t *testing.T) {
	dir, run := repo(t)
	mem := filepath.Join(dir, "memory")
	if err := os.MkdirAll(mem, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 400 {
		note := fmt.Sprintf("# Note %d\n\nThe build runner %d uses the shared cache.\n", i, i)
		if err := os.WriteFile(filepath.Join(mem, fmt.Sprintf("n%03d.md", i)), []byte(note), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run("add", "-A")
	run("commit", "-qm", "notes")
	for i := range 400 {
		p := filepath.Join(mem, fmt.Sprintf("n%03d.md", i))
		if err := os.WriteFile(p, []byte(fmt.Sprintf("# Note %d\n\nThe build runner %d moved to the new cache.\n", i, i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	secret := filepath.Join(t.TempDir(), "secret.md")
	if err := os.WriteFile(secret, []byte("# Keys\n\nSECRET-TOKEN-8842 opens the vault.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const limit = 4096
	big := filepath.Join(t.TempDir(), "big.md")
	if err := os.WriteFile(big, []byte("# Big\n\n"+strings.Repeat("OVERSIZED line of a note.\n", 2000)), 0o644); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(mem, "zz.md")
	plain := []byte("# Last\n\nA plain note.\n")

	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tmp := victim + ".tmp"
		for i := 0; ctx.Err() == nil; i++ {
			os.Remove(tmp)
			switch i % 3 {
			case 0:
				os.WriteFile(tmp, plain, 0o644)
			case 1:
				os.Symlink(secret, tmp)
			case 2:
				data, _ := os.ReadFile(big)
				os.WriteFile(tmp, data, 0o644)
			}
			os.Rename(tmp, victim)
			time.Sleep(50 * time.Microsecond)
		}
	}()
	defer func() { stop(); wg.Wait() }()

	runs := 0
	for deadline := time.Now().Add(6 * time.Second); time.Now().Before(deadline) && runs < 60; runs++ {
		res, err := history.Changes(context.Background(), dir, "HEAD", "", chunker.Options{}, history.Limits{FileBytes: limit}, history.Page{Limit: 10000})
		if err != nil {
			continue // refusing is allowed
		}
		for _, c := range res.Changes {
			if c.Path != "memory/zz.md" {
				continue
			}
			text := ""
			for _, l := range []*workspace.Lines{c.Old, c.New} {
				if l != nil {
					text += l.Text
				}
			}
			if strings.Contains(text, "SECRET-TOKEN") {
				t.Fatalf("run %d: changes showed a file outside memory/ through a link swapped in: %+v", runs, c)
			}
			if strings.Contains(text, "OVERSIZED") {
				t.Fatalf("run %d: changes read memory/zz.md past the %d-byte limit: %d bytes of it shown", runs, limit, len(text))
			}
		}
	}
	t.Logf("%d runs", runs)
}

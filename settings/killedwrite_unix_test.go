//go:build unix

package settings

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

const envKillWrite = "SETTINGS_TEST_KILL_WRITE"

// TestWriteKillHelper is not a test: run by the test below in a process
// of its own, it writes the settings of the workspace envKillWrite names
// and sends itself SIGKILL once the write's temporary file is synced,
// before its rename, as a process killed at that moment would be.
func TestWriteKillHelper(t *testing.T) {
	ws := os.Getenv(envKillWrite)
	if ws == "" {
		t.Skip("helper process only")
	}
	ctx := edithook.WithStep(context.Background(), func(step string) {
		if step == "temp synced" {
			memweavetest.KillSelf()
		}
	})
	err := Write(ctx, ws, File{Embedder: embedderOf(embed.Config{Provider: "hash", Dims: 32})})
	fmt.Println("write:", err)
	os.Exit(0)
}

// TestKilledWriteLeavesNothingListed kills settings writes (a new file,
// a file replaced, one reached through a link inside the workspace)
// before their rename: the workspace's top then holds no temporary file
// (git would list it, and nothing could tell it from someone's file),
// the settings file is the old one, and once recovered memory/.memweave-tmp
// holds only its .gitignore. The next write succeeds.
func TestKilledWriteLeavesNothingListed(t *testing.T) {
	old := `{"chunk_tokens": 300}` + "\n"
	for _, c := range []struct{ name, file, link string }{{"new", "", ""}, {"replaced", old, ""}, {"linked", old, "conf/mw.json"}} {
		t.Run(c.name, func(t *testing.T) {
			ws := t.TempDir()
			if err := os.MkdirAll(filepath.Join(ws, "memory"), 0o755); err != nil {
				t.Fatal(err)
			}
			real := filepath.Join(ws, FileName)
			if c.link != "" {
				real = filepath.Join(ws, c.link)
				os.MkdirAll(filepath.Dir(real), 0o755)
				if err := os.Symlink(c.link, filepath.Join(ws, FileName)); err != nil {
					t.Fatal(err)
				}
			}
			if c.file != "" {
				os.WriteFile(real, []byte(c.file), 0o644)
			}
			memweavetest.RunKilled(t, "TestWriteKillHelper", envKillWrite+"="+ws)
			if err := memfile.Recover(context.Background(), ws); err != nil {
				t.Fatal(err)
			}
			dirs := []string{ws}
			if filepath.Dir(real) != ws {
				dirs = append(dirs, filepath.Dir(real))
			}
			for _, dir := range dirs {
				if left, _ := filepath.Glob(filepath.Join(dir, memfile.LeftoverGlob)); len(left) > 0 {
					t.Errorf("after a killed settings write and Recover, %s holds %q", dir, left)
				}
			}
			if data, _ := os.ReadFile(real); string(data) != c.file {
				t.Errorf("after a killed settings write %s holds %q, want %q", real, data, c.file)
			}
			if ents, _ := os.ReadDir(filepath.Join(ws, "memory", memfile.TempDir)); len(ents) > 1 {
				var names []string
				for _, e := range ents {
					names = append(names, e.Name())
				}
				t.Errorf("after Recover %s holds %s", memfile.TempDir, strings.Join(names, " "))
			}
			if err := Write(context.Background(), ws, File{ChunkTokens: 200}); err != nil {
				t.Fatal(err)
			}
			if data, _ := os.ReadFile(real); !strings.Contains(string(data), `"chunk_tokens": 200`) {
				t.Errorf("the next write left %s holding %q", real, data)
			}
		})
	}
}

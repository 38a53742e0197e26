package indexer_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memweavetest"
)

// memoryChildEnv names the workspace a re-executed test binary indexes
// before reporting its peak memory.
const memoryChildEnv = "MEMWEAVE_TEST_MEMORY_WORKSPACE"

// TestIndexMemoryIsProportional indexes, each in a child process, one note
// of a shape that costs memory per line or per heading rather than per
// byte, and checks the child's peak resident memory (VmHWM): at most about
// ten bytes per input byte over its baseline, and 16 MB of one-character
// lines under 300 MB in all. The notes are 16 MB (CJK 12 MB), so the
// test is long.
func TestIndexMemoryIsProportional(t *testing.T) {
	if ws := os.Getenv(memoryChildEnv); ws != "" {
		indexAndReport(t, ws)
		return
	}
	memweavetest.Long(t, "indexes 16 MB notes in child processes")
	if raceEnabled {
		t.Skip("the race detector multiplies memory")
	}
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc/self/status to read VmHWM from")
	}
	const mb = 1 << 20
	for _, c := range []struct {
		name string
		text string
	}{
		{"one-character lines", strings.Repeat("a\n", 8*mb)},
		{"-- lines", strings.Repeat("-- \n", 4*mb)},
		{"one long run", strings.Repeat("x", 16*mb)},
		{"CJK run", strings.Repeat("漢", 4*mb)},
		{"headings", strings.Repeat("# a\n", 4*mb)},
		{"a long code block", "```\n" + strings.Repeat("a\n", 8*mb-4) + "```\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ws := t.TempDir()
			if err := os.MkdirAll(filepath.Join(ws, "memory"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(ws, "memory", "note.md"), []byte(c.text), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestIndexMemoryIsProportional$", "-test.count=1")
			cmd.Env = append(os.Environ(), memoryChildEnv+"="+ws)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("child: %v\n%s", err, out)
			}
			var base, peak, chunks int
			for line := range strings.Lines(string(out)) {
				if _, err := fmt.Sscanf(line, "memory: baseline %d kB, peak %d kB, %d chunks", &base, &peak, &chunks); err == nil {
					break
				}
			}
			if peak == 0 || chunks == 0 {
				t.Fatalf("child reported no memory or no chunks:\n%s", out)
			}
			perByte := float64(peak-base) * 1024 / float64(len(c.text))
			t.Logf("%s, %d bytes: baseline %d kB, peak %d kB, %.1f bytes a byte over the baseline, %d chunks", c.name, len(c.text), base, peak, perByte, chunks)
			if perByte > 12 {
				t.Errorf("indexing %d bytes of %s took %d kB over the baseline: %.1f bytes an input byte, want about 10 at most", len(c.text), c.name, peak-base, perByte)
			}
			if len(c.text) == 16*mb && peak > 300*1024 {
				t.Errorf("indexing 16 MB of %s peaked at %d kB, want under 300 MB", c.name, peak)
			}
		})
	}
}

// indexAndReport indexes workspace ws and prints the process's peak
// resident memory before and after.
func indexAndReport(t *testing.T, ws string) {
	ctx := context.Background()
	db, err := index.Open(ctx, filepath.Join(ws, ".memweave", "index.db"), index.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	emb := embed.NewHash(0)
	if err := db.ResetVectors(ctx, emb.Identity().Dims); err != nil {
		t.Fatal(err)
	}
	e := indexer.New(db, indexer.Options{Root: ws, MaxFileBytes: 32 << 20, Chunk: chunker.Options{MaxTokens: 400}, Embedder: emb})
	base := vmHWM(t)
	res, err := e.Sync(ctx, indexer.SyncOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("memory: baseline %d kB, peak %d kB, %d chunks\n", base, vmHWM(t), res.ChunksCreated)
}

// vmHWM returns this process's peak resident set size, in kB.
func vmHWM(t *testing.T) int {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			if err != nil {
				t.Fatalf("VmHWM %q: %v", rest, err)
			}
			return kb
		}
	}
	t.Fatal("no VmHWM in /proc/self/status")
	return 0
}

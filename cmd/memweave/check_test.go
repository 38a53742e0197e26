package main

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/mattn/go-sqlite3"

	"github.com/memweave/memweave-go/memweavetest"
)

func TestCheck(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")

	out := mustRunCLI(t, "-w", ws, "check")
	if !strings.Contains(out.stdout, "result") || !strings.Contains(out.stdout, "ok") || strings.Contains(out.stdout, "problem") {
		t.Errorf("check on a fresh index:\n%s", out.stdout)
	}

	if err := os.Remove(filepath.Join(ws, "memory", "2026-11-20.md")); err != nil {
		t.Fatal(err)
	}
	out = runCLI(t, "", nil, "-w", ws, "check")
	if out.code != 1 || !strings.Contains(out.stdout, "indexed but gone: memory/2026-11-20.md") {
		t.Errorf("check after a delete = exit %d, stdout:\n%s\nstderr: %s", out.code, out.stdout, out.stderr)
	}
	checkErrorLine(t, out.stderr, "check found 1 problem")

	out = mustRunCLI(t, "-w", ws, "check", "--repair", "--json")
	var rep struct {
		OK       bool     `json:"ok"`
		Problems []string `json:"problems"`
		Repaired []string `json:"repaired"`
		Orphaned []string `json:"orphaned"`
		Tables   struct {
			Chunks  int `json:"chunks"`
			FTSRows int `json:"fts_rows"`
		} `json:"tables"`
	}
	decode(t, out, &rep)
	if !rep.OK || len(rep.Problems) != 0 || len(rep.Repaired) == 0 || len(rep.Orphaned) != 0 || rep.Tables.Chunks != rep.Tables.FTSRows {
		t.Errorf("check --repair --json = %+v, want ok with what it repaired", rep)
	}
	mustRunCLI(t, "-w", ws, "check")
}

func TestCheckDamagedIndex(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")
	db := filepath.Join(ws, ".memweave", "index.db")
	for _, p := range []string{db, db + "-wal", db + "-shm"} {
		os.Remove(p)
	}
	if err := os.WriteFile(db, []byte(strings.Repeat("garbage ", 2000)), 0o644); err != nil {
		t.Fatal(err)
	}
	out := runCLI(t, "", nil, "-w", ws, "check")
	if out.code != 1 {
		t.Errorf("check on a damaged index: exit %d, want 1", out.code)
	}
	checkErrorLine(t, out.stderr, "check --repair")
	if !strings.Contains(out.stderr, "corrupt") {
		t.Errorf("check on a damaged index: stderr %q does not say it is corrupt", out.stderr)
	}

	out = mustRunCLI(t, "-w", ws, "check", "--repair")
	if !strings.Contains(out.stdout, "rebuilt the damaged index") {
		t.Errorf("check --repair on a damaged index:\n%s", out.stdout)
	}
	out = mustRunCLI(t, "-w", ws, "search", "ZEBRA-COMET-2026", "--json")
	if !strings.Contains(out.stdout, "memory/stack.md") {
		t.Errorf("search after the repair:\n%s", out.stdout)
	}
}

func TestCheckForeignDatabase(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	path := filepath.Join(t.TempDir(), "mine.db")
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE accounts (id INTEGER PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	for _, args := range [][]string{{"check"}, {"check", "--repair"}, {"index", "--rebuild"}} {
		out := runCLI(t, "", nil, append([]string{"-w", ws, "--db", path}, args...)...)
		if out.code != 1 {
			t.Errorf("%q on a foreign database: exit %d, want 1", args, out.code)
		}
		checkErrorLine(t, out.stderr, "not created by memweave")
	}
}

func TestIndexRebuild(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")
	out := mustRunCLI(t, "-w", ws, "index", "--rebuild", "--json")
	var res indexJSON
	decode(t, out, &res)
	if res.FilesIndexed != 3 || res.ChunksCreated < 3 || res.EmbeddingsCached != res.ChunksCreated {
		t.Errorf("index --rebuild --json = %+v, want 3 files, embeddings from the old cache", res)
	}
	leftovers, _ := filepath.Glob(filepath.Join(ws, ".memweave", "*rebuild*"))
	if len(leftovers) > 0 {
		t.Errorf("index --rebuild left %q", leftovers)
	}
	mustRunCLI(t, "-w", ws, "check")
	out = runCLI(t, "", nil, "-w", ws, "index", "--rebuild", "--force")
	if out.code != 2 {
		t.Errorf("index --rebuild --force: exit %d, want 2", out.code)
	}
}

// TestCheckAlteredChunkText flips a byte of a chunk's stored text, as a
// damaged disk or a hand edit of the database would: check reports it
// (it used to say ok while searches served the altered text), and
// check --repair stores the chunk again from its file.
func TestCheckAlteredChunkText(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")
	db, err := sql.Open("sqlite3", filepath.Join(ws, ".memweave", "index.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE chunks SET text = replace(text, 'ZEBRA-COMET', 'ZEBRA-COMAT') WHERE text LIKE '%ZEBRA-COMET%'`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	out := runCLI(t, "", nil, "-w", ws, "check")
	if out.code != 1 || !strings.Contains(out.stdout+out.stderr, "chunk text does not match its hash") || !strings.Contains(out.stdout+out.stderr, "memory/stack.md") {
		t.Fatalf("check after altering a chunk's text = exit %d, stdout %q, stderr %q; want 1 naming memory/stack.md", out.code, out.stdout, out.stderr)
	}
	if out := runCLI(t, "", nil, "-w", ws, "check", "--repair"); out.code != 0 {
		t.Fatalf("check --repair = exit %d, stdout %q, stderr %q", out.code, out.stdout, out.stderr)
	}
	if out := mustRunCLI(t, "-w", ws, "search", "ZEBRA-COMET-2026"); !strings.Contains(out.stdout, "ZEBRA-COMET-2026") || strings.Contains(out.stdout, "COMAT") {
		t.Errorf("search after the repair:\n%s", out.stdout)
	}
	mustRunCLI(t, "-w", ws, "check")
}

// TestCountLinesSayOneThing: the summary lines on stderr count one thing
// in the singular ("check found 1 problem", "packed 1 passage").
func TestCountLinesSayOneThing(t *testing.T) {
	t.Parallel()
	ws := t.TempDir()
	memweavetest.WriteFile(t, ws, "memory/a.md", "# A\n\nhello there\n")
	memweavetest.WriteFile(t, ws, "memory/b.md", "# B\n\nsomething else\n")
	if out := runCLI(t, "", nil, "-w", ws, "pack", "hello", "--budget", "100"); !strings.Contains(out.stderr, "memweave: packed 1 passage,") {
		t.Errorf("pack: exit %d, stderr %q, want \"packed 1 passage,\"", out.code, out.stderr)
	}
	if err := os.Remove(filepath.Join(ws, "memory", "a.md")); err != nil {
		t.Fatal(err)
	}
	if out := runCLI(t, "", nil, "-w", ws, "check"); out.code != 1 || !strings.Contains(out.stderr, "memweave: check found 1 problem\n") {
		t.Errorf("check: exit %d, stderr %q, want exit 1 and \"check found 1 problem\"", out.code, out.stderr)
	}
}

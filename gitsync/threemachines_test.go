package gitsync_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/memweavetest"
)

// notesUnder lists the workspace-relative paths of the .md files under
// ws's memory/.
func notesUnder(ws string) []string {
	var out []string
	filepath.WalkDir(filepath.Join(ws, "memory"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			rel, _ := filepath.Rel(ws, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out
}

// TestSyncThreeMachinesLoseNoLine: three machines add, append to,
// delete, move and turn into folders the same notes and dated logs, with
// syncs interleaved at random (seeded). After two rounds of syncs every
// line written is in a note on every machine, unless a machine deleted a
// note that held it, and no note holds a conflict marker. Seed 5 found
// notes moved to two names pushed with markers (renames_test.go).
func TestSyncThreeMachinesLoseNoLine(t *testing.T) {
	t.Parallel()
	memweavetest.Long(t, "about 20 s of syncs a seed")
	for seed := range 8 {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Parallel() // each seed on its own remote and clones
			rng := rand.New(rand.NewPCG(uint64(seed), 7))
			bare := remote(t)
			names := []string{"a", "b", "c"}
			var ms []string
			for _, n := range names {
				ms = append(ms, clone(t, bare, n))
			}
			deleted := map[string]bool{} // lines in a note a machine deleted
			var lines, steps []string
			isDir := func(p string) bool { fi, err := os.Stat(p); return err == nil && fi.IsDir() }
			for step := 0; step < 40; step++ {
				i := rng.IntN(3)
				ws := ms[i]
				notes := notesUnder(ws)
				act := rng.IntN(7)
				if len(notes) == 0 {
					act = 0
				}
				switch act {
				case 0, 1, 2: // a new line, in a new note or log (0) or an existing one
					var p string
					if act == 0 {
						p = fmt.Sprintf("memory/n%d.md", rng.IntN(6))
						if rng.IntN(3) == 0 {
							p = fmt.Sprintf("memory/log/2026-12-0%d.md", 1+rng.IntN(2))
						}
					} else {
						p = notes[rng.IntN(len(notes))]
					}
					abs := filepath.Join(ws, p)
					if isDir(abs) || isExisting(filepath.Dir(abs)) && !isDir(filepath.Dir(abs)) {
						continue
					}
					line := fmt.Sprintf("LINE%04d", len(lines))
					lines = append(lines, line)
					old, _ := os.ReadFile(abs)
					write(t, ws, p, string(old)+line+"\n")
					steps = append(steps, fmt.Sprintf("%s: %s to %s", names[i], line, p))
				case 3:
					p := notes[rng.IntN(len(notes))]
					old, _ := os.ReadFile(filepath.Join(ws, p))
					for _, l := range strings.Fields(string(old)) {
						deleted[l] = true
					}
					os.Remove(filepath.Join(ws, p))
					steps = append(steps, fmt.Sprintf("%s: delete %s", names[i], p))
				case 4:
					p := notes[rng.IntN(len(notes))]
					to := fmt.Sprintf("memory/r%d/%s", rng.IntN(3), filepath.Base(p))
					if rng.IntN(2) == 0 {
						to = p + "/inner.md" // the note becomes a folder
					}
					if isExisting(filepath.Join(ws, to)) {
						continue
					}
					old, _ := os.ReadFile(filepath.Join(ws, p))
					os.Remove(filepath.Join(ws, p))
					write(t, ws, to, string(old))
					steps = append(steps, fmt.Sprintf("%s: move %s to %s", names[i], p, to))
				default:
					_, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: names[i]})
					steps = append(steps, fmt.Sprintf("%s: sync: %v", names[i], err))
				}
			}
			for round := range 2 {
				for i, ws := range ms {
					if _, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: names[i]}); err != nil && round == 1 {
						t.Errorf("last sync of %s: %v", names[i], err)
					}
				}
			}
			for i, ws := range ms {
				var all strings.Builder
				for _, p := range notesUnder(ws) {
					data, _ := os.ReadFile(filepath.Join(ws, p))
					all.Write(data)
					if strings.Contains(string(data), "<<<<<<<") {
						t.Errorf("%s: %s holds a conflict marker:\n%s", names[i], p, data)
					}
				}
				for _, l := range lines {
					if !deleted[l] && !strings.Contains(all.String(), l) {
						t.Errorf("%s lost %s", names[i], l)
					}
				}
			}
			if t.Failed() {
				t.Log("steps:\n" + strings.Join(steps, "\n"))
			}
		})
	}
}

func isExisting(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

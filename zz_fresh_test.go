package memweave_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

func TestZZFreshProbe(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/keep.md":   "# K\n\nkeep this zebra.\n",
		"memory/d/note.md": "# D\n\nfolder note tokenstart.\n",
	})
	w := open(t, root, memweave.Config{Now: nil})
	mustIndex(t, w)
	mem := filepath.Join(root, "memory")
	wr := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	methods := []func(i int, tok string){
		func(i int, tok string) { wr(filepath.Join(mem, "a.md"), "# A\n\nword "+tok+"\n") },
		func(i int, tok string) { // rename over
			tmp := filepath.Join(mem, ".a.md.tmp")
			wr(tmp, "# A\n\nword "+tok+"\n")
			os.Rename(tmp, filepath.Join(mem, "a.md"))
		},
		func(i int, tok string) { // vim-like
			a := filepath.Join(mem, "a.md")
			wr(filepath.Join(mem, ".a.md.swp"), "swap junk")
			os.Rename(a, a+"~")
			wr(a, "# A\n\nword "+tok+"\n")
			os.Remove(a + "~")
			os.Remove(filepath.Join(mem, ".a.md.swp"))
		},
		func(i int, tok string) { // folder deleted and recreated
			d := filepath.Join(mem, "d")
			os.RemoveAll(d)
			os.MkdirAll(d, 0o755)
			wr(filepath.Join(d, "note.md"), "# D\n\nfolder note "+tok+"\n")
		},
		func(i int, tok string) { // folder renamed away and a new one moved in
			d := filepath.Join(mem, "d")
			os.Rename(d, filepath.Join(root, fmt.Sprintf("old%d", i)))
			n := filepath.Join(root, "newd")
			os.MkdirAll(n, 0o755)
			wr(filepath.Join(n, "note.md"), "# D\n\nfolder note "+tok+"\n")
			os.Rename(n, d)
		},
		func(i int, tok string) { // nested new folder tree created quickly
			d := filepath.Join(mem, fmt.Sprintf("x%d/y/z", i))
			os.MkdirAll(d, 0o755)
			wr(filepath.Join(d, "deep.md"), "# Z\n\ndeep "+tok+"\n")
		},
	}
	miss := 0
	for i := 0; i < 120; i++ {
		tok := fmt.Sprintf("qtok%dz", i)
		m := i % len(methods)
		methods[m](i, tok)
		resp, err := w.Search(context.Background(), tok, memweave.MinScore(0))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, r := range resp.Results {
			if r.Score > 0 {
				found = found || true
			}
		}
		_ = found
		ok := false
		for _, r := range resp.Results {
			if r.Explain.BM25 != nil {
				ok = true
			}
		}
		if !ok {
			miss++
			t.Errorf("iteration %d method %d: %q not found (results %v, warnings %v)", i, m, tok, paths(resp.Results), resp.Warnings)
		}
	}

	w2 := open(t, root, memweave.Config{DBPath: filepath.Join(t.TempDir(), "x.db")})
	mustIndex(t, w2)
	for i := 0; i < 120; i++ {
		tok := fmt.Sprintf("qtok%dz", i)
		a, _ := w.Search(context.Background(), tok, memweave.MinScore(0.01))
		b, _ := w2.Search(context.Background(), tok, memweave.MinScore(0.01))
		if fmt.Sprint(paths(a.Results)) != fmt.Sprint(paths(b.Results)) {
			t.Errorf("%s: live %v rebuilt %v", tok, paths(a.Results), paths(b.Results))
		}
	}
}

package index

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestTermCountsPatchedAcrossOwnWrites checks that the term counts a
// handle keeps across its own writes (patched in the write, not
// recounted) equal a fresh recount after random edits, deletes and
// renames, for words, phrases, prefixes and OR expressions, and that
// they were indeed kept (the cache is of the new generation).
func TestTermCountsPatchedAcrossOwnWrites(t *testing.T) {
	ctx := context.Background()
	a := openTest(t)
	fresh := openOther(t, a)
	words := []string{"valkey", "redis", "cache", "caches", "postgres", "deploy", "window", "slot"}
	exprs := []string{`"valkey"`, `"redis"`, `"cache"`, `"ca" *`, `"redis cache"`, `"valkey" OR "postgres"`, `"deploy" OR "window slot" OR "sl" *`, `"nowhere"`}
	rng := rand.New(rand.NewPCG(1, 2))
	text := func() string {
		var b strings.Builder
		for range 1 + rng.IntN(6) {
			b.WriteString(words[rng.IntN(len(words))] + " ")
		}
		return b.String()
	}
	update := func(path string) Update {
		var cs []Chunk
		for i := range rng.IntN(4) {
			cs = append(cs, chunk(path, i, text(), nil))
		}
		return Update{File: File{Path: path, Source: "memory", Hash: fmt.Sprint(rng.Int())}, Chunks: cs}
	}
	live := map[string]bool{}
	for step := range 120 {
		if _, err := a.TermCounts(ctx, exprs); err != nil {
			t.Fatal(err)
		}
		path := fmt.Sprintf("memory/n%d.md", rng.IntN(12))
		var ups []Update
		var dels []string
		switch op := rng.IntN(3); {
		case op == 0 || !live[path]: // edit or create
			ups, live[path] = []Update{update(path)}, true
		case op == 1: // delete
			dels, live[path] = []string{path}, false
		default: // rename
			to := fmt.Sprintf("memory/r%d.md", step)
			ups, dels = []Update{update(to)}, []string{path}
			live[path], live[to] = false, true
		}
		if _, err := a.Apply(ctx, ups, dels, nil); err != nil {
			t.Fatal(err)
		}
		gen, err := a.Generation(ctx)
		if err != nil {
			t.Fatal(err)
		}
		a.mu.Lock()
		kept := a.termsGen == gen && len(a.terms) == len(exprs)-0
		a.mu.Unlock()
		if !kept {
			t.Fatalf("step %d: term counts not kept across the handle's own write", step)
		}
		got, err := a.TermCounts(ctx, exprs)
		if err != nil {
			t.Fatal(err)
		}
		want, err := fresh.TermCounts(ctx, exprs)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("step %d: patched counts %v, recount %v", step, got, want)
		}
	}
}

package indexer_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/indexer"
)

// Chunk leaves a valid front matter block, or one over its budget, out
// of every chunk, keeps an invalid one as text, and keeps each
// supersession in chunks of its own.
func TestChunk(t *testing.T) {
	t.Parallel()
	body := "# Stack\n\nWe run PostgreSQL 16.\n"
	huge := "---\nnote: " + strings.Repeat("x", frontmatter.MaxBytes) + "\n---\n"
	for _, c := range []struct {
		name, src string
		first     int  // the first chunk's first line
		invalid   bool // whether the block's error is a *frontmatter.Error
		tags      []string
	}{
		{"none", body, 1, false, nil},
		{"valid", "---\ntags: [db]\n---\n" + body, 4, false, []string{"db"}},
		{"invalid", "---\ntags: [db\n---\n" + body, 1, true, nil},
		{"over budget", huge + body, 4, true, nil},
	} {
		chunks, meta, err := indexer.Chunk([]byte(c.src), chunker.Options{})
		var fe *frontmatter.Error
		first := 0
		if len(chunks) > 0 {
			first = chunks[0].StartLine
		}
		if first != c.first || errors.As(err, &fe) != c.invalid || strings.Join(meta.Tags, ",") != strings.Join(c.tags, ",") {
			t.Errorf("%s: Chunk = %d chunks (first at line %d), %+v, %v; want the first at line %d, tags %q, invalid %v",
				c.name, len(chunks), first, meta, err, c.first, c.tags, c.invalid)
		}
	}
	resolved, _, err := curate.Supersede([]byte(body+"\nBackups run nightly.\n"), 3, 3, curate.Marker{Path: "memory/b.md", KeptKey: curate.LinesKey([]string{"x"}), Date: "2026-12-01"})
	if err != nil {
		t.Fatal(err)
	}
	chunks, _, _ := indexer.Chunk(resolved, chunker.Options{})
	n := 0
	for _, c := range chunks {
		if _, ok := curate.Superseded(c.Text); ok {
			n++
		} else if strings.Contains(c.Text, "PostgreSQL") {
			t.Errorf("chunk %q holds the superseded line but is not superseded", c.Text)
		}
	}
	if n != 1 {
		t.Errorf("Chunk of a resolved note = %d superseded chunks, want 1: %+v", n, chunks)
	}
}

package index

import (
	"context"
	"slices"
	"testing"
)

// TestWordDocs checks the index's words by prefix and how many chunks
// hold each, read from a real index: stems as the tokenizer writes them,
// each chunk counted once however often it holds the word.
func TestWordDocs(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	if err := db.ResetVectors(ctx, 3); err != nil {
		t.Fatal(err)
	}
	var chunks []Chunk
	for i, text := range []string{"contract renewal", "the contract contract", "context window", "control panel", "nothing here"} {
		chunks = append(chunks, chunk("memory/a.md", i, text, []float32{1, 0, 0}))
	}
	if _, err := db.Apply(ctx, []Update{{File: File{Path: "memory/a.md", Source: "memory", Hash: "h"}, Chunks: chunks}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	words, docs, err := db.WordDocs(ctx, "con", 10)
	if want, wantDocs := []string{"context", "contract", "control"}, []int{1, 2, 1}; err != nil || !slices.Equal(words, want) || !slices.Equal(docs, wantDocs) {
		t.Errorf(`WordDocs("con", 10) = %q, %v, %v; want %q, %v`, words, docs, err, want, wantDocs)
	}
	if words, docs, err := db.WordDocs(ctx, "con", 1); err != nil || !slices.Equal(words, []string{"context"}) || !slices.Equal(docs, []int{1}) {
		t.Errorf(`WordDocs("con", 1) = %q, %v, %v; want the first word alone`, words, docs, err)
	}
	if words, err := db.Words(ctx, "con", 10); err != nil || len(words) != 3 {
		t.Errorf(`Words("con", 10) = %q, %v; want the 3 words`, words, err)
	}
	if words, docs, err := db.WordDocs(ctx, "", 10); err != nil || words != nil || docs != nil {
		t.Errorf(`WordDocs("", 10) = %q, %v, %v; want nothing`, words, docs, err)
	}
}

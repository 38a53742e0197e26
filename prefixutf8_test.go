package memweave_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestPrefixThatIsNotUTF8IsRefused: a query or document prefix (or a
// model name) holding bytes that are not UTF-8 cannot be what memweave.json records (JSON
// writes each such byte as U+FFFD) nor what the server gets (the
// request's JSON likewise): Open refuses it, naming the field, rather
// than index under one prefix and record another, which the next Open
// with the same Config then took for a disagreeing settings file.
func TestPrefixThatIsNotUTF8IsRefused(t *testing.T) {
	srv := memweavetest.NewEmbedServer(t, 8)
	for _, c := range []struct {
		name, field string
		query, doc  string
	}{
		// tune
		{"query 0xff", "QueryPrefix", "search_query\xff: ", ""},
		{"document overlong", "DocumentPrefix", "", "\xc0\xafdoc: "},
		// check
		{"query surrogate", "QueryPrefix", "q\xed\xa0\x80", ""},
		{"document cut rune", "DocumentPrefix", "", "search_document: \xe2\x82"},
		{"model", "Model", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := memweavetest.Workspace(t, sample)
			cfg := memweave.Config{Workspace: root, Now: memweavetest.Clock(), Embedder: memweave.EmbedderConfig{
				Provider: "openai", Model: "m", BaseURL: srv.URL + "/v1", Dims: 8, QueryPrefix: c.query, DocumentPrefix: c.doc}}
			if c.field == "Model" {
				cfg.Embedder.Model = "nomic\xfe"
			}
			for i := range 2 {
				w, err := memweave.Open(t.Context(), cfg)
				var ce *memweave.ConfigError
				if errors.As(err, &ce) && ce.Field == "Embedder."+c.field && strings.Contains(err.Error(), "UTF-8") {
					return
				}
				if err != nil {
					t.Fatalf("Open #%d = %v, want a ConfigError naming Embedder.%s as not UTF-8", i+1, err, c.field)
				}
				if _, err := w.Index(t.Context()); err != nil {
					t.Fatalf("Index #%d: %v", i+1, err)
				}
				w.Close()
			}
			s, _ := memweave.ReadSettings(t.Context(), root)
			t.Fatalf("Open took %s %q twice (memweave.json records %+v in %s), want a ConfigError naming Embedder.%s",
				c.field, c.query+c.doc, s.Embedder, filepath.Base(root), c.field)
		})
	}
}

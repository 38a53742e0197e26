package memweave_test

import (
	"context"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// TestQueryWithoutWordsSaysSo: a query of punctuation alone gives the
// keyword search nothing to look for (the index keeps words only). The
// answer must say why, rather than only "no results": an agent would take
// it as "nothing about it in memory". A query with words gets no such
// warning, and an emoji is a word: "🚀" finds the note holding it.
func TestQueryWithoutWordsSaysSo(t *testing.T) {
	_, w := openIndexed(t, map[string]string{
		"memory/ship.md": "# Release\n\nRelease train status: 🚀 shipped on friday.\n",
	}, memweave.Config{})
	for _, q := range []string{"?!", "-> =>", "© °"} {
		resp := mustSearch(t, w, q)
		var said bool
		for _, wn := range resp.Warnings {
			said = said || strings.Contains(wn.Error(), "no words")
		}
		if !said {
			t.Errorf("search %q: results %v, warnings %q; want a warning that the query has no words", q, paths(resp.Results), resp.Warnings)
		}
		p, err := w.Pack(context.Background(), q, 100)
		if err != nil || len(p.Warnings) == 0 {
			t.Errorf("pack %q = %v, %v; want the same warning", q, p, err)
		}
	}
	for _, q := range []string{"release 🚀", "🚀"} {
		if resp := mustSearch(t, w, q); len(resp.Warnings) != 0 || len(resp.Results) != 1 {
			t.Errorf("search %q = %v, warnings %q; want memory/ship.md and no warning", q, paths(resp.Results), resp.Warnings)
		}
	}
}

// TestQueryPastTheTermCapSaysSo: the keyword search takes a query's
// first MaxQueryTerms (64) words; a query whose only matching word came
// after them found nothing and said nothing, as if memory held nothing
// about it. The answer now says words were left out and names the first.
// A query of exactly 64 words, or one repeating its words, gets no such
// warning.
func TestQueryPastTheTermCapSaysSo(t *testing.T) {
	_, w := openIndexed(t, map[string]string{
		"memory/ship.md": "# Release\n\nThe falcon release shipped on friday.\n",
	}, memweave.Config{})
	words := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString("filler" + itoa(i) + " ")
		}
		return b.String()
	}
	tests := []struct{ q, cut string }{
		{words(64) + "falcon", "falcon"},
		{words(64) + "the falcon", "falcon"},
		{words(70) + "falcon", "filler64"},
		{words(63) + "falcon", ""},
		{words(64) + "filler3 the", ""},
	}
	for _, tt := range tests {
		want := ""
		if tt.cut != "" {
			want = `search: the query has more words than the keyword search takes (64): those after them were not searched by keyword; the first left out is "` +
				tt.cut + `": shorten the query to the words that matter`
		}
		if got := warningText(mustSearch(t, w, tt.q).Warnings); got != want {
			t.Errorf("search of %d words ending %q: warnings %q, want %q", len(strings.Fields(tt.q)), tt.q[len(tt.q)-12:], got, want)
		}
	}
}

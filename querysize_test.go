package memweave_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestQueryLengthBounded: a query is a question, not a corpus. A 6 MB
// query cost about a second of CPU per search (tokenising, planning and
// embedding all of it) for an answer that uses its first 64 words; an
// adapter handing a whole document as the query paid it on every call.
// A query past [memweave.MaxQueryBytes] is refused before any work,
// naming its size and the bound, through Search, Pack and SearchAt; one
// of exactly the bound is searched.
func TestQueryLengthBounded(t *testing.T) {
	_, w := openIndexed(t, map[string]string{
		"memory/a.md": "# Falcon\n\nThe falcon database lives on host zeta.\n",
	}, memweave.Config{})
	ctx := context.Background()
	head := "falcon database "
	atBound := head + strings.Repeat(" ", memweave.MaxQueryBytes-len(head))
	if resp, err := w.Search(ctx, atBound); err != nil || len(resp.Results) == 0 {
		t.Fatalf("Search of %d bytes (the bound) = %v, %v; want falcon found", len(atBound), resp, err)
	}
	if _, err := w.Pack(ctx, atBound, 200); err != nil {
		t.Fatalf("Pack of %d bytes (the bound): %v", len(atBound), err)
	}
	for _, q := range []string{atBound + "x", strings.Repeat("支", memweave.MaxQueryBytes/3+1), strings.Repeat("falcon ", 6<<20/7)} {
		want := "memweave: search: query too long: " + strconv.Itoa(len(q)) + " bytes, at most " + strconv.Itoa(memweave.MaxQueryBytes)
		_, err := w.Search(ctx, q)
		if !errors.Is(err, memweave.ErrQueryTooLong) || !strings.Contains(err.Error(), want) {
			t.Errorf("Search of %d bytes: %v; want ErrQueryTooLong saying %q", len(q), err, want)
		}
		_, err = w.Pack(ctx, q, 200)
		if !errors.Is(err, memweave.ErrQueryTooLong) || !strings.Contains(err.Error(), want) {
			t.Errorf("Pack of %d bytes: %v; want ErrQueryTooLong saying %q", len(q), err, want)
		}
	}
}

// TestSearchAtRefusesALongQueryFirst: SearchAt checked the query's
// length only in the search it runs last, after checking out every note
// of the revision with git and indexing them (embedding what the cache
// lacks): a query past the bound paid all of it, then was refused. It
// is refused before git runs (here there is none to run).
func TestSearchAtRefusesALongQueryFirst(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha\n"})
	w := open(t, root, memweave.Config{})
	t.Setenv("PATH", t.TempDir()) // no git
	q := strings.Repeat("falcon ", memweave.MaxQueryBytes/7+1)
	_, err := w.SearchAt(context.Background(), "HEAD", q)
	if !errors.Is(err, memweave.ErrQueryTooLong) {
		t.Errorf("SearchAt of a %d-byte query = %v; want ErrQueryTooLong before git runs", len(q), err)
	}
}

package pack_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/memweave/memweave-go/pack"
	"github.com/memweave/memweave-go/search"
)

// TestWiden widens results to whole lines, reads each file once, skips
// the results of a vanished file and lines a shrunk file no longer has,
// and names the file a read failed on.
func TestWiden(t *testing.T) {
	files := map[string]string{"a.md": "one\ntwo\r\nthree\n", "gone.md": ""}
	reads := map[string]int{}
	read := func(_ context.Context, p string) ([]byte, error) {
		reads[p]++
		if p == "bad.md" {
			return nil, errors.New("denied")
		}
		if p == "gone.md" {
			return nil, nil
		}
		return []byte(files[p]), nil
	}
	results := []search.Result{
		{Path: "a.md", StartLine: 2, EndLine: 3, Score: 0.9},
		{Path: "gone.md", StartLine: 1, EndLine: 1},
		{Path: "a.md", StartLine: 1, EndLine: 1, Score: 0.5},
		{Path: "a.md", StartLine: 9, EndLine: 9},
	}
	hits, err := pack.Widen(context.Background(), results, read)
	if err != nil {
		t.Fatal(err)
	}
	want := []pack.Hit{{Path: "a.md", StartLine: 2, Score: 0.9, Text: "two\r\nthree"}, {Path: "a.md", StartLine: 1, Score: 0.5, Text: "one"}}
	if !reflect.DeepEqual(hits, want) {
		t.Errorf("Widen = %+v, want %+v", hits, want)
	}
	if reads["a.md"] != 1 || reads["gone.md"] != 1 {
		t.Errorf("reads = %v, want each file once", reads)
	}
	_, err = pack.Widen(context.Background(), []search.Result{{Path: "bad.md", StartLine: 1, EndLine: 1}}, read)
	if err == nil || err.Error() != "pack: read bad.md: denied" {
		t.Errorf("Widen(bad.md) error = %v, want pack: read bad.md: denied", err)
	}
}

package memweave_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSearchHugeMaxResults checks that a max-results far past the
// index's size (a caller's "give me everything", math.MaxInt) finds what
// a small one finds: the candidate pool is MaxResults times the
// candidate multiplier, which must neither overflow (a negative pool
// found nothing) nor size an allocation (a billion made the vector scan
// ask for tens of gigabytes and the process died).
func TestSearchHugeMaxResults(t *testing.T) {
	_, w := openIndexed(t, map[string]string{
		"memory/deploy.md": "# Deploy\n\nThe canary rollout uses the zebrafish flag.\n",
		"memory/other.md":  "# Other\n\nLunch is at noon on Fridays.\n",
	}, memweave.Config{})
	for _, n := range []int{1_000_000_000, math.MaxInt / 4, math.MaxInt / 3, math.MaxInt} {
		for _, mmr := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d/mmr=%v", n, mmr), func(t *testing.T) {
				opts := []memweave.SearchOption{memweave.MaxResults(n)}
				if mmr {
					opts = append(opts, memweave.MMR(0.5))
				}
				resp := mustSearch(t, w, "zebrafish canary", opts...)
				if len(resp.Results) == 0 || resp.Results[0].Path != "memory/deploy.md" {
					t.Fatalf("Search(MaxResults(%d)) = %v, want memory/deploy.md first", n, paths(resp.Results))
				}
			})
		}
	}
}

// TestSearchFindsWordsWrittenInCompatibilityForms checks that a word a
// note writes with characters that look like the plain word (a PDF's
// "ﬁ" ligature, a Japanese keyboard's fullwidth letters, a web page's
// soft hyphen, a zero-width space, a word joiner) is found by the plain
// word, first and at the default threshold, and the other way round.
func TestSearchFindsWordsWrittenInCompatibilityForms(t *testing.T) {
	notes := map[string]string{
		"memory/ligature.md":  "# Q3\n\nThe ﬁnance team signed the oﬃce lease.\n",
		"memory/fullwidth.md": "# 設定\n\nＡＰＩキー は ｖａｕｌｔ に 保存。\n",
		"memory/shy.md":       "# Notes\n\nThe rein\u00addeer herd moved north.\n",
		"memory/zwsp.md":      "# Notes\n\nThe quarter\u200bback called the play.\n",
		"memory/joiner.md":    "# Notes\n\nThe lime\u2060stone quarry reopened.\n",
		"memory/plain.md":     "# Other\n\nThe ostrich farm sells eggs.\n",
	}
	_, w := openIndexed(t, notes, memweave.Config{})
	for _, tt := range []struct{ query, want string }{
		{"finance", "memory/ligature.md"},
		{"API vault", "memory/fullwidth.md"},
		{"reindeer", "memory/shy.md"},
		{"quarterback", "memory/zwsp.md"},
		{"limestone", "memory/joiner.md"},
		{"ＯＳＴＲＩＣＨ", "memory/plain.md"},
		{"ostri\u00adch", "memory/plain.md"},
	} {
		resp := mustSearch(t, w, tt.query)
		if len(resp.Results) == 0 || resp.Results[0].Path != tt.want {
			t.Errorf("Search(%q) = %v (best filtered %.3f), want %s first", tt.query, paths(resp.Results), resp.BestFilteredScore, tt.want)
		}
	}
}

// TestWriteInvisibleContentRefused: content with nothing to see in it (a
// byte order mark alone, as a Windows tool writes an empty string, a
// zero-width space, a NUL byte) erases a note as surely as empty
// content, so it is refused with ErrWouldErase the same way, with and
// without an expected hash, and the note is kept.
func TestWriteInvisibleContentRefused(t *testing.T) {
	ctx := context.Background()
	const note = "# Stack\n\nPostgreSQL 16.\n"
	root := memweavetest.Workspace(t, map[string]string{"memory/stack.md": note})
	w := open(t, root, memweave.Config{})
	for _, content := range []string{"\ufeff", "\ufeff\r\n", "\u200b\n", "\u2060\u200d\u00ad", "\x00", "\x00\n\x00"} {
		for _, opts := range [][]memweave.WriteOption{nil, {memweave.ExpectHash(memfile.Hash([]byte(note)))}} {
			if _, err := w.Write(ctx, "stack.md", content, opts...); !errors.Is(err, memweave.ErrWouldErase) {
				t.Errorf("Write(stack.md, %q, %d options) = %v, want ErrWouldErase", content, len(opts), err)
			}
		}
	}
	if got := memweavetest.ReadFile(t, root, "memory/stack.md"); got != note {
		t.Errorf("refused writes changed the note to %q", got)
	}
	if _, err := w.Write(ctx, "stack.md", "\ufeff# Stack\n"); err != nil {
		t.Errorf("Write(stack.md, BOM and a heading) = %v, want it written", err)
	}
}

// TestAppendRefusesBinaryText: a dated log is shared by every note of
// its day, and a file holding a NUL byte (or mostly invalid UTF-8), or
// git conflict markers, is not indexed at all, so a note holding them
// would hide the other notes of the day from search. Append refuses it,
// saying why, and the log keeps what it held.
func TestAppendRefusesBinaryText(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/keep.md": "# Keep\n"})
	w := open(t, root, memweave.Config{})
	rel, err := w.Append(ctx, "Agent one saw the pangolin at the gate.")
	if err != nil {
		t.Fatal(err)
	}
	before := memweavetest.ReadFile(t, root, rel)
	for _, tt := range []struct{ text, want string }{
		{"bad\x00note", "not a text file"},
		{"\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8 note", "not a text file"},
		{"I hit this merge:\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> topic\n", "conflict markers"},
	} {
		if _, err := w.Append(ctx, tt.text); err == nil || !strings.Contains(err.Error(), "append") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Append(%q) = %v, want an append error saying %q", tt.text, err, tt.want)
		}
	}
	if got := memweavetest.ReadFile(t, root, rel); got != before {
		t.Errorf("refused appends changed %s to %q", rel, got)
	}
	if resp := mustSearch(t, w, "pangolin"); len(resp.Results) == 0 || resp.Results[0].Path != rel {
		t.Errorf("Search(pangolin) = %v, want %s", paths(resp.Results), rel)
	}
}

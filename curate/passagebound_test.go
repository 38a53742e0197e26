package curate

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/chunker"
)

// TestCutBoundsPassagesOfANote: a cloned memweave.json may set the
// smallest chunks (16 tokens, overlap 8) without approval, and a note
// was then cut into a passage every 32 bytes, each with its vector: a
// 0.8 MB note took 118 MB and a 23 MB index (33 MB and 2.3 MB at the
// defaults), a 4 MB note 774 MB. Cut now widens the chunks of a note so
// large that it would be cut into more than maxPassages, keeping their
// proportions; the defaults never reach that bound below the 16 MiB a
// note may hold.
func TestCutBoundsPassagesOfANote(t *testing.T) {
	line := "deploy window alpha beta gamma delta team owner\n"
	src := []byte(strings.Repeat(line, (2<<20)/len(line)))
	opts, _, _ := Cut(src, chunker.Options{MaxTokens: 16, Overlap: new(8)})
	if n := len(chunker.Split(src, opts)); n > maxPassages {
		t.Errorf("a note of %d bytes at 16/8 tokens: %d passages (options %d/%d), want at most %d", len(src), n, opts.MaxTokens, *opts.Overlap, maxPassages)
	}
	if *opts.Overlap*2 > opts.MaxTokens {
		t.Errorf("widened options %d/%d: overlap over half", opts.MaxTokens, *opts.Overlap)
	}
	small := []byte(strings.Repeat(line, 100))
	if o, _, _ := Cut(small, chunker.Options{MaxTokens: 16, Overlap: new(8)}); o.MaxTokens != 16 || *o.Overlap != 8 {
		t.Errorf("a small note's options = %d/%d, want 16/8 as given", o.MaxTokens, *o.Overlap)
	}
	const maxFileBytes = 16 << 20
	if o := boundPassages(maxFileBytes, chunker.Options{MaxTokens: 400, Overlap: new(80)}); o.MaxTokens != 400 || *o.Overlap != 80 {
		t.Errorf("the defaults at 16 MiB = %d/%d, want them unchanged", o.MaxTokens, *o.Overlap)
	}
}

package static_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embed/static/statictest"
)

// TestLongTokensCheck is the held-out part of the long-token family:
// written with TestLongTokensCostBoundedWork, run only after the fix.
func TestLongTokensCheck(t *testing.T) {
	e := strings.Repeat("é", 6000)
	word := strings.Repeat("é", 20000)
	uni := func(pieces ...string) string {
		scores := make([]float64, len(pieces))
		for i := range scores {
			scores[i] = -2
		}
		return statictest.UnigramTokenizer(pieces, scores)
	}
	chain := strings.Repeat("a", 20000) + "z"
	checkLongTokens(t, []longTokenCase{
		{"Unigram, a piece of 6,000 two-byte characters", uni("<unk>", "é", "▁é", e, "▁"+e), uni("<unk>", "é", "▁é"), word},
		{"WordPiece, a continuing chain", wordPieceWith(t, []string{"[UNK]", "a", "##a", "##" + chain}, 1<<20),
			wordPieceWith(t, []string{"[UNK]", "a", "##a"}, 1<<20), strings.Repeat("a", 40000)},
		{"WordPiece, a first-token chain", wordPieceWith(t, []string{"[UNK]", "a", "##a", chain}, 1<<20),
			wordPieceWith(t, []string{"[UNK]", "a", "##a"}, 1<<20), strings.Repeat("a", 40000)},
	})
}

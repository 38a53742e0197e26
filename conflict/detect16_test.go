package conflict_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/memweave/memweave-go/conflict"
	"github.com/memweave/memweave-go/workspace"
)

// TestDetectFindsContra16Pairs puts the two texts of each pair of
// testdata/contra16.jsonl in files of their own and checks that the
// candidate search finds the pair when Judge flags it: the pairs of the
// sixteenth pass share little more than a subject ("Mara is vegan",
// "Mara eats cheese every day"; "Chloe is single", "Chloe's husband is
// a chef"). Each pair is searched alone: the set reuses names across
// families, whose statements would read as families of parallel
// statements.
func TestDetectFindsContra16Pairs(t *testing.T) {
	detectFindsJudgedPairs(t, "testdata/contra16.jsonl")
}

// TestDetectFindsContra17Pairs does the same for testdata/contra17.jsonl
// ("Hugo never married", "Hugo's ex-wife lives in Ghent").
func TestDetectFindsContra17Pairs(t *testing.T) {
	detectFindsJudgedPairs(t, "testdata/contra17.jsonl")
}

// detectFindsJudgedPairs checks that Detect finds each pair of the set
// name that Judge flags, each pair searched alone.
func detectFindsJudgedPairs(t *testing.T, name string) {
	t.Helper()
	for _, p := range readPairs(t, name) {
		if _, ok := conflict.Judge(p.A, p.B); !ok {
			continue
		}
		a := conflict.Chunk{Lines: workspace.Lines{Path: fmt.Sprintf("memory/p%d-a.md", p.ID), StartLine: 1, EndLine: 1, Text: p.A}}
		b := conflict.Chunk{Lines: workspace.Lines{Path: fmt.Sprintf("memory/p%d-b.md", p.ID), StartLine: 1, EndLine: 1, Text: p.B}}
		res, err := conflict.Detect(context.Background(), []conflict.Chunk{a, b}, conflict.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Conflicts) == 0 {
			t.Errorf("Detect missed pair %d (Judge flags it): %q / %q", p.ID, p.A, p.B)
		}
	}
}

// TestDetectFindsContra18Pairs checks that Detect, which the CLI, the
// MCP server and the root show hints through, finds each pair of
// contra18 that Judge flags, among them pairs that share the subject
// alone ("Per is unemployed", "Per works as a teacher").
func TestDetectFindsContra18Pairs(t *testing.T) {
	detectFindsJudgedPairs(t, "testdata/contra18.jsonl")
}

// TestDetectFindsContra19Pairs does the same for testdata/contra19.jsonl
// ("Ivana has been sober for six years", "Ivana drinks wine every
// evening"; "Omar lives in Seattle", "Omar lives in Florida").
func TestDetectFindsContra19Pairs(t *testing.T) {
	detectFindsJudgedPairs(t, "testdata/contra19.jsonl")
}

// TestDetectFindsContra20Pairs does the same for testdata/contra20.jsonl
// ("He works nights at the sorting office", "He works days at the
// sorting office"; "The youth orchestra rehearses in the church crypt",
// "The youth orchestra now rehearses in the sports hall").
func TestDetectFindsContra20Pairs(t *testing.T) {
	detectFindsJudgedPairs(t, "testdata/contra20.jsonl")
}

// TestDetectFindsContra21Pairs does the same for testdata/contra21.jsonl
// ("Eero confirmed that the sauna is heated by wood", "The sauna is
// heated by electricity"; "Saoirse drinks only herbal tea", "Saoirse
// drinks strong black coffee every morning").
func TestDetectFindsContra21Pairs(t *testing.T) {
	detectFindsJudgedPairs(t, "testdata/contra21.jsonl")
}

// TestDetectFindsContra22Pairs does the same for testdata/contra22.jsonl
// ("She has her espresso black", "She always adds cream to her
// espresso"; "The island ferry operates year-round", "The island ferry
// operates only from May to September").
func TestDetectFindsContra22Pairs(t *testing.T) {
	detectFindsJudgedPairs(t, "testdata/contra22.jsonl")
}

// TestDetectFindsContra23Pairs does the same for testdata/contra23.jsonl
// ("The compost heap is at the bottom of the paddock", "The compost heap
// is next to the kitchen door"; "Ifeoma doesn't drive", "Ifeoma drove
// the kids to school this morning").
func TestDetectFindsContra23Pairs(t *testing.T) {
	detectFindsJudgedPairs(t, "testdata/contra23.jsonl")
}

package memweave_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/chunker"
)

// A note that is not valid UTF-8 is indexed with replacement characters
// (3 bytes each in UTF-8), but pack read it raw and counted its tokens
// on the raw bytes: JSON (the CLI's --json, MCP) turns each invalid
// byte into U+FFFD, so the pack a program decodes held more tokens than
// its budget. The passages are counted as they are given.
func TestPackCountsTheTextAsJSONCarriesIt(t *testing.T) {
	t.Parallel()
	note := "# Deploy\n\nWe deploy with make release, caf\xe9" + strings.Repeat(" and na\xefve", 40) + " done.\n"
	_, w := openIndexed(t, map[string]string{"memory/a.md": note}, memweave.Config{})
	p, err := w.Pack(t.Context(), "deploy release", 1000)
	if err != nil || len(p.Items) != 1 {
		t.Fatalf("Pack = %+v, %v; want the note's passage", p, err)
	}
	// The passage's own size as the budget: it fits, as counted.
	p, err = w.Pack(t.Context(), "deploy release", p.Items[0].Tokens)
	if err != nil || len(p.Items) != 1 {
		t.Fatalf("Pack with its size as the budget = %+v, %v; want the passage", p, err)
	}
	data, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var got memweave.Pack
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if n := chunker.EstimateTokens(got.Items[0].Text); n > got.Budget || n != got.Items[0].Tokens {
		t.Errorf("the passage as JSON carries it is %d tokens, counted %d, budget %d; want it counted as given, within the budget", n, got.Items[0].Tokens, got.Budget)
	}
}

package english_test

import (
	"context"
	"testing"

	"github.com/memweave/memweave-go/embed/static/english"
)

func TestIdentity(t *testing.T) {
	// A rebuilt model has a new identity, and indexes built with this
	// one re-embed: change this line only with the model.
	const want = "static/m2v-abcac00c7927a330/256"
	if got := english.New().Identity().String(); got != want {
		t.Errorf("Identity() = %s, want %s", got, want)
	}
}

// TestParaphrase checks the model finds a note that answers a question in
// other words, among notes that share words with the question.
func TestParaphrase(t *testing.T) {
	e := english.New()
	ctx := context.Background()
	for _, c := range []struct {
		query, answer string
		others        []string
	}{
		{"what theme does the user like?", "User prefers dark mode in every editor",
			[]string{"The user asked about the weather", "We deploy the service on Friday", "Alice's birthday is in March"}},
		{"which car does Bob drive", "Bob's automobile is a red hatchback",
			[]string{"Bob likes jazz music", "The meeting moved to Tuesday", "Drive the data migration carefully"}},
	} {
		q, err := e.EmbedQuery(ctx, c.query)
		if err != nil {
			t.Fatal(err)
		}
		docs, err := e.EmbedDocuments(ctx, append([]string{c.answer}, c.others...))
		if err != nil {
			t.Fatal(err)
		}
		cos := func(v []float32) (s float64) {
			for i := range v {
				s += float64(v[i]) * float64(q[i])
			}
			return s
		}
		for i, d := range docs[1:] {
			if cos(d) >= cos(docs[0]) {
				t.Errorf("%q: cosine to %q = %.3f, not below the answer %q (%.3f)", c.query, c.others[i], cos(d), c.answer, cos(docs[0]))
			}
		}
	}
}

package embed_test

import (
	"context"
	"fmt"

	"github.com/memweave/memweave-go/embed"
)

func ExampleNewHash() {
	h := embed.NewHash(0)
	ctx := context.Background()
	docs, err := h.EmbedDocuments(ctx, []string{
		"Database credentials are rotated every 90 days by the ops team.",
		"The frontend build uses Vite and writes to the dist folder.",
	})
	if err != nil {
		panic(err)
	}
	q, err := h.EmbedQuery(ctx, "how do we rotate database credentials?")
	if err != nil {
		panic(err)
	}
	// Vectors are L2-normalised, so the dot product is the cosine.
	dot := func(a, b []float32) (s float32) {
		for i := range a {
			s += a[i] * b[i]
		}
		return s
	}
	fmt.Println(h.Identity(), len(q))
	fmt.Printf("credentials: %.2f\n", dot(q, docs[0]))
	fmt.Printf("frontend:    %.2f\n", dot(q, docs[1]))
	// Output:
	// hash/fnv-ngram-v5/384 384
	// credentials: 0.48
	// frontend:    0.08
}

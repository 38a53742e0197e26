package postprocess

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/search"
)

// A caller's processor that panics fails the search with an error naming
// it, as one returning an error does: a long-lived program (an MCP
// server, a service holding a Weave) must not die of it.
func TestRunCustomPanic(t *testing.T) {
	errBoom := errors.New("boom")
	for _, tt := range []struct {
		name  string
		value any
		is    error
	}{
		{"error value", errBoom, errBoom},
		{"string value", "index out of range", nil},
		{"nil map", nil, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := Func{N: "reranker", F: func(context.Context, string, []search.Result) ([]search.Result, error) {
				if tt.value == nil {
					var m map[string]int
					m["x"]++ // a runtime error, as a careless processor makes
				}
				panic(tt.value)
			}}
			in := res(0.9, 0.5)
			got, err := Run(context.Background(), "q", in, Threshold{Min: 0}, p)
			if err == nil || !strings.Contains(err.Error(), "reranker") || !strings.Contains(err.Error(), "panic") || got != nil {
				t.Fatalf("Run with a panicking processor = %v, %v; want nil and an error naming reranker and the panic", ids(got), err)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("Run error %v does not wrap the panic's error %v", err, tt.is)
			}
			if !errors.Is(err, ErrPanicked) {
				t.Errorf("Run error %v is not ErrPanicked", err)
			}
			if in[0].Score != 0.9 || in[1].Score != 0.5 || len(in[0].Explain.Processors) != 0 {
				t.Errorf("Run changed its input: %+v", in)
			}
		})
	}
}

package postprocess

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/search"
)

// TestRunRejectsJunk: a custom processor whose results carry a score that
// is not a number (or infinite) fails the search with an error naming the processor and the result;
// otherwise a NaN reached the caller, and JSON (the CLI, the MCP server)
// failed with "json: unsupported value: NaN", naming neither.
func TestRunRejectsJunk(t *testing.T) {
	for _, tt := range []struct {
		name string
		edit func(*search.Result)
		want string
	}{
		{"nan", func(r *search.Result) { r.Score = math.NaN() }, "score NaN"},
		{"inf", func(r *search.Result) { r.Score = math.Inf(-1) }, "score -Inf"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			junk := Func{N: "junk", F: func(_ context.Context, _ string, rs []search.Result) ([]search.Result, error) {
				tt.edit(&rs[1])
				return rs, nil
			}}
			in := res(0.9, 0.5)
			for i := range in {
				in[i].StartLine, in[i].EndLine = 1, 3
			}
			got, err := Run(context.Background(), "q", in, junk)
			if err == nil || !strings.Contains(err.Error(), "postprocess: junk: result 2 (memory/notes.md") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Run = %v, %v; want an error naming junk, result 2 of memory/notes.md and %q", ids(got), err, tt.want)
			}
		})
	}
}

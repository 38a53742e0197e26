package postprocess

import (
	"fmt"
	"math"
	"testing"

	"github.com/memweave/memweave-go/frontmatter"
)

// TestFeedbackCountsClampedOnRead: counts written by hand (or by a
// hostile clone) below zero or near the largest int were read as they
// were and subtracted or summed, wrapping around: two useful marks
// against useless: -9223372036854775808 ranked the passage as useless.
// Each count is now read clamped to [0, frontmatter.MaxVotes].
func TestFeedbackCountsClampedOnRead(t *testing.T) {
	tests := []struct {
		useful, useless string
		want            float64 // the factor's sign: 1 boosted, -1 lowered, 0 neither
	}{
		{"2", "-9223372036854775808", 1},
		{"-9223372036854775808", "0", 0},
		{"9223372036854775807", "-1", 1},
		{"-1", "9223372036854775807", -1},
		{"-5", "-5", 0},
		{"3", "-2", 1},
	}
	for _, tt := range tests {
		src := fmt.Sprintf("---\nfeedback:\n  pabc: {useful: %s, useless: %s}\n---\nText.\n", tt.useful, tt.useless)
		m, _, err := frontmatter.Parse([]byte(src))
		if err != nil {
			t.Fatalf("useful %s, useless %s: %v", tt.useful, tt.useless, err)
		}
		v := m.Feedback["pabc"]
		if v.Useful < 0 || v.Useless < 0 || v.Useful > frontmatter.MaxVotes || v.Useless > frontmatter.MaxVotes {
			t.Errorf("useful %s, useless %s read as %+v, want each in [0, %d]", tt.useful, tt.useless, v, frontmatter.MaxVotes)
		}
		f := CurationFactor(frontmatter.Meta{}, v)
		if got := math.Copysign(1, f-1) * math.Ceil(math.Abs(f-1)); got != tt.want {
			t.Errorf("useful %s, useless %s: factor %v, want its sign %v", tt.useful, tt.useless, f, tt.want)
		}
	}
}

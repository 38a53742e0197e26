package postprocess

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/memweave/memweave-go/search"
)

// Decay's ages by file name and frozen time: leap days, malformed and
// impossible dates (evergreen), future dates (not boosted), and "today"
// taken in Now's zone near midnight.
func TestDecayDatedNames(t *testing.T) {
	la, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Skip("no tzdata:", err)
	}
	utcLate := time.Date(2028, 3, 1, 23, 59, 59, 0, time.UTC)
	laEarly := time.Date(2028, 3, 2, 0, 30, 0, 0, time.UTC).In(la) // 2028-03-01 16:30 in LA
	for _, tt := range []struct {
		path string
		now  time.Time
		age  float64 // -1: evergreen
	}{
		{"memory/2028-02-29.md", utcLate, 1}, // leap day, 2028 is a leap year
		{"memory/2028-02-29.md", laEarly, 1}, // UTC already says 03-02; LA's today is 03-01
		{"memory/2028-03-01.MARKDOWN", utcLate, 0},
		{"memory/ops/deep/2027-03-01.md", utcLate, 366},
		{"memory/2027-02-29.md", utcLate, -1}, // no such day
		{"memory/2028-3-01.md", utcLate, -1},
		{"memory/2028-03-01-notes.md", utcLate, -1},
		{"memory/28-03-01.md", utcLate, -1},
		{"memory/２０２８-03-01.md", utcLate, -1}, // fullwidth digits
		{"memory/2028-03-01.txt", utcLate, -1},
		{"notes/2028-03-01.md", utcLate, -1}, // outside memory/
		{"memory/2099-12-31.md", utcLate, 0}, // future: not boosted
		{"memory/0001-01-01.md", utcLate, 740345},
	} {
		in := []search.Result{{ChunkID: 1, Score: 0.8, Path: tt.path}}
		out, err := Decay{HalfLifeDays: 30, Now: tt.now}.Process(context.Background(), "q", in)
		if err != nil {
			t.Fatal(err)
		}
		r := out[0]
		if tt.age < 0 {
			if r.Explain.Decay != nil || r.Score != 0.8 {
				t.Errorf("%s at %v: decay %v, score %v; want evergreen", tt.path, tt.now, r.Explain.Decay, r.Score)
			}
			continue
		}
		want := 0.8 * pow2(-tt.age/30)
		if r.Explain.Decay == nil || !near(r.Score, want) || r.Score > 0.8 {
			t.Errorf("%s at %v: score %v, want %v (age %v days)", tt.path, tt.now, r.Score, want, tt.age)
		}
	}
}

func pow2(x float64) float64 { return math.Exp2(x) }

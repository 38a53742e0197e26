package query

import (
	"testing"
	"time"
)

// TestPace: only a search that starts a second or more after the
// handle's last one ended counts as after a pause; a handle's first
// search does not.
func TestPace(t *testing.T) {
	var p Pace
	t0 := time.Unix(1000, 0)
	if p.paused(t0) {
		t.Error("first search: paused, want not")
	}
	p.done(t0)
	for _, c := range []struct {
		after time.Duration
		want  bool
	}{{0, false}, {999 * time.Millisecond, false}, {time.Second, true}, {3 * time.Second, true}} {
		if got := p.paused(t0.Add(c.after)); got != c.want {
			t.Errorf("search %v after the last: paused %v, want %v", c.after, got, c.want)
		}
	}
}

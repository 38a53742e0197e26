package valueerr

import "testing"

func TestError(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{New("must be at least 16", 5), "must be at least 16, got 5"},
		{New("must be in [0,1]", 1.5), "must be in [0,1], got 1.5"},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("Error() = %q, want %q", got, c.want)
		}
	}
}

package warnonce

import (
	"errors"
	"testing"
)

func TestGuard(t *testing.T) {
	var g Guard
	steps := []struct {
		err  error // nil: the step worked
		want bool
	}{
		{errors.New("disk full: 10 KiB free"), true},
		{errors.New("disk full: 12 KiB free"), false},
		{errors.New("permission denied"), true},
		{errors.New("permission denied"), false},
		{nil, true},
		{nil, false},
		{errors.New("permission denied"), true},
	}
	for i, s := range steps {
		var got bool
		if s.err != nil {
			got = g.Failed(s.err)
		} else {
			got = g.Succeeded()
		}
		if got != s.want {
			t.Errorf("step %d (%v) = %v, want %v", i, s.err, got, s.want)
		}
	}
}

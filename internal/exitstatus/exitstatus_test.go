package exitstatus

import (
	"context"
	"errors"
	"testing"

	"github.com/spf13/cobra"
)

func TestCode(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		body error
		want int
		msg  string
	}{
		{"success", nil, 0, ""},
		{"failure", errors.New("disk full"), 1, "disk full"},
		{"usage", Usagef("bad --flag %d", 3), 2, "bad --flag 3"},
		{"wrapped usage", Usagef("%w", context.DeadlineExceeded), 2, "context deadline exceeded"},
		{"interrupted", context.Canceled, 1, "interrupted"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := &cobra.Command{Use: "x"}
			cmd.SetContext(ctx)
			err := Action(func(*cobra.Command, []string) error { return tt.body })(cmd, nil)
			if got := Code(err); got != tt.want {
				t.Errorf("Code(%v) = %d, want %d", err, got, tt.want)
			}
			if err != nil && err.Error() != tt.msg {
				t.Errorf("Action error = %q, want %q", err, tt.msg)
			}
		})
	}
	if got := Code(errors.New("unknown flag --x")); got != 2 {
		t.Errorf("Code(a cobra error) = %d, want 2", got)
	}
}

func TestNoArgs(t *testing.T) {
	cmd := &cobra.Command{Use: "status"}
	if err := NoArgs(cmd, nil); err != nil {
		t.Errorf("NoArgs(status, []) = %v, want nil", err)
	}
	err := NoArgs(cmd, []string{"extra"})
	if Code(err) != 2 || err.Error() != `status takes no arguments, got "extra"` {
		t.Errorf("NoArgs(status, [extra]) = %v (exit %d), want a usage error naming the argument", err, Code(err))
	}
}

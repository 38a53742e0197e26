// Package exitstatus holds the exit status rule of the memweave and
// memweave-bench commands, so that both keep the same one: 0 on success,
// 1 when a command that was used correctly fails, 2 on a usage error
// (unknown command or flag, missing argument, bad flag value). Errors
// cobra raises itself, before a command's body runs, are usage errors.
package exitstatus

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"
)

// UsageError is a mistake on the command line: exit status 2.
type UsageError struct{ Err error }

// Error returns the mistake's message.
func (e *UsageError) Error() string { return e.Err.Error() }

// Unwrap returns the mistake.
func (e *UsageError) Unwrap() error { return e.Err }

// Usagef returns a [UsageError] formatted as [fmt.Errorf] formats.
func Usagef(format string, args ...any) error {
	return &UsageError{fmt.Errorf(format, args...)}
}

// runError is a failure of a command that was used correctly: exit
// status 1.
type runError struct{ err error }

func (e *runError) Error() string { return e.err.Error() }
func (e *runError) Unwrap() error { return e.err }

// Action adapts a subcommand body for cobra. The errors it returns are
// failures (exit status 1) unless they are usage errors; a body stopped
// by the command's cancelled context fails with "interrupted".
func Action(fn func(cmd *cobra.Command, args []string) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		err := fn(cmd, args)
		if err == nil {
			return nil
		}
		var ue *UsageError
		if errors.As(err, &ue) {
			return err
		}
		if errors.Is(err, context.Canceled) && cmd.Context().Err() != nil {
			err = errors.New("interrupted")
		}
		return &runError{err}
	}
}

// IsFailure reports whether err, as the root command's Execute returned
// it, is the failure of a body run through [Action] (exit status 1)
// rather than a usage error (exit status 2).
func IsFailure(err error) bool {
	var re *runError
	return errors.As(err, &re)
}

// Code returns the exit status of err: 0 for nil, 1 for a failure
// ([IsFailure]), 2 for a usage error.
func Code(err error) int {
	switch {
	case err == nil:
		return 0
	case IsFailure(err):
		return 1
	}
	return 2
}

// NoArgs rejects positional arguments as a usage error; it is a
// [cobra.PositionalArgs].
func NoArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return Usagef("%s takes no arguments, got %q", cmd.Name(), args[0])
	}
	return nil
}

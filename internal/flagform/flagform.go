// Package flagform holds the one form of the memweave and memweave-bench
// commands' flag errors: a value that does not parse reads "invalid
// --FLAG VALUE: what it wants", as the commands' own range checks do,
// and a flag that takes one value refuses a second, different one.
package flagform

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// OneValue makes every flag of root and its subcommands that takes
// one value refuse a second, different one: pflag keeps the last, so
// "-w A delete x.md -w B" deleted B's note and --expect-hash H1
// --expect-hash H2 checked H2 alone. The same value twice is accepted;
// a repeatable flag (a [pflag.SliceValue]) is left as it is.
func OneValue(root *cobra.Command) {
	seen := map[*pflag.Flag]bool{}
	wrap := func(f *pflag.Flag) {
		if seen[f] {
			return
		}
		seen[f] = true
		if _, ok := f.Value.(pflag.SliceValue); ok {
			return
		}
		if f.Value.Type() == "duration" && f.DefValue == "0s" {
			// The help leaves out a default that is the zero value, which
			// pflag knows for its own duration type only by its "0".
			f.DefValue = "0"
		}
		f.Value = &onceValue{Value: f.Value, flag: f}
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.PersistentFlags().VisitAll(wrap)
		c.Flags().VisitAll(wrap)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// onceValue is a flag's value that takes one value: a second Set with
// another value fails with an [errGivenTwice].
type onceValue struct {
	pflag.Value
	flag  *pflag.Flag
	first *string // the value first set, nil before
}

// Set sets the value the first time, and accepts the same value again.
func (v *onceValue) Set(s string) error {
	if v.first != nil {
		if s == *v.first {
			return nil
		}
		return &errGivenTwice{name: flagName(v.flag), first: *v.first, second: s}
	}
	if err := v.Value.Set(s); err != nil {
		return err
	}
	v.first = &s
	return nil
}

// errGivenTwice is a flag that takes one value given two.
type errGivenTwice struct{ name, first, second string }

func (e *errGivenTwice) Error() string {
	return fmt.Sprintf("%q given twice (%q, then %q): it takes one value", e.name, e.first, e.second)
}

// flagName names f as pflag's own errors do: "-n, --max-results".
func flagName(f *pflag.Flag) string {
	if f.Shorthand != "" && f.ShorthandDeprecated == "" {
		return "-" + f.Shorthand + ", --" + f.Name
	}
	return "--" + f.Name
}

// Message is the message of a flag parsing error: for a flag given
// twice the [errGivenTwice] alone (pflag's would quote the second value
// as "invalid", though either may be the one meant); for a value of the
// wrong kind the form of the commands' own range errors, "invalid
// --FLAG VALUE: what it wants" (pflag's names Go's parser: `invalid
// argument "abc" for "-n, --max-results" flag: strconv.ParseInt:
// parsing "abc": invalid syntax`); else pflag's own.
func Message(err error) string {
	if e, ok := errors.AsType[*errGivenTwice](err); ok {
		return e.Error()
	}
	if e, ok := errors.AsType[*pflag.InvalidValueError](err); ok {
		return fmt.Sprintf("invalid --%s %q: %s", e.GetFlag().Name, e.GetValue(), valueWanted(e.GetFlag().Value.Type(), e.Unwrap()))
	}
	return strings.TrimSpace(err.Error())
}

// valueWanted says what a flag of the pflag type kind wants, for a value
// whose parse failed with cause.
func valueWanted(kind string, cause error) string {
	if errors.Is(cause, strconv.ErrRange) {
		return "out of range"
	}
	switch kind {
	case "int", "int64", "uint", "count":
		return "want a whole number"
	case "float64":
		return "want a number"
	case "bool":
		return "want true or false"
	case "duration":
		return "want a duration such as 30s or 5m"
	}
	return strings.TrimSpace(cause.Error())
}

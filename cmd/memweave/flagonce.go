package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// oneValueFlags makes every flag of root and its subcommands that takes
// one value refuse a second, different one: pflag keeps the last, so
// "-w A delete x.md -w B" deleted B's note and --expect-hash H1
// --expect-hash H2 checked H2 alone. The same value twice is accepted;
// a repeatable flag (a [pflag.SliceValue]) is left as it is.
func oneValueFlags(root *cobra.Command) {
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

// flagError is the message of a flag parsing error: for a flag given
// twice the [errGivenTwice] alone (pflag's would quote the second value
// as "invalid", though either may be the one meant); for a value pflag
// could not parse, the one form of a refused flag value, "invalid
// --NAME "VALUE": want ...", saying in words what the flag takes where
// pflag quoted its parser ("strconv.ParseInt: parsing "x": invalid
// syntax"); else pflag's own.
func flagError(err error) string {
	if e, ok := errors.AsType[*errGivenTwice](err); ok {
		return e.Error()
	}
	if e, ok := errors.AsType[*pflag.InvalidValueError](err); ok {
		f := e.GetFlag()
		want := "want " + valueKinds[f.Value.Type()]
		if valueKinds[f.Value.Type()] == "" {
			want = e.Unwrap().Error() // a value of ours says what it takes
		}
		return fmt.Sprintf("invalid --%s %q: %s", f.Name, e.GetValue(), want)
	}
	return strings.TrimSpace(err.Error())
}

// valueKinds says in words what a value of each of pflag's own types
// is, by [pflag.Value.Type].
var valueKinds = map[string]string{
	"int": "a whole number", "int64": "a whole number", "int32": "a whole number",
	"uint": "a whole number of 0 or more", "uint64": "a whole number of 0 or more",
	"float64": "a number", "float32": "a number",
	"bool":     "true or false",
	"duration": "a duration such as 500ms, 30s or 5m",
}

// Package valueerr holds the error of a value out of its range that
// keeps the rule apart from the value: the library's text is "<rule>,
// got <value>", and a command that names the flag and its value itself
// ("invalid --FLAG VALUE: rule") takes the rule, without cutting text.
package valueerr

import "fmt"

// Error is a value out of range: Rule says what it must be ("must be at
// least 16"), Got is the value.
type Error struct {
	Rule string
	Got  any
}

// New returns an *Error of rule and got.
func New(rule string, got any) error { return &Error{Rule: rule, Got: got} }

// Error is "<rule>, got <value>".
func (e *Error) Error() string { return fmt.Sprintf("%s, got %v", e.Rule, e.Got) }

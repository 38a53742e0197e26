package settings

import (
	"errors"
	"fmt"
)

// ErrMismatch is wrapped by [MismatchError], the error of a program's
// value that disagrees with the workspace's settings file.
var ErrMismatch = errors.New("settings disagree")

// ErrRefused is wrapped by the error of a settings file that is not a
// regular file inside the workspace, or is too large.
var ErrRefused = errors.New("settings file refused")

// ConfigError reports an invalid configuration value, named by its
// field of memweave.Config ("ChunkTokens", "Embedder.Model").
type ConfigError struct {
	Field string
	Err   error
}

// Error names the field and what is wrong with it.
func (e *ConfigError) Error() string { return "memweave: config " + e.Field + ": " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *ConfigError) Unwrap() error { return e.Err }

// FieldError is the error of a value of the settings file that is out
// of range: it names the file, the setting and its line.
type FieldError struct {
	// Path is the settings file, Setting its key ("embedder.dims") and
	// Line the key's line, 0 when unknown.
	Path, Setting string
	Line          int
	// Err is what is wrong with the value.
	Err error
}

// Error names the file, line and setting.
func (e *FieldError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("memweave: settings %s:%d: %s: %v", e.Path, e.Line, e.Setting, e.Err)
	}
	return fmt.Sprintf("memweave: settings %s: %s: %v", e.Path, e.Setting, e.Err)
}

// Unwrap returns the problem.
func (e *FieldError) Unwrap() error { return e.Err }

// MismatchError is the error of a program's value that disagrees with
// the workspace's settings file. It wraps [ErrMismatch].
type MismatchError struct {
	// Field is the memweave.Config field ("Embedder.Provider"); Setting
	// the key of the settings file ("embedder.provider").
	Field, Setting string
	// Config and File are the two values.
	Config, File any
	// Path is the settings file.
	Path string
}

// Error names both settings and how to switch.
func (e *MismatchError) Error() string {
	return fmt.Sprintf("memweave: config %s %s disagrees with %s in %s (%s); change the workspace's settings explicitly (memweave config), then index to rebuild what they change",
		e.Field, show(e.Config), e.Setting, e.Path, show(e.File))
}

// Unwrap returns [ErrMismatch].
func (e *MismatchError) Unwrap() error { return ErrMismatch }

// show formats a setting's value for an error.
func show(v any) string {
	switch v := v.(type) {
	case string:
		return fmt.Sprintf("%q", v)
	case *int:
		if v == nil {
			return "unset"
		}
		return fmt.Sprint(*v)
	case *float64:
		if v == nil {
			return "unset"
		}
		return fmt.Sprint(*v)
	}
	return fmt.Sprint(v)
}

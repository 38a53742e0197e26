// Package shellquote quotes a path or argument for a POSIX shell, so that
// a command memweave tells its user to run (`chmod u+w PATH`,
// `memweave trust -w DIR`) can be pasted as it is printed.
package shellquote

import "strings"

// Quote returns s as it is when it holds only plain path characters
// (letters, digits and /._-+,:@), and otherwise in single quotes, each
// single quote of s closing the quotes, escaped with a backslash, and
// opening them again. The empty string is a pair of single quotes.
func Quote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+,:@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

package main

import (
	"slices"
	"strings"

	"github.com/memweave/memweave-go/internal/shellquote"
)

// secretFlags are the flags whose values a restart line leaves out.
var secretFlags = []string{"--token"}

// restartLine is args, a long-lived command's own command line, as the
// POSIX shell command that restarts it, with TOKEN in place of each
// secret flag's value ([memweave.Config.RestartCommand]): the line goes
// into MCP answers and logs.
func restartLine(args []string) string {
	quoted := make([]string, len(args))
	hide := false
	for i, a := range args {
		switch {
		case hide:
			a = "TOKEN"
		case strings.HasPrefix(a, "--") && strings.Contains(a, "="):
			if name, _, _ := strings.Cut(a, "="); slices.Contains(secretFlags, name) {
				a = name + "=TOKEN"
			}
		}
		hide = slices.Contains(secretFlags, a) && i > 0
		quoted[i] = shellquote.Quote(a)
	}
	return strings.Join(quoted, " ")
}

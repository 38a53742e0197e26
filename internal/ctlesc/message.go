package ctlesc

import "strings"

// libPrefix is the prefix of the library's errors ("memweave: search:
// ..."), which a command or a tool answer showing one puts its own
// prefix before.
const libPrefix = "memweave: "

// Message is an error message of the library shown on its own, after
// the caller's own prefix: [Unwrapped], its control and bidi characters
// escaped as [Controls] writes them. The CLI's error lines and warnings
// and the MCP server's tool errors and warnings show messages through
// it.
func Message(msg string) string { return Controls(Unwrapped(msg)) }

// Unwrapped is msg on one line (each run of white space one space, the
// ends trimmed) without the "memweave: " prefixes of the errors it wraps
// or joins: at the start of each of its lines, after ": " and after
// "(". Elsewhere (in a quoted file name or text) "memweave: " is kept.
// A warning's JSON (indexer.Warning's MarshalText) is its message
// through it, so that JSON says what the commands print.
func Unwrapped(msg string) string {
	lines := strings.Split(msg, "\n")
	kept := lines[:0]
	for _, l := range lines {
		l = strings.Join(strings.Fields(l), " ")
		for strings.HasPrefix(l, libPrefix) {
			l = strings.TrimPrefix(l, libPrefix)
		}
		for _, after := range []string{": ", "("} {
			for strings.Contains(l, after+libPrefix) {
				l = strings.ReplaceAll(l, after+libPrefix, after)
			}
		}
		if l != "" {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, " ")
}

// Package ctlesc escapes the control characters of a text that came
// from a note, a file name, an argument or a request before it is shown:
// to a terminal (the CLI) or in a tool's answer (the MCP server), one
// rule for both.
package ctlesc

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Controls writes each C0 and C1 control character of s (and DEL)
// as Go would quote it, "\x1b" for an escape, and each byte that is not
// UTF-8 as "\x9b": a raw 0x9b is CSI to a terminal reading 8-bit
// controls, and a file name or argument may hold one.
func Controls(s string) string { return Escape(s, false) }

// Line is s shown on one line: each run of white space (line feeds
// included) as one space, the ends trimmed, and the rest as [Controls]
// writes it.
func Line(s string) string { return Controls(strings.Join(strings.Fields(s), " ")) }

// Escape is [Controls]; with layout it keeps the line feeds, tabs
// and CRLF line ends of a text, escaping a lone carriage return (which
// would write the rest of a line over what it says).
func Escape(s string, layout bool) string {
	isControl := func(r rune) bool { return r < 0x20 || r >= 0x7f && r < 0xa0 || IsBidiControl(r) }
	if layout {
		isControl = func(r rune) bool {
			return r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r < 0xa0 || IsBidiControl(r)
		}
	}
	if utf8.ValidString(s) && !strings.ContainsFunc(s, isControl) {
		return s
	}
	var b strings.Builder
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[0])
		case layout && r == '\r' && strings.HasPrefix(s, "\r\n"):
			b.WriteString("\r\n")
			n = 2
		case isControl(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[:n])
		}
		s = s[n:]
	}
	return b.String()
}

// IsBidiControl reports whether r is a bidirectional embedding,
// override or isolate (U+202A to U+202E, U+2066 to U+2069): one in a
// note reorders the rest of the line it is printed on ("invoice
// \u202eexe.pdf" prints as "invoice fdp.exe"). The marks (U+200E,
// U+200F, U+061C), which right-to-left text is written with and which
// reorder no letters, are not among them.
func IsBidiControl(r rune) bool { return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 }

package mcpserver

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/memweave/memweave-go"
)

// jsonRuneSize returns how many bytes encoding/json writes for the rune
// of size bytes that starts s: 6 for what it writes as \uXXXX (a
// control character, "<", ">", "&", U+2028, U+2029, a byte that is not
// UTF-8), 2 for a quote, a backslash, \b, \f, \n, \r and \t.
func jsonRuneSize(s string) (out, size int) {
	c := s[0]
	if c < utf8.RuneSelf {
		switch {
		case c == '"' || c == '\\' || c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t':
			return 2, 1
		case c < 0x20 || c == '<' || c == '>' || c == '&':
			return 6, 1
		}
		return 1, 1
	}
	r, size := utf8.DecodeRuneInString(s)
	if (r == utf8.RuneError && size == 1) || r == '\u2028' || r == '\u2029' {
		return 6, size
	}
	return size, size
}

// jsonPrefix returns the length of the longest prefix of s of at most
// maxBytes bytes that JSON writes in at most maxJSON bytes, never
// splitting a rune, and whether that is the whole of s.
func jsonPrefix(s string, maxBytes, maxJSON int) (n int, whole bool) {
	for total := 0; n < len(s); {
		out, size := jsonRuneSize(s[n:])
		if n+size > maxBytes || total+out > maxJSON {
			return n, false
		}
		n, total = n+size, total+out
	}
	return n, true
}

// jsonSize returns how many bytes encoding/json writes for s, quotes
// left out.
func jsonSize(s string) int {
	total := 0
	for n := 0; n < len(s); {
		out, size := jsonRuneSize(s[n:])
		n, total = n+size, total+out
	}
	return total
}

// boundPack leaves out of p its lowest scored passages, last first,
// until the text of those left is at most [MaxAnswerJSONBytes] as JSON
// writes it, and says so in a warning.
func boundPack(p *memweave.Pack) {
	total := 0
	for i, it := range p.Items {
		total += jsonSize(it.Text)
		if total <= MaxAnswerJSONBytes {
			continue
		}
		left := p.Items[i:]
		p.Items = p.Items[:i:i]
		for _, l := range left {
			p.TotalTokens -= l.Tokens
		}
		names := make([]string, 0, 3)
		for _, l := range left[:min(3, len(left))] {
			names = append(names, fmt.Sprintf("%s:%d", l.Path, l.StartLine))
		}
		more := ""
		if len(left) > len(names) {
			more = fmt.Sprintf(" and %d more", len(left)-len(names))
		}
		p.Warnings = append(p.Warnings, memweave.Warning{Err: fmt.Errorf(
			"memory_pack: %d passages left out (%s%s): with them the text is over %d bytes as JSON writes it, the most one answer holds (a control character, <, > or & is 6 bytes there); ask for a smaller budget_tokens",
			len(left), strings.Join(names, ", "), more, MaxAnswerJSONBytes)})
		return
	}
}

package conflict

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file splits a chunk into the lines and sentences claims come
// from: front matter, tables, headings, questions.

// sentences splits a line at sentence ends: ". ", "! ", "? ", "; ".
func sentences(line string) []string {
	var out []string
	start := 0
	for i := 0; i < len(line)-1; i++ {
		switch line[i] {
		case '(':
			// An aside of several words is a claim of its own: "Home:
			// Portland (moved in June)". "PostgreSQL (v15)" stays.
			j := strings.IndexByte(line[i:], ')')
			if j < 0 || strings.IndexByte(line[i:i+j], ' ') < 0 {
				continue
			}
			out = append(out, line[start:i], line[i+1:i+j])
			i += j
			start = i + 1
		case '.', '!', '?', ';':
			if line[i+1] == ' ' && !(line[i] == '.' && abbreviated(line[start:i])) {
				end := i
				if line[i] == '?' {
					// Kept, so that [question] knows it.
					end++
				}
				out = append(out, line[start:end])
				start = i + 1
			}
		}
	}
	return append(out, line[start:])
}

// frontMatter returns how many lines of lines a YAML front matter block
// spans: "---", then lines of keys, list items or indented values, then
// "---" or "..."; 0 when lines do not open with one. Prose between two
// rules is no front matter.
func frontMatter(lines []string) int {
	if len(lines) < 2 || strings.TrimRight(lines[0], " \t\r") != "---" {
		return 0
	}
	for i := 1; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \t\r")
		switch {
		case l == "---" || l == "...":
			return i + 1
		case l == "" || l[0] == ' ' || l[0] == '\t' || l[0] == '-' || l[0] == '#':
		default:
			k := strings.IndexByte(l, ':')
			if k <= 0 || strings.ContainsAny(l[:k], ".!?") {
				return 0
			}
		}
	}
	return 0
}

// maxColumns caps the columns of a table row read as claims.
const maxColumns = 8

// tableRule reports whether line is the rule under a table's header
// ("|---|:--:|").
func tableRule(line string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, "|") && strings.Contains(t, "-") && strings.Trim(t, "|-: ") == ""
}

// cells returns the trimmed cells of a table row, at most maxColumns.
func cells(row string) []string {
	f := strings.Split(strings.Trim(strings.TrimSpace(row), "|"), "|")
	if len(f) > maxColumns {
		f = f[:maxColumns]
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	return f
}

// rowClaims returns the sentences a table row states: with a header of
// as many columns, each cell after the first is a "key: value" line of
// the row's first cell ("auth service, port: 7000" for the row "| auth
// | 7000 |" under "| Service | Port |"); without one, the row's text.
func rowClaims(cols, row []string) []string {
	if len(cols) != len(row) || len(row) < 2 || row[0] == "" {
		return []string{strings.Join(row, " ")}
	}
	subject := row[0] + " " + strings.ToLower(cols[0])
	out := make([]string, 0, len(row)-1)
	for j := 1; j < len(row); j++ {
		if row[j] != "" && cols[j] != "" {
			out = append(out, subject+", "+strings.ToLower(cols[j])+": "+row[j])
		}
	}
	return out
}

// headingText returns the text of an ATX heading line ("## Postgres")
// when it has at most three words: a name of the subject of the lines
// below it, not a sentence.
func headingText(line string) (string, bool) {
	h := strings.TrimLeft(line, "#")
	if len(h) == len(line) || len(line)-len(h) > 6 || !strings.HasPrefix(h, " ") {
		return "", false
	}
	h = strings.TrimSpace(strings.TrimRight(h, "# "))
	if h == "" || strings.Count(h, " ") > 2 || strings.ContainsAny(h, ".:;!?") {
		return "", false
	}
	return h, true
}

// underHeading returns a "key: value" line of a list under a heading,
// its key of one or two words, with the heading as the key's subject:
// "- Version: 14" under "## Postgres" says "Postgres, version: 14", as
// "Postgres was upgraded to version 16" would. Other lines are
// returned as they are.
func underHeading(heading, line string) string {
	t := strings.TrimSpace(strings.TrimLeft(line, "-*+ "))
	i := strings.Index(t, ": ")
	if i <= 0 || strings.Count(t[:i], " ") > 1 || strings.IndexFunc(t[:i], unicode.IsLetter) != 0 {
		return line
	}
	r, n := utf8.DecodeRuneInString(t)
	return heading + ", " + string(unicode.ToLower(r)) + t[n:]
}

// exclusive reports whether words say that what they state is the only
// value: "only" that is not "not only" nor a condition ("only if",
// "only when").
func exclusive(words []string) bool {
	for i, w := range words {
		if w != "only" || (i > 0 && words[i-1] == "not") {
			continue
		}
		switch wordAt(words, i+1) {
		case "if", "when", "after", "once", "until", "for":
			continue
		}
		return true
	}
	return false
}

// question reports whether the sentence s ends with a question mark,
// closing quotes or emphasis aside.
func question(s string) bool {
	return strings.HasSuffix(strings.TrimRight(s, " \t\"'*_)”’"), "?")
}

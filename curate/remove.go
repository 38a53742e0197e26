package curate

import (
	"strings"
	"unicode"

	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/internal/mdfence"
)

// RemovePassage returns src without its lines from to to (1-based,
// inclusive), except the lines that another passage still covers (keep:
// pairs of first and last line, such as the overlap of the next chunk),
// and without the blank line the removal leaves doubled or leading.
// Every other line is kept byte for byte, in order. Lines end as the
// chunker ends them ([SplitLines]: LF, CR LF or a lone CR), so that the
// numbers of an index's passage name the same lines here.
func RemovePassage(src []byte, from, to int, keep [][2]int) []byte {
	lines := SplitLines(string(src))
	var kept []string
	for _, i := range keptLines(lines, from, to, keep) {
		kept = append(kept, lines[i])
	}
	return []byte(strings.Join(kept, ""))
}

// BlockChanged returns the first line of src (1-based) that
// [RemovePassage](src, from, to, keep) keeps and whose block the removal
// changes, 0 when none: a line that was code (in a fenced block, or an
// indented one) and is not, or the other way, or a row of a table that
// is no longer one. A block too long for one passage is cut into
// several: removing a passage with a block's opening fence and not its
// closing one leaves the closing fence to open a block that runs to the
// end of the note (the rest of the code read as prose, the prose after
// it as code, a supersession marker there an example that hides
// nothing); removing one with a table's header and delimiter rows
// leaves the other rows without the names of their columns; and one that
// leaves a thematic break (---) first turns the lines up to the next
// into front matter, out of every passage; and one with the line that
// opens an HTML comment block and not the one that closes it shows what
// the comment hid (the other way, hides what follows it).
func BlockChanged(src []byte, from, to int, keep [][2]int) int {
	lines := SplitLines(string(src))
	idx := keptLines(lines, from, to, keep)
	before := blocks(lines)
	after := make([]string, len(idx))
	for j, i := range idx {
		after[j] = lines[i]
	}
	now := blocks(after)
	for j, i := range idx {
		if now[j] != before[i] && strings.TrimSpace(lines[i]) != "" {
			return i + 1
		}
	}
	return 0
}

// Kinds of line for [BlockChanged].
const (
	prose = iota
	codeLine
	tableRow
	fenced  // in the block of "---" lines that opens a note (front matter)
	comment // in an HTML comment block, from "<!--" to "-->"
)

// blocks returns the kind of each line: in the "---" block that opens
// the note (front matter, or what a removal would make one), code (a
// fence, a line in a fenced block or one of an indented block, as
// [Spans] reads them), in an HTML comment block (a line opening with
// "<!--" after at most three spaces, to the first line holding "-->"), a
// row of a table (its header, its delimiter row and the rows after it up
// to a line without a "|"), else prose.
func blocks(lines []string) []int {
	out := make([]int, len(lines))
	top := frontmatter.FenceLines(strings.Join(lines, ""))
	var f mdfence.Fence
	inComment := false
	for i, l := range lines {
		switch {
		case i < top:
			out[i] = fenced
		case inComment:
			out[i], inComment = comment, !strings.Contains(l, "-->")
		case f.Code(l):
			out[i] = codeLine
		default:
			if rest, ok := strings.CutPrefix(strings.TrimLeft(l, " "), "<!--"); ok && len(l)-len(strings.TrimLeft(l, " ")) <= 3 {
				out[i], inComment = comment, !strings.Contains(rest, "-->")
			}
		}
	}
	for i := 0; i+1 < len(lines); i++ {
		if out[i] != prose || out[i+1] != prose || !strings.Contains(lines[i], "|") || !delimiterRow(lines[i+1]) {
			continue
		}
		for ; i < len(lines) && out[i] == prose && strings.Contains(lines[i], "|"); i++ {
			out[i] = tableRow
		}
	}
	return out
}

// delimiterRow reports whether line is the delimiter row of a table:
// cells of dashes, each with an optional colon at either end, parted by
// "|" ("|---|:--:|", "--- | ---").
func delimiterRow(line string) bool {
	t := strings.TrimSpace(line)
	if !strings.Contains(t, "|") {
		return false
	}
	for _, c := range strings.Split(strings.Trim(t, "|"), "|") {
		c = strings.Trim(strings.TrimSpace(c), ":")
		if c == "" || strings.Trim(c, "-") != "" {
			return false
		}
	}
	return true
}

// keptLines returns the indices (0-based, in order) of the lines that
// [RemovePassage] keeps.
func keptLines(lines []string, from, to int, keep [][2]int) []int {
	remove := make([]bool, len(lines)+1) // by 1-based line
	for l := max(from, 1); l <= to && l <= len(lines); l++ {
		remove[l] = true
	}
	for _, k := range keep {
		for l := max(k[0], 1); l <= k[1] && l <= len(lines); l++ {
			remove[l] = false
		}
	}
	var kept []int
	lastBlank := true // no line kept yet: a leading blank line goes
	for i, line := range lines {
		if remove[i+1] {
			continue
		}
		blank := strings.TrimSpace(line) == ""
		if blank && i > 0 && remove[i] && lastBlank {
			continue // the blank line after a removed passage, doubled
		}
		kept = append(kept, i)
		lastBlank = blank
	}
	return kept
}

// DefinitionLost returns the first line of src (1-based) that
// [RemovePassage](src, from, to, keep) keeps and that uses a target only
// a removed line gives, with that target as the line names it: a link
// reference definition ("[rb]" of "[rb]: https://..."), a footnote
// ("[^1]" of "[^1]: ...") or a heading linked to by its anchor
// ("#restore-steps" of "## Restore steps"); 0 and "" when none. A note's
// definitions sit where its writer put them, often at its end, in a
// passage of their own or another paragraph's, and a section may be
// copied whole into another note: removing them with a copy leaves
// "[ops wiki][rb]" with no target, "[^1]" with no source and
// "[steps](#restore-steps)" pointing at nothing in the lines kept,
// whatever the kept copy's note says. Labels and anchors are matched
// without regard to case; lines of code define and use nothing.
func DefinitionLost(src []byte, from, to int, keep [][2]int) (line int, target string) {
	lines := SplitLines(string(src))
	kinds := blocks(lines)
	idx := keptLines(lines, from, to, keep)
	kept := make([]bool, len(lines))
	for _, i := range idx {
		kept[i] = true
	}
	defined := map[string]bool{}
	var removed []string
	for i, l := range lines {
		if kinds[i] != prose {
			continue
		}
		if d, ok := targetOf(l); ok {
			if kept[i] {
				defined[d] = true
			} else {
				removed = append(removed, d)
			}
		}
	}
	anchors := AnchorsLost(src, from, to, keep)
	for _, i := range idx {
		if kinds[i] != prose && kinds[i] != tableRow {
			continue
		}
		lower := strings.ToLower(lines[i])
		own, _ := targetOf(lines[i])
		for _, d := range removed {
			if !defined[d] && own != d && strings.Contains(lower, d) {
				return i + 1, d
			}
		}
	}
	if len(anchors) > 0 {
		kept := make([]byte, 0, len(src))
		for _, i := range idx {
			kept = append(kept, lines[i]...)
		}
		if l, link := LinksTo(kept, "", "", anchors); l > 0 {
			_, a, _ := strings.Cut(link, "#")
			return idx[l-1] + 1, "#" + a
		}
	}
	return 0, ""
}

// targetOf returns the target a line gives: "[label]" for a link
// reference definition or a footnote ("[rb]: https://...", "[^1]:
// text"), the label lower case with its white space collapsed.
func targetOf(line string) (string, bool) {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 {
		return "", false
	}
	if !strings.HasPrefix(t, "[") {
		return "", false
	}
	end := strings.Index(t, "]:")
	if end < 2 || strings.ContainsAny(t[1:end], "[]") {
		return "", false
	}
	return "[" + strings.ToLower(strings.Join(strings.Fields(t[1:end]), " ")) + "]", true
}

// anchor returns the anchor a renderer gives a heading's text, as GitHub
// does: lower case, spaces as hyphens, letters, digits, hyphens and
// underscores kept, every other mark dropped ("Restore steps (v2)!":
// "restore-steps-v2").
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

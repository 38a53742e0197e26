package curate

import "strings"

// RemovePassage returns src without its lines from to to (1-based,
// inclusive), except the lines that another passage still covers (keep:
// pairs of first and last line, such as the overlap of the next chunk),
// and without the blank line the removal leaves doubled or leading.
// Every other line is kept byte for byte, in order. Lines end as the
// chunker ends them ([SplitLines]: LF, CR LF or a lone CR), so that the
// numbers of an index's passage name the same lines here.
func RemovePassage(src []byte, from, to int, keep [][2]int) []byte {
	lines := SplitLines(string(src))
	remove := make([]bool, len(lines)+1) // by 1-based line
	for l := max(from, 1); l <= to && l <= len(lines); l++ {
		remove[l] = true
	}
	for _, k := range keep {
		for l := max(k[0], 1); l <= k[1] && l <= len(lines); l++ {
			remove[l] = false
		}
	}
	var kept []string
	for i, line := range lines {
		if remove[i+1] {
			continue
		}
		blank := strings.TrimSpace(line) == ""
		if blank && i > 0 && remove[i] && (len(kept) == 0 || strings.TrimSpace(kept[len(kept)-1]) == "") {
			continue // the blank line after a removed passage, doubled
		}
		kept = append(kept, line)
	}
	return []byte(strings.Join(kept, ""))
}

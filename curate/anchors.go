package curate

import (
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
)

// headingAnchors returns the anchor GitHub gives each heading among the
// lines of src numbered idx (0-based, in order), by the line's number:
// ATX headings and setext ones (a prose line over its "===" or "---"
// underline), a heading whose anchor an earlier one gave getting "-1",
// "-2" after it ("## Steps" twice: "steps", "steps-1"). A heading of no
// letter or digit gives none.
func headingAnchors(lines []string, kinds []int, idx []int) map[int]string {
	out := map[int]string{}
	seen := map[string]int{}
	for k, i := range idx {
		if kinds[i] != prose {
			continue
		}
		t := strings.TrimSpace(lines[i])
		var text string
		switch {
		case atxHeading().MatchString(lines[i]):
			text = strings.Trim(t, "#")
		case t != "" && k+1 < len(idx) && kinds[idx[k+1]] == prose && setextUnderline().MatchString(lines[idx[k+1]]) && !setextUnderline().MatchString(lines[i]):
			text = t
		default:
			continue
		}
		a := anchor(text)
		if a == "" {
			continue
		}
		n := seen[a]
		seen[a]++
		if n > 0 {
			a += "-" + strconv.Itoa(n)
		}
		out[i] = a
	}
	return out
}

// AnchorsLost returns the anchors ("restore-steps", "steps-1") of src's
// headings that [RemovePassage](src, from, to, keep) takes away or gives
// to another heading: a heading removed, or one after a removed heading
// of the same text, whose "-1" anchor becomes the removed one's. A link
// to any of them, from the note or another, would point at nothing or at
// the wrong section.
func AnchorsLost(src []byte, from, to int, keep [][2]int) []string {
	lines := SplitLines(string(src))
	kinds := blocks(lines)
	all := make([]int, len(lines))
	for i := range all {
		all[i] = i
	}
	before := headingAnchors(lines, kinds, all)
	after := headingAnchors(lines, kinds, keptLines(lines, from, to, keep))
	var lost []string
	for i, a := range before {
		if after[i] != a {
			lost = append(lost, a)
		}
	}
	slices.Sort(lost)
	return lost
}

// LinksTo returns the first line (1-based) of the note src, at the
// workspace path from, that links to one of anchors of the note at the
// workspace path to, and that link as written: an inline link
// ("[steps](runbook.md#restore-steps)", "<...>" and a title allowed) or a
// reference definition ("[rs]: runbook.md#restore-steps"), its path
// relative to from's folder ("./", "../") or, opening with "/", to the
// workspace, its anchor matched without regard to case or
// percent-encoding; 0 and "" when none. A link with no path names src
// itself, and counts when from is to. Lines of code link to nothing.
func LinksTo(src []byte, from, to string, anchors []string) (line int, link string) {
	lines := SplitLines(string(src))
	kinds := blocks(lines)
	for i, l := range lines {
		if kinds[i] != prose && kinds[i] != tableRow {
			continue
		}
		for _, dest := range destinations(l) {
			p, frag, ok := strings.Cut(dest, "#")
			if !ok || strings.Contains(p, ":") {
				continue // no anchor, or a URL
			}
			if a, err := url.PathUnescape(frag); err == nil {
				frag = a
			}
			if p, err := url.PathUnescape(p); err == nil && p != "" {
				if strings.HasPrefix(p, "/") {
					p = path.Clean(strings.TrimPrefix(p, "/"))
				} else {
					p = path.Join(path.Dir(from), p)
				}
				if p != path.Clean(to) {
					continue
				}
			} else if from != to {
				continue
			}
			if slices.Contains(anchors, strings.ToLower(frag)) {
				return i + 1, dest
			}
		}
	}
	return 0, ""
}

// destinations returns the destinations of a line's inline links ("](dest"
// or "](<dest>", up to white space or ")") and of the reference
// definition it is ("[rs]: dest").
func destinations(line string) []string {
	var out []string
	take := func(s string) {
		s = strings.TrimLeft(s, " \t")
		if rest, ok := strings.CutPrefix(s, "<"); ok {
			if end := strings.IndexByte(rest, '>'); end >= 0 {
				out = append(out, rest[:end])
			}
			return
		}
		if end := strings.IndexAny(s, " \t)\r\n"); end >= 0 {
			s = s[:end]
		}
		if s != "" {
			out = append(out, s)
		}
	}
	if _, ok := targetOf(line); ok {
		take(line[strings.Index(line, "]:")+2:])
	}
	for rest := line; ; {
		i := strings.Index(rest, "](")
		if i < 0 {
			break
		}
		rest = rest[i+2:]
		take(rest)
	}
	return out
}

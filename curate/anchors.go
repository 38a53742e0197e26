package curate

import (
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
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
	idx := keptLines(lines, from, to, keep)
	before := headingAnchors(lines, kinds, all)
	after := headingAnchors(lines, kinds, idx)
	var lost []string
	for i, a := range before {
		if after[i] != a {
			lost = append(lost, a)
		}
	}
	kept := map[string]bool{}
	for _, i := range idx {
		for _, a := range inlineAnchors(lines[i], kinds[i]) {
			kept[a] = true
		}
	}
	for i, l := range lines {
		for _, a := range inlineAnchors(l, kinds[i]) {
			if !kept[a] {
				lost = append(lost, a)
			}
		}
	}
	slices.Sort(lost)
	return slices.Compact(lost)
}

// inlineAnchors returns the anchors a prose line (of kind) gives besides
// a heading's: an HTML element's id or name attribute ("<a
// id=\"restore\"></a>", "<h2 name='x'>") and a block id ending the
// line (" ^restore-time", which a wiki link names as
// "[[note#^restore-time]]") and an id in braces ending it ("## Restore
// steps {#restore}"), lower case as links are matched.
func inlineAnchors(line string, kind int) []string {
	if kind != prose && kind != tableRow {
		return nil
	}
	var out []string
	if strings.Contains(line, "<") {
		for _, m := range htmlAnchorAttr().FindAllStringSubmatch(line, -1) {
			out = append(out, strings.ToLower(m[1]+m[2]+m[3]))
		}
	}
	if m := blockID().FindStringSubmatch(line); m != nil {
		out = append(out, strings.ToLower(m[1]))
	}
	if m := explicitID().FindStringSubmatch(line); m != nil {
		out = append(out, strings.ToLower(m[1]))
	}
	return out
}

// explicitID matches the id a line (a heading) gives itself in braces
// at its end: "## Restore steps {#restore}", "{#restore .wide}".
var explicitID = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{[^}]*#([A-Za-z0-9_-]+)[^}]*\}\s*$`) })

// blockID matches a block id ending a line: white space, "^" and
// letters, digits or dashes.
var blockID = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\s\^([A-Za-z0-9-]+)\s*$`) })

// htmlAnchorAttr matches an id or name attribute of an HTML tag, its
// value in one of the three groups (double, single or no quotes).
var htmlAnchorAttr = sync.OnceValue(func() *regexp.Regexp { return htmlAttr("id|name") })

// htmlAttr returns the pattern of an attribute of an HTML tag named by
// one of names (alternatives: "id|name"), its value in one of three
// groups (double, single or no quotes).
func htmlAttr(names string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)<[a-z][a-z0-9]*\s(?:[^>]*\s)?(?:` + names + `)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))`)
}

// wholeNote is the anchor that stands for the note itself in
// [LinksTo]: any link to the note counts, with an anchor or without.
const wholeNote = ""

// NoteLinks is the anchors to give [LinksTo] to find a link of any kind
// to a note (one an apply would delete): with an anchor or without.
func NoteLinks() []string { return []string{wholeNote} }

// LinksTo returns the first line (1-based) of the note src, at the
// workspace path from, that links to one of anchors of the note at the
// workspace path to, and that link as written: an inline link
// ("[steps](runbook.md#restore-steps)", "<...>" and a title allowed) or a
// reference definition ("[rs]: runbook.md#restore-steps"), its path
// relative to from's folder ("./", "../") or, opening with "/", to the
// workspace, its anchor matched without regard to case or
// percent-encoding; an HTML link ("<a href=\"runbook.md#restore-steps\">")
// alike; a wiki link ("[[runbook#Restore steps|the steps]]", "![[...]]"),
// its target a path relative to any folder ("runbook", "ops/runbook.md")
// and its anchor the heading's text; 0 and "" when none. A link with no
// path names src itself, and counts when from is to; a path may leave
// ".md" out. Lines of the front matter count (a property holding a wiki
// link); lines of code link to nothing. With the anchors of [NoteLinks], any link to the note
// counts.
func LinksTo(src []byte, from, to string, anchors []string) (line int, link string) {
	lines := SplitLines(string(src))
	kinds := blocks(lines)
	whole := slices.Contains(anchors, wholeNote)
	for i, l := range lines {
		if kinds[i] != prose && kinds[i] != tableRow && kinds[i] != fenced {
			continue
		}
		for _, w := range wikiTargets(l) {
			p, frag, ok := strings.Cut(w, "#")
			frag = frag[strings.LastIndex(frag, "#")+1:] // "Parent#Heading": the heading
			if wikiNames(p, from, to) && (whole && p != "" || ok && slices.Contains(anchors, anchor(frag))) {
				return i + 1, w
			}
		}
		for _, dest := range destinations(l) {
			p, frag, ok := strings.Cut(dest, "#")
			if (!ok && !whole) || strings.Contains(p, ":") {
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
				if p != path.Clean(to) && p != strings.TrimSuffix(path.Clean(to), ".md") {
					continue
				}
			} else if from != to || whole {
				continue
			}
			if whole || slices.Contains(anchors, strings.ToLower(frag)) {
				return i + 1, dest
			}
		}
	}
	return 0, ""
}

// destinations returns the destinations of a line's inline links ("](dest"
// or "](<dest>", up to white space or ")"), of the reference definition
// it is ("[rs]: dest") and of its HTML links ("href=\"dest\"").
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
	for _, m := range htmlHref().FindAllStringSubmatch(line, -1) {
		out = append(out, m[1]+m[2]+m[3])
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

// htmlHref matches the href attribute of an HTML tag, its value in one
// of the three groups (double, single or no quotes).
var htmlHref = sync.OnceValue(func() *regexp.Regexp { return htmlAttr("href") })

// wikiTargets returns the targets of a line's wiki links ("[[runbook]]",
// "[[runbook#Restore steps|the steps]]", "![[runbook]]"): what is
// between "[[" and "]]" up to a "|".
func wikiTargets(line string) []string {
	var out []string
	for rest := line; ; {
		i := strings.Index(rest, "[[")
		if i < 0 {
			return out
		}
		rest = rest[i+2:]
		end := strings.Index(rest, "]]")
		if end < 0 {
			return out
		}
		t, _, _ := strings.Cut(rest[:end], "|")
		out = append(out, strings.TrimSpace(t))
		rest = rest[end+2:]
	}
}

// wikiNames reports whether a wiki link's target p, written in the note
// from, names the note to: no target names from itself; otherwise p,
// ".md" or not, is to's path or its end after a "/" (wiki links resolve
// a name in any folder; matching every one is the careful reading).
func wikiNames(p, from, to string) bool {
	if p == "" {
		return from == to
	}
	p = strings.TrimPrefix(path.Clean("/"+strings.TrimSuffix(p, ".md")), "/")
	t := strings.TrimSuffix(path.Clean(to), ".md")
	return strings.EqualFold(t, p) || strings.HasSuffix(strings.ToLower(t), "/"+strings.ToLower(p))
}

package conflict

import (
	"slices"
	"strings"
)

// This file aligns the tokens of two claims into the spans (hunks) where
// they differ, which the judges in the other files read.

// alignClaims aligns the words of two claims, counting words that moved
// as common. It reports false, without aligning, when the distinct words
// they share are too few for a conflict.
func alignClaims(a, b *claim) (common int, hunks []hunk, ok bool) {
	longer := float64(max(len(a.toks), len(b.toks)))
	if n, ms := sharedWords(a, b), minShared(a, b); n < ms || (ms == minCommon && float64(n) < minRatio*longer) {
		// The distinct shared words bound the alignment: skip it.
		return 0, nil, false
	}
	common, hunks = align(a.toks, b.toks)
	if len(hunks) > 1 && len(hunks) <= 3 {
		// Words that moved, in claims that nearly align: more hunks are
		// more than one difference however they move.
		var moved int
		moved, hunks = transposed(hunks)
		common += moved
		hunks = movedValue(hunks)
	}
	return common, hunks, true
}

// movedValue joins into one replaced span a value only a has and a value
// only b has at another place, when nothing else is replaced: "the
// allowance is 50 dollars per person" and "the allowance per person
// was raised to $75" state the one slot's value before and after
// "per person".
func movedValue(hunks []hunk) []hunk {
	ia, ib := -1, -1
	for i, h := range hunks {
		switch {
		case len(h.a) > 0 && len(h.b) > 0:
			return hunks
		case anyValue(h.a):
			if ia >= 0 {
				return hunks
			}
			ia = i
		case anyValue(h.b):
			if ib >= 0 {
				return hunks
			}
			ib = i
		}
	}
	if ia < 0 || ib < 0 {
		return hunks
	}
	ha, hb := hunks[ia], hunks[ib]
	joined := hunk{a: ha.a, b: hb.b, at: ha.at, bt: hb.bt, context: ha.context || hb.context}
	out := make([]hunk, 0, len(hunks)-1)
	for i, h := range hunks {
		switch i {
		case min(ia, ib):
			out = append(out, joined)
		case max(ia, ib):
		default:
			out = append(out, h)
		}
	}
	return out
}

func anyIdent(ts []token) bool {
	for _, t := range ts {
		if t.kind == ident {
			return true
		}
	}
	return false
}

// hunk is a run of words between two aligned words: a holds the words
// only a has there, b those only b has.
type hunk struct {
	a, b []token
	// at and bt are where a and b start in their claims' words.
	at, bt int
	// context is true when an aligned word precedes the hunk.
	context bool
}

// align returns the length of the longest common subsequence of the
// words of a and b and the hunks between aligned words. A common prefix
// and suffix are aligned without the quadratic table: near-identical
// claims, the usual candidates, cost linear time.
func align(a, b []token) (int, []hunk) {
	p, q := sharedEnds(a, b)
	common, hunks := alignTable(a[p:len(a)-q], b[p:len(b)-q])
	for i := range hunks {
		hunks[i].at += p
		hunks[i].bt += p
		if p > 0 {
			hunks[i].context = true
		}
	}
	return p + common + q, hunks
}

// sharedEnds returns how many words a and b share at their start, p,
// and then at their end, q.
func sharedEnds(a, b []token) (p, q int) {
	for p < len(a) && p < len(b) && a[p].w == b[p].w {
		p++
	}
	for q < len(a)-p && q < len(b)-p && a[len(a)-1-q].w == b[len(b)-1-q].w {
		q++
	}
	return p, q
}

// alignTable is [align] through the longest-common-subsequence table.
func alignTable(a, b []token) (int, []hunk) {
	n, m := len(a), len(b)
	if n == 0 || m == 0 {
		if n+m == 0 {
			return 0, nil
		}
		// Capped, as below: an append to a hunk never writes into the
		// claim's words.
		return 0, []hunk{{a: a[:n:n], b: b[:m:m]}}
	}
	// at(i, j) is the LCS length of a[i:] and b[j:], in one flat table,
	// on the stack for claims of ordinary length.
	w := m + 1
	var buf [512]int32
	l := buf[:0]
	if size := (n + 1) * w; size <= len(buf) {
		l = buf[:size]
	} else {
		l = make([]int32, size)
	}
	at := func(i, j int) int { return int(l[i*w+j]) }
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i].w == b[j].w {
				l[i*w+j] = l[(i+1)*w+j+1] + 1
			} else {
				l[i*w+j] = max(l[(i+1)*w+j], l[i*w+j+1])
			}
		}
	}
	// A hunk's words are consecutive on each side: a[ha:i] and b[hb:j]
	// when it ends at i, j. Its slices share the claims' tokens, capped
	// so that an append copies.
	var hunks []hunk
	ha, hb, context := 0, 0, false
	flush := func(i, j int) {
		if i == ha && j == hb {
			return
		}
		h := hunk{at: ha, bt: hb, context: context}
		if i > ha {
			h.a = a[ha:i:i]
		}
		if j > hb {
			h.b = b[hb:j:j]
		}
		hunks = append(hunks, h)
	}
	aligned := false
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i].w == b[j].w:
			flush(i, j)
			aligned = true
			i++
			j++
			ha, hb = i, j
			continue
		case j >= m || (i < n && at(i+1, j) >= at(i, j+1)):
			i++
		default:
			j++
		}
		context = aligned
	}
	flush(i, j)
	return at(0, 0), hunks
}

// transposed aligns the words that only moved: a word that one hunk
// has on a's side and another on b's side ("we host the site on X",
// "the site is hosted on Y"). It returns how many it aligned and the
// hunks without them, dropping those left empty. Values and markers
// keep their place: a value that moved is another slot.
func transposed(hunks []hunk) (int, []hunk) {
	moved := 0
	for i := range hunks {
		for x := 0; x < len(hunks[i].a); x++ {
			t := hunks[i].a[x]
			if t.value || t.kind != plain || t.w == locMark {
				continue
			}
			for j := range hunks {
				if j == i {
					continue
				}
				if y := slices.IndexFunc(hunks[j].b, func(u token) bool { return u.w == t.w }); y >= 0 {
					hunks[i].a = slices.Delete(slices.Clone(hunks[i].a), x, x+1)
					hunks[j].b = slices.Delete(slices.Clone(hunks[j].b), y, y+1)
					moved++
					x--
					break
				}
			}
		}
	}
	if moved == 0 {
		return 0, hunks
	}
	out := hunks[:0]
	for _, h := range hunks {
		if len(h.a) > 0 || len(h.b) > 0 {
			out = append(out, h)
		}
	}
	return moved, out
}

// trimPredicate drops the words that lead the values on each side of
// h, at most two plain words on each: the verb that states a value,
// which a later claim that says it changed words otherwise ("runs on
// port 3000", "now listens on 3001"; "starts at 9:30", "moved to
// 10:00"). A claim that says nothing changed keeps its words: "allows
// 60 requests" and "allows a burst of 120" are two limits.
func trimPredicate(h hunk) hunk {
	lead := func(ts []token) (int, bool) {
		n := 0
		for n < len(ts) && !ts[n].value {
			if t := ts[n]; t.name || t.kind != plain || t.w == locMark || t.w == "minimum" || t.w == "maximum" || n == 2 {
				// A bound is part of its value ("more than an hour").
				return 0, false
			}
			n++
		}
		return n, n < len(ts) && allValues(ts[n:])
	}
	na, oka := lead(h.a)
	nb, okb := lead(h.b)
	if !oka || !okb || na+nb == 0 || !sameValueKind(h.a[na:], h.b[nb:]) {
		return h
	}
	h.a, h.b = h.a[na:], h.b[nb:]
	return h
}

// hasPath reports whether a word is a path or an address ("a/b",
// "x.go"): not an attribute's value. A name may hold a dot ("Fly.io").
func hasPath(ts []token) bool {
	for _, t := range ts {
		if strings.IndexByte(t.w, '/') >= 0 || (strings.ContainsAny(t.w, "_.") && !t.value && !t.name) {
			return true
		}
	}
	return false
}

// show returns the words of ts as c wrote them: quantities and dates as
// in the text.
func show(c *claim, ts []token) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = t.w
		if t.show > 0 {
			s[i] = c.shows[t.show-1]
		} else if t.name {
			s[i] = strings.ReplaceAll(t.w, "_", " ")
		}
	}
	return strings.Join(s, " ")
}

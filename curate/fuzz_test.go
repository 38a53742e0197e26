package curate

import (
	"strings"
	"testing"
)

// FuzzSupersede holds the line surgery to its invariants: it either
// refuses, or adds (or replaces) exactly one marker line after the
// lines named, every other line byte for byte the same (the line before
// the marker may gain a line ending), and the marker reads back as a
// supersession of exactly those lines.
func FuzzSupersede(f *testing.F) {
	f.Add(dailyLog, 3, 3, "why")
	f.Add(dailyLog, 3, 4, "")
	f.Add("---\na: 1\n---\nx\r\ny", 4, 5, "r")
	f.Add("a\rb\r\n> Superseded (1 line above, #00000000) by m.md#00000000 (2026-01-01)\nc", 2, 2, "r")
	f.Add("\ufeffa\n", 1, 1, "")
	f.Fuzz(func(t *testing.T, src string, from, to int, reason string) {
		m := kept
		m.Reason = reason
		out, got, err := Supersede([]byte(src), from, to, m)
		if err != nil {
			return
		}
		before, after := SplitLines(src), SplitLines(string(out))
		replaced := to < len(before) && isMarker(before[to])
		wantLen := len(before) + 1
		if replaced {
			wantLen--
		}
		if len(after) != wantLen {
			t.Fatalf("Supersede(%q, %d, %d) has %d lines, want %d:\n%q", src, from, to, len(after), wantLen, out)
		}
		for i := range to - 1 {
			if after[i] != before[i] {
				t.Fatalf("line %d changed: %q to %q", i+1, before[i], after[i])
			}
		}
		if trim(after[to-1]) != trim(before[to-1]) || !strings.HasPrefix(after[to-1], before[to-1]) {
			t.Fatalf("line %d changed: %q to %q", to, before[to-1], after[to-1])
		}
		tail := before[to:]
		if replaced {
			tail = tail[1:]
		}
		for i, l := range tail {
			if after[to+1+i] != l {
				t.Fatalf("line %d changed: %q to %q", to+1+i, l, after[to+1+i])
			}
		}
		pm, ok := ParseMarker(after[to])
		if !ok || pm != got {
			t.Fatalf("marker line %q reads %+v, %v, want %+v", after[to], pm, ok, got)
		}
		found := false
		for _, s := range Spans(out) {
			if s.From == from && s.To == to && s.Marker == got {
				found = true
			}
		}
		if !found {
			t.Fatalf("Spans(%q) = %+v, want lines %d-%d", out, Spans(out), from, to)
		}
	})
}

func isMarker(l string) bool { _, ok := ParseMarker(l); return ok }

func trim(l string) string { return strings.TrimRight(l, "\r\n") }

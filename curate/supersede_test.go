package curate

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/chunker"
)

var kept = Marker{Path: "memory/stack.md", KeptKey: LinesKey([]string{"We run PostgreSQL 16."}), Date: "2026-12-01", Reason: "moved  to\t16"}

const dailyLog = `# 2026-03-02

- Database: PostgreSQL 15 on the main cluster.
- Deploy freeze from Friday until the release.
- Lunch with the infra team.
`

func TestSupersedeOneLine(t *testing.T) {
	out, m, err := Supersede([]byte(dailyLog), 3, 3, kept)
	if err != nil {
		t.Fatal(err)
	}
	want := `# 2026-03-02

- Database: PostgreSQL 15 on the main cluster.
  > Superseded (1 line above, #` + m.Key + `) by memory/stack.md#` + kept.KeptKey + ` (2026-12-01): moved to 16
- Deploy freeze from Friday until the release.
- Lunch with the infra team.
`
	if string(out) != want {
		t.Fatalf("Supersede = \n%s\nwant\n%s", out, want)
	}
	got := Spans(out)
	if len(got) != 1 || got[0].From != 3 || got[0].To != 3 || got[0].Marker != m {
		t.Fatalf("Spans = %+v, want lines 3-3 with %+v", got, m)
	}
	// The index keeps the superseded line apart: one chunk for it and
	// its marker, superseded; the other facts in live chunks.
	var sup, live []string
	for _, c := range Split(out, chunker.Options{}) {
		if _, ok := Superseded(c.Text); ok {
			sup = append(sup, c.Text)
		} else {
			live = append(live, c.Text)
		}
	}
	if len(sup) != 1 || !strings.Contains(sup[0], "PostgreSQL 15") || strings.Contains(sup[0], "freeze") {
		t.Errorf("superseded chunks = %q, want the PostgreSQL 15 line and its marker alone", sup)
	}
	all := strings.Join(live, "\n")
	for _, fact := range []string{"Deploy freeze", "Lunch"} {
		if !strings.Contains(all, fact) {
			t.Errorf("live chunks %q miss %q", live, fact)
		}
	}
	if strings.Contains(all, "PostgreSQL 15") {
		t.Errorf("live chunks %q hold the superseded line", live)
	}

	// A note appended afterwards is live.
	appended := string(out) + "\n## 15:00\n\nPostgreSQL 15 replica retired.\n"
	for _, c := range Split([]byte(appended), chunker.Options{}) {
		if strings.Contains(c.Text, "retired") {
			if _, ok := Superseded(c.Text); ok {
				t.Errorf("appended chunk %q is superseded", c.Text)
			}
		}
	}
}

func TestSupersedeAgainReplaces(t *testing.T) {
	out, _, err := Supersede([]byte(dailyLog), 3, 4, kept)
	if err != nil {
		t.Fatal(err)
	}
	other := kept
	other.Path, other.Reason = "memory/other.md", "no"
	again, m, err := Supersede(out, 3, 4, other)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(again), "> Superseded"); n != 1 {
		t.Fatalf("after resolving again, %d markers:\n%s", n, again)
	}
	if got := Spans(again); len(got) != 1 || got[0].Marker != m || m.Path != "memory/other.md" || m.Lines != 2 {
		t.Errorf("Spans = %+v, want one span naming memory/other.md over 2 lines", got)
	}
	// Narrower lines ending at the same line replace it too.
	narrow, m, err := Supersede(again, 4, 4, kept)
	if err != nil {
		t.Fatal(err)
	}
	if got := Spans(narrow); len(got) != 1 || got[0].From != 4 || m.Lines != 1 {
		t.Errorf("Spans = %+v, want line 4 alone", got)
	}
	// Deleting the marker undoes it.
	undone := strings.Join(slicesDelete(strings.SplitAfter(string(narrow), "\n"), 4), "")
	if undone != dailyLog {
		t.Errorf("without the marker:\n%s\nwant the note as it was", undone)
	}
}

func slicesDelete(s []string, i int) []string { return append(s[:i:i], s[i+1:]...) }

func TestSupersedeRefuses(t *testing.T) {
	fm := "---\ntags: [x]\n---\nfact one\n\nfact two\n"
	one, _, err := Supersede([]byte(dailyLog), 3, 4, kept)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		src      string
		from, to int
		want     error
	}{
		{"past the end", dailyLog, 7, 7, ErrNoLines},
		{"blank", dailyLog, 2, 2, ErrNoLines},
		{"reversed", dailyLog, 4, 3, ErrNoLines},
		{"zero", dailyLog, 0, 1, ErrNoLines},
		{"front matter", fm, 2, 2, ErrNoLines},
		{"empty note", "", 1, 1, ErrNoLines},
		{"marker", string(one), 5, 5, ErrMarkerInRange},
		{"marker inside", string(one), 4, 6, ErrMarkerInRange},
		{"part of a supersession", string(one), 3, 3, ErrMarkerInRange},
		{"over a supersession's start", string(one), 2, 3, ErrMarkerInRange},
	} {
		if _, _, err := Supersede([]byte(c.src), c.from, c.to, kept); !errors.Is(err, c.want) {
			t.Errorf("%s: Supersede(%d, %d) = %v, want %v", c.name, c.from, c.to, err, c.want)
		}
	}
	bad := kept
	bad.Path = "memory/a\nb.md"
	if _, _, err := Supersede([]byte(dailyLog), 3, 3, bad); err == nil {
		t.Errorf("Supersede with a path holding a line break succeeded")
	}
}

func TestSpansFollowContent(t *testing.T) {
	out, _, err := Supersede([]byte(dailyLog), 3, 3, kept)
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, c := range []struct {
		name string
		src  string
		n    int
	}{
		{"as written", s, 1},
		{"an edit above", "# New title\n\nintro\n" + s, 1},
		{"CRLF", strings.ReplaceAll(s, "\n", "\r\n"), 1},
		{"reindented", strings.Replace(s, "- Database", "  - Database", 1), 1},
		{"the line edited", strings.Replace(s, "PostgreSQL 15", "PostgreSQL 14", 1), 0},
		{"a line inserted between", strings.Replace(s, "cluster.\n", "cluster.\n- new fact\n", 1), 0},
		{"the marker moved away", strings.Replace(s, "cluster.\n", "cluster.\n\n", 1), 0},
	} {
		if got := Spans([]byte(c.src)); len(got) != c.n {
			t.Errorf("%s: Spans = %+v, want %d", c.name, got, c.n)
		}
	}
}

func TestSupersedeLineEndings(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"a\r\nb\r\n\r\nc\r\n", "a\r\nb\r\n> Superseded (1 line above, #KEY) by memory/stack.md#KEPT (2026-12-01): moved to 16\r\n\r\nc\r\n"},
		{"a\nb", "a\nb\n> Superseded (1 line above, #KEY) by memory/stack.md#KEPT (2026-12-01): moved to 16\n"},
		{"a\rb\r\rc", "a\rb\r> Superseded (1 line above, #KEY) by memory/stack.md#KEPT (2026-12-01): moved to 16\r\rc"},
		{"1. a\n2. b\n", "1. a\n2. b\n   > Superseded (1 line above, #KEY) by memory/stack.md#KEPT (2026-12-01): moved to 16\n"},
	} {
		out, m, err := Supersede([]byte(c.src), 2, 2, kept)
		if err != nil {
			t.Fatal(err)
		}
		want := strings.NewReplacer("KEY", m.Key, "KEPT", kept.KeptKey).Replace(c.want)
		if string(out) != want {
			t.Errorf("Supersede(%q) = %q, want %q", c.src, out, want)
		}
		if got := Spans(out); len(got) != 1 || got[0].From != 2 {
			t.Errorf("Spans(%q) = %+v, want line 2", out, got)
		}
	}
}

func TestFindLine(t *testing.T) {
	text := "x\nWe run PostgreSQL 16.\ny\n  We run PostgreSQL 16.  \n"
	if line, n := FindLine(text, kept.KeptKey); line != 2 || n != 2 {
		t.Errorf("FindLine = %d, %d, want 2, 2", line, n)
	}
	if line, n := FindLine("x\n", kept.KeptKey); line != 0 || n != 0 {
		t.Errorf("FindLine of a missing line = %d, %d, want 0, 0", line, n)
	}
}

func TestLinesKeyIsLineKey(t *testing.T) {
	if got, want := "p"+LinesKey([]string{"  We run PostgreSQL 16.\r\n"}), LineKey("We run PostgreSQL 16."); got != want {
		t.Errorf("LinesKey = %s, want LineKey %s", got, want)
	}
}

// TestSpansHostile: markers that claim more lines than there are, or
// lines that hold other markers, supersede nothing, and reading many of
// them stays linear (each line is hashed for one marker at most).
func TestSpansHostile(t *testing.T) {
	var b strings.Builder
	for range 20000 {
		b.WriteString("x\n> Superseded (999999 lines above, #00000000) by m.md#00000000 (2026-01-01)\n")
		b.WriteString("> Superseded (3 lines above, #00000000) by m.md#00000000 (2026-01-01)\n")
	}
	if got := Spans([]byte(b.String())); len(got) != 0 {
		t.Errorf("Spans of hostile markers = %d spans, want none", len(got))
	}
	if _, ok := Superseded(b.String()); ok {
		t.Errorf("Superseded of hostile markers = true")
	}
}

// TestSupersededHeadings: a section's heading that had nothing else
// before the superseded lines goes with them (chunker.Options.Apart), in
// either heading form; a content line before them does not.
func TestSupersededHeadings(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"# Log\n\nPostgreSQL 15.\n", true},
		{"Log\n===\n\nPostgreSQL 15.\n", true},
		{"Log\n---\nPostgreSQL 15.\n", true},
		{"# Log\n## Day\nPostgreSQL 15.\n", true},
		{"# Log\nA live fact.\nPostgreSQL 15.\n", false},
		{"A live fact.\n\nPostgreSQL 15.\n", false},
	} {
		n := len(SplitLines(c.src))
		out, _, err := Supersede([]byte(c.src), n, n, kept)
		if err != nil {
			t.Fatal(err)
		}
		chunks := Split(out, chunker.Options{})
		var sup []string
		for _, ch := range chunks {
			if _, ok := Superseded(ch.Text); ok {
				sup = append(sup, ch.Text)
			}
			if strings.Contains(ch.Text, "PostgreSQL 15") {
				if _, ok := Superseded(ch.Text); !ok {
					t.Errorf("%q: chunk %q holds the superseded line but is live", c.src, ch.Text)
				}
			}
		}
		if got := len(sup) == 1 && strings.Contains(sup[0], "Log"); got != c.want {
			t.Errorf("%q: superseded chunks %q; heading in one: %v, want %v", c.src, sup, got, c.want)
		}
	}
}

// FuzzSpansLineEnds: Spans, which keeps line ends as offsets, reads the
// same supersessions as spans over SplitLines, for every line ending.
func FuzzSpansLineEnds(f *testing.F) {
	f.Add("a\n> Superseded (1 line above, #00000000) by memory/x.md#00000000 (2026-01-01)\n")
	f.Add("x\r\ny\r> Superseded (2 lines above, #1) by m#2 (d)\rz")
	f.Add("> Superseded (")
	f.Fuzz(func(t *testing.T, s string) {
		src := s
		if !strings.Contains(s, markerHint) {
			// Give most inputs a valid marker over their first line.
			first := SplitLines(s)
			if len(first) > 0 {
				src = first[0] + "\n> Superseded (1 line above, #" + LinesKey(first[:1]) + ") by memory/k.md#00000000 (2026-01-01)\n" + s
			}
		}
		got := Spans([]byte(src))
		want := spans(SplitLines(src))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Spans(%q) = %v, want %v", src, got, want)
		}
	})
}

func TestOldMarker(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{"", 0},
		{"> Superseded by memory/a.md:3 (2026-01-02): why\n", 1},
		{"a\r\nb\r\n  > Superseded by memory/a.md:3 (2026-01-02)\r\n", 3},
		{"a\rb\r> Superseded by memory/a.md:3 (2026-01-02)", 3},
		{"text > Superseded by memory/a.md:3 (2026-01-02)\n", 0},                             // not at a line's start
		{"> Superseded by memory/a.md (2026-01-02)\n", 0},                                    // no line number
		{"> Superseded (1 line above, #00000000) by memory/a.md#00000000 (2026-01-02)\n", 0}, // the current form
		{"x > Superseded by a:1 (2026-01-02)\n> Superseded by memory/b.md:9 (2026-01-03)\n", 2},
	} {
		if got := OldMarker([]byte(c.in)); got != c.want {
			t.Errorf("OldMarker(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

// TestSpansInIndentedCode: a marker quoted in an indented code block (a
// note showing what resolve writes, indented instead of fenced) is code,
// as in a fenced one, and supersedes nothing; markers resolve writes in
// nested list items, indented as deep, still count; and resolve refuses
// lines of an indented block.
func TestSpansInIndentedCode(t *testing.T) {
	line := "- The staging database runs PostgreSQL 15."
	m := Marker{Lines: 1, Key: LinesKey([]string{line}), Path: "memory/stack.md", KeptKey: "0296325f", Date: "2026-11-30"}
	example := "    " + line + "\n      " + m.String() + "\n"
	for _, c := range []struct {
		name, src string
		n         int
	}{
		{"indented code", "An example:\n\n" + example + "\nMore.\n", 0},
		{"tab-indented code", "An example:\n\n\t" + line + "\n\t  " + m.String() + "\n", 0},
		{"indented code in a list item", "- how it looks:\n\n      " + line + "\n        " + m.String() + "\n", 0},
		{"indented code after a list", "- item\n\nText.\n\n" + example, 0},
		{"a list item nested after a blank", "- item\n\n" + example, 1},
		{"a paragraph's continuation", "An example:\n" + example, 1},
		{"nested list items", "- a\n  - b\n" + example, 1},
		{"nested list after a blank", "- a\n\n  - b\n\n" + example, 1},
	} {
		if got := Spans([]byte(c.src)); len(got) != c.n {
			t.Errorf("%s: Spans(%q) = %+v, want %d", c.name, c.src, got, c.n)
		}
	}
	for _, nested := range []string{"- a\n  - b\n    - c\n", "1. a\n\n   - b\n\n     - c\n"} {
		out, _, err := Supersede([]byte(nested), 3, 3, kept)
		if err != nil || len(Spans(out)) != 1 {
			t.Errorf("Supersede(%q, 3) = %q, %v; want one span", nested, out, err)
		}
		var superseded int
		for _, c := range Split(out, chunker.Options{}) {
			if _, ok := Superseded(c.Text); ok {
				superseded++
			}
		}
		if superseded != 1 {
			t.Errorf("Split(%q): %d passages superseded, want 1", out, superseded)
		}
	}
	src := "An example:\n\n    We run PostgreSQL 15.\n"
	if _, _, err := Supersede([]byte(src), 3, 3, kept); !errors.Is(err, ErrNoLines) || !strings.Contains(err.Error(), "code block") {
		t.Errorf("Supersede of a line in an indented code block = %v, want ErrNoLines naming the code block", err)
	}
}

// TestSupersedeRefusesInsideATable: a marker after a row that other rows
// follow (or after the header) ends the table there: the rows below lose
// their header ("| db | 5432 |" no longer says 5432 is a port) and read
// as part of the marker's quote. Supersede refuses, naming the table;
// the last row, whose marker ends the table where it ended, is resolved.
func TestSupersedeRefusesInsideATable(t *testing.T) {
	note := "# Ports\n\n| service | port |\n|---|---|\n| api | 8080 |\n| db | 5432 |\n\nThe end.\n"
	for _, c := range []struct {
		name     string
		from, to int
		ok       bool
	}{
		{"a row with rows after it", 5, 5, false},
		{"the header", 3, 3, false},
		{"the last row", 6, 6, true},
		{"every row to the last", 5, 6, true},
		{"prose after the table", 8, 8, true},
	} {
		_, _, err := Supersede([]byte(note), c.from, c.to, kept)
		if (err == nil) != c.ok || (err != nil && !strings.Contains(err.Error(), "table")) {
			t.Errorf("%s: Supersede(%d, %d) = %v, want ok %v (or an error naming the table)", c.name, c.from, c.to, err, c.ok)
		}
	}
}

// TestSupersedeKeepsSetextHeadings: a marker written after the text of a
// setext heading ("The staging database runs PostgreSQL 15" over
// "----") comes between the text and its underline: the heading becomes
// a paragraph, the underline a thematic break, and the lines below lose
// it from their heading path. Such lines are refused, as a table's row
// that goes on is; a line over a break after a blank line is not.
func TestSupersedeKeepsSetextHeadings(t *testing.T) {
	for _, c := range []struct {
		src      string
		from, to int
		refused  bool
	}{
		{"# S\n\nThe staging database runs PostgreSQL 15\n---\n\nIt is restored nightly.\n", 3, 3, true},
		{"The staging database\nruns PostgreSQL 15\n=====\n\nIt is restored nightly.\n", 1, 1, true},
		{"The staging database\nruns PostgreSQL 15\n=====\n\nIt is restored nightly.\n", 2, 2, true},
		{"The staging database runs PostgreSQL 15\n\n---\n\nIt is restored nightly.\n", 1, 1, false},
		{"The staging database runs PostgreSQL 15\nIt is restored nightly.\n", 1, 1, true},
	} {
		_, _, err := Supersede([]byte(c.src), c.from, c.to, kept)
		if (err != nil) != c.refused {
			t.Errorf("Supersede(%q, %d, %d) = %v, want refused %v", c.src, c.from, c.to, err, c.refused)
		}
	}
}

// TestSupersedeRefusesInsideAComment: a marker written inside an HTML
// comment is hidden (a viewer shows nothing, a reader sees no
// resolution) and its line ends nothing: refused, as in a code block.
func TestSupersedeRefusesInsideAComment(t *testing.T) {
	for _, c := range []struct {
		src      string
		from, to int
		refused  bool
	}{
		{"<!--\nThe staging database runs PostgreSQL 15\nIt is restored nightly.\n-->\n", 2, 2, true},
		{"<!-- draft:\nThe staging database runs PostgreSQL 15\n-->\n", 2, 2, true},
		{"Intro <!-- a note\nThe staging database runs PostgreSQL 15\n-->\n", 2, 2, true},
		{"<!-- draft -->\nThe staging database runs PostgreSQL 15\n", 2, 2, false},
		{"<!--\nold\n-->\nThe staging database runs PostgreSQL 15\n", 4, 4, false},
		{"```\n<!--\n```\nThe staging database runs PostgreSQL 15\n", 4, 4, false},
	} {
		_, _, err := Supersede([]byte(c.src), c.from, c.to, kept)
		if (err != nil) != c.refused {
			t.Errorf("Supersede(%q, %d, %d) = %v, want refused %v", c.src, c.from, c.to, err, c.refused)
		}
	}
}

// TestSupersedeRefusesMidParagraph: a marker is a quote line, and the
// paragraph line after it would become the quote's lazy continuation (a
// viewer shows it inside the marker): lines ending mid-paragraph, or
// mid list item, are refused; a line before a blank line, a list item,
// a heading or a quote is not.
func TestSupersedeRefusesMidParagraph(t *testing.T) {
	for _, c := range []struct {
		src      string
		from, to int
		refused  bool
	}{
		{"The staging database runs PostgreSQL 15\nIt is restored nightly.\n", 1, 1, true},
		{"- The staging database runs PostgreSQL 15\n  and is restored nightly.\n", 1, 1, true},
		{"The staging database runs PostgreSQL 15\nIt is restored nightly.\n", 1, 2, false},
		{"The staging database runs PostgreSQL 15\n\nIt is restored nightly.\n", 1, 1, false},
		{"- The staging database runs PostgreSQL 15\n- It is restored nightly.\n", 1, 1, false},
		{"The staging database runs PostgreSQL 15\n## Backups\n", 1, 1, false},
		{"The staging database runs PostgreSQL 15\n> quoted\n", 1, 1, false},
	} {
		_, _, err := Supersede([]byte(c.src), c.from, c.to, kept)
		if (err != nil) != c.refused {
			t.Errorf("Supersede(%q, %d, %d) = %v, want refused %v", c.src, c.from, c.to, err, c.refused)
		}
	}
}

package curate

import (
	"strings"
	"testing"
)

func TestZZProbe(t *testing.T) {
	long := "The platform team noted in the review that %s, and the on-call engineer checks it every morning before the standup meeting."
	vs := [][2]string{
		{"the winner is plan A", "the winner is plan a"},
		{"the SSID is Office-5G", "the SSID is office-5G"},
		{"the file is Makefile", "the file is makefile"},
		{"the header is X-Api-Key", "the header is x-api-key"},
		{"the result is \"\"", "the result is \" \""},
		{"the delimiter is `,`", "the delimiter is `;`"},
		{"the delimiter is ','", "the delimiter is ';'"},
		{"the delimiter is \",\"", "the delimiter is \";\""},
		{"the separator is a comma", "the separator is a semicolon"},
		{"the quote char is '", "the quote char is \""},
		{"the escape is \\n", "the escape is \\t"},
		{"the prompt ends with $", "the prompt ends with #"},
		{"the suffix is _v2", "the suffix is -v2"},
		{"the wildcard is %", "the wildcard is _"},
		{"the list ends with a trailing comma,", "the list ends with a trailing comma"},
		{"the mark is ✔", "the mark is ✘"},
		{"the route is /api/v1/", "the route is /api/v1"},
		{"the regex is ^a", "the regex is a$"},
		{"the job runs at 0 0 * * 1", "the job runs at 0 0 * * 7"},
		{"the IP is 10.0.0.1", "the IP is 10.0.0.10"},
		{"the bitrate is 5 Mb/s", "the bitrate is 5 MB/s"},
		{"the tag is #123", "the tag is #124"},
		{"the issue is #123", "the issue is !123"},
		{"the commit is abc123^", "the commit is abc123~"},
		{"the note is ©", "the note is ®"},
		{"the unit is µs", "the unit is ms"},
		{"the unit is Ω", "the unit is W"},
		{"the direction is ←", "the direction is →"},
		{"the priority is P1", "the priority is P2"},
		{"the level is L2", "the level is l2"},
		{"the mood is :)", "the mood is :("},
		{"the check is [x]", "the check is [ ]"},
		{"the score is 3/5", "the score is 5/3"},
		{"the key is F5", "the key is F6"},
		{"the key is Shift", "the key is shift"},
		{"the heading reads Done", "the heading reads done"},
		{"the field is userId", "the field is userID"},
		{"the field is user_id", "the field is userid"},
		{"the env is Prod", "the env is prod"},
	}
	for _, v := range vs {
		a, b := strings.Replace(long, "%s", v[0], 1), strings.Replace(long, "%s", v[1], 1)
		c := labelled{part: "x", family: v[0], fileA: "memory/2026-11-01.md", fileB: "memory/2026-11-02.md", a: a, b: b}
		g, why := grouped(c, 0.5)
		r, _ := Differs(a, b)
		if g {
			t.Logf("GROUPED %q / %q", v[0], v[1])
		} else {
			_ = why
			_ = r
		}
	}
}

package search

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/memweave/memweave-go/tokenize"
)

// months are the English month names a query may write, full and
// clipped, by month number.
var months = map[string]int{
	"jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3,
	"apr": 4, "april": 4, "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7,
	"aug": 8, "august": 8, "sep": 9, "sept": 9, "september": 9, "oct": 10,
	"october": 10, "nov": 11, "november": 11, "dec": 12, "december": 12,
}

// monthNames are the clipped and full name of each month, January first.
var monthNames = [12][2]string{
	{"jan", "january"}, {"feb", "february"}, {"mar", "march"}, {"apr", "april"},
	{"may", "may"}, {"jun", "june"}, {"jul", "july"}, {"aug", "august"},
	{"sep", "september"}, {"oct", "october"}, {"nov", "november"}, {"dec", "december"},
}

// dateAlternates returns the other spellings of the dates a query writes,
// as phrases of the words the keyword index holds, so that a date is
// found however the note wrote it (docs/search.md, "Dates"):
//   - a month name beside a day ("Dec 3", "3rd of December", "December
//     3, 2026") as the ISO order, "12 03" or "2026 12 03", which
//     matches 2026-12-03, 2026/12/03 and 2026.12.03;
//   - a date in US or European order with a year ("12/03/2026") as the
//     ISO order of each reading it can have, US first: "2026 12 03",
//     "2026 03 12";
//   - an ISO date ("2026-12-03") with month names, "dec 3 2026",
//     "december 3 2026", "3 dec 2026", "3 december 2026".
//
// Without a year, an ISO phrase matches that day of any year.
func dateAlternates(toks []queryToken) []string {
	var out []string
	for _, d := range dateSpellings(toks) {
		out = append(out, d.phrases...)
	}
	return out
}

// dateSpelling is the other spellings of one date a query writes
// ([dateAlternates]), and the query tokens that write it: a chunk holding
// one holds each of those words (the day, the month and the year of "3rd
// of November 2026" in "2026-11-03"), for the keyword score.
type dateSpelling struct {
	phrases []string
	toks    []int
}

// dateSpellings returns the dates toks write, each with its other
// spellings (see [dateAlternates]).
func dateSpellings(toks []queryToken) []dateSpelling {
	var out []dateSpelling
	for i, t := range toks {
		if t.cjk {
			continue
		}
		if m, ok := months[t.text]; ok {
			if d, ok := namedDate(toks, i, m); ok {
				out = append(out, d)
			}
			continue
		}
		if ph := numericDate(tokenize.Parts(t.text)); ph != nil {
			out = append(out, dateSpelling{phrases: ph, toks: []int{i}})
		}
	}
	return out
}

// namedDate returns the ISO phrase of the date whose month name, month
// m, is toks[i]: the day after it ("Dec 3", "December 3rd, 2026") or
// before it ("3rd of December"), the year after either when it is one;
// false when no day stands beside it.
func namedDate(toks []queryToken, i, m int) (dateSpelling, bool) {
	word := func(j int) string {
		if j < 0 || j >= len(toks) || toks[j].cjk {
			return ""
		}
		return toks[j].text
	}
	dayAt, yearAt := i+1, i+2
	day := dayOf(word(dayAt))
	if day == 0 {
		dayAt = i - 1
		if word(dayAt) == "of" {
			dayAt--
		}
		day, yearAt = dayOf(word(dayAt)), i+1
	}
	if day == 0 || day > monthDays(m) {
		return dateSpelling{}, false
	}
	if y := word(yearAt); len(y) == 4 && allDigits([]string{y}) {
		return dateSpelling{phrases: []string{fmt.Sprintf("%s %02d %02d", y, m, day)}, toks: []int{i, dayAt, yearAt}}, true
	}
	return dateSpelling{phrases: []string{fmt.Sprintf("%02d %02d", m, day)}, toks: []int{i, dayAt}}, true
}

// dayOf returns the day a word writes, 1 to 31, with or without an
// ordinal suffix ("3", "03", "3rd"), or 0.
func dayOf(w string) int {
	for _, suffix := range []string{"st", "nd", "rd", "th"} {
		w = strings.TrimSuffix(w, suffix)
	}
	if len(w) == 0 || len(w) > 2 || !allDigits([]string{w}) {
		return 0
	}
	d, _ := strconv.Atoi(w)
	if d > 31 {
		return 0
	}
	return d
}

// monthDays is the most days month m has.
func monthDays(m int) int {
	switch m {
	case 2:
		return 29
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// numericDate returns the other spellings of a date written in numbers,
// parts being a query word's parts: an ISO date (year first) with month
// names, a US or European one (year last) in ISO order.
func numericDate(parts []string) []string {
	if len(parts) != 3 || !allDigits(parts) {
		return nil
	}
	n := make([]int, 3)
	for i, p := range parts {
		n[i], _ = strconv.Atoi(p)
	}
	switch {
	case len(parts[0]) == 4 && len(parts[1]) <= 2 && len(parts[2]) <= 2:
		y, m, d := parts[0], n[1], n[2]
		if m < 1 || m > 12 || d < 1 || d > monthDays(m) {
			return nil
		}
		var out []string
		for _, name := range monthNames[m-1] {
			out = append(out, fmt.Sprintf("%s %d %s", name, d, y))
		}
		for _, name := range monthNames[m-1] {
			out = append(out, fmt.Sprintf("%d %s %s", d, name, y))
		}
		return dedupe(out)
	case len(parts[2]) == 4 && len(parts[0]) <= 2 && len(parts[1]) <= 2:
		var out []string
		for _, md := range [][2]int{{n[0], n[1]}, {n[1], n[0]}} { // US, then European
			if m, d := md[0], md[1]; m >= 1 && m <= 12 && d >= 1 && d <= monthDays(m) {
				out = append(out, fmt.Sprintf("%s %02d %02d", parts[2], m, d))
			}
		}
		return dedupe(out)
	}
	return nil
}

// dedupe returns s without repeats, in order.
func dedupe(s []string) []string {
	var out []string
	for _, x := range s {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

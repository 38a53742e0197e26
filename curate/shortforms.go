package curate

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// shortForms returns the prose p with the short forms of words and
// values that writers use as often as the long ones written in full, for
// [proseSpellings]: the abbreviations of [shortWords] ("dept." is
// "department", "e.g." "for example"), "no." and "#" before a number as
// "number", the abbreviated names of weekdays and months ([dayNames]:
// "Tues." is "Tuesday", "Sept" "September"), a range of two such names
// joined by a hyphen as joined by "to" ("Mon-Fri" is "Monday to
// Friday"), a day before a month's name with no year as after it ("Oct
// 3" and "3rd October" are "3 October"), thousands and millions written
// with a letter or a word as digits ([amounts]). "A dozen", "a couple"
// and "half a" before a span of time are kept: they are often
// approximate ("a dozen or so"), and earlier labelled sets hold them
// against digits (pairs16, pairs17, pairs19, pairs22); "half a" before a
// unit of measure is read by [measures].
// A name that begins a sentence may be a word ("Sat down", "Mar the
// lens") and is kept, and so is "May" (the month or the verb).
func shortForms(p string) string {
	if strings.ContainsAny(p, ".#") || strings.Contains(p, "dept") || strings.Contains(p, "eg ") || strings.Contains(p, "ie ") {
		p = shortWordsInFull(p)
	}
	if strings.Contains(p, "or instance") {
		p = shortFormsOf().forInstance.ReplaceAllString(p, "${1}${2}or example")
	}
	return amounts(dayNamesInFull(p))
}

// shortWordsInFull returns p with each of [shortWords] written in full,
// and "no. 4", "No. 4" and "#4" after a space as "number 4" ("Number 4"):
// "#4" opening the text is a tag. A full stop that ends a
// sentence ("... the finance dept. The") is kept.
func shortWordsInFull(p string) string {
	var edits []edit
	for _, m := range shortFormsOf().shortWord.FindAllStringSubmatchIndex(p, -1) {
		if m[14] >= 0 { // "eg, the floats": the comma goes with the stops
			edits = append(edits, edit{m[14], m[1], shortFormsOf().shortWords[p[m[14]:m[15]]] + " "})
			continue
		}
		word, stop, comma, end := p[m[4]:m[5]], m[7] > m[6], m[9] > m[8], p[m[10]:m[11]]
		text := shortFormsOf().shortWords[word]
		switch {
		case strings.Contains(word, "."):
			comma = false // "e.g., bicycles" is "for example bicycles"
		case comma:
			text += ","
		}
		if rest := strings.TrimLeft(p[m[1]:], " "); stop && !comma && end != ")" && (rest == "" || capitalised(rest) || rest[0] == '\n') {
			text += "." // "dept. The" and a last "etc." keep the sentence's stop
		}
		edits = append(edits, edit{m[4], m[1], text + end})
	}
	p = spliced(p, edits)
	return shortFormsOf().numberSign.ReplaceAllStringFunc(p, func(m string) string {
		sub := shortFormsOf().numberSign.FindStringSubmatch(m)
		if sub[2] == "" && sub[1] == "" {
			return m // "#4" opening the text: a tag
		}
		word := "number"
		if sub[2] == "N" {
			word = "Number"
		}
		return sub[1] + word + " " + sub[3]
	})
}

// dayNamesInFull returns p with each abbreviation of [dayNames] in
// full, but at the start of a sentence, a line or the text; a range of
// two names joined by a hyphen (an en dash is one by then) as joined by
// "to"; and a month's name and a day without a year ("Oct 3", "3rd
// October") as "3 October".
func dayNamesInFull(p string) string {
	if strings.Contains(p, "Weds") {
		p = shortFormsOf().weds.ReplaceAllString(p, "Wed")
	}
	var edits []edit
	for _, m := range shortFormsOf().dayName.FindAllStringSubmatchIndex(p, -1) {
		s, e, end := m[2], m[3], m[5]
		before := strings.TrimRight(p[:s], " \t")
		ranged := strings.HasSuffix(p[:s], "-") && nameBefore(p[:s-1])
		if before == "" || strings.ContainsAny(before[len(before)-1:], ".!?\n*-") && !ranged {
			continue // a sentence's first word may be a verb or a name
		}
		if end < len(p) && (p[end] == '-' && !nameAfter(p[end+1:]) || strings.IndexByte("_'’@/", p[end]) >= 0) {
			continue // "Sun-dried", "Mar_2", "Sat's": not a date's name alone
		}
		if end > e { // a full stop after it
			rest := strings.TrimLeft(p[end:], " ")
			if rest == "" || capitalised(rest) || rest[0] == '\n' {
				end = e // the sentence's stop stays
			}
		}
		edits = append(edits, edit{s, end, shortFormsOf().dayNames[p[s:e]]})
	}
	p = spliced(p, edits)
	if !strings.ContainsAny(p, "-0123456789") {
		return p
	}
	p = shortFormsOf().nameRange.ReplaceAllString(p, "$1 to $2")
	return shortFormsOf().monthDay.ReplaceAllStringFunc(p, func(m string) string {
		sub := shortFormsOf().monthDay.FindStringSubmatch(m)
		if sub[1] != "" {
			return sub[2] + " " + sub[1] + sub[3]
		}
		return sub[4] + " " + sub[5]
	})
}

// nameBefore reports whether p ends with a weekday's or a month's name,
// abbreviated ([dayNames]) or in full, with an optional full stop.
func nameBefore(p string) bool {
	w := strings.TrimSuffix(p[strings.LastIndexAny(p, " \t\n(-")+1:], ".")
	return isDayName(w)
}

// nameAfter reports whether p starts with a weekday's or a month's
// name, abbreviated ([dayNames]) or in full.
func nameAfter(p string) bool {
	end := strings.IndexFunc(p, func(r rune) bool { return !unicode.IsLetter(r) })
	if end < 0 {
		end = len(p)
	}
	return isDayName(p[:end])
}

// isDayName reports whether w is a weekday's or a month's name,
// abbreviated ([dayNames]) or in full.
func isDayName(w string) bool {
	if _, ok := shortFormsOf().dayNames[w]; ok {
		return true
	}
	for _, full := range shortFormsOf().dayNames {
		if w == full {
			return true
		}
	}
	return w == "May"
}

// amounts returns p with thousands written with "k" or "K" or the word
// ("50k", "120 thousand", "2.5k") in digits ("50,000", "120,000",
// "2,500"), and millions and billions after a currency sign written with
// "m", "mn" or "bn" as the word ("$2.5m" is "$2.5 million"). "m" with no
// currency sign may be metres or minutes and is kept, and so is a
// number of more than three digits before "k" ("1500k" is rare enough to
// be a typo).
func amounts(p string) string {
	if !strings.ContainsAny(p, "0123456789") {
		return p
	}
	p = shortFormsOf().thousands.ReplaceAllStringFunc(p, func(m string) string {
		sub := shortFormsOf().thousands.FindStringSubmatch(m)
		whole, frac, _ := strings.Cut(sub[2], ".")
		frac = (frac + "000")[:3]
		n, err := strconv.Atoi(whole + frac)
		if err != nil || n == 0 {
			return m
		}
		return sub[1] + groupedThousands(n) + sub[3]
	})
	return shortFormsOf().millions.ReplaceAllStringFunc(p, func(m string) string {
		sub := shortFormsOf().millions.FindStringSubmatch(m)
		word := " million"
		if sub[3] == "bn" {
			word = " billion"
		}
		return sub[1] + sub[2] + word + sub[4]
	})
}

// groupedThousands writes n in digits grouped in threes by commas.
func groupedThousands(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// shortFormTables holds the tables and patterns of [shortForms], built at
// first use as one: each sync.OnceValue costs every process a closure on
// the heap at init (TestInitAllocatesLittle in cmd/memweave).
type shortFormTables struct {
	// shortWords are the abbreviations of prose words with one meaning, as
	// a word alone (a full stop after it or not), with the words in full;
	// "eg" and "ie" without stops only in lower case.
	shortWords map[string]string
	// dayNames are the abbreviations of weekdays and months, with their
	// names in full; "May" is both.
	dayNames    map[string]string
	shortWord   *regexp.Regexp // of [shortForms]
	numberSign  *regexp.Regexp // of [shortForms]
	dayName     *regexp.Regexp // of [dayNamesInFull]
	nameRange   *regexp.Regexp // of [dayNamesInFull]
	monthDay    *regexp.Regexp // of [dayNamesInFull]
	forInstance *regexp.Regexp // of [shortForms]
	weds        *regexp.Regexp // of [dayNamesInFull]: "Weds" is read as "Wed"
	thousands   *regexp.Regexp // of [amounts]
	millions    *regexp.Regexp // of [amounts]
}

// shortFormsOf returns the tables and patterns of [shortForms].
var shortFormsOf = sync.OnceValue(func() *shortFormTables {
	const month = `(January|February|March|April|May|June|July|August|September|October|November|December)`
	return &shortFormTables{
		shortWords: map[string]string{
			"dept": "department", "depts": "departments", "Dept": "Department", "Depts": "Departments",
			"e.g": "for example", "eg": "for example", "i.e": "that is", "ie": "that is", "etc": "and so on",
		},
		dayNames: map[string]string{
			"Mon": "Monday", "Tue": "Tuesday", "Tues": "Tuesday", "Wed": "Wednesday", "Weds": "Wednesday", "Thu": "Thursday", "Thur": "Thursday",
			"Thurs": "Thursday", "Fri": "Friday", "Sat": "Saturday", "Sun": "Sunday",
			"Jan": "January", "Feb": "February", "Mar": "March", "Apr": "April", "Jun": "June", "Jul": "July",
			"Aug": "August", "Sep": "September", "Sept": "September", "Oct": "October", "Nov": "November", "Dec": "December",
		},
		shortWord:   regexp.MustCompile(`(^|[\s(,])(Depts|Dept|depts|dept|e\.g|i\.e|etc)(\.?)(,?)( |$|\))|(^|[\s(,])(eg|ie)(,?) `),
		numberSign:  regexp.MustCompile(`(^|[\s(])(?:([Nn])o\. ?|#)([0-9]+)\b`),
		dayName:     regexp.MustCompile(`\b(Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b(\.?)`),
		nameRange:   regexp.MustCompile(`\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December)-(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December)\b`),
		monthDay:    regexp.MustCompile(`\b` + month + ` ([1-9]|[12][0-9]|3[01])(?:st|nd|rd|th)?\b([^,0-9]|$)|\b([1-9]|[12][0-9]|3[01])(?:st|nd|rd|th) ` + month + `\b`),
		weds:        regexp.MustCompile(`\bWeds\b`),
		forInstance: regexp.MustCompile(`(^|[^\pL\pN_])([Ff])or instance\b`),
		thousands:   regexp.MustCompile(`(^|[^\pL\pN_.,])([0-9]{1,3}(?:\.[0-9]{1,3})?)(?:[kK]| thousand)\b([^\pL\pN_]|$)`),
		millions:    regexp.MustCompile(`([$€£¥])([0-9]{1,3}(?:\.[0-9]{1,3})?) ?(m|mn|bn)\b([^\pL\pN_]|$)`),
	}
})

package curate

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// writtenForms returns the prose p with three more values that writers
// spell two ways written one way, for [proseSpellings]: a host name in
// lower case ([hostsLower]), an emoji's short code as the emoji
// ([emojiCodes]) and a whole date written with its month's name as
// "YYYY-MM-DD" ([datesISO]).
func writtenForms(p string) string {
	return datesISO(emojiCodes(hostsLower(p)))
}

// hostName matches a host name standing alone in prose: labels of
// letters, digits and hyphens joined by dots, ending in a common
// top-level domain in lower case; not after "/", "@", ".", ":" or a
// word's letter (a URL's host, an e-mail address), nor before "/" or
// "@" (a path follows: its case counts).
var hostName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(^|[^A-Za-z0-9_@./:-])((?:[A-Za-z0-9-]+\.)+(?:com|org|net|io|dev|app|ai|co|uk|de|fr|eu|nl|ch|us|ca|au|cloud|internal|local))([^A-Za-z0-9_@/-]|$)`)
})

// hostsLower returns p with each host name ([hostName]) in lower case:
// DNS reads "Status.Example.com" and "status.example.com" as one name.
// A URL's path ("example.com/Eng") and a file's name ("Config.yaml",
// "README.md": no listed domain) are kept as written.
func hostsLower(p string) string {
	if !strings.Contains(p, ".") {
		return p
	}
	return hostName().ReplaceAllStringFunc(p, func(m string) string {
		sub := hostName().FindStringSubmatch(m)
		return sub[1] + strings.ToLower(sub[2]) + sub[3]
	})
}

// shortCodes are the emoji short codes (GitHub's, Slack's) notes use
// most for warnings and status, with their emoji.
var shortCodes = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"warning": "⚠", "x": "❌", "white_check_mark": "✅", "heavy_check_mark": "✔", "information_source": "ℹ",
		"bulb": "💡", "fire": "🔥", "rocket": "🚀", "memo": "📝", "lock": "🔒", "no_entry": "⛔",
		"stop_sign": "🛑", "exclamation": "❗", "question": "❓", "construction": "🚧", "bug": "🐛",
		"tada": "🎉", "star": "⭐", "rotating_light": "🚨", "pushpin": "📌",
	}
})

// shortCode matches a short code between colons, for [emojiCodes].
var shortCode = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`:([a-z_]+):`) })

// emojiCodes returns p with each short code of [shortCodes] written as
// its emoji (":warning:" is "⚠️"; the variation selector is left out
// of both, as tokenize leaves it out); another code is kept.
func emojiCodes(p string) string {
	if !strings.Contains(p, ":") {
		return p
	}
	return shortCode().ReplaceAllStringFunc(p, func(m string) string {
		if e, ok := shortCodes()[m[1:len(m)-1]]; ok {
			return e
		}
		return m
	})
}

// monthNames are the English month names and their abbreviations, with
// their numbers, for [datesISO].
var monthNames = sync.OnceValue(func() map[string]int {
	out := map[string]int{}
	for i, m := range strings.Fields("january february march april may june july august september october november december") {
		out[m] = i + 1
		out[m[:3]] = i + 1
	}
	out["sept"] = 9
	return out
})

// namedDates matches a whole date with its month's name: day first
// ("4 March 2026", "4th Mar 2026") or month first ("March 4, 2026").
var namedDates = sync.OnceValue(func() [2]*regexp.Regexp {
	const month = `([A-Z][a-z]{2,8})\.?`
	return [2]*regexp.Regexp{
		regexp.MustCompile(`\b([0-9]{1,2})(?:st|nd|rd|th)? ` + month + ` ([0-9]{4})\b`),
		regexp.MustCompile(`\b` + month + ` ([0-9]{1,2})(?:st|nd|rd|th)?, ([0-9]{4})\b`),
	}
})

// datesISO returns p with each whole date written with its month's name
// ([namedDates]) as "YYYY-MM-DD": "4 March 2026" and "March 4, 2026" are
// "2026-03-04". A date without its year, or in digits with slashes
// ("03/04/2026": the 3rd of April or the 4th of March) is kept.
func datesISO(p string) string {
	if !strings.ContainsAny(p, "0123456789") {
		return p
	}
	for k, re := range namedDates() {
		p = re.ReplaceAllStringFunc(p, func(m string) string {
			sub := re.FindStringSubmatch(m)
			day, name, year := sub[1], sub[2], sub[3]
			if k == 1 {
				day, name = sub[2], sub[1]
			}
			mon, ok := monthNames()[strings.ToLower(name)]
			d, _ := strconv.Atoi(day)
			if !ok || d < 1 || d > 31 {
				return m
			}
			return fmt.Sprintf("%s-%02d-%02d", year, mon, d)
		})
	}
	return p
}

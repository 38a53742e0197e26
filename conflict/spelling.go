package conflict

import (
	"strconv"
	"strings"
)

// This file brings written forms to one form before a sentence is
// normalised: numbers spelled out, thousands, currency symbols, short
// forms, phrasal nouns.

// thousands removes the separators of a number written with them
// ("1,450" is "1450"), so that it stays one number.
func thousands(s string) string {
	if strings.IndexByte(s, ',') < 0 {
		return s
	}
	b := []byte(s)
	out := b[:0]
	for i := 0; i < len(b); i++ {
		if b[i] == ',' && i > 0 && i+3 < len(b) && isDigit(b[i-1]) && isDigit(b[i+1]) && isDigit(b[i+2]) &&
			isDigit(b[i+3]) && (i+4 == len(b) || !isDigit(b[i+4])) {
			continue
		}
		out = append(out, b[i])
	}
	return string(out)
}

// keyValue reads a line that opens with a key of at most five words and
// a colon as a statement: "Home: Seattle" says "Home is Seattle", so
// the value follows a copula as in prose.
func keyValue(s string) string {
	i := strings.Index(s, ": ")
	if i <= 0 || strings.Count(s[:i], " ") > 4 {
		return s
	}
	return s[:i] + " is" + s[i+1:]
}

// joinNames joins with "_" the words of a name of several capitalised
// words written with one space between ("Google Cloud Storage", "Helen
// Park"): one value, as a tokenizer keeps "t-mobile" one word. Stop
// words ("The", "Of") end a name.
func joinNames(s string) string {
	var b []byte
	prevOpen, prevEnd := false, -1
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] != ' ' {
			j++
		}
		if j == i {
			i++
			continue
		}
		w := s[i:j]
		trimmed := strings.TrimRight(w, ".,;:!?)\"'")
		isCap := trimmed != "" && w[0] >= 'A' && w[0] <= 'Z'
		if isCap {
			// A unit or an abbreviation is no part of a name: "32 GB
			// RAM" is a quantity of RAM, "Staging DB" the staging
			// database.
			lower := strings.ToLower(trimmed)
			_, unit := units[lower]
			_, short := shortForms[lower]
			isCap = !isStop(lower) && !unit && !short && !chiefTitle(lower)
		}
		if isCap && prevOpen && prevEnd == i-1 {
			if b == nil {
				b = []byte(s)
			}
			b[i-1] = '_'
		}
		// A name goes on only past a word with no punctuation after it.
		prevOpen, prevEnd = isCap && len(trimmed) == len(w), j
		i = j
	}
	if b == nil {
		return s
	}
	return string(b)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// abbreviations end with a dot that does not end a sentence.
var abbreviations map[string]bool

// spellNumbers writes a sum of money with its currency after the
// number, as a quantity reads it ("$75" is "75 usd", "€8" is "8 eur"),
// and a number in thousands in full ("30k" is "30000").
func spellNumbers(s string) string {
	if !needsSpelling(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		cur := ""
		for _, c := range currencySymbols {
			if strings.HasPrefix(s[i:], c.sym) && i+len(c.sym) < len(s) && isDigit(s[i+len(c.sym)]) {
				cur, i = c.code, i+len(c.sym)
				break
			}
		}
		j := i
		for j < len(s) && (isDigit(s[j]) || (s[j] == '.' && j+1 < len(s) && isDigit(s[j+1]) && j > i)) {
			j++
		}
		if j == i || (i > 0 && cur == "" && (isAlnum(s[i-1]) || s[i-1] == '.' || s[i-1] == ':')) {
			// Not a number, or the inside of a word, version or time.
			b.WriteByte(s[i])
			i++
			continue
		}
		num := s[i:j]
		if j < len(s) && (s[j] == 'k' || s[j] == 'K') && (j+1 == len(s) || !isAlnum(s[j+1])) {
			if f, err := strconv.ParseFloat(num, 64); err == nil {
				num, j = strconv.FormatFloat(f*1000, 'f', -1, 64), j+1
			}
		}
		b.WriteString(num)
		if cur != "" {
			b.WriteString(" " + cur)
		}
		i = j
	}
	return b.String()
}

// needsSpelling reports whether s has a currency symbol before a digit
// or a "k" after one: most sentences have neither and are not copied.
func needsSpelling(s string) bool {
	for i := 1; i < len(s); i++ {
		if isDigit(s[i]) && (s[i-1] == '$' || s[i-1] == 0xAC || s[i-1] == 0xA3) ||
			(s[i] == 'k' || s[i] == 'K') && isDigit(s[i-1]) {
			// 0xAC and 0xA3 end the UTF-8 of "€" and "£".
			return true
		}
	}
	return false
}

// currencySymbols are the symbols of currencies written before a sum,
// with the codes [quantityAt] reads after one.
var currencySymbols = []struct{ sym, code string }{{"$", "usd"}, {"€", "eur"}, {"£", "gbp"}}

// shortForms maps abbreviations of memory notes to the word they stand
// for, so that "DB" and "database" align, and the nouns of a few pairs
// that name one thing to one of them ("vehicle" is "car", "employees"
// "staff", "kids" and "children" a "child", "people" a "person" (a
// count is in the number);
// a "cap", "ceiling", "limit" or "quota" is a "maximum", a
// "TTL" the time after which things "expire", an API "call" a
// "request"). One lookup serves both:
// a second table would cost a lookup per word. Not "invoice" and
// "bill": in accounts they are what one sends and what one owes.
var shortForms map[string]string

func newShortForms() map[string]string {
	return map[string]string{
		"db": "database", "dbs": "databases", "k8s": "kubernetes", "req": "requests", "reqs": "requests",
		"prod": "production", "env": "environment", "envs": "environments", "repo": "repository",
		"repos": "repositories", "config": "configuration", "msg": "message", "msgs": "messages",
		"auth": "authentication", "authn": "authentication", "eng": "engineering", "mgmt": "management",
		"infra": "infrastructure", "perf": "performance", "cfg": "configuration", "max": "maximum",
		// Synonyms, folded to the second word of each pair.
		"vehicle": "car", "vehicles": "cars", "employee": "staff",
		"employees": "staff", "documentation": "docs", "apartment": "flat", "apartments": "flats",
		"cap": "maximum", "ceiling": "maximum", "limit": "maximum", "quota": "maximum", "ttl": "expire",
		"call": "request", "calls": "requests", "kid": "child", "kids": "child", "children": "child",
		"people": "person", "persons": "person",
	}
}

// dimension reports whether w is an adjective that says a length is
// measured: "1.80 m tall", "25 m long".
func dimension(w string) bool {
	switch w {
	case "tall", "long", "high", "wide", "deep", "thick", "away":
		return true
	}
	return false
}

// expanded are the words [shortForms] writes: one capitalised
// ("Kubernetes", "Production") is the word, not a name, so that it
// folds as the expansion of "k8s" folds.
var expanded map[string]bool

func newExpanded() map[string]bool {
	m := make(map[string]bool, len(shortForms))
	for _, full := range shortForms {
		m[full] = true
	}
	return m
}

// boundAbbrevs are the abbreviations of [shortForms] that shorten
// "maximum" ("max", not the synonym "cap"), written with one capital as
// a name would be ("Max"): [boundNames] reads only a sentence that holds
// one.
var boundAbbrevs []string

func newBoundAbbrevs() []string {
	var out []string
	for short, full := range shortForms {
		if full == "maximum" && strings.HasPrefix(full, short) {
			out = append(out, strings.ToUpper(short[:1])+short[1:])
		}
	}
	return out
}

// phrasalNouns maps the forms of a verb whose particle makes it a noun
// written as one word to that noun: "requests time out after 30
// seconds" and "the request timeout is 30 seconds" speak of one
// "timeout"; [phrasalParticle] is the particle.
var phrasalNouns map[string]string

func newPhrasalNouns() map[string]string {
	m := make(map[string]string)
	for noun, forms := range map[string]string{
		"timeout": "time times timed", "backup": "back backs backed", "login": "log logs logged",
		"signup": "sign signs signed", "setup": "set sets", "rollout": "roll rolls rolled",
		"shutdown": "shut shuts", "failover": "fail fails failed", "cleanup": "clean cleans cleaned",
		"lockout": "lock locks locked",
	} {
		for _, f := range strings.Fields(forms) {
			m[f] = noun
		}
	}
	return m
}

// particle reports whether w is a particle of [phrasalParticle], read
// first: most words are followed by none, and a switch costs less than
// a map.
func particle(w string) bool {
	switch w {
	case "out", "up", "in", "down", "over":
		return true
	}
	return false
}

// phrasalParticle is the particle of each noun of [phrasalNouns].
var phrasalParticle map[string]string

func newPhrasalParticle() map[string]string {
	return map[string]string{
		"timeout": "out", "backup": "up", "login": "in", "signup": "up", "setup": "up", "rollout": "out",
		"shutdown": "down", "failover": "over", "cleanup": "up", "lockout": "out",
	}
}

// openUntil reports whether words[i], "open", is followed by "until"
// and a time of day ("open until 8", "until 6 pm", "until midnight").
func openUntil(words []string, i int) bool {
	if i+2 >= len(words) || words[i+1] != "until" {
		return false
	}
	w := words[i+2]
	if i+3 < len(words) && months[words[i+3]] > 0 {
		// "open until 12 May": an end date.
		return false
	}
	return w == "noon" || w == "midnight" || w == "midday" || w != "" && isDigit(w[0]) && (len(w) <= 2 || strings.Contains(w, ":") || strings.HasSuffix(w, "m"))
}

// expand writes abbreviations in full ([shortForms]) but the names in
// names (words after a space each, from [boundNames]), a verb and its
// particle as their noun ([phrasalNouns]), a rate such as "req/min"
// as "requests per min" and "open until" a time as "closes at" it. It
// returns words itself when nothing changes.
func expand(words []string, names string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		repl := []string(nil)
		if i+1 < len(words) && particle(words[i+1]) && phrasalParticle[phrasalNouns[w]] == words[i+1] {
			// "times out" is the "timeout" of the noun.
			if out == nil {
				out = append(make([]string, 0, len(words)+2), words[:i]...)
			}
			out = append(out, phrasalNouns[w])
			i++
			continue
		}
		if w == "open" && openUntil(words, i) {
			// "the pharmacy is open until 8" says when it closes: "the
			// pharmacy is open, closes at 8"; still open, as "the
			// clinic is open on Saturdays" says.
			if out == nil {
				out = append(make([]string, 0, len(words)+2), words[:i]...)
			}
			out = append(out, "open", "closes", "at")
			i++
			continue
		}
		if (w == "can't" || w == "cannot" || w == "can’t") && i+1 < len(words) && words[i+1] == "stand" {
			// "can't stand cilantro" is an aversion, "hates", not a
			// negation of standing.
			repl = []string{"hates"}
			if out == nil {
				out = append(make([]string, 0, len(words)+2), words[:i]...)
			}
			out = append(out, repl...)
			i++
			continue
		}
		if w == "m" && i > 0 && i+1 < len(words) && hasDigit(words[i-1]) && dimension(words[i+1]) {
			// "1.80 m tall": metres, where "m" alone may be a minute
			// or a million.
			repl = []string{"metres"}
		} else if names != "" && strings.Contains(names+" ", " "+strings.TrimSuffix(w, "'s")+" ") {
			// "Max is 52": a name, not a maximum.
		} else if full, ok := shortForms[w]; ok {
			repl = []string{full}
		} else if base, ok := strings.CutSuffix(w, "'s"); ok && shortForms[base] != "" {
			// "the apartment's rent" is the "flat's".
			repl = []string{shortForms[base] + "'s"}
		} else if x, y, ok := strings.Cut(w, "/"); ok && x != "" && !hasDigit(x) && units[y] > 0 && units[y] < 1<<10 && !strings.HasSuffix(y, "b") {
			if full, ok := shortForms[x]; ok {
				x = full
			}
			repl = []string{x, "per", y}
		}
		if repl == nil {
			if out != nil {
				out = append(out, w)
			}
			continue
		}
		if out == nil {
			out = append(make([]string, 0, len(words)+2), words[:i]...)
		}
		out = append(out, repl...)
	}
	if out == nil {
		return words
	}
	return out
}

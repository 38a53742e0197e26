package curate

import (
	"cmp"
	"math/big"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// multiples returns the prose p, its number words already digits
// ([numberDigits]: "two times" is "2 times"), with how many times
// written one way: "twice" is "2 times", "thrice" "3 times", "2x",
// "2X" and "2×" before a space or a stop "2 times" ("2x a week", "2x as
// fast"), and one time, "1x" or "once" before a span of time or "as"
// ("once a week", "once daily") "once", but "at one time" (formerly).
// A count joined to what follows
// ("2x4", "0x1F", "1920x1080") is kept, and so is "once" elsewhere (a
// conjunction: "once the build passes").
func multiples(p string) string {
	t := measureTablesOf()
	if strings.Contains(p, "wice") || strings.Contains(p, "hrice") {
		p = t.multipleWord.ReplaceAllStringFunc(p, func(m string) string {
			sub := t.multipleWord.FindStringSubmatch(m)
			n := "2"
			if strings.EqualFold(sub[2], "thrice") {
				n = "3"
			}
			return sub[1] + n + " times" + sub[3]
		})
	}
	if strings.ContainsAny(p, "xX×") && strings.ContainsAny(p, "0123456789") {
		p = t.multipleSign.ReplaceAllString(p, "$1$2 times$3")
	}
	if strings.Contains(p, " time") {
		var edits []edit
		for _, m := range t.oneTime.FindAllStringSubmatchIndex(p, -1) {
			before := strings.TrimRight(p[:m[2]], " ")
			if strings.EqualFold(before[strings.LastIndexAny(before, " \t\n(")+1:], "at") {
				continue // "at one time": formerly, not once
			}
			edits = append(edits, edit{m[2], m[3], "once"})
		}
		p = spliced(p, edits)
	}
	return p
}

// measures returns the prose p, its units already in full and in
// American spelling ([unitsInFull], [americanSpellings]), with an
// amount of a unit of [measureTables] written one way: "half a" and "a
// quarter of a" before such a unit as "0.5" and "0.25" of it ("half a
// liter" is "0.5 liter"), a metric amount in the unit of its kind with
// no prefix ("500 milliliters" and "0.5 l" are "0.5 liter", "120
// centimeters" "1.2 meter", "2.5 kilograms" "2500 gram"), and the
// others singular ("0.5 miles" is "0.5 mile"). Only an amount of one
// unit in two forms is read the same: "0.5 liter" against "0.5 kilogram"
// or "1.5 liter" still differ. "Half a day" and "half an hour" are
// kept: said of time they are often approximate, and earlier labelled
// sets hold "half a day" against "0.5 days" (pairs19).
func measures(p string) string {
	t := measureTablesOf()
	if strings.Contains(p, "alf a") || strings.Contains(p, "quarter of a") {
		p = t.fraction.ReplaceAllStringFunc(p, func(m string) string {
			sub := t.fraction.FindStringSubmatch(m)
			n := "0.5"
			if sub[2] == "" {
				n = "0.25"
			}
			return sub[1] + n + " " + sub[3] + sub[4]
		})
	}
	if !amountIn(p, t.units) {
		return p // the pattern's scan costs more than this one
	}
	return t.amount.ReplaceAllStringFunc(p, func(m string) string {
		sub := t.amount.FindStringSubmatch(m)
		u := t.units[sub[3]]
		n, ok := new(big.Rat).SetString(strings.ReplaceAll(sub[2], ",", ""))
		if !ok {
			return m
		}
		n.Mul(n, u.factor)
		return sub[1] + decimal(n) + " " + u.base + sub[4]
	})
}

// amountIn reports whether p holds a digit, a space and one of units
// after it, ended by a byte that is no ASCII letter.
func amountIn(p string, units map[string]measureUnit) bool {
	for i := 1; i+1 < len(p); i++ {
		if p[i] != ' ' || p[i-1] < '0' || p[i-1] > '9' {
			continue
		}
		end := i + 1
		for end < len(p) && p[end]|0x20 >= 'a' && p[end]|0x20 <= 'z' {
			end++
		}
		if _, ok := units[p[i+1:end]]; ok {
			return true
		}
	}
	return false
}

// decimal writes the non-negative rational n, a decimal fraction, in
// digits with no trailing zeros ("0.5", "2500").
func decimal(n *big.Rat) string {
	s := n.FloatString(9)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// measureUnit is a unit of [measureUnits]: the unit of its kind an
// amount of it is written in, and how many of those one of it is.
type measureUnit struct {
	base   string
	factor *big.Rat
}

// measureTables holds the tables and patterns of [multiples] and
// [measures], built at first use as one (see [shortFormTables]).
type measureTables struct {
	// units are the units an amount of is written one way, in full and
	// American spelling as [unitsInFull] and [americanSpellings] leave
	// them, singular and plural, and their symbols but "m" (metres,
	// minutes or millions) and "kilo": the metric
	// units of volume, mass and length, and a few others of cooking and
	// distance, whose plural is made singular.
	units        map[string]measureUnit
	multipleWord *regexp.Regexp // of [multiples]
	multipleSign *regexp.Regexp // of [multiples]
	oneTime      *regexp.Regexp // of [multiples]
	fraction     *regexp.Regexp // of [measures]
	amount       *regexp.Regexp // of [measures]
}

// measureTablesOf returns the tables and patterns of [multiples] and
// [measures].
var measureTablesOf = sync.OnceValue(func() *measureTables {
	units := map[string]measureUnit{}
	add := func(base string, factor string, names ...string) {
		f, _ := new(big.Rat).SetString(factor)
		for _, n := range names {
			units[n] = measureUnit{base, f}
		}
	}
	add("liter", "1", "liter", "liters", "l")
	add("liter", "1/1000", "milliliter", "milliliters", "ml")
	add("liter", "1/100", "centiliter", "centiliters", "cl")
	add("gram", "1", "gram", "grams", "g")
	add("gram", "1000", "kilogram", "kilograms", "kilo", "kilos", "kg")
	add("gram", "1/1000", "milligram", "milligrams", "mg")
	add("meter", "1", "meter", "meters")
	add("meter", "1/100", "centimeter", "centimeters", "cm")
	add("meter", "1/1000", "millimeter", "millimeters", "mm")
	add("meter", "1000", "kilometer", "kilometers", "km")
	for _, u := range []string{"mile", "pint", "gallon", "cup", "teaspoon", "tablespoon", "ounce", "inch"} {
		add(u, "1", u, u+"s")
	}
	units["inches"] = units["inch"]
	names := make([]string, 0, len(units))
	for n := range units {
		names = append(names, regexp.QuoteMeta(n))
	}
	// Longer names first, so that "liters" is not read as "liter".
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(len(b)-len(a), strings.Compare(a, b)) })
	alt := strings.Join(names, "|")
	return &measureTables{
		units:        units,
		multipleWord: regexp.MustCompile(`(^|[^\pL\pN_-])([Tt]wice|[Tt]hrice)([^\pL\pN_-]|$)`),
		multipleSign: regexp.MustCompile(`(^|[^\pL\pN_.,/-])([0-9]+)[xX×]([ .,;:!?)]|$)`),
		oneTime:      regexp.MustCompile(`(?:^|[^\pL\pN_.,/-])(1 times?|[Oo]ne time|1x) (?:a|an|per|every|each|daily|weekly|monthly|yearly|as)\b`),
		fraction:     regexp.MustCompile(`(^|[^\pL\pN_-])(?:[Hh]alf (a|an)|[Aa] quarter of an?) (` + alt + `)([^\pL\pN_-]|$)`),
		amount:       regexp.MustCompile(`(^|[^\pL\pN_.,/-])([0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]+(?:\.[0-9]+)?) (` + alt + `)([^\pL\pN_/-]|$)`),
	}
})

package curate

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/memweave/memweave-go/tokenize"
)

// LosesName returns the words of dropped's note name that say what its
// passage is about and that would be lost if dropped were deleted in
// favour of kept: the subject words ([subjectOf]) of dropped's folders
// and file name that kept's note name lacks, when neither kept's text
// nor the headings it sits under name one of them. A paragraph
// "Database: Postgres 16" in memory/staging.md and in
// memory/production.md states two facts, one per environment, so
// dropping either loses "staging" or "production"; copied from a dated
// log into memory/database.md it loses nothing when the log's copy is
// dropped, but the subject "database" when the topic note's copy is.
// The words are sorted.
func LosesName(kept, dropped Passage) []string {
	loadTables()
	return losesSubject(kept, dropped, subjectOf(dropped.File), subjectOf(kept.File))
}

// SubjectsLost returns the subject words of dropped's note, its path's
// ([subjectOf]), its tags' and its About values', that kept's note lacks, when neither
// kept's text nor the headings it sits under name one of them; sorted.
// Dropping a passage whose words are not lost keeps its fact where kept
// states it: the same paragraph in memory/production/db.md dropped for
// memory/staging/db.md's loses "production", for "memory/db (1).md" or a
// dated log's nothing; a dated log's copy dropped for the topic note's
// loses nothing, the topic note's for the log's its subject.
func SubjectsLost(kept, dropped Passage) []string {
	loadTables()
	return losesSubject(kept, dropped, subjectsTagged(dropped), subjectsTagged(kept))
}

// HeadingsLost returns the words of the outer headings dropped sits
// under ([Passage.Under]) that name something (not stop words but those
// in capitals, "## US"; not the names of where notes are put: "notes",
// "misc") and that neither kept's
// text nor its own headings say; sorted. The same paragraph under "##
// Staging" and under "## Production" of one note states two facts:
// dropping either loses its section's subject.
func HeadingsLost(kept, dropped Passage) []string {
	if len(dropped.Under) == 0 {
		return nil
	}
	loadTables()
	said := saidIn(kept)
	var out []string
	for _, h := range dropped.Under {
		names := capitalStopWords(h)
		for _, w := range wordsOf(h).list {
			if (content(w) || names[w]) && !placeNames[w] && !said[w] {
				out = append(out, w)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Subjects returns the subject words of p's note: those of its path
// ([subjectOf]), of its tags and of its About values, sorted. A dated log in a journal folder
// has none.
func Subjects(p Passage) []string {
	loadTables()
	return subjectsTagged(p)
}

// losesSubject returns the words of dropped's subjects that kept's
// subjects lack, when neither kept's text nor the headings it sits under
// name one of them; both lists sorted.
func losesSubject(kept, dropped Passage, droppedSubjects, keptSubjects []string) []string {
	lost := minus(droppedSubjects, keptSubjects)
	if len(lost) == 0 {
		return nil
	}
	said := saidIn(kept)
	for _, w := range lost {
		if said[w] {
			return nil
		}
	}
	return lost
}

// saidIn returns the words kept's text and the headings it sits under
// name, and the parts of each ("team-alpha": team, alpha).
func saidIn(kept Passage) map[string]bool {
	said := map[string]bool{}
	for _, text := range append([]string{kept.Text}, kept.Under...) {
		for _, w := range wordsOf(text).list {
			said[w] = true
			for _, p := range nameWords(w) {
				said[p] = true
			}
		}
	}
	return said
}

// FieldsLose returns the subject words of the values of dropped's note's
// front matter fields that memweave does not read (droppedValues: title,
// env, project...) that those of kept's note (keptValues) lack and that
// neither kept's text nor the headings it sits under name, sorted. Such a field says what the note is about as a tag does, but
// the kept note does not take it: "title: Staging database" lost with
// its copy leaves the kept copy's fact about no staging. Words with a
// digit (dates, ids) and the names of where a note was put name no
// subject.
func FieldsLose(kept, dropped Passage, keptValues, droppedValues []string) []string {
	loadTables()
	lost := minus(valueSubjects(droppedValues), valueSubjects(keptValues))
	if len(lost) == 0 {
		return nil // most notes: no field names a subject
	}
	said := saidIn(kept)
	var out []string
	for _, w := range lost {
		if !said[w] {
			out = append(out, w)
		}
	}
	return out
}

// inCapitals reports whether the word w is written in capitals, as a
// name is (US, IT), and so is not the stop word it spells in lower case.
func inCapitals(w string) bool {
	return len(w) > 1 && strings.ToUpper(w) == w && strings.ToLower(w) != w
}

// capitalStopWords returns the stop words text writes in capitals
// ([inCapitals]: "## US"), lower-cased.
func capitalStopWords(text string) map[string]bool {
	var out map[string]bool
	for _, w := range nameWords(text) {
		if inCapitals(w) && tokenize.IsStopWord(strings.ToLower(w)) {
			if out == nil {
				out = map[string]bool{}
			}
			out[strings.ToLower(w)] = true
		}
	}
	return out
}

// valueSubjects returns the subject words of front matter values, as
// [subjectsTagged] reads tags, less words with a digit and stop words
// (but a stop word in capitals: US); sorted.
func valueSubjects(values []string) []string {
	var out []string
	for _, v := range values {
		if strings.Contains(v, "://") {
			continue // a link says where from, not what about
		}
		for _, w := range nameWords(v) {
			acronym := inCapitals(w)
			w = strings.ToLower(w)
			if !placeNames[w] && strings.IndexFunc(w, unicode.IsDigit) < 0 && (acronym || !tokenize.IsStopWord(w)) {
				out = append(out, tokenize.Fold(w))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// subjectsTagged returns the subject words of a note's path
// ([subjectOf]), those of its tags and those of p.About
// ([valueSubjects]), sorted: a tag says what a note is about as a folder
// does.
func subjectsTagged(p Passage) []string {
	out := append(subjectOf(p.File), valueSubjects(p.About)...)
	for _, t := range p.Tags {
		for _, w := range nameWords(strings.ToLower(t)) {
			if !placeNames[w] {
				out = append(out, tokenize.Fold(w))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// subjectOf returns the words of a note's path, its folders and its file
// name without the extension, that may name a subject, sorted: a
// passage's note name is part of what it states when the passage does
// not name its subject itself. Left out are the dates (a year, a year
// and month, a full date, as 2026-01-05, 2026/01/05 or 20260105: a log's
// date says when it was written, not what about), the folder memory,
// the names that say where a note was put rather than what it is
// about ([placeNames]: notes, inbox, scratch, misc, journal...), and the
// marks of a copy in the file name ("backups (1)", "backups copy",
// "Copy of backups": [copyMark]). Words
// are split at every character that is not a letter or a digit
// ("team-alpha" is "team" and "alpha") and folded as [Diff] folds them.
func subjectOf(file string) []string {
	file = strings.ToLower(file)
	if ext := path.Ext(file); ext != "" && !strings.Contains(ext, "/") {
		file = strings.TrimSuffix(file, ext)
	}
	dir, base := path.Split(file)
	for strings.Contains(base, "copy") || strings.Contains(base, "(") { // copyMark's marks, most names have none
		b := copyMark().ReplaceAllString(base, "")
		if b == base || b == "" {
			break
		}
		base = b
	}
	ws := nameWords(dir + base)
	var out []string
	for i := 0; i < len(ws); i++ {
		if n := dateRun(ws[i:]); n > 0 {
			i += n - 1
			continue
		}
		if !placeNames[ws[i]] {
			out = append(out, tokenize.Fold(ws[i]))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// copyMark matches the marks a file manager or a browser adds to the
// name of a copy of a file: "NAME (1)", "NAME copy", "NAME copy 2",
// "NAME - Copy", "Copy of NAME" (lower-cased). A copy's mark says how the
// file came to be, not what it is about.
var copyMark = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^copy of |(?: -)? copy(?: [0-9]+)?$| \([0-9]+\)$`) })

// nameWords splits s at every character that is not a letter or a
// digit.
func nameWords(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// dateRun returns how many of the words at the start of ws write a
// date: a year (four digits from 1900 to 2099) and, after it, a month
// and a day of two digits each, or the eight digits of a full date. It
// returns 0 when they do not start with one.
func dateRun(ws []string) int {
	year := func(w string) bool {
		return len(w) == 4 && allDigits(w) && (strings.HasPrefix(w, "19") || strings.HasPrefix(w, "20"))
	}
	two := func(w string, hi string) bool { return len(w) == 2 && allDigits(w) && w >= "01" && w <= hi }
	switch {
	case len(ws[0]) == 8 && year(ws[0][:4]) && two(ws[0][4:6], "12") && two(ws[0][6:], "31"):
		return 1
	case !year(ws[0]):
		return 0
	case len(ws) > 2 && two(ws[1], "12") && two(ws[2], "31"):
		return 3
	case len(ws) > 1 && two(ws[1], "12"):
		return 2
	}
	return 1
}

func allDigits(w string) bool {
	return strings.IndexFunc(w, func(r rune) bool { return r < '0' || r > '9' }) < 0
}

// placeNames are the folder and file names that say where a note was
// put, or what kind of note it is, rather than what it is about: the
// same passage in notes.md and in inbox.md is one fact.
var placeNames map[string]bool

package conflict

import (
	"strings"
)

// This file reads status words (paused, shipped, deprecated) and sorts
// them into phases; two statuses of different phases disagree.

// Status phases: the stages of a thing's life that status words name.
const (
	phaseNone byte = iota
	phasePlanned
	phasePrerelease
	phaseActive
	phasePaused
	phaseDone
	phaseEnded
	phaseAccepted
	phaseRejected
	phaseDeprecated
	phaseSupported
)

// statusPhase maps status words and phrases to their phase.
var statusPhase map[string]byte

func newStatusPhase() map[string]byte {
	m := make(map[string]byte)
	for phase, words := range map[byte]string{
		phasePlanned:    `planned proposed draft drafted pending scheduled under-review in-review backlog todo queued not-started in-draft`,
		phasePrerelease: `in-beta in-alpha beta alpha preview experimental early-access in-preview`,
		phaseActive:     `active in-progress ongoing underway on-track running in-effect resumed restarted started open reopened wip in-development in-production maintained actively-maintained`,
		phasePaused:     `paused on-hold suspended blocked frozen stalled halted`,
		phaseDone:       `generally-available shipped launched released done finished completed complete fixed resolved closed submitted merged delivered deployed`,
		phaseEnded:      `expired lapsed cancelled canceled abandoned dropped scrapped killed shut-down decommissioned retired sunset sunsetted lifted withdrawn ended discontinued terminated archived`,
		phaseAccepted:   `accepted approved adopted`,
		phaseRejected:   `rejected declined denied refused`,
		phaseDeprecated: `deprecated obsolete unsupported`,
		phaseSupported:  `supported`,
	} {
		for _, w := range strings.Fields(words) {
			if strings.Contains(w, "-") {
				m[strings.ReplaceAll(w, "-", " ")] = phase
			} else {
				m[lemma(stem(w))] = phase
			}
		}
	}
	return m
}

// statusFirst are the first words of the status phrases of two words.
var statusFirst map[string]bool

func newStatusFirst() map[string]bool {
	m := make(map[string]bool)
	for p := range statusPhase {
		if first, _, ok := strings.Cut(p, " "); ok {
			m[first] = true
		}
	}
	return m
}

// statusAt returns the status phrase of two words at words[i] ("on
// hold", "shut down", "in progress"), or 0 words.
func statusAt(words []string, i int) (string, int) {
	if i+1 >= len(words) || !statusFirst[words[i]] || i == 0 && words[i] == "in" {
		// "In production, requests time out after 30 seconds": a
		// sentence that opens with "in" states its scope first.
		return "", 0
	}
	p := words[i] + " " + words[i+1]
	if statusPhase[p] != phaseNone {
		return p, 2
	}
	return "", 0
}

// statusConflict reports, for the replaced spans x and y, whether each
// holds a status word and their phases differ (ok true), or whether
// they are status words of one phase, synonyms (same true). a and b are
// the status words.
func statusConflict(x, y []token) (a, b []token, ok, same bool) {
	px, i := phaseOf(x)
	py, j := phaseOf(y)
	if px == phaseNone || py == phaseNone {
		return nil, nil, false, false
	}
	return x[i : i+1], y[j : j+1], px != py, px == py
}

func phaseOf(ts []token) (byte, int) {
	for i, t := range ts {
		if p := statusPhase[t.w]; p != phaseNone {
			return p, i
		}
	}
	return phaseNone, 0
}

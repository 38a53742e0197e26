// Package warnonce keeps a long-lived loop that retries a failing step
// (the watcher's Sync at each poll tick, a sync every interval) from
// logging the same failure at every try.
package warnonce

import (
	"strings"
	"unicode"
)

// Guard remembers the failure a loop last logged. The zero value is
// ready to use; a Guard is for one goroutine.
type Guard struct {
	failing bool
	last    string // the last failure's text without its digits
}

// Failed reports whether the failure err is to be logged: the loop's
// first since it last worked, or one that reads other than the last
// beyond its numbers (a free space, a count, a time).
func (g *Guard) Failed(err error) bool {
	key := strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return -1
		}
		return r
	}, err.Error())
	news := !g.failing || key != g.last
	g.failing, g.last = true, key
	return news
}

// Succeeded records that the step worked and reports whether it had
// failed before, for a line saying it works again.
func (g *Guard) Succeeded() bool {
	was := g.failing
	g.failing, g.last = false, ""
	return was
}

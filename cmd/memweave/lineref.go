package main

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/memweave/memweave-go/workspace"
)

// lineRef is what a PATH[:FROM[-TO]] argument names: the path, and its
// lines from..to; from 0 when it names none, to 0 for FROM- (to the
// end).
type lineRef struct {
	path     string
	from, to int
}

// parseLineRef reads arg, PATH[:FROM[-TO]], the one reading of a line
// reference for get, feedback and resolve: a line number is ASCII
// digits from 1. A suffix after the last ':' that is not a line range is
// part of the path (C:\notes.md, a:v2.md), unless a Markdown name ends
// before a ':' of arg that is itself no Markdown name (stack.md:abc,
// stack.md:5:6): a range mistyped. Errors are usage errors of the
// command name, naming arg and forms, the forms it takes after ':'.
func parseLineRef(name, arg, forms string) (lineRef, error) {
	if err := checkPathLen(name, "PATH:"+forms, arg); err != nil {
		return lineRef{}, err
	}
	i := strings.LastIndexByte(arg, ':')
	if i < 0 {
		return lineRef{path: arg}, nil
	}
	path, spec := arg[:i], arg[i+1:]
	first, last, ranged := strings.Cut(spec, "-")
	if !isDigits(first) || (ranged && last != "" && !isDigits(last)) {
		switch {
		case spec == "":
			return lineRef{}, usageErr("%s: invalid line range in %q: want a line number after ':'", name, arg)
		case !rangeMistyped(arg):
			return lineRef{path: arg}, nil // a ':' inside the name
		}
		return lineRef{}, usageErr("%s: invalid line range %q in %q: want %s after ':'", name, spec, arg, forms)
	}
	if path == "" {
		return lineRef{}, usageErr("%s: invalid argument %q: want PATH:%s", name, arg, forms)
	}
	if rangeMistyped(path) {
		return lineRef{}, usageErr("%s: invalid line range in %q: want PATH:%s, one ':' before the lines", name, arg, forms)
	}
	from, err := strconv.Atoi(first)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return lineRef{}, usageErr("%s: invalid line %q in %q: too large, lines are numbered up to %d", name, first, arg, math.MaxInt)
	case err != nil || from < 1:
		return lineRef{}, usageErr("%s: invalid line %q in %q: lines are numbered from 1", name, first, arg)
	case !ranged:
		return lineRef{path, from, from}, nil
	case last == "":
		return lineRef{path, from, 0}, nil
	}
	to, err := strconv.Atoi(last)
	if errors.Is(err, strconv.ErrRange) {
		to, err = math.MaxInt, nil // past any end: the range stops at the last line
	}
	if err != nil || to < from {
		return lineRef{}, usageErr("%s: invalid line range %q in %q: want FROM-TO with TO at least FROM", name, spec, arg)
	}
	return lineRef{path, from, to}, nil
}

// rangeMistyped reports whether s is no Markdown name but a Markdown
// name ends before one of its ':' (stack.md:abc, stack.md:5).
func rangeMistyped(s string) bool {
	if workspace.IsMarkdown(s) {
		return false
	}
	for j := range len(s) {
		if s[j] == ':' && workspace.IsMarkdown(s[:j]) {
			return true
		}
	}
	return false
}

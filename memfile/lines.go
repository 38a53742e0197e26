package memfile

import (
	"errors"
	"fmt"
	"strings"
)

// FirstLine is the number of a file's first line: [Lines] and every
// line argument of the tools count from it.
const FirstLine = 1

// Lines returns lines from, from+1, ..., from+count-1 of data, exactly as
// they are, line endings included. Lines are numbered from 1; a line ends
// at "\n", "\r\n" or a lone "\r", like the chunker's. A count of zero or
// less, or one reaching past the end, means up to the end. A from below 1
// or past the last line is an error naming the number of lines; empty
// data has no lines, but Lines(data, 1, n) returns "".
func Lines(data []byte, from, count int) (string, error) {
	// starts[i] is the offset of line i+1; a final line ending does not
	// start another line.
	starts := []int{0}
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '\r':
			if i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			fallthrough
		case '\n':
			starts = append(starts, i+1)
		}
	}
	n := len(starts)
	if starts[n-1] == len(data) {
		n-- // empty last "line" after the final ending, or an empty file
	}
	switch {
	case from < FirstLine:
		return "", lineRangeError(fmt.Sprintf("line %d is out of range: lines are numbered from %d", from, FirstLine))
	case n == 0 && from == FirstLine:
		return "", nil
	case from > n:
		return "", lineRangeError(fmt.Sprintf("line %d is out of range: the file has %d lines", from, n))
	}
	end := len(data)
	if count > 0 && count < n-(from-1) {
		end = starts[from-1+count]
	}
	return string(data[starts[from-1]:end]), nil
}

// TrimLineEnding removes one final line ending ("\r\n", "\n" or "\r")
// from s.
func TrimLineEnding(s string) string {
	if t, ok := strings.CutSuffix(s, "\r\n"); ok {
		return t
	}
	if t, ok := strings.CutSuffix(s, "\n"); ok {
		return t
	}
	return strings.TrimSuffix(s, "\r")
}

// ErrLineRange is matched (errors.Is) by the error of a read from a line
// the file does not have.
var ErrLineRange = errors.New("memfile: line out of range")

// lineRangeError is a read's error for a first line the file does not
// have, saying which and why; it is [ErrLineRange].
type lineRangeError string

func (e lineRangeError) Error() string { return string(e) }

// Is reports whether target is [ErrLineRange].
func (e lineRangeError) Is(target error) bool { return target == ErrLineRange }

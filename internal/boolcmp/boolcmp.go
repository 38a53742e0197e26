// Package boolcmp orders booleans for the comparators that sort by a
// flag (curate's copy kept, search's lifted matches), as cmp.Compare
// orders numbers: false before true.
package boolcmp

// Compare returns -1 if a is false and b true, +1 if a is true and b
// false, and 0 if they are equal. Compare(b, a) puts true first.
func Compare(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

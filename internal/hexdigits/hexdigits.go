// Package hexdigits holds the one test of a string of lowercase hex
// digits that content hashes, digests, passage keys, git object names and
// numeric host labels share.
package hexdigits

// Lower reports whether every byte of s is a lowercase hex digit
// (0-9, a-f); it is true of "". Callers check the length their form
// needs, and lower the case first where either case is accepted.
func Lower(s string) bool {
	for i := range len(s) {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

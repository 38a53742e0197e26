//go:build !linux

package index

// hugeBuffer returns a new buffer of n bytes.
func hugeBuffer(n int) []byte { return make([]byte, n) }

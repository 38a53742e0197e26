package memfile

import "bytes"

// ConflictMarkers returns the line of the first git conflict marker in
// data ("<<<<<<< " at a line start, followed later by a line starting
// ">>>>>>> "), 0 when data holds none. The indexer leaves such a note
// out of search, and sync shares none of this machine's.
func ConflictMarkers(data []byte) int {
	start := bytes.Index(data, []byte("<<<<<<< "))
	for start > 0 && data[start-1] != '\n' && data[start-1] != '\r' {
		next := bytes.Index(data[start+1:], []byte("<<<<<<< "))
		if next < 0 {
			return 0
		}
		start += 1 + next
	}
	if start < 0 {
		return 0
	}
	rest := data[start:]
	if !bytes.HasPrefix(rest, []byte("<<<<<<< ")) || (!bytes.Contains(rest, []byte("\n>>>>>>> ")) && !bytes.Contains(rest, []byte("\r>>>>>>> "))) {
		return 0
	}
	return bytes.Count(data[:start], []byte("\n")) + 1
}

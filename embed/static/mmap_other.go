//go:build !unix

package static

import "os"

// mapFile reads the file at path; on this system it is not mapped.
func mapFile(path string) ([]byte, func(), error) {
	b, err := os.ReadFile(path)
	return b, func() {}, err
}

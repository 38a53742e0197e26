//go:build !unix

package static

import "os"

// mapFile reads the file at path; on this system it is not mapped.
func mapFile(path string) (*mapping, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return &mapping{path: path, b: b, unmap: func() {}}, nil
}

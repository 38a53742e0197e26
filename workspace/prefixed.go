package workspace

import (
	"os"
	"path/filepath"
	"strings"
)

// Prefixed returns the paths of the entries of dir whose names begin
// with prefix, in name order; none when dir cannot be read. Both are
// taken literally: a glob built from a path (filepath.Glob) reads the
// brackets, stars, question marks and backslashes a user's folder name
// may hold ("notes [old]") as patterns, and matches other folders'
// files. Callers that remove what a killed run left use it.
func Prefixed(dir, prefix string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var paths []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), prefix) {
			paths = append(paths, filepath.Join(dir, e.Name()))
		}
	}
	return paths
}

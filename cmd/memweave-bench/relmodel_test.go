package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestStaticModelRelativeToWorkingDir: a relative --embedding-model of
// the static embedder was handed to the library as written, which reads
// a relative model folder against each workspace, so inside every bench
// workspace the folder was missing: no chunk was embedded and the run
// still exited 0 with one warning line. The folder is now the one named
// from the working folder; one that is not there is refused, naming the
// flag, before anything runs.
func TestStaticModelRelativeToWorkingDir(t *testing.T) {
	var data []string
	for _, f := range []string{beirCorpus, beirQueries, beirQrels} {
		abs, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		data = append(data, abs)
	}
	dir := t.TempDir()
	lettersModel(t, dir)
	t.Chdir(dir)
	args := []string{"--embedder", "static", "--embedding-model", "letters",
		"beir", "--corpus", data[0], "--queries", data[1], "--qrels", data[2]}
	var stdout, stderr bytes.Buffer
	code := run(t.Context(), args, &stdout, &stderr)
	if code != 0 || strings.Contains(stderr.String(), "no embeddings") {
		t.Errorf("bench with --embedding-model letters (a folder of the working folder): exit %d, stderr:\n%s\nwant every chunk embedded", code, stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	args[3] = "nowhere"
	code = run(t.Context(), args, &stdout, &stderr)
	if code == 0 || !strings.Contains(stderr.String(), "--embedding-model") || !strings.Contains(stderr.String(), "nowhere") {
		t.Errorf("bench with --embedding-model nowhere (no such folder): exit %d, stderr:\n%s\nwant an error naming the flag and the folder", code, stderr.String())
	}
}

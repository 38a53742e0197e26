//go:build linux || darwin

package static_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/memweave/memweave-go/embed/static"
	"github.com/memweave/memweave-go/embed/static/statictest"
)

// TestMapDirRefusesWhatIsNotAFile: a model folder whose file is a FIFO,
// or a link to /dev/zero, held MapDir in open(2) forever or read it until
// memory ran out (a folder the user named or approved: one a cloned
// workspace brings with links out needs approval first). It is now an
// error naming the file, at once.
func TestMapDirRefusesWhatIsNotAFile(t *testing.T) {
	for _, name := range []string{static.ModelFile, static.TokenizerFile, static.ConfigFile} {
		for _, kind := range []string{"fifo", "zero"} {
			t.Run(kind+"/"+name, func(t *testing.T) {
				dir := statictest.WriteModel(t, filepath.Join(t.TempDir(), "m"), map[string]statictest.Tensor{
					"embeddings": statictest.F32([][]float32{{0, 0}, {1, 0}})}, statictest.WordPieceTokenizer([]string{"[UNK]", "a"}), `{"normalize": true}`)
				p := filepath.Join(dir, name)
				if err := os.Remove(p); err != nil {
					t.Fatal(err)
				}
				var err error
				if kind == "fifo" {
					err = syscall.Mkfifo(p, 0o644)
				} else {
					err = os.Symlink("/dev/zero", p)
				}
				if err != nil {
					t.Fatal(err)
				}
				done := make(chan error, 1)
				go func() {
					_, unmap, err := static.MapDir(dir)
					if err == nil {
						unmap()
					}
					done <- err
				}()
				select {
				case err := <-done:
					if err == nil {
						t.Errorf("MapDir with %s a %s = nil, want an error", name, kind)
					}
				case <-time.After(3 * time.Second):
					t.Errorf("MapDir with %s a %s still running after 3s", name, kind)
					if kind == "fifo" { // let the reader go: open the other end, close it
						if f, err := os.OpenFile(p, os.O_WRONLY, 0); err == nil {
							f.Close()
						}
					}
				}
			})
		}
	}
}

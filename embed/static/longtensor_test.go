package static_test

import (
	"runtime"
	"testing"

	"github.com/memweave/memweave-go/embed/static"
	"github.com/memweave/memweave-go/embed/static/statictest"
)

// TestTensorsLongerThanTheVocabularyAreNotRead: "weights" and "mapping"
// are read into memory, one entry per token id; a model folder (no
// approval inside a workspace) whose tensors hold millions of entries
// more than its tokenizer has ids cost every command four bytes an
// entry more (a 100 MB model.safetensors of 50M F16 weights over a
// vocabulary of 3: 0.32 GB a search). Only the entries of token ids are read.
func TestTensorsLongerThanTheVocabularyAreNotRead(t *testing.T) {
	const n = 4 << 20
	vocab := []string{"[UNK]", "deploy", "window"}
	for name, extra := range map[string]statictest.Tensor{
		"weights": {DType: "F16", Shape: []int{n}, Data: make([]byte, 2*n)},
		"mapping": {DType: "I32", Shape: []int{n}, Data: make([]byte, 4*n)},
	} {
		f := static.Files{
			Safetensors: statictest.Safetensors(t, map[string]statictest.Tensor{"embeddings": statictest.F32([][]float32{{1, 0}, {0, 1}, {1, 1}}), name: extra}),
			Tokenizer:   []byte(statictest.WordPieceTokenizer(vocab)),
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := static.Parse(f, "m")
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatalf("%s: Parse = %v", name, err)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
			t.Errorf("Parse with a %s tensor of %d entries over %d token ids allocated %d bytes; want the entries past the ids left unread", name, n, len(vocab), got)
		}
	}
}

package static_test

import (
	"runtime"
	"testing"

	"github.com/memweave/memweave-go/embed/static"
	"github.com/memweave/memweave-go/embed/static/statictest"
)

// TestLongTensorsCheck is the held-out part of the long-tensor family
// (other dtypes), written with TestTensorsLongerThanTheVocabularyAreNotRead
// and run once after its fix; a mapped token still embeds.
func TestLongTensorsCheck(t *testing.T) {
	const n = 2 << 20
	vocab := []string{"[UNK]", "deploy", "window"}
	i64 := make([]byte, 8*n)
	i64[8] = 1 // token 1 -> row 1
	for name, extra := range map[string]statictest.Tensor{
		"weights": {DType: "F32", Shape: []int{n}, Data: make([]byte, 4*n)},
		"mapping": {DType: "I64", Shape: []int{n}, Data: i64},
	} {
		f := static.Files{
			Safetensors: statictest.Safetensors(t, map[string]statictest.Tensor{"embeddings": statictest.F32([][]float32{{1, 0}, {0, 1}, {1, 1}}), name: extra}),
			Tokenizer:   []byte(statictest.WordPieceTokenizer(vocab)),
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		m, err := static.Parse(f, "m")
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatalf("%s: Parse = %v", name, err)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
			t.Errorf("%s %s: allocated %d bytes", name, extra.DType, got)
		}
		if name == "mapping" {
			v := make([]float32, 2)
			if k := m.Embed(v, "deploy", nil, nil); k != 1 || v[1] == 0 || v[0] != 0 {
				t.Errorf("Embed(deploy) through the mapping = %v (%d tokens), want row 1", v, k)
			}
		}
	}
}

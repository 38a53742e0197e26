package static_test

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embed/static"
	"github.com/memweave/memweave-go/embed/static/statictest"
)

var wpVocab = []string{"[UNK]", "hello", "world", ",", "!", "un", "##aff", "##able", "cafe", "the", "##s"}

func tokens(t *testing.T, tok *static.Tokenizer, text string) ([]int, []string) {
	t.Helper()
	var unk []string
	ids := tok.Tokenize(text, nil, func(w string) { unk = append(unk, w) })
	return ids, unk
}

func TestWordPiece(t *testing.T) {
	tok, err := static.ParseTokenizer([]byte(statictest.WordPieceTokenizer(wpVocab)))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		text string
		ids  []int
		unk  []string
	}{
		{"Hello, WORLD!", []int{1, 3, 2, 4}, nil},
		{"unaffable", []int{5, 6, 7}, nil},
		{"Café  the\tworlds", []int{8, 9, 2, 10}, nil},
		{"hello 東京 xyz", []int{1, -1, -1, -1}, []string{"東", "京", "xyz"}},
		{"", nil, nil},
	} {
		ids, unk := tokens(t, tok, c.text)
		if !reflect.DeepEqual(ids, c.ids) || !reflect.DeepEqual(unk, c.unk) {
			t.Errorf("Tokenize(%q) = %v, unknown %q; want %v, %q", c.text, ids, unk, c.ids, c.unk)
		}
	}
}

func TestUnigram(t *testing.T) {
	pieces := []string{"<unk>", "▁hello", "▁wor", "ld", "▁world", "▁", "s", "▁dark", "▁mode"}
	scores := []float64{0, -2, -3, -3, -4, -5, -4, -6, -6}
	tok, err := static.ParseTokenizer([]byte(statictest.UnigramTokenizer(pieces, scores)))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		text string
		ids  []int
		unk  []string
	}{
		// "▁world" (-4) beats "▁wor" + "ld" (-6).
		{"Hello World", []int{1, 4}, nil},
		{"worlds", []int{4, 6}, nil},
		{"dark  mode", []int{7, 8}, nil},
		// Unknown characters: one unknown per run, as in SentencePiece.
		{"hello zzq", []int{1, 5, -1}, []string{"▁zzq"}},
	} {
		ids, unk := tokens(t, tok, c.text)
		if !reflect.DeepEqual(ids, c.ids) || !reflect.DeepEqual(unk, c.unk) {
			t.Errorf("Tokenize(%q) = %v, unknown %q; want %v, %q", c.text, ids, unk, c.ids, c.unk)
		}
	}
}

func TestTokenizerErrors(t *testing.T) {
	for _, c := range []struct{ json, want string }{
		{`{"model": {"type": "BPE", "vocab": {}, "merges": []}}`, `unsupported model type "BPE"`},
		{`{"pre_tokenizer": {"type": "ByteLevel"}, "model": {"type": "WordPiece", "vocab": {}}}`, `unsupported pre-tokenizer type "ByteLevel"`},
		{`{"normalizer": {"type": "Frobnicate"}, "model": {"type": "WordPiece", "vocab": {}}}`, `unsupported normalizer type "Frobnicate"`},
		{`{"model": null}`, "model: missing"},
		{`[1, 2]`, "not a tokenizer.json"},
		{`{"model": {"type": "WordPiece", "vocab": {"a": -3}}}`, "negative id"},
		{`{"model": {"type": "Unigram", "vocab": [["a"]]}}`, "Unigram vocab"},
	} {
		_, err := static.ParseTokenizer([]byte(c.json))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseTokenizer(%s) = %v, want an error containing %q", c.json, err, c.want)
		}
	}
}

// rows returns a table of len(wpVocab) rows of 4 dims: row i is 1 at
// dimension i%4 plus i/4 at dimension 3, values exact in half precision.
func rows() [][]float32 {
	out := make([][]float32, len(wpVocab))
	for i := range out {
		out[i] = make([]float32, 4)
		out[i][i%4] = 1
		out[i][3] += float32(i / 4)
	}
	return out
}

func load(t *testing.T, dir string) (*static.Model, error) {
	t.Helper()
	f, err := static.ReadFiles(os.DirFS(dir), dir)
	if err != nil {
		return nil, err
	}
	return static.Parse(f, dir)
}

func unit(v []float32) []float32 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(float64(x) / math.Sqrt(s))
	}
	return out
}

func near(a, b []float32) bool {
	for i := range a {
		if math.Abs(float64(a[i]-b[i])) > 1e-6 {
			return false
		}
	}
	return len(a) == len(b)
}

func TestEmbedMean(t *testing.T) {
	tok := statictest.WordPieceTokenizer(wpVocab)
	r := rows()
	// hello (1) and world (2): the mean of rows 1 and 2.
	want := unit([]float32{0, 0.5, 0.5, 0})
	for _, dt := range []string{"F32", "F16"} {
		t.Run(dt, func(t *testing.T) {
			tensor := statictest.F32(r)
			if dt == "F16" {
				tensor = statictest.F16(r)
			}
			dir := statictest.WriteModel(t, t.TempDir(), map[string]statictest.Tensor{"embeddings": tensor}, tok, `{"model_type": "model2vec", "normalize": true}`)
			m, err := load(t, dir)
			if err != nil {
				t.Fatal(err)
			}
			if m.Dims() != 4 {
				t.Fatalf("Dims() = %d, want 4", m.Dims())
			}
			got := make([]float32, 4)
			if n := m.Embed(got, "Hello world", nil, nil); n != 2 || !near(got, want) {
				t.Errorf("Embed(hello world) = %v (%d tokens), want %v (2)", got, n, want)
			}
			if n := m.Embed(got, "東京", nil, nil); n != 0 || !near(got, make([]float32, 4)) {
				t.Errorf("Embed(東京) = %v (%d tokens), want zero (0)", got, n)
			}
		})
	}
}

func TestEmbedWeightsAndMapping(t *testing.T) {
	tok := statictest.WordPieceTokenizer(wpVocab)
	n := len(wpVocab)
	weights := make([]float32, n)
	mapping := make([]byte, 0, 8*n)
	for i := range weights {
		weights[i] = 1
		mapping = binary.LittleEndian.AppendUint64(mapping, uint64(i%4)) // four rows only
	}
	weights[2] = 3 // "world" counts three times
	var wb []byte
	for _, w := range weights {
		wb = binary.LittleEndian.AppendUint32(wb, math.Float32bits(w))
	}
	dir := statictest.WriteModel(t, t.TempDir(), map[string]statictest.Tensor{
		"embeddings": statictest.F32(rows()[:4]),
		"weights":    {DType: "F32", Shape: []int{n}, Data: wb},
		"mapping":    {DType: "I64", Shape: []int{n}, Data: mapping},
	}, tok, "")
	m, err := load(t, dir)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]float32, 4)
	m.Embed(got, "hello world", nil, nil)
	if want := unit([]float32{0, 1, 3, 0}); !near(got, want) {
		t.Errorf("Embed(hello world) = %v, want %v", got, want)
	}
	// "the" is token 9, mapped to row 1.
	m.Embed(got, "the", nil, nil)
	if want := []float32{0, 1, 0, 0}; !near(got, want) {
		t.Errorf("Embed(the) = %v, want %v", got, want)
	}
}

func TestHostileFiles(t *testing.T) {
	tok := statictest.WordPieceTokenizer(wpVocab)
	good := statictest.Safetensors(t, map[string]statictest.Tensor{"embeddings": statictest.F32(rows())})
	header := func(h string) []byte {
		return append(binary.LittleEndian.AppendUint64(nil, uint64(len(h))), h...)
	}
	for _, c := range []struct {
		name      string
		st        []byte
		tokenizer string
		want      string
	}{
		{"short", []byte{1, 2}, tok, "too short"},
		{"huge header", binary.LittleEndian.AppendUint64(nil, 1<<40), tok, "over the limit"},
		{"header past end", binary.LittleEndian.AppendUint64(nil, 1000), tok, "runs past the end"},
		{"not json", header("{nope"), tok, "not a JSON object"},
		{"bad offsets", header(`{"embeddings": {"dtype": "F32", "shape": [11, 4], "data_offsets": [0, 176]}}`), tok, "outside the 0 data bytes"},
		{"shape mismatch", append(header(`{"embeddings": {"dtype": "F32", "shape": [11, 5], "data_offsets": [0, 176]}}`), make([]byte, 176)...), tok, "needs 220 bytes"},
		{"overflow", header(`{"embeddings": {"dtype": "F32", "shape": [2147483647, 2147483647, 2147483647], "data_offsets": [0, 0]}}`), tok, "overflows"},
		{"negative", header(`{"embeddings": {"dtype": "F32", "shape": [-1, 4], "data_offsets": [0, 0]}}`), tok, "bad shape"},
		{"wrong dtype", append(header(`{"embeddings": {"dtype": "I32", "shape": [11, 4], "data_offsets": [0, 176]}}`), make([]byte, 176)...), tok, "dtype I32, want F32 or F16"},
		{"unknown dtype", header(`{"embeddings": {"dtype": "C64", "shape": [0], "data_offsets": [0, 0]}}`), tok, `unsupported dtype "C64"`},
		{"no embeddings", append(header(`{"other": {"dtype": "F32", "shape": [11, 4], "data_offsets": [0, 176]}}`), make([]byte, 176)...), tok, `no tensor named "embeddings"`},
		{"1-D", append(header(`{"embeddings": {"dtype": "F32", "shape": [44], "data_offsets": [0, 176]}}`), make([]byte, 176)...), tok, "want [tokens, dims]"},
		{"overlap", append(header(`{"embeddings": {"dtype": "F32", "shape": [11, 4], "data_offsets": [0, 176]}, "weights": {"dtype": "F32", "shape": [11], "data_offsets": [100, 144]}}`), make([]byte, 176)...), tok, "overlap"},
		{"too few rows", statictest.Safetensors(t, map[string]statictest.Tensor{"embeddings": statictest.F32(rows()[:3])}), tok, "11 token ids but embeddings has 3 rows"},
		{"bad tokenizer", good, `{"model": {"type": "BPE"}}`, `unsupported model type "BPE"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			statictest.WriteModel(t, dir, nil, c.tokenizer, "")
			if err := os.WriteFile(filepath.Join(dir, "model.safetensors"), c.st, 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := load(t, dir)
			var fe *static.FileError
			if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, static.ErrFormat) || !errors.As(err, &fe) || !strings.HasPrefix(fe.Path, dir) {
				t.Errorf("load = %v, want a FileError in %s wrapping ErrFormat, containing %q", err, dir, c.want)
			}
		})
	}
	t.Run("missing", func(t *testing.T) {
		dir := t.TempDir()
		_, err := load(t, dir)
		if !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), filepath.Join(dir, "model.safetensors")) {
			t.Errorf("load(empty folder) = %v, want a not-exist error naming model.safetensors", err)
		}
	})
}

func TestWriteSafetensorsRoundTrip(t *testing.T) {
	v := []float32{65504, 1e-7, 1e-3, 0.1, -0.2, 0.3}
	b, err := static.WriteSafetensors([]static.Tensor{
		{Name: "embeddings", DType: "F16", Shape: []int{2, 3}, Data: static.F16Bytes(v)},
	}, map[string]string{"source": "test"})
	if err != nil {
		t.Fatal(err)
	}
	dir := statictest.WriteModel(t, t.TempDir(), nil, statictest.WordPieceTokenizer([]string{"[UNK]", "b"}), "")
	if err := os.WriteFile(filepath.Join(dir, "model.safetensors"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := load(t, dir)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]float32, 3)
	m.Embed(got, "b", nil, nil)
	want := unit([]float32{0.1, -0.2, 0.3})
	for i := range got {
		if math.Abs(float64(got[i]-want[i])) > 1e-3 {
			t.Fatalf("Embed(b) = %v, want about %v", got, want)
		}
	}
}

func TestFingerprint(t *testing.T) {
	tok := []byte(statictest.WordPieceTokenizer([]string{"[UNK]", "b"}))
	write := func(v []float32) static.Files {
		b, err := static.WriteSafetensors([]static.Tensor{{Name: "embeddings", DType: "F32", Shape: []int{2, 2}, Data: static.F32Bytes(v)}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return static.Files{Safetensors: b, Tokenizer: tok}
	}
	a, b := write([]float32{1, 2, 3, 4}), write([]float32{1, 2, 3, 5})
	if static.Fingerprint(a) == static.Fingerprint(b) {
		t.Errorf("two models differing in one value have the same fingerprint")
	}
	if static.Fingerprint(a) != static.Fingerprint(write([]float32{1, 2, 3, 4})) {
		t.Errorf("the same model has two fingerprints")
	}
	// The recorded data hash stands for the data: the data is not read.
	forged := static.Files{Safetensors: append([]byte(nil), a.Safetensors...), Tokenizer: tok}
	forged.Safetensors[len(forged.Safetensors)-1] ^= 0xff
	if static.Fingerprint(forged) != static.Fingerprint(a) {
		t.Errorf("a model with a recorded data hash was fingerprinted by its data")
	}
	// Without a recorded hash, the data counts.
	plain := statictest.Safetensors(t, map[string]statictest.Tensor{"embeddings": statictest.F32([][]float32{{1, 2}, {3, 4}})})
	plain2 := append([]byte(nil), plain...)
	plain2[len(plain2)-1] ^= 0xff
	if static.Fingerprint(static.Files{Safetensors: plain, Tokenizer: tok}) == static.Fingerprint(static.Files{Safetensors: plain2, Tokenizer: tok}) {
		t.Errorf("without a recorded data hash, a changed value left the fingerprint unchanged")
	}
}

func TestMapDir(t *testing.T) {
	dir := statictest.WriteModel(t, t.TempDir(), map[string]statictest.Tensor{"embeddings": statictest.F32(rows())},
		statictest.WordPieceTokenizer(wpVocab), `{"normalize": true}`)
	f, unmap, err := static.MapDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer unmap()
	read, err := static.ReadFiles(os.DirFS(dir), dir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f, read) {
		t.Errorf("MapDir and ReadFiles differ")
	}
	if _, _, err := static.MapDir(t.TempDir()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("MapDir(empty folder) = %v, want not-exist", err)
	}
}

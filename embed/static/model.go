package static

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	mathbits "math/bits"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/memweave/memweave-go/workspace"
)

// The files of a Model2Vec model folder.
const (
	ModelFile     = "model.safetensors"
	TokenizerFile = "tokenizer.json"
	ConfigFile    = "config.json"
)

// The most bytes the loader reads of a model folder's files, a bound on
// what a folder chosen by a cloned workspace can cost every command. A
// Model2Vec config.json holds a few hundred bytes; the largest public
// tokenizer.json files (multilingual vocabularies of 250,000 to 500,000
// tokens) hold 17 to 33 MB. A file past its limit is refused unread,
// with an error naming it and the limit. [MaxHeaderBytes] bounds the
// safetensors header; the tensor data is mapped, not read.
const (
	MaxTokenizerBytes = 64 << 20
	MaxConfigBytes    = 1 << 20
)

// MaxTokenBytes is the longest WordPiece token or Unigram piece a
// tokenizer matches; a longer one is left out of its vocabulary (its id
// still counts for the rows the model must hold). Matching tries each
// token a word's bytes start at each of its positions, so one token of
// kilobytes in a folder chosen by a cloned workspace made each long word
// of a note or a query (a base64 image, minified code) cost seconds to
// minutes. Trained vocabularies hold tokens of a few to a few dozen bytes
// (SentencePiece's pieces are 16 characters at most by default).
const MaxTokenBytes = 256

// The largest vocabulary a tokenizer.json may hold: tokens, and bytes of
// token text. Each token costs memory to parse and keep, so a file under
// [MaxTokenizerBytes] of millions of short tokens, or of long tokens
// sharing no prefix, cost every command gigabytes (figures and command:
// docs/untrusted-input.md). The largest public vocabularies hold about
// 500,000 tokens of a few megabytes of text. A
// larger one is refused, wrapping [ErrVocabTooLarge], as soon as reading
// it passes a limit.
const (
	MaxVocabTokens = 1 << 20
	MaxVocabBytes  = 16 << 20
)

// MaxTokenizerSteps is the most normalizer steps, and the most
// pre-tokenizer steps, a tokenizer.json may hold, each Sequence counted
// as one more: every step runs on every text embedded, and trained
// tokenizers hold a handful.
const MaxTokenizerSteps = 64

// ErrVocabTooLarge is wrapped by the error about a tokenizer.json whose
// vocabulary is over [MaxVocabTokens] or [MaxVocabBytes].
var ErrVocabTooLarge = errors.New("vocabulary too large")

// ErrFormat is wrapped by every error about a model file that exists but
// cannot be used: a malformed safetensors header, a tensor of the wrong
// dtype or shape, a tokenizer this package does not support.
var ErrFormat = errors.New("static: unusable model file")

// ErrChanged is wrapped by the error of an embedding whose model file
// (model.safetensors, mapped into memory) was changed in place on disk
// since it was loaded: truncated, or rewritten. A file renamed over it is
// not a change to the one loaded, which stays in use.
var ErrChanged = errors.New("static: model file changed on disk since it was loaded")

// FileError reports a problem with one file of a model folder.
type FileError struct {
	Path string // the file, as given to [Load] or relative to the [fs.FS]
	Err  error
}

// Error names the file and the problem.
func (e *FileError) Error() string {
	return "static: " + e.Path + ": " + strings.TrimPrefix(e.Err.Error(), "static: ")
}

// Unwrap returns the problem.
func (e *FileError) Unwrap() error { return e.Err }

// Model is a loaded static embedding model: a tokenizer and one vector per
// token. A Model is safe for concurrent use by multiple goroutines.
type Model struct {
	tok     *Tokenizer
	dims    int
	rows    int
	dtype   string // "F32" or "F16"
	table   []byte
	half    *[1 << 16]float32 // halfTable for an F16 table, else nil
	weights []float32         // per token id, or nil
	mapping []int32           // token id to row, or nil
}

// Files holds the raw bytes of a model folder's files.
type Files struct {
	Safetensors []byte
	Tokenizer   []byte
	Config      []byte // nil when the folder has no config.json
}

// ReadFiles reads the model files of the folder fsys; name is how errors
// refer to the folder (its path). config.json is optional.
func ReadFiles(fsys fs.FS, name string) (Files, error) {
	var f Files
	var err error
	if f.Safetensors, err = fs.ReadFile(fsys, ModelFile); err != nil {
		return f, &FileError{path.Join(name, ModelFile), err}
	}
	if f.Tokenizer, err = readAtMost(fsys, TokenizerFile, MaxTokenizerBytes); err != nil {
		return f, &FileError{path.Join(name, TokenizerFile), err}
	}
	if f.Config, err = readAtMost(fsys, ConfigFile, MaxConfigBytes); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return f, &FileError{path.Join(name, ConfigFile), err}
	}
	return f, nil
}

// atMostFS is a folder that reads a file only up to a limit: a larger one
// is refused unread.
type atMostFS interface {
	readAtMost(name string, limit int64) ([]byte, error)
}

// readAtMost reads the file name of fsys, refusing it with ErrFormat,
// naming limit, when it holds more than limit bytes: unread when fsys
// can tell its size first.
func readAtMost(fsys fs.FS, name string, limit int64) ([]byte, error) {
	if a, ok := fsys.(atMostFS); ok {
		return a.readAtMost(name, limit)
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, limit)
}

// readLimited reads r to its end, or refuses it once it holds more than
// limit bytes; a file whose size is known over limit is refused unread.
func readLimited(r io.Reader, limit int64) ([]byte, error) {
	var b []byte
	if s, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := s.Stat(); err == nil && fi.Mode().IsRegular() {
			if fi.Size() > limit {
				return nil, tooLarge(fi.Size(), limit)
			}
			// One buffer of the file's size: io.ReadAll's doubling
			// leaves up to as much again as garbage.
			b = make([]byte, 0, fi.Size()+1)
		}
	}
	b, err := readAllInto(b, io.LimitReader(r, limit+1))
	if err == nil && int64(len(b)) > limit {
		return nil, tooLarge(-1, limit)
	}
	return b, err
}

// readAllInto appends r to b until EOF, as io.ReadAll does into a buffer
// of its own.
func readAllInto(b []byte, r io.Reader) ([]byte, error) {
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// tooLarge is the error of a file over its limit; size is -1 when only
// known to be larger.
func tooLarge(size, limit int64) error {
	if size < 0 {
		return fmt.Errorf("%w: more than the limit of %s", ErrFormat, sizeName(limit))
	}
	return fmt.Errorf("%w: %d bytes, over the limit of %s", ErrFormat, size, sizeName(limit))
}

// MapDir reads the model files of the folder dir like [ReadFiles], except
// that model.safetensors is mapped into memory read-only (on Unix), not
// read: only the rows the embedded texts use become resident. Call unmap
// when no [Model] parsed from f is in use any more. The file must not be
// truncated while it is mapped.
func MapDir(dir string) (f Files, unmap func(), err error) {
	f, m, err := mapDir(dir)
	if err != nil {
		return f, nil, err
	}
	return f, m.close, nil
}

// mapDir is [MapDir], returning the mapping of model.safetensors.
func mapDir(dir string) (Files, *mapping, error) {
	var f Files
	p := filepath.Join(dir, ModelFile)
	m, err := mapFile(p)
	if err != nil {
		return f, nil, &FileError{p, err}
	}
	rest, err := ReadFiles(skipModel{regularDir(dir)}, dir)
	if err != nil {
		m.close()
		return f, nil, err
	}
	f.Safetensors, f.Tokenizer, f.Config = m.b, rest.Tokenizer, rest.Config
	return f, m, nil
}

// regularDir is a model folder on disk whose files are read only when
// they are regular files: one that is a FIFO or a device (a link to
// /dev/zero) is refused, never waited on in open(2) nor read without
// end.
type regularDir string

func (d regularDir) Open(name string) (fs.File, error) { return os.DirFS(string(d)).Open(name) }

func (d regularDir) ReadFile(name string) ([]byte, error) { return d.readAtMost(name, math.MaxInt64-1) }

func (d regularDir) readAtMost(name string, limit int64) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrInvalid}
	}
	f, _, err := workspace.OpenRegular(filepath.Join(string(d), filepath.FromSlash(name)))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, limit)
}

// skipModel is a folder whose model.safetensors reads as empty, for
// [MapDir], which maps that file itself.
type skipModel struct{ regularDir }

func (s skipModel) ReadFile(name string) ([]byte, error) {
	if name == ModelFile {
		return nil, nil
	}
	return s.regularDir.ReadFile(name)
}

// DataSHA256Key is the safetensors metadata key under which
// cmd/memweave-distill records the SHA-256 (hex) of the file's tensor
// data, so that a model compiled into a program can be identified without
// reading its data; a model read from a folder has the record checked.
const DataSHA256Key = "data_sha256"

// Fingerprint returns a SHA-256 identifying the model in f: over its
// safetensors header, tokenizer.json and config.json and, unless the
// header records the data's SHA-256 under [DataSHA256Key], the tensor
// data itself. Files with the same fingerprint hold the same model when
// that record is true: a model read from outside the program has it
// checked by [Embedder] (see [CheckDataSHA256]).
func Fingerprint(f Files) [32]byte {
	h := sha256.New()
	st := f.Safetensors
	if _, data, ok := dataClaim(st); ok {
		st = st[:len(st)-len(data)] // the header, which holds the data's hash
	}
	for _, b := range [][]byte{st, f.Tokenizer, f.Config} {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	return [32]byte(h.Sum(nil))
}

// dataClaim returns the SHA-256 that the safetensors header of st records
// for its data under [DataSHA256Key] and the data after the header, ok
// when there is such a record ([Fingerprint] then hashes the header
// alone).
func dataClaim(st []byte) (claim string, data []byte, ok bool) {
	if len(st) < 8 {
		return "", nil, false
	}
	n := binary.LittleEndian.Uint64(st[:8])
	if n > uint64(len(st)-8) {
		return "", nil, false
	}
	_, meta, err := parseSafetensors(st)
	if err != nil || len(meta[DataSHA256Key]) != 64 {
		return "", nil, false
	}
	return meta[DataSHA256Key], st[8+n:], true
}

// CheckDataSHA256 fails, wrapping [ErrFormat] and naming the
// model.safetensors of the folder name, when the header of f's
// safetensors records a SHA-256 of its data under [DataSHA256Key] that
// is not the data's: [Fingerprint] trusts the record, so such a file
// (another model's record copied in, or metadata kept by a tool that
// rewrote the rows) would take that model's identity and mix its vectors
// with that model's in an index. It reads the whole data when there is a
// record, and nothing when there is none.
func CheckDataSHA256(f Files, name string) error {
	claim, data, ok := dataClaim(f.Safetensors)
	if !ok {
		return nil
	}
	dataHashes.Add(1)
	sum := sha256.Sum256(data)
	if want, err := hex.DecodeString(claim); err != nil || !bytes.Equal(want, sum[:]) {
		return &FileError{path.Join(name, ModelFile), fmt.Errorf("%w: its header's %s is %q, its data's SHA-256 is %x",
			ErrFormat, DataSHA256Key, claim, sum)}
	}
	return nil
}

// Dims returns the vector length of the model in f from its safetensors
// header alone, without parsing the tokenizer.
func Dims(f Files, name string) (int, error) {
	tensors, _, err := parseSafetensors(f.Safetensors)
	if err != nil {
		return 0, &FileError{path.Join(name, ModelFile), fmt.Errorf("%w: %w", ErrFormat, err)}
	}
	emb, err := embeddingTensor(tensors)
	if err != nil {
		return 0, &FileError{path.Join(name, ModelFile), err}
	}
	return emb.Shape[1], nil
}

// Parse builds a Model from the files of a Model2Vec folder; name is how
// errors refer to the folder.
//
// model.safetensors must hold a 2-D F32 or F16 tensor "embeddings" (or
// "embedding.weight", the sentence-transformers name) of one row per
// token, and may hold "weights" (one F32 or F16 weight per token) and
// "mapping" (I32 or I64: the row of each token, for vocabulary-quantized
// models), as Model2Vec writes them. Every token id of tokenizer.json
// must have a row.
func Parse(f Files, name string) (*Model, error) {
	st := path.Join(name, ModelFile)
	bad := func(file string, err error) error { return &FileError{file, fmt.Errorf("%w: %w", ErrFormat, err)} }
	tensors, _, err := parseSafetensors(f.Safetensors)
	if err != nil {
		return nil, bad(st, err)
	}
	emb, err := embeddingTensor(tensors)
	if err != nil {
		return nil, &FileError{st, err}
	}
	m := &Model{rows: emb.Shape[0], dims: emb.Shape[1], dtype: emb.DType, table: emb.data}
	if m.dtype == "F16" {
		m.half = halfTable()
	}
	tok, err := ParseTokenizer(f.Tokenizer)
	if err != nil {
		return nil, bad(path.Join(name, TokenizerFile), err)
	}
	m.tok = tok
	if t := tensors["mapping"]; t != nil {
		if m.mapping, err = intVector(t, tok.Size(), m.rows); err != nil {
			return nil, bad(st, err)
		}
	} else if tok.Size() > m.rows {
		return nil, bad(st, fmt.Errorf("tokenizer has %d token ids but embeddings has %d rows", tok.Size(), m.rows))
	}
	if t := tensors["weights"]; t != nil {
		if m.weights, err = floatVector(t, tok.Size()); err != nil {
			return nil, bad(st, err)
		}
	}
	if f.Config != nil {
		var c map[string]any
		if err := json.Unmarshal(f.Config, &c); err != nil {
			return nil, bad(path.Join(name, ConfigFile), err)
		}
	}
	return m, nil
}

func embeddingTensor(tensors map[string]*tensor) (*tensor, error) {
	emb := tensors["embeddings"]
	if emb == nil {
		emb = tensors["embedding.weight"]
	}
	if emb == nil {
		return nil, fmt.Errorf("%w: no tensor named \"embeddings\"", ErrFormat)
	}
	if emb.DType != "F32" && emb.DType != "F16" {
		return nil, fmt.Errorf("%w: tensor %q has dtype %s, want F32 or F16", ErrFormat, emb.Name, emb.DType)
	}
	if len(emb.Shape) != 2 || emb.Shape[0] == 0 || emb.Shape[1] == 0 {
		return nil, fmt.Errorf("%w: tensor %q has shape %v, want [tokens, dims]", ErrFormat, emb.Name, emb.Shape)
	}
	return emb, nil
}

// floatVector decodes the first n elements of a 1-D float tensor of at
// least n: one per token id, the rest never read (a tensor of millions
// of entries past a small vocabulary cost 4 bytes an entry).
func floatVector(t *tensor, n int) ([]float32, error) {
	if len(t.Shape) != 1 || t.Shape[0] < n {
		return nil, fmt.Errorf("tensor %q has shape %v, want [%d]", t.Name, t.Shape, n)
	}
	out := make([]float32, n)
	switch t.DType {
	case "F32":
		for i := range out {
			out[i] = math.Float32frombits(binary.LittleEndian.Uint32(t.data[4*i:]))
		}
	case "F16":
		for i := range out {
			out[i] = f16to32(binary.LittleEndian.Uint16(t.data[2*i:]))
		}
	default:
		return nil, fmt.Errorf("tensor %q has dtype %s, want F32 or F16", t.Name, t.DType)
	}
	return out, nil
}

// intVector decodes the first n elements of a 1-D integer tensor, each a row below
// rows.
func intVector(t *tensor, n, rows int) ([]int32, error) {
	if len(t.Shape) != 1 || t.Shape[0] < n {
		return nil, fmt.Errorf("tensor %q has shape %v, want [%d]", t.Name, t.Shape, n)
	}
	out := make([]int32, n) // as floatVector: the entries of token ids only
	for i := range out {
		var v int64
		switch t.DType {
		case "I32":
			v = int64(int32(binary.LittleEndian.Uint32(t.data[4*i:])))
		case "I64":
			v = int64(binary.LittleEndian.Uint64(t.data[8*i:]))
		default:
			return nil, fmt.Errorf("tensor %q has dtype %s, want I32 or I64", t.Name, t.DType)
		}
		if v < 0 || v >= int64(rows) {
			return nil, fmt.Errorf("tensor %q maps token %d to row %d, outside the %d embedding rows", t.Name, i, v, rows)
		}
		out[i] = int32(v)
	}
	return out, nil
}

// elemSize returns the bytes of one element of the table.
func (m *Model) elemSize() int {
	if m.half != nil {
		return 2
	}
	return 4
}

// Dims returns the vector length.
func (m *Model) Dims() int { return m.dims }

// halfTable maps every half-precision bit pattern to its float32 value:
// one load per element instead of decoding the bits, which makes
// embedding with an F16 model several times faster. It is built on first
// use (256 KiB) and never changes.
var halfTable = sync.OnceValue(func() *[1 << 16]float32 {
	t := new([1 << 16]float32)
	for h := range t {
		t[h] = f16to32(uint16(h))
	}
	return t
})

// Tokenizer returns the model's tokenizer.
func (m *Model) Tokenizer() *Tokenizer { return m.tok }

// Scratch holds the buffers of one embedding; reuse one per goroutine to
// avoid allocating.
type Scratch struct {
	ids []int
	acc []float32
	// count holds, per token id, how often the text has it, and seen
	// a bit per id with a count; both are left zero after each use.
	count []int32
	seen  []uint64
	rows  []weighted
}

// weighted is a row of the table, by its offset in bytes, and its weight
// in a sum.
type weighted struct {
	off int
	w   float32
}

// Embed writes into dst (of length [Model.Dims]) the mean of the vectors
// of the tokens of text, each scaled by its weight when the model has
// weights, L2-normalised. It calls unknown for each pre-token the
// tokenizer could not represent and returns the number of tokens it
// averaged; with none, dst is left zero. s may be nil.
func (m *Model) Embed(dst []float32, text string, s *Scratch, unknown func(word string)) int {
	if s == nil {
		s = &Scratch{}
	}
	s.ids = m.tok.Tokenize(text, s.ids[:0], unknown)
	if cap(s.acc) < m.dims {
		s.acc = make([]float32, m.dims)
	}
	acc := s.acc[:m.dims]
	clear(acc)
	if size := m.tok.Size(); len(s.count) < size {
		s.count = make([]int32, size)
		s.seen = make([]uint64, (size+63)/64)
	}
	// Equal tokens are summed once, times their count: a text repeats
	// its common words, and adding a row costs more than counting. Rows
	// are added in increasing order of token id, so the float32 sum is
	// the same for the same text on every run; the ids are counted in a
	// table and collected by scanning the bits of the ids seen, which
	// costs less than sorting them.
	lo, hi := len(s.seen), 0
	for _, id := range s.ids {
		if id < 0 || id >= len(s.count) {
			continue
		}
		if s.count[id] == 0 {
			s.seen[id>>6] |= 1 << (id & 63)
			lo, hi = min(lo, id>>6), max(hi, id>>6+1)
		}
		s.count[id]++
	}
	n := 0
	s.rows = s.rows[:0]
	for k := lo; k < hi; k++ {
		for bits := s.seen[k]; bits != 0; bits &= bits - 1 {
			id := k<<6 | mathbits.TrailingZeros64(bits)
			count := int(s.count[id])
			s.count[id] = 0
			row := id
			if m.mapping != nil {
				row = int(m.mapping[id])
			}
			if row >= m.rows {
				continue
			}
			w := float32(count)
			if m.weights != nil {
				w = float32(w * m.weights[id])
			}
			n += count
			s.rows = append(s.rows, weighted{row * m.dims * m.elemSize(), w})
		}
		s.seen[k] = 0
	}
	m.addRows(acc, s.rows)
	clear(dst)
	if n == 0 {
		return 0
	}
	var sum float64
	for _, x := range acc {
		sum += float64(float64(x) * float64(x))
	}
	if sum == 0 {
		return n
	}
	inv := 1 / math.Sqrt(sum)
	for i, x := range acc {
		dst[i] = float32(float64(x) * inv)
	}
	return n
}

// addRows adds to acc each row of rows times its weight, in order. Explicit
// conversions keep the compiler from fusing multiply-adds, so vectors do
// not depend on the CPU. A half-precision table is summed eight elements
// at a time over all the rows, the partial sums held in registers: each
// element gets the same additions in the same order as row by row, with
// a fraction of the loads and stores.
func (m *Model) addRows(acc []float32, rows []weighted) {
	d := len(acc)
	if m.half == nil {
		for _, r := range rows {
			b := m.table[r.off : r.off+d*4]
			for i := range acc {
				acc[i] += float32(r.w * math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])))
			}
		}
		return
	}
	t, tab := m.half, m.table
	i := 0
	for ; i+8 <= d; i += 8 {
		a := (*[8]float32)(acc[i:])
		a0, a1, a2, a3, a4, a5, a6, a7 := a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]
		for _, r := range rows {
			// w times x is x when w is 1, so one expression serves all rows.
			b := (*[16]byte)(tab[r.off+2*i:])
			v, u, w := binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:]), r.w
			a0 += float32(w * t[uint16(v)])
			a1 += float32(w * t[uint16(v>>16)])
			a2 += float32(w * t[uint16(v>>32)])
			a3 += float32(w * t[uint16(v>>48)])
			a4 += float32(w * t[uint16(u)])
			a5 += float32(w * t[uint16(u>>16)])
			a6 += float32(w * t[uint16(u>>32)])
			a7 += float32(w * t[uint16(u>>48)])
		}
		a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7] = a0, a1, a2, a3, a4, a5, a6, a7
	}
	for ; i < d; i++ {
		for _, r := range rows {
			acc[i] += float32(r.w * t[binary.LittleEndian.Uint16(tab[r.off+2*i:])])
		}
	}
}

// sizeName writes a limit of whole mebibytes as "N MiB", else in bytes.
func sizeName(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

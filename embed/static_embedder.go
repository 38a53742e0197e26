package embed

import (
	"context"
	"encoding/hex"
	"io/fs"
	"math"
	"runtime"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/sync/errgroup"

	"github.com/memweave/memweave-go/embed/static"
)

// Static embeds text with a static model: one vector per token, averaged
// over the tokens of a text, as Model2Vec models do. It reads the public
// Model2Vec folder layout (model.safetensors, tokenizer.json and an
// optional config.json; see [static.Parse]), so a model distilled with
// cmd/memweave-distill or downloaded from a model hub can be used
// offline. Embedding is a table lookup: no network, no inference runtime.
//
// Words the model cannot represent (with a WordPiece vocabulary, words of
// scripts it has no pieces for; with a Unigram one, characters it does not
// cover) fall back to lexical features, unknown punctuation is dropped:
// the unknown words are embedded with a [Hash] of
// the same dimensions, and the model's vector and the hash vector are
// mixed in proportion to the number of known tokens and unknown words. A
// text with no known token at all gets the hash vector alone, so Chinese
// notes under an English model still find each other by shared characters
// instead of all getting a zero vector.
//
// The model is loaded on first use, not by the constructor: [Static.Identity]
// reads the files once and fingerprints them (see [static.Fingerprint]: the
// identity changes whenever any model file does, so vectors of two models
// are never mixed); the first embedding parses the tokenizer. A model
// folder's model.safetensors is mapped into memory, not read, so only the
// rows of the tokens in use become resident. Errors name the file at fault and wrap
// [static.ErrFormat] when the file is malformed. A Static is safe for
// concurrent use by multiple goroutines.
type Static struct {
	name   string
	fsys   fs.FS         // the model's folder, or nil to map the folder name
	preset *static.Files // files given to NewStaticFiles, or nil

	// ident guards the first stage of loading: reading the files and
	// learning the identity.
	ident struct {
		once  sync.Once
		files static.Files
		id    Identity
		err   error
	}
	// load guards the second stage: parsing the tokenizer and tensors.
	load struct {
		once  sync.Once
		model *static.Model
		err   error
	}
	pool sync.Pool // of *staticScratch
}

// NewStatic returns a Static embedder over the model folder dir. It does
// not read the folder; the first call that needs the model does.
func NewStatic(dir string) *Static { return &Static{name: dir} }

// NewStaticFS returns a Static embedder over the model files at the root of
// fsys, for a model embedded in a program with go:embed; name is how
// errors refer to it.
func NewStaticFS(name string, fsys fs.FS) *Static { return &Static{name: name, fsys: fsys} }

// NewStaticFiles returns a Static embedder over model files already in
// memory, such as a model compiled into the program; name is how errors
// refer to it. The bytes of f are never modified and may be read-only.
func NewStaticFiles(name string, f static.Files) *Static {
	s := &Static{name: name}
	s.preset = &f
	return s
}

func (s *Static) files() (static.Files, Identity, error) {
	s.ident.once.Do(func() {
		s.ident.id = Identity{Provider: "static", Model: s.name}
		var f static.Files
		var err error
		switch {
		case s.preset != nil:
			f = *s.preset
		case s.fsys == nil:
			var unmap func()
			if f, unmap, err = static.MapDir(s.name); err == nil {
				// The mapping lives as long as the Static: vectors are
				// copies, and nothing else holds the model.
				runtime.AddCleanup(s, func(unmap func()) { unmap() }, unmap)
			}
		default:
			f, err = static.ReadFiles(s.fsys, s.name)
		}
		if err != nil {
			s.ident.err = err
			return
		}
		dims, err := static.Dims(f, s.name)
		if err != nil {
			s.ident.err = err
			return
		}
		sum := static.Fingerprint(f)
		s.ident.files = f
		s.ident.id = Identity{Provider: "static", Model: "m2v-" + hex.EncodeToString(sum[:8]), Dims: dims}
	})
	return s.ident.files, s.ident.id, s.ident.err
}

func (s *Static) model() (*static.Model, error) {
	s.load.once.Do(func() {
		f, _, err := s.files()
		if err != nil {
			s.load.err = err
			return
		}
		m, err := static.Parse(f, s.name)
		if err != nil {
			s.load.err = err
			return
		}
		s.load.model = m
	})
	return s.load.model, s.load.err
}

// Identity returns {Provider: "static", Model: "m2v-" and 16 hex digits of
// the model's [static.Fingerprint], Dims: the model's}. When the files
// cannot be read, Model is the folder name and Dims 0, and every embedding
// call returns the error.
func (s *Static) Identity() Identity {
	_, id, _ := s.files()
	return id
}

// Probe loads the model and reports why it cannot be used, if it cannot.
func (s *Static) Probe(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	_, err := s.model()
	return err
}

// EmbedDocuments returns one L2-normalised vector per text, in order.
// Large batches are spread over the CPUs.
func (s *Static) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	m, err := s.model()
	if err != nil {
		return nil, err
	}
	d := m.Dims()
	out := make([][]float32, len(texts))
	backing := make([]float32, len(texts)*d)
	workers := min(runtime.GOMAXPROCS(0), (len(texts)+63)/64)
	g, gctx := errgroup.WithContext(ctx)
	per := (len(texts) + max(workers, 1) - 1) / max(workers, 1)
	for lo := 0; lo < len(texts); lo += per {
		hi := min(lo+per, len(texts))
		g.Go(func() error {
			sc := s.scratch(d)
			defer s.pool.Put(sc)
			for i := lo; i < hi; i++ {
				if (i-lo)%64 == 0 {
					if err := gctx.Err(); err != nil {
						return err
					}
				}
				v := backing[i*d : (i+1)*d : (i+1)*d]
				sc.embed(m, v, texts[i])
				out[i] = v
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

// EmbedQuery returns the vector of text; it equals EmbedDocuments of the
// one text.
func (s *Static) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	m, err := s.model()
	if err != nil {
		return nil, err
	}
	v := make([]float32, m.Dims())
	sc := s.scratch(m.Dims())
	sc.embed(m, v, text)
	s.pool.Put(sc)
	return v, nil
}

func (s *Static) scratch(dims int) *staticScratch {
	if sc, ok := s.pool.Get().(*staticScratch); ok {
		return sc
	}
	sc := &staticScratch{lex: make([]float32, dims)}
	sc.onUnknown = func(w string) {
		// Punctuation the model lacks carries nothing the hash would add.
		if strings.IndexFunc(w, isWordRune) >= 0 {
			sc.unknown = append(sc.unknown, strings.TrimPrefix(w, "▁"))
		}
	}
	return sc
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// staticScratch holds the buffers of one embedding.
type staticScratch struct {
	tok       static.Scratch
	unknown   []string
	onUnknown func(string)
	lex       []float32
	hs        *hashScratch
}

// embed writes the vector of text into dst: the model's vector, mixed with
// the hash vector of the unknown words in proportion to the counts.
func (sc *staticScratch) embed(m *static.Model, dst []float32, text string) {
	sc.unknown = sc.unknown[:0]
	known := m.Embed(dst, text, &sc.tok, sc.onUnknown)
	if len(sc.unknown) == 0 {
		return
	}
	if sc.hs == nil {
		sc.hs = newHashScratch()
	}
	lex := sc.lex[:len(dst)]
	clear(lex)
	sc.hs.embed(lex, strings.Join(sc.unknown, " "))
	a := float32(known) / float32(known+len(sc.unknown))
	var sum float64
	for i := range dst {
		dst[i] = float32(a*dst[i]) + float32((1-a)*lex[i])
		sum += float64(float64(dst[i]) * float64(dst[i]))
	}
	if sum == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(sum))
	for i := range dst {
		dst[i] *= inv
	}
}

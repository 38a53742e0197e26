package static

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"math"
	"runtime"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/sync/errgroup"

	"github.com/memweave/memweave-go/embed"
)

// Embedder embeds text with a static model: one vector per token, averaged
// over the tokens of a text, as Model2Vec models do. It reads the public
// Model2Vec folder layout (model.safetensors, tokenizer.json and an
// optional config.json; see [Parse]), so a model distilled with
// cmd/memweave-distill (in this module) or downloaded from a model hub can
// be used offline. Embedding is a table lookup: no network, no inference runtime.
//
// Words the model cannot represent (with a WordPiece vocabulary, words of
// scripts it has no pieces for; with a Unigram one, characters it does not
// cover) fall back to lexical features, unknown punctuation is dropped:
// the unknown words are embedded with an [embed.Hash] of
// the same dimensions, and the model's vector and the hash vector are
// mixed in proportion to the number of known tokens and unknown words. A
// text with no known token at all gets the hash vector alone, so Chinese
// notes under an English model still find each other by shared characters
// instead of all getting a zero vector.
//
// The model is loaded on first use, not by the constructor: [Embedder.Identity]
// reads the files once and fingerprints them (see [Fingerprint]: the
// identity changes whenever any model file does, so vectors of two models
// are never mixed; a model folder whose header records a SHA-256 of its
// data that is not the data's is refused, see [CheckDataSHA256], a check
// that [Embedder.RememberChecks] lets a later process skip while the file
// is unchanged); the first embedding parses the tokenizer. A model
// folder's model.safetensors is mapped into memory, not read, so only the
// rows of the tokens in use become resident. Errors name the file at fault and wrap
// [ErrFormat] when the file is malformed. An Embedder is safe for
// concurrent use by multiple goroutines.
type Embedder struct {
	name   string
	fsys   fs.FS            // the model's folder, or nil to map the folder name
	preset *Files           // files given to NewFiles, or nil
	checks embed.StateStore // see RememberChecks; nil when none

	// ident guards the first stage of loading: reading the files and
	// learning the identity.
	ident struct {
		once  sync.Once
		files Files
		// mapped is the mapping of model.safetensors, nil unless the
		// folder is on disk; each embedding checks it is unchanged.
		mapped *mapping
		id     embed.Identity
		err    error
	}
	// load guards the second stage: parsing the tokenizer and tensors.
	load struct {
		once  sync.Once
		model *Model
		err   error
	}
	pool sync.Pool // of *embedScratch
}

// New returns an Embedder over the model folder dir. It does not read
// the folder; the first call that needs the model does.
func New(dir string) *Embedder { return &Embedder{name: dir} }

// NewFS returns an Embedder over the model files at the root of
// fsys, for a model embedded in a program with go:embed; name is how
// errors refer to it.
func NewFS(name string, fsys fs.FS) *Embedder { return &Embedder{name: name, fsys: fsys} }

// NewFiles returns an Embedder over model files already in
// memory, such as a model compiled into the program; name is how errors
// refer to it. The bytes of f are never modified and may be read-only.
func NewFiles(name string, f Files) *Embedder {
	s := &Embedder{name: name}
	s.preset = &f
	return s
}

// Linking this package makes provider "static" of [embed.New] (and of a
// workspace's memweave.json) open model folders with [New].
func init() { embed.RegisterStatic(func(dir string) embed.Embedder { return New(dir) }, nil) }

func (s *Embedder) files() (Files, embed.Identity, error) {
	s.ident.once.Do(func() {
		s.ident.id = embed.Identity{Provider: "static", Model: s.name}
		var f Files
		var err error
		switch {
		case s.preset != nil:
			f = *s.preset
		case s.fsys == nil:
			var m *mapping
			if f, m, err = mapDir(s.name); err == nil {
				// The mapping lives as long as the Embedder: vectors are
				// copies, and nothing else holds the model.
				s.ident.mapped = m
				runtime.AddCleanup(s, func(m *mapping) { m.close() }, m)
			}
		default:
			f, err = ReadFiles(s.fsys, s.name)
		}
		if err != nil {
			s.ident.err = err
			return
		}
		dims, err := Dims(f, s.name)
		if err != nil {
			s.ident.err = err
			return
		}
		var sum [32]byte
		fingerprint := func() {
			sum = Fingerprint(f)
			if s.preset == nil { // a model compiled into the program is as its builder checked it
				err = s.checkData(f, s.ident.mapped)
			}
		}
		if m := s.ident.mapped; m != nil {
			if ferr := m.read(fingerprint); ferr != nil {
				err = ferr
			}
		} else {
			fingerprint()
		}
		if err != nil {
			s.ident.err = err
			return
		}
		s.ident.files = f
		// Words the vocabulary lacks are embedded by embed.Hash, so its
		// version is part of what a vector means: a new one (a change of
		// its words) makes indexes of the old one embed again.
		id := sha256.Sum256(append(sum[:], (&embed.Hash{}).Identity().Model...))
		s.ident.id = embed.Identity{Provider: "static", Model: "m2v-" + hex.EncodeToString(id[:8]), Dims: dims}
	})
	return s.ident.files, s.ident.id, s.ident.err
}

func (s *Embedder) model() (*Model, error) {
	s.load.once.Do(func() {
		f, _, err := s.files()
		if err != nil {
			s.load.err = err
			return
		}
		m, err := Parse(f, s.name)
		if err != nil {
			s.load.err = err
			return
		}
		s.load.model = m
	})
	return s.load.model, s.load.err
}

// Identity returns {Provider: "static", Model: "m2v-" and 16 hex digits of
// the model's [Fingerprint], Dims: the model's}. When the files
// cannot be read, Model is the folder name and Dims 0, and every embedding
// call returns the error.
func (s *Embedder) Identity() embed.Identity {
	_, id, _ := s.files()
	return id
}

// Probe loads the model and reports why it cannot be used, if it cannot.
func (s *Embedder) Probe(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	_, err := s.model()
	return err
}

// EmbedDocuments returns one L2-normalised vector per text, in order.
// Large batches are spread over the CPUs.
func (s *Embedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	m, err := s.model()
	if err != nil {
		return nil, err
	}
	mapped := s.ident.mapped
	if err := mapped.unchanged(); err != nil {
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
			var err error
			if ferr := mapped.read(func() {
				for i := lo; i < hi; i++ {
					if (i-lo)%64 == 0 {
						if err = gctx.Err(); err != nil {
							return
						}
					}
					v := backing[i*d : (i+1)*d : (i+1)*d]
					sc.embed(m, v, texts[i])
					out[i] = v
				}
			}); ferr != nil {
				return ferr // sc, left mid-way, is not reused
			}
			s.pool.Put(sc)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	// Changed while embedding, the file gave some vectors of another model.
	if err := mapped.unchanged(); err != nil {
		return nil, err
	}
	return out, nil
}

// EmbedQuery returns the vector of text; it equals EmbedDocuments of the
// one text.
func (s *Embedder) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	m, err := s.model()
	if err != nil {
		return nil, err
	}
	mapped := s.ident.mapped
	if err := mapped.unchanged(); err != nil {
		return nil, err
	}
	v := make([]float32, m.Dims())
	sc := s.scratch(m.Dims())
	if err := mapped.read(func() { sc.embed(m, v, text) }); err != nil {
		return nil, err // sc, left mid-way, is not reused
	}
	s.pool.Put(sc)
	if err := mapped.unchanged(); err != nil {
		return nil, err
	}
	return v, nil
}

func (s *Embedder) scratch(dims int) *embedScratch {
	if sc, ok := s.pool.Get().(*embedScratch); ok {
		return sc
	}
	sc := &embedScratch{lex: make([]float32, dims)}
	sc.onUnknown = func(w string) {
		// Punctuation the model lacks carries nothing the hash would add.
		if strings.IndexFunc(w, isWordRune) >= 0 {
			sc.unknown = append(sc.unknown, strings.TrimPrefix(w, "▁"))
		}
	}
	return sc
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// embedScratch holds the buffers of one embedding.
type embedScratch struct {
	tok       Scratch
	unknown   []string
	onUnknown func(string)
	lex       []float32
	hash      embed.Hash // zero value: usable; EmbedTo hashes into len(lex) dimensions
}

// embed writes the vector of text into dst: the model's vector, mixed with
// the hash vector of the unknown words in proportion to the counts.
func (sc *embedScratch) embed(m *Model, dst []float32, text string) {
	sc.unknown = sc.unknown[:0]
	known := m.Embed(dst, text, &sc.tok, sc.onUnknown)
	if len(sc.unknown) == 0 {
		return
	}
	lex := sc.lex[:len(dst)]
	clear(lex)
	sc.hash.EmbedTo(lex, strings.Join(sc.unknown, " "))
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

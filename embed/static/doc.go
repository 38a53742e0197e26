// Package static reads static embedding models in the public Model2Vec
// format: a folder holding model.safetensors (one vector per token, in a
// tensor named "embeddings"), a Hugging Face tokenizer.json and, usually,
// a config.json.
//
// A static model embeds a text as the mean of the vectors of its tokens:
// a tokenizer and a table lookup, no neural network at run time. Models
// made this way (distilled from a sentence encoder by passing each token of
// a vocabulary through it, see cmd/memweave-distill in this module) keep much of the
// encoder's sense of which words mean similar things, at a tiny fraction of
// its cost.
//
// [Parse] builds a [Model] from the bytes of the files ([ReadFiles] reads
// them from a folder or an [io/fs.FS]); [Model.Embed] embeds one text. The
// tokenizer supports the WordPiece, Unigram and WordLevel models with the
// normalizers and pre-tokenizers Model2Vec models use (see
// [ParseTokenizer]). Every error about a file names it ([FileError]) and,
// when the file is malformed, wraps [ErrFormat]: an oversized or truncated
// safetensors header, offsets outside the file, a wrong dtype or shape, a
// tokenizer whose Replace, Prepend or Metaspace steps could multiply the
// length of a text (refused at load, naming the step) or of more than
// [MaxTokenizerSteps] steps, a vocabulary over
// [MaxVocabTokens] or [MaxVocabBytes] ([ErrVocabTooLarge]), a folder's
// data_sha256 record that is not its data's ([CheckDataSHA256]). Tokens
// over [MaxTokenBytes] are left out of a vocabulary.
//
// [Embedder] wraps a Model as an [github.com/memweave/memweave-go/embed.Embedder]
// ([New], [NewFS], [NewFiles]), with lexical fallback for words the model
// does not know. Linking this package gives provider "static" to
// [github.com/memweave/memweave-go/embed.New] and to a workspace's
// memweave.json; package english adds a built-in English model.
//
// This is a Go module of its own, github.com/memweave/memweave-go/embed/static,
// with its model and cmd/memweave-distill: a program that imports only the
// core module github.com/memweave/memweave-go downloads none of it.
package static

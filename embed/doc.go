// Package embed turns text into vectors.
//
// An [Embedder] embeds batches of documents and single queries and reports a
// stable [Identity]; vectors from embedders with different identities must
// not be compared. Four choices exist:
//
//   - [Hash], the offline default: deterministic feature hashing of words
//     and character n-grams. It needs no network or model and embeds
//     thousands of chunks a second, but its similarity is lexical, not
//     semantic: it finds shared words and word parts, not synonyms or
//     paraphrases.
//   - [OpenAI], any OpenAI-compatible /embeddings endpoint (OpenAI, Ollama,
//     LM Studio, vLLM, llama.cpp server), with batching, bounded
//     concurrency and retries.
//   - a static token-vector model in the public Model2Vec format, offline:
//     the mean of the vectors of a text's tokens, so similar words land
//     near each other without a network or an inference runtime. It lives
//     in a module of its own, [github.com/memweave/memweave-go/embed/static]
//     (with its built-in English model and cmd/memweave-distill), so that
//     programs which do not use it do not download it; a program that
//     links it gets provider "static" in [New] (see [RegisterStatic]).
//     Words the model does not know fall back to the Hash features.
//   - No embedder at all (a nil Embedder), which makes a keyword-only index.
//
// Errors that callers branch on wrap [ErrUnavailable] (the embedder could
// not be reached: degrade to keyword search) or [ErrRejected] (the request
// was refused: fix the configuration).
package embed

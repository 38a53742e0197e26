// Command memweave-distill builds a static embedding model in the
// Model2Vec format from any OpenAI-compatible embedding endpoint, for
// memweave's static embedder (--embedder static --embedding-model DIR).
//
// Usage:
//
//	memweave-distill --url URL --model M --out DIR [--words FILE]
//	    [--subwords FILE] [--ranked] [--vocab-size N] [--dims N] [--dtype f16|f32]
//	    [--attach FILE]... [--credit LINE]... [--batch N]
//
// It follows the Model2Vec method: each token of a vocabulary is embedded
// alone by the encoder; the token vectors are reduced to --dims by PCA
// and scaled by a weight that is small for frequent tokens; a text's
// vector is then the mean of its tokens' vectors.
//
// The vocabulary is the encoder's subword vocabulary (--subwords: a
// SentencePiece vocab.json of [piece, log-probability] pairs, as
// TensorFlow.js and many encoders ship, or a vocab.txt with one WordPiece
// token per line), which lets any word be spelled in pieces, plus the
// words of a general word list (--words, one word per line; default
// /usr/share/dict/words from Debian's wamerican package), normalized as the
// tokenizer normalizes text (lower case, accents stripped), keeping only
// letters. When there are more words than room, the most probable words
// under the encoder's unigram model win; without log-probabilities, the
// first in the list with --ranked (a list ordered by frequency), else
// the shortest.
//
// Token weights follow the smooth inverse frequency of Arora et al.
// (2017), as Model2Vec does: w = a / (a + p), with a = 1e-4 and p the
// token's probability. p is the unigram probability of the token in the
// encoder's subword model when --subwords gives log-probabilities (a word
// scores its best segmentation into pieces), else, with --ranked, a Zipf
// prior from the token's rank in the list (p proportional to 1/rank);
// otherwise every token weighs the same.
//
// The output folder gets model.safetensors (an "embeddings" tensor of one
// row per token), tokenizer.json (a BERT-style WordPiece tokenizer over
// the vocabulary), config.json, a NOTICE naming the encoder, the endpoint
// and the sources of the vocabulary, and a copy of each --attach file (the
// encoder's and the word list's licences). The result depends only on the
// inputs and the encoder's vectors: the same inputs give the same files.
//
// The evaluation corpora must never be the vocabulary: that would tune the
// model to the test.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/embed/static"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	var ue *usageError
	switch {
	case errors.As(err, &ue):
		fmt.Fprintln(os.Stderr, "memweave-distill:", err)
		os.Exit(2)
	case err != nil:
		fmt.Fprintln(os.Stderr, "memweave-distill:", err)
		os.Exit(1)
	}
}

// usageError is a mistake on the command line: exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usageErr(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// options are the command's flags.
type options struct {
	url, model, key string
	out             string
	words, subwords string
	vocabSize, dims int
	ranked          bool
	dtype           string
	attach          []string
	credits         []string
	batch           int
	inFlight        int
	timeout         time.Duration
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var o options
	fs := flag.NewFlagSet("memweave-distill", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.url, "url", "", "OpenAI-compatible endpoint `URL`, e.g. http://127.0.0.1:18600/v1 (required)")
	fs.StringVar(&o.model, "model", "", "the encoder's `model` name (required)")
	fs.StringVar(&o.out, "out", "", "output `folder` (required; created, must be empty)")
	fs.StringVar(&o.words, "words", "/usr/share/dict/words", "word list `file`, one word per line")
	fs.StringVar(&o.subwords, "subwords", "", "the encoder's subword vocabulary `file`: vocab.json ([piece, logprob] pairs) or vocab.txt")
	fs.BoolVar(&o.ranked, "ranked", false, "the word list is ordered by frequency, most frequent first (Zipf weights from the order)")
	fs.IntVar(&o.vocabSize, "vocab-size", 30000, "tokens in the model, subword pieces included; at most 1048576 (static.MaxVocabTokens)")
	fs.IntVar(&o.dims, "dims", 256, "output dimensions (PCA); at most the encoder's")
	fs.StringVar(&o.dtype, "dtype", "f16", "stored precision: f16 or f32")
	var attach multiFlag
	fs.Var(&attach, "attach", "`file` to copy beside the model (licences); repeatable")
	var credits multiFlag
	fs.Var(&credits, "credit", "a `line` for the NOTICE naming a source and its licence; repeatable")
	fs.IntVar(&o.batch, "batch", 64, "texts per request")
	fs.IntVar(&o.inFlight, "in-flight", 2, "concurrent requests")
	fs.DurationVar(&o.timeout, "timeout", 2*time.Minute, "per-request timeout")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageErr("%v", err)
	}
	o.attach, o.credits = attach, credits
	o.key = embed.KeyFromEnv()
	switch {
	case fs.NArg() > 0:
		return usageErr("unexpected argument %q", fs.Arg(0))
	case o.url == "":
		return usageErr("--url is required")
	case o.model == "":
		return usageErr("--model is required")
	case o.out == "":
		return usageErr("--out is required")
	case o.vocabSize < 2 || o.vocabSize > static.MaxVocabTokens:
		return usageErr("invalid --vocab-size %d: must be in [2, %d], the most tokens memweave loads", o.vocabSize, static.MaxVocabTokens)
	case o.dims < 1:
		return usageErr("invalid --dims %d: must be positive", o.dims)
	case o.dtype != "f16" && o.dtype != "f32":
		return usageErr("invalid --dtype %q: want f16 or f32", o.dtype)
	case o.batch < 1 || o.inFlight < 1:
		return usageErr("invalid --batch %d or --in-flight %d: must be positive", o.batch, o.inFlight)
	}
	if ents, err := os.ReadDir(o.out); err == nil && len(ents) > 0 {
		return usageErr("--out %s is not empty", o.out)
	}
	res, err := distill(ctx, o, func(format string, args ...any) { fmt.Fprintf(stderr, format+"\n", args...) })
	if err != nil {
		return err
	}
	b, _ := json.MarshalIndent(res, "", "  ")
	fmt.Fprintln(stdout, string(b))
	return nil
}

// attachName returns the name an attached file gets in the output folder.
func attachName(path string) string { return filepath.Base(path) }

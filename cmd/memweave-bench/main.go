// Command memweave-bench measures memweave's retrieval quality on public
// benchmarks. It turns each data set into Markdown memories under a
// workspace's memory/ folder, indexes them with [memweave.Weave.Index],
// asks every question through [memweave.Weave.Search] (the product's real
// search, no shortcut around it) and scores the ranked files against the
// data set's judgments.
//
// Usage:
//
//	memweave-bench [global flags] longmemeval --data FILE.jsonl.gz
//	    [--turns user|all] [--pooled] [run flags]
//	memweave-bench [global flags] locomo --data FILE.json
//	    [--level session|turn] [run flags]
//	memweave-bench [global flags] beir --corpus corpus.jsonl
//	    --queries queries.jsonl --qrels qrels.tsv [run flags]
//	memweave-bench [global flags] paraphrase [--data FILE] [run flags]
//
// Global flags choose the embedder and the index and fusion settings, so
// that defaults can be measured against alternatives:
//
//	--embedder NAME        hash (offline, default), openai, static or none
//	--embedding-model M    the model of an OpenAI-compatible endpoint, or
//	                       the folder of a static (Model2Vec) model
//	--embedding-url URL    the endpoint (default https://api.openai.com/v1)
//	--embedding-dims N     the vector size (hash default 384)
//	--embedding-timeout D, --embedding-query-timeout D,
//	--embedding-batch-size N, --embedding-in-flight N
//	                       the openai embedder's Timeout, QueryTimeout,
//	                       BatchSize and MaxInFlight (default: the
//	                       library's, 30s, 10s, 64 and 4); a local encoder
//	                       that works one request at a time keeps up with
//	                       fewer, smaller requests
//	--fusion METHOD        blend, keyword or vector (default: the
//	                       library's, blend)
//	--chunk-tokens N       chunk size cap in estimated tokens (default 400)
//	--question-stop-words  drop the question words (remind, remember,
//	                       ago, ...) from keyword queries (default: kept)
//	--phrase-weight W      weight of the phrase query in the keyword
//	                       score (default 0.3; 0 runs none)
//
// Unset tuning flags leave the library's defaults in force.
//
// Run flags, shared by the quality subcommands:
//
//	--mode M               hybrid (default), keyword or vector
//	--max-results N        results asked of each search (see below)
//	--per-question FILE    write one JSON line per question: id, gold
//	                       ids, the top 50 ranked ids and its metrics
//	--scores               --per-question lines also hold every hit as
//	                       [document, keyword score, vector score, bm25,
//	                       cosine, score], for offline fusion studies
//	--limit N              ask only the first N questions
//	--split tune|check     ask only one half of the questions, chosen
//	                       by a hash of the question id (default: all)
//	--workers N            workspaces built and searched at once
//	                       (default GOMAXPROCS)
//	--workdir DIR          build workspaces under DIR and keep them
//	                       (default: a temporary folder, removed after)
//
// Every search uses MinScore(0), so nothing is cut by the score threshold.
// Search returns chunks; several chunks of one file (a session, a
// document) are reduced to the file's first, best-ranked occurrence, and
// the metrics are computed on that ranking of files. --max-results must
// therefore exceed the deepest cut-off by enough for the reduction to
// leave it filled; the default, 200, does so on every development set,
// for beir's Recall@100 too. The report counts in "truncated" the
// questions whose search returned the full --max-results yet reduced to
// fewer files than the deepest cut-off; it should be 0. --max-results
// also sizes each backend's candidate pool (four times it). A chunk's
// fused score does not depend on the pool, except that a chunk the vector
// pool holds but the keyword pool misses scores as if it matched no
// keyword; deeper pools make that rarer, so the top results at the
// default depth may differ slightly from a search asking for 6.
//
// Each subcommand prints one JSON object to stdout: the metrics overall
// and per question type or category, the number of questions, the mode
// actually used and the embedder. Progress goes to stderr. The exit
// status is 0 on success, 1 when a run fails and 2 on a usage error.
//
// The API key of the openai embedder comes from MEMWEAVE_EMBEDDING_KEY
// or, when that is unset, OPENAI_API_KEY; it is never printed.
//
// memweave-bench needs cgo and the sqlite_fts5 build tag:
//
//	go run -tags sqlite_fts5 ./cmd/memweave-bench longmemeval --data FILE
//
// RESULTS.md in this folder holds the figures on the development data
// and the commands that produced them.
package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/memweave/memweave-go/internal/valueerr"
	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/embed"
	_ "github.com/memweave/memweave-go/embed/static" // --embedder static: model folders
	"github.com/memweave/memweave-go/internal/embedflags"
	"github.com/memweave/memweave-go/internal/exitstatus"
	"github.com/memweave/memweave-go/internal/flagform"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/settings"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes the command line args and returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	a := &app{stdout: stdout, stderr: stderr}
	root := a.rootCommand()
	root.SetArgs(args)
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return 0
	}
	msg := a.redact(err.Error())
	if !exitstatus.IsFailure(err) && cmd != nil {
		msg += fmt.Sprintf(" (see '%s --help')", cmd.CommandPath())
	}
	fmt.Fprintln(stderr, "memweave-bench: "+msg)
	return exitstatus.Code(err)
}

// app holds the global flags and the output streams shared by the
// subcommands.
type app struct {
	stdout, stderr io.Writer

	embedder       string
	embeddingModel string
	embeddingURL   string
	embeddingDims  int
	// The openai embedder's request settings; zero keeps the library's.
	embeddingTimeout      time.Duration
	embeddingQueryTimeout time.Duration
	embeddingBatchSize    int
	embeddingInFlight     int
	fusion                string
	chunkTokens           int
	dropQuestion          bool
	phraseWeight          float64
	// apiKey is read from the environment; it is redacted from every
	// message the command prints.
	apiKey string
}

func (a *app) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "memweave-bench",
		Short: "Measure memweave's retrieval quality on public benchmarks",
		Long: `memweave-bench builds memweave workspaces from benchmark data, asks the
benchmark's questions through memweave's search and prints the retrieval
metrics as one JSON object on stdout. Progress goes to stderr.

The openai embedder reads its API key from MEMWEAVE_EMBEDDING_KEY or
OPENAI_API_KEY. Exit status: 0 success, 1 failure, 2 usage error.`,
		PersistentPreRunE: a.checkGlobalFlags,
		SilenceUsage:      true,
		SilenceErrors:     true,
		CompletionOptions: cobra.CompletionOptions{HiddenDefaultCmd: true},
	}
	root.SetOut(a.stderr)
	root.SetErr(a.stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageErr("%s", flagform.Message(err)) })

	pf := root.PersistentFlags()
	pf.StringVar(&a.embedder, "embedder", "hash", "embedding provider: hash, openai, static or none")
	pf.StringVar(&a.embeddingModel, "embedding-model", "", "embedding `model` (required with --embedder openai; the model folder with static)")
	pf.StringVar(&a.embeddingURL, "embedding-url", "", "OpenAI-compatible endpoint `URL` (default https://api.openai.com/v1)")
	pf.IntVar(&a.embeddingDims, "embedding-dims", 0, "embedding vector size `N` (default: hash 384, openai the model's)")
	pf.DurationVar(&a.embeddingTimeout, "embedding-timeout", 0, "openai: the `time` one request may take (default 30s)")
	pf.DurationVar(&a.embeddingQueryTimeout, "embedding-query-timeout", 0, "openai: the `time` a search waits for its query's vector (default 10s)")
	pf.IntVar(&a.embeddingBatchSize, "embedding-batch-size", 0, "openai: texts per request, `N` (default 64)")
	pf.IntVar(&a.embeddingInFlight, "embedding-in-flight", 0, "openai: requests sent at once, `N` (default 4)")
	pf.StringVar(&a.fusion, "fusion", "", "fusion `method`: blend, keyword or vector (default: the library's, blend)")
	pf.IntVar(&a.chunkTokens, "chunk-tokens", 0, "chunk size cap in estimated `tokens` (default 400)")
	pf.BoolVar(&a.dropQuestion, "question-stop-words", false, "drop the question words (remind, remember, ago, ...) from keyword queries")
	pf.Float64Var(&a.phraseWeight, "phrase-weight", search.DefaultPhraseWeight, "`weight` of the phrase query in the keyword score; 0 runs none")

	// One constructor per subcommand, each in its own file.
	root.AddCommand(
		a.longMemEvalCommand(),
		a.locomoCommand(),
		a.beirCommand(),
		a.paraphraseCommand(),
		a.speedCommand(),
		a.searchChildCommand(),
		a.longLivedChildCommand(),
		a.editChildCommand(),
	)
	flagform.OneValue(root)
	return root
}

// checkGlobalFlags validates the global flags before any subcommand runs.
func (a *app) checkGlobalFlags(cmd *cobra.Command, _ []string) error {
	a.apiKey = memweave.EmbeddingKeyFromEnv()
	if err := embedflags.Check(a.embedder, a.embeddingDims, a.embeddingURL); err != nil {
		return err
	}
	a.embedder = cmp.Or(a.embedder, "hash") // the library's default, named in reports
	if a.embedder == "static" && a.embeddingModel == "" {
		return usageErr("--embedder static needs --embedding-model FOLDER")
	}
	if a.embedder == "static" {
		if err := a.staticModelFolder(); err != nil {
			return err
		}
	}
	for _, f := range []struct {
		name  string
		value any
		neg   bool
	}{
		{"--embedding-timeout", a.embeddingTimeout, a.embeddingTimeout < 0},
		{"--embedding-query-timeout", a.embeddingQueryTimeout, a.embeddingQueryTimeout < 0},
		{"--embedding-batch-size", a.embeddingBatchSize, a.embeddingBatchSize < 0},
		{"--embedding-in-flight", a.embeddingInFlight, a.embeddingInFlight < 0},
	} {
		if f.neg {
			return usageErr("invalid %s %v: must not be negative", f.name, f.value)
		}
	}
	if a.embedder == "openai" && a.embeddingModel == "" {
		return usageErr("--embedder openai needs --embedding-model")
	}
	if err := (search.FusionOptions{Method: search.FusionMethod(a.fusion)}).Validate(); err != nil {
		return usageErr("invalid --fusion %q: want blend, keyword or vector", a.fusion)
	}
	if math.IsNaN(a.phraseWeight) || math.IsInf(a.phraseWeight, 0) {
		return usageErr("invalid --phrase-weight %v: want a finite number", a.phraseWeight)
	}
	if a.phraseWeight < 0 {
		return usageErr("invalid --phrase-weight %g: must not be negative", a.phraseWeight)
	}
	if _, _, err := settings.Chunking(a.chunkTokens, nil); err != nil {
		rule := err.Error()
		if ve, ok := errors.AsType[*valueerr.Error](err); ok {
			rule = ve.Rule
		}
		return usageErr("invalid --chunk-tokens %d: %s", a.chunkTokens, rule)
	}
	return nil
}

// staticModelFolder makes --embedding-model, the static model's folder,
// absolute against the working folder: the library reads a relative one
// against the workspace, and each bench workspace is a temporary folder
// where it is not (every chunk would fail to embed). A folder that is not
// there is refused, naming the flag.
func (a *app) staticModelFolder() error {
	abs, err := filepath.Abs(a.embeddingModel)
	if err != nil {
		return usageErr("invalid --embedding-model %q: %v", a.embeddingModel, err)
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		if err == nil {
			err = errors.New("not a folder")
		}
		return usageErr("invalid --embedding-model %q: the static model folder: %v", a.embeddingModel, err)
	}
	a.embeddingModel = abs
	return nil
}

// config returns the Config of a workspace rooted at dir, as the global
// flags describe it. Searches never re-scan the files: the harness indexes
// each workspace once, before its first question.
func (a *app) config(dir string) memweave.Config {
	cfg := memweave.Config{
		Workspace: dir,
		Embedder: memweave.EmbedderConfig{
			Provider: a.embedder,
			Model:    a.embeddingModel,
			BaseURL:  a.embeddingURL,
			Dims:     a.embeddingDims,
		},
		ChunkTokens:    a.chunkTokens,
		NoSyncOnSearch: true,
		Fusion: search.FusionOptions{
			Method: search.FusionMethod(a.fusion),
			Query: search.QueryOptions{
				DropQuestionWords: a.dropQuestion,
				PhraseWeight:      new(a.phraseWeight),
			},
		},
	}
	if a.embedder == "openai" {
		cfg.Embedder.APIKey = a.apiKey
		cfg.Embedder.Timeout = a.embeddingTimeout
		cfg.Embedder.QueryTimeout = a.embeddingQueryTimeout
		cfg.Embedder.BatchSize = a.embeddingBatchSize
		cfg.Embedder.MaxInFlight = a.embeddingInFlight
	}
	return cfg
}

// embedderName names the embedder in reports: the provider, followed by
// the model and the dimensions when they were given.
func (a *app) embedderName() string {
	name := a.embedder
	switch {
	case a.embeddingModel != "" && a.embedder == "openai":
		name += "/" + a.embeddingModel
	case a.embeddingModel != "" && a.embedder == "static":
		name += "/" + filepath.Base(a.embeddingModel)
	}
	if a.embeddingDims > 0 && a.embedder != "none" {
		name += fmt.Sprintf("/%d", a.embeddingDims)
	}
	return name
}

// settings reports the effective index and fusion settings, library
// defaults filled in, so that a report says what it measured.
func (a *app) settings() object {
	method := search.FusionMethod(a.fusion)
	if method == "" {
		method = search.Blend // the library's default
	}
	chunk := a.chunkTokens
	if chunk == 0 {
		chunk = 400
	}
	return object{}.add("fusion", method).add("chunk_tokens", chunk).
		add("question_stop_words", a.dropQuestion).
		add("phrase_weight", a.phraseWeight)
}

// redact removes the API key from msg.
func (a *app) redact(msg string) string { return embed.Redact(msg, a.apiKey) }

// progressf prints a progress line to stderr.
func (a *app) progressf(format string, args ...any) {
	fmt.Fprintf(a.stderr, "memweave-bench: "+format+"\n", args...)
}

// The exit status rule, shared with the memweave command: a usage error
// exits with 2, a failure of a command's body with 1.
var (
	usageErr = exitstatus.Usagef
	action   = exitstatus.Action
	noArgs   = exitstatus.NoArgs
)

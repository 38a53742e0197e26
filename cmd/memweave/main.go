// Command memweave indexes and searches a memweave workspace: Markdown
// memories under memory/ and the index built from them under .memweave/.
//
// Usage:
//
//	memweave --version
//	memweave [global flags] COMMAND [flags] [arguments]
//
// The commands, each with --help, and each documented under docs/cli:
//
//	init         create a workspace: memory/ and memweave.json
//	config       show or change the workspace's settings
//	index        bring the index up to date (--force, --rebuild)
//	add          index the given files now
//	files        list the indexed files
//	status       describe the index
//	search       search the memories
//	get          print lines of a note, PATH[:FROM[-TO]]
//	write        create or replace a note with standard input
//	append       add a note to today's dated log
//	delete       remove a note
//	pack         the passages that best answer a query within a token budget
//	watch        re-index as files change
//	check        verify (and --repair) the index
//	mcp          serve the memory tools over MCP (stdin/stdout or --http)
//	sync         share memory through the workspace's git remote
//	trust        approve a cloned workspace's settings
//	conflicts    list pairs of memories that seem to contradict each other
//	changes      list the chunks changed between two git revisions
//	feedback     mark a passage useful or useless
//	resolve      mark lines superseded by another line
//	consolidate  list near-duplicate passages; --apply ID removes copies
//
// Global flags:
//
//	-w, --workspace DIR       the workspace folder (default ".")
//	    --db FILE             the index file (default DIR/.memweave/index.db)
//	    --embedder NAME       hash (offline, default), openai, static or none
//	    --embedding-model M   the model of an OpenAI-compatible endpoint, or
//	                          the folder of a static (Model2Vec) model
//	                          (default with static: the built-in English one)
//	    --embedding-url URL   the endpoint (default https://api.openai.com/v1)
//	    --embedding-dims N    the vector size (hash default 384)
//
// The API key of the openai embedder comes from MEMWEAVE_EMBEDDING_KEY or,
// when that is unset, OPENAI_API_KEY; it is never printed.
//
// --version prints the module version and the VCS commit it was built
// from, as in "memweave (devel) (commit 0123456789ab, modified)"; the MCP
// server reports the same string as its version.
//
// Results go to stdout, as aligned text or, with --json, as JSON; warnings,
// errors and the progress bar go to stderr. Paths are workspace-relative
// and '/'-separated. The exit status is 0 on success, 1 when the command
// fails and 2 on a usage error (unknown command or flag, missing argument,
// bad flag value, a flag that takes one value given two different ones).
// An error is one line on stderr starting "memweave: ".
//
// memweave needs cgo and the sqlite_fts5 build tag:
//
//	go install -tags sqlite_fts5 github.com/memweave/memweave-go/cmd/memweave@latest
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/memweave/memweave-go/internal/valueerr"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/embed"
	_ "github.com/memweave/memweave-go/embed/static/english" // the built-in model of --embedder static
	"github.com/memweave/memweave-go/internal/ctlesc"
	"github.com/memweave/memweave-go/internal/embedflags"
	"github.com/memweave/memweave-go/internal/exitstatus"
	"github.com/memweave/memweave-go/internal/flagform"
	"github.com/memweave/memweave-go/internal/oneshot"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/workspace"
)

func main() {
	ctx, stop := stopOnSignal()
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// stopOnSignal returns a context cancelled by the first SIGINT, SIGTERM
// or SIGHUP (the terminal or session that started the command went
// away), which lets the command stop in good order (a server answers
// the calls in flight, for up to its grace period). The signals are
// given back to the system before the context ends: a second one ends
// the process at once, as it asks. A SIGHUP the process was started
// ignoring (nohup) stays ignored, as it was asked to outlive its
// terminal: signal.Notify would turn it on.
func stopOnSignal() (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 1)
	caught := []os.Signal{os.Interrupt, syscall.SIGTERM}
	if !signal.Ignored(syscall.SIGHUP) {
		caught = append(caught, syscall.SIGHUP)
	}
	signal.Notify(sigs, caught...)
	go func() {
		select {
		case <-sigs:
		case <-ctx.Done():
		}
		signal.Stop(sigs)
		cancel()
	}()
	return ctx, cancel
}

// readCommands are the commands that read once and exit, and so run
// with the settings of [oneshot.Start] (collector target, huge pages).
var readCommands = map[string]bool{"search": true, "status": true, "get": true}

// run executes the command line args and returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	out := &outWriter{w: stdout}
	app := &app{stdout: textWriter{out}, raw: out, stderr: textWriter{stderr}}
	// A command waiting for another process's lock says so, once.
	ctx = workspace.WithLockNotice(ctx, func(w workspace.LockWait) {
		fmt.Fprintln(stderr, "memweave: "+w.String()+" (Ctrl-C stops waiting)")
	})
	root := app.rootCommand()
	root.SetArgs(args)
	cmd, err := root.ExecuteContextC(ctx)
	if out.err != nil && (err == nil || !exitstatus.IsFailure(err)) {
		// The output is lost (a full disk): a failure, whether the
		// command said nothing of it or cobra passed it on as its own.
		fmt.Fprintln(stderr, "memweave: write standard output: "+app.clean(out.err.Error()))
		return 1
	}
	if err == nil {
		return 0
	}
	line, code := app.errorLine(err, cmd), exitstatus.Code(err)
	fmt.Fprintln(stderr, line)
	switch {
	case !wantsJSON(cmd, args, err):
	case cmd != nil && cmd.Annotations[jsonLines] != "":
		// One more line of the command's JSON lines.
		writeJSONLine(out, jsonError{Error: line, ExitStatus: code})
	case out.n == 0:
		// --json promises one JSON value on stdout: the result, or,
		// when the command failed before writing one, its error.
		writeJSON(out, jsonError{Error: line, ExitStatus: code})
	}
	return code
}

// jsonLines annotates a command whose --json output is JSON lines (one
// object a line, as they come): a failure after some is one more line.
const jsonLines = "json-lines"

// jsonError is the output of a --json command that fails before writing
// its result: the error line stderr gets, and the exit status.
type jsonError struct {
	Error      string `json:"error"`
	ExitStatus int    `json:"exit_status"`
}

// wantsJSON reports whether the command line that failed with err asks
// for --json output: cmd's --json flag as parsed when the command ran;
// after a usage error (an unknown command or flag, a flag given twice),
// whose flags may be parsed in part, the --json arguments before "--",
// when every one of them says true.
func wantsJSON(cmd *cobra.Command, args []string, err error) bool {
	if cmd != nil && exitstatus.IsFailure(err) {
		f := cmd.Flags().Lookup("json")
		return f != nil && f.Value.String() == "true"
	}
	want := false
	for _, a := range args {
		if a == "--" {
			break
		}
		name, v, set := strings.Cut(a, "=")
		if name != "--json" {
			continue
		}
		b, perr := strconv.ParseBool(v)
		if set && (perr != nil || !b) {
			return false
		}
		want = true
	}
	return want
}

// app holds the global flags and the output streams shared by the
// subcommands.
type app struct {
	// stdout is the text output, a [textWriter] on raw; raw is the
	// standard output as is (JSON, MCP, a note's text into a pipe);
	// stderr, the diagnostics, is a [textWriter] too.
	stdout, raw, stderr io.Writer

	workspace      string
	dbPath         string
	embedder       string
	embeddingModel string
	embeddingURL   string
	embeddingDims  int
	// apiKey is read from the environment; it is redacted from every
	// message the command prints.
	apiKey string
	// longLived is set by the commands that run until stopped (mcp,
	// watch): their Weave is no [memweave.Config.OneShot] one (its
	// searches drain a file watcher instead of scanning, and its index
	// keeps SQLite's full page cache, and the vector codes once searched).
	longLived bool
	// version is --version.
	version bool
}

func (a *app) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "memweave",
		Short: "Index and search Markdown memories",
		Long: `memweave indexes the Markdown files under a workspace's memory/ folder
and searches them by keyword and by vector similarity (lexical with the
offline default embedder, semantic with an OpenAI-compatible one).

The openai embedder reads its API key from MEMWEAVE_EMBEDDING_KEY or
OPENAI_API_KEY. Exit status: 0 success, 1 failure, 2 usage error.`,
		// Args is set so that cobra hands unknown commands to RunE, which
		// reports them as usage errors on one line.
		Args:                       cobra.ArbitraryArgs,
		RunE:                       a.runRoot,
		PersistentPreRunE:          a.checkGlobalFlags,
		SilenceUsage:               true,
		SilenceErrors:              true,
		CompletionOptions:          cobra.CompletionOptions{HiddenDefaultCmd: true},
		SuggestionsMinimumDistance: 2,
	}
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageErr("%s", flagform.Message(err)) })

	// --version is memweave's own flag, not cobra's Version: cobra
	// answers that before it checks arguments ("--version extra" exited 0).
	root.Flags().BoolVarP(&a.version, "version", "v", false, "version for memweave")
	pf := root.PersistentFlags()
	pf.StringVarP(&a.workspace, "workspace", "w", ".", "workspace `folder` holding memory/")
	pf.StringVar(&a.dbPath, "db", "", "index `file` (default <workspace>/.memweave/index.db)")
	pf.StringVar(&a.embedder, "embedder", "", "embedding provider: hash, openai, static or none (default: the workspace's memweave.json, else hash)")
	pf.StringVar(&a.embeddingModel, "embedding-model", "", "embedding `model` (required with --embedder openai unless memweave.json names it; with static, a model folder, default the built-in English model)")
	pf.StringVar(&a.embeddingURL, "embedding-url", "", "OpenAI-compatible endpoint `URL` (default https://api.openai.com/v1)")
	pf.IntVar(&a.embeddingDims, "embedding-dims", 0, "embedding vector size `N` (default: hash 384, openai the model's)")

	root.SetHelpCommand(a.helpCommand(root))
	root.AddCommand(
		a.initCommand(),
		a.configCommand(),
		a.indexCommand(),
		a.addCommand(),
		a.filesCommand(),
		a.statusCommand(),
		a.syncCommand(),
		a.searchCommand(),
		a.getCommand(),
		a.writeCommand(),
		a.appendCommand(),
		a.deleteCommand(),
		a.packCommand(),
		a.mcpCommand(),
		a.watchCommand(),
		a.checkCommand(),
		a.conflictsCommand(),
		a.changesCommand(),
		a.feedbackCommand(),
		a.resolveCommand(),
		a.consolidateCommand(),
		a.trustCommand(),
	)
	flagform.OneValue(root)
	return root
}

// runRoot runs when no subcommand matched: --version prints the
// version; with no arguments it prints the help; otherwise the first
// argument is an unknown command.
func (a *app) runRoot(cmd *cobra.Command, args []string) error {
	if a.version {
		if len(args) > 0 {
			return usageErr("--version takes no arguments, got %q", args[0])
		}
		// The MCP server reports the same string as serverInfo.version.
		_, err := fmt.Fprintf(cmd.OutOrStdout(), "memweave %s\n", mcpserver.Version())
		return err
	}
	if len(args) == 0 {
		cmd.SetOut(a.stderr)
		_ = cmd.Help()
		return usageErr("missing command")
	}
	msg := fmt.Sprintf("unknown command %q", args[0])
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		msg += fmt.Sprintf("; did you mean %q?", s[0])
	}
	return usageErr("%s", msg)
}

// helpCommand is "memweave help [COMMAND]": the help of the command
// named, or of memweave; an unknown command is a usage error, as it is
// without help (cobra's own would show memweave's help and exit 0).
func (a *app) helpCommand(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		RunE: func(_ *cobra.Command, args []string) error {
			target, rest, err := root.Find(args)
			if err != nil || target == root && len(args) > 0 {
				return a.runRoot(root, args)
			}
			if len(rest) > 0 {
				return usageErr("help takes one command, got %q after %q", rest[0], target.CommandPath())
			}
			return target.Help()
		},
	}
}

// staticEmbedder reports whether the embedder in effect is the static
// one: --embedder's, else the workspace's memweave.json's (a file that
// cannot be read is the command's own error to give).
func (a *app) staticEmbedder(cmd *cobra.Command) bool {
	if a.embedder != "" || a.workspace == "" {
		return a.embedder == "static"
	}
	s, err := memweave.ReadSettings(cmd.Context(), a.workspace)
	return err == nil && s != nil && s.Embedder.Provider == "static"
}

// checkGlobalFlags validates the global flags before any subcommand runs.
func (a *app) checkGlobalFlags(cmd *cobra.Command, _ []string) error {
	a.apiKey = memweave.EmbeddingKeyFromEnv()
	if err := embedflags.Check(a.embedder, a.embeddingDims, a.embeddingURL); err != nil {
		return err
	}
	if a.embeddingModel != "" && !filepath.IsAbs(a.embeddingModel) && a.staticEmbedder(cmd) {
		// A model folder is a path like --db's: relative to the current
		// folder. Recorded as given, memweave.json would name another
		// folder, or none, for a command run from elsewhere.
		abs, err := filepath.Abs(a.embeddingModel)
		if err != nil {
			return usageErr("invalid --embedding-model %q: %v", a.embeddingModel, err)
		}
		a.embeddingModel = abs
	}
	if a.workspace == "" {
		return usageErr("invalid --workspace %q: must not be empty", a.workspace)
	}
	if a.dbPath == "" && cmd.Flags().Changed("db") {
		return usageErr("invalid --db %q: must not be empty (leave it out for <workspace>/.memweave/index.db)", a.dbPath)
	}
	return notEmpty(cmd, "embedder", "embedding-model", "embedding-url")
}

// notEmpty refuses each flag of names given an empty value (or white
// space): a script's unset variable must not silently mean the flag left
// out, which reads another revision, endpoint or model than asked.
// A repeatable flag is refused when any one of its values is empty.
func notEmpty(cmd *cobra.Command, names ...string) error {
	for _, name := range names {
		f := cmd.Flags().Lookup(name)
		if f == nil || !f.Changed {
			continue
		}
		values := []string{f.Value.String()}
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			values = sv.GetSlice()
		}
		for _, v := range values {
			if strings.TrimSpace(v) == "" {
				return usageErr("invalid --%s %q: must not be empty (leave it out for the default)", name, v)
			}
		}
	}
	return nil
}

// openWeave opens the workspace the global flags describe. The caller
// closes it.
func (a *app) openWeave(cmd *cobra.Command) (*memweave.Weave, error) {
	return a.open(cmd, a.config())
}

// open opens the workspace with cfg, naming the flag at fault in its
// errors.
func (a *app) open(cmd *cobra.Command, cfg memweave.Config) (*memweave.Weave, error) {
	if cmd != nil && readCommands[cmd.Name()] && !a.longLived {
		oneshot.Start()
	}
	if err := a.checkWorkspace(); err != nil {
		return nil, err
	}
	if err := a.approveFlags(cmd.Context(), cfg); err != nil {
		return nil, err
	}
	w, err := memweave.Open(cmd.Context(), cfg)
	if err != nil {
		return nil, configUsageErr(err)
	}
	a.warnIgnored(w)
	for _, n := range w.Notices() {
		fmt.Fprintln(a.stderr, n)
	}
	return w, nil
}

// checkWorkspace reports a workspace flag that names no folder.
func (a *app) checkWorkspace() error {
	fi, err := os.Stat(a.workspace)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("workspace %s does not exist (set it with -w/--workspace)", a.workspace)
	case err != nil:
		return fmt.Errorf("workspace %s: %w", a.workspace, err)
	case !fi.IsDir():
		return fmt.Errorf("workspace %s is not a folder (set it with -w/--workspace)", a.workspace)
	}
	return nil
}

// config returns the library configuration the global flags describe.
func (a *app) config() memweave.Config {
	cfg := memweave.Config{
		Workspace: a.workspace,
		DBPath:    a.dbPath,
		// A command serves once and scans once; the MCP server's
		// searches drain a file watcher, and watch re-indexes for hours.
		OneShot: !a.longLived,
		// Unset flags are zero: the workspace's memweave.json, or the
		// defaults, fill them in.
		Embedder: memweave.EmbedderConfig{
			Provider: a.embedder,
			Model:    a.embeddingModel,
			BaseURL:  a.embeddingURL,
			Dims:     a.embeddingDims,
			APIKey:   a.apiKey,
		},
	}
	if a.longLived {
		cfg.RestartCommand = restartLine(os.Args)
	}
	return cfg
}

// creating returns the configuration of a command that writes a note:
// writing the first note creates the workspace's memory/ folder.
func (a *app) creating() memweave.Config {
	cfg := a.config()
	cfg.Create = true
	return cfg
}

// configUsageErr turns a configuration error about a field a flag sets
// into a usage error naming the flag; other errors pass through.
func configUsageErr(err error) error {
	var se *memweave.SettingsError
	if errors.As(err, &se) {
		if flag := configFlags[se.Field]; flag != "" {
			return usageErr("%s %v disagrees with %s %v in %s; to switch, run 'memweave config %s ...' (the next index re-embeds or re-chunks), or drop the flag",
				flag, se.Config, se.Setting, se.File, se.Path, flag)
		}
		return err
	}
	var ce *memweave.ConfigError
	if errors.As(err, &ce) {
		if flag := configFlags[ce.Field]; flag != "" {
			return usageErr("invalid %s: %v", flag, ce.Err)
		}
	}
	return err
}

// outlivePipeReaders keeps a long-lived command (mcp, watch) running
// when the reader of its stderr or stdout goes away: a Go program
// writing to a broken pipe there dies of SIGPIPE, mid-run, unless it
// asks for the signal. Asked for and never read, it leaves the write
// failing with EPIPE and the line lost. Not ignored (SIG_IGN), which git,
// run by sync, would inherit.
func outlivePipeReaders() {
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
}

// configFlagErr is the usage error of a settings value that cmd's flag
// set and [memweave.Settings.Validate] refused: "invalid --FLAG VALUE:
// why", as every flag's value error reads. Other errors go through
// [configUsageErr].
func configFlagErr(cmd *cobra.Command, err error) error {
	ce, ok := errors.AsType[*memweave.ConfigError](err)
	if !ok {
		return usageErr("%v", configUsageErr(err))
	}
	name := strings.TrimPrefix(configFlags[ce.Field], "--")
	f := cmd.Flags().Lookup(name)
	if f == nil || !f.Changed {
		return usageErr("%v", configUsageErr(err))
	}
	value := f.Value.String()
	if f.Value.Type() == "string" {
		value = strconv.Quote(value)
	}
	why := ce.Err.Error()
	if errors.Is(err, search.ErrUnknownFusion) {
		why = "want " + fusionMethods()
	} else if ve, ok := errors.AsType[*valueerr.Error](ce.Err); ok {
		why = ve.Rule // the value leads the message
	}
	return usageErr("invalid --%s %s: %s", name, value, why)
}

// fusionMethods lists the accepted fusion methods: "blend, keyword or
// vector".
func fusionMethods() string {
	names := make([]string, len(search.FusionMethods))
	for i, m := range search.FusionMethods {
		names[i] = string(m)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// reasonFor is the reason in err, a library's refusal of the flag value
// v, without the words before the value it quotes ("memfile: invalid
// source \"x\": why" gives "why"): the flag's error names the value first.
func reasonFor(err error, v string) string {
	msg := err.Error()
	if _, after, ok := strings.Cut(msg, strconv.Quote(v)); ok {
		return strings.TrimLeft(after, ": ")
	}
	return msg
}

// configFlags maps Config fields to the flags that set them.
var configFlags = map[string]string{
	"Workspace":         "--workspace",
	"DBPath":            "--db",
	"Embedder":          "--embedder",
	"Embedder.Provider": "--embedder",
	"Embedder.Model":    "--embedding-model",
	"Embedder.Dims":     "--embedding-dims",
	"Embedder.BaseURL":  "--embedding-url",
	"ChunkTokens":       "--chunk-tokens",
	"ChunkOverlap":      "--chunk-overlap",
	"Fusion":            "--fusion",
}

// The exit status rule, shared with memweave-bench: a usage error exits
// with 2, a failure of a command's body with 1.
var (
	usageErr = exitstatus.Usagef
	action   = exitstatus.Action
	noArgs   = exitstatus.NoArgs
)

// onePath accepts exactly one PATH argument for the command name; hint,
// when not empty, says where the rest comes from.
func onePath(name, hint string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) == 0:
			return usageErr("%s needs a PATH argument", name)
		case len(args) > 1:
			return usageErr("%s takes one PATH argument%s, got %d", name, hint, len(args))
		case args[0] == "":
			return usageErr("%s needs a PATH, got an empty argument", name)
		}
		return checkPathLen(name, "PATH", args[0])
	}
}

// checkPathLen refuses an argument (what: PATH, or PATH:FROM-TO) of the command name longer than
// the MCP tools take ([mcpserver.MaxPathBytes]), quoting only its first
// bytes: no memory file has such a name, and the error would print it
// whole, twice.
func checkPathLen(name, what, path string) error {
	if len(path) <= mcpserver.MaxPathBytes {
		return nil
	}
	head := path[:40]
	for !utf8.ValidString(head) {
		head = head[:len(head)-1]
	}
	return usageErr("%s: %s %q... is %d bytes, at most %d", name, what, head, len(path), mcpserver.MaxPathBytes)
}

// errorLine formats err as the one line printed on stderr: prefixed
// "memweave: ", the API key redacted, and for usage errors a pointer to
// the help of the command at fault.
func (a *app) errorLine(err error, cmd *cobra.Command) string {
	msg := a.clean(err.Error())
	if !exitstatus.IsFailure(err) && cmd != nil {
		if cmd.Name() == "help" && cmd.HasParent() {
			cmd = cmd.Parent() // help's usage errors are about the command named
		}
		msg += fmt.Sprintf(" (see '%s --help')", cmd.CommandPath())
	}
	return "memweave: " + msg
}

// clean makes a message from the library fit on one line under the
// command's own "memweave: " prefix, with the API key redacted and its
// control characters escaped (it may quote a file's name or text, or
// an argument, which must not drive the terminal).
func (a *app) clean(msg string) string {
	return embed.Redact(ctlesc.Message(msg), a.apiKey)
}

// outWriter is the standard output of a run: it keeps the first write
// error, so that a command whose output was lost does not exit 0.
type outWriter struct {
	w   io.Writer
	err error
	// n counts the bytes written.
	n int64
}

func (o *outWriter) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	o.n += int64(n)
	if err != nil && o.err == nil {
		o.err = err
	}
	return n, err
}

// textWriter is the output of the commands' text and diagnostics: each write
// has its control characters escaped ([ctlesc.Escape], keeping the layout), so
// that no note, name or settings value printed drives the terminal.
// JSON (its controls escaped by [writeJSON]) and MCP go to raw, the
// standard output as is.
type textWriter struct{ raw io.Writer }

// Write writes p with its control characters escaped and reports all
// of p written. Each call is escaped on its own: a caller writes whole
// strings (fmt, tabwriter's cells), never a character in two calls.
func (t textWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(t.raw, ctlesc.Escape(string(p), true)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// content returns where a note's text goes: on a terminal, the text
// writer (escaped, as every text output); into a pipe or a file, the
// standard output as is, so that get and pack copy the note byte for
// byte.
func (a *app) content() io.Writer {
	if isTerminal(a.raw) {
		return a.stdout
	}
	return a.raw
}

// warn prints warnings to stderr, one line each.
func (a *app) warn(warnings []memweave.Warning) {
	for _, w := range warnings {
		fmt.Fprintln(a.stderr, "memweave: warning: "+a.clean(w.Error()))
	}
}

// cleanAll returns warnings cleaned for output, never nil.
func (a *app) cleanAll(warnings []memweave.Warning) []string {
	out := make([]string, 0, len(warnings))
	for _, w := range warnings {
		out = append(out, a.clean(w.Error()))
	}
	return out
}

// finite rejects NaN and infinities in a float flag.
func finite(flag string, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return usageErr("invalid --%s %v: want a finite number", flag, v)
	}
	return nil
}

// checkExpectHash checks the --expect-hash flag of cmd, h: given, it must be
// the 64 hex digits of a SHA-256, as get --hash prints. An empty value
// is refused rather than read as no check: a script passing an unset
// variable asked for one, and would replace or delete the note unchecked.
func checkExpectHash(cmd *cobra.Command, h string) error {
	if !cmd.Flags().Changed("expect-hash") {
		return nil
	}
	if !memfile.ValidHash(strings.TrimSpace(h)) {
		return usageErr("invalid --expect-hash %q: want the 64 hex digits of the file's SHA-256, as get --hash prints", h)
	}
	return nil
}

// staleHash names --expect-hash h in err when the file did not hold the
// content of that hash (err wraps memweave.ErrChanged): the library's
// message says the file changed, not which flag it was checked against.
// Other errors, and any error when h is "", are returned as they are.
func staleHash(h string, err error) error {
	if h == "" || !errors.Is(err, memweave.ErrChanged) {
		return err
	}
	return fmt.Errorf("--expect-hash %s does not match the file any more: %w", h, err)
}

// closeWeave closes w and reports its error through *err when there was
// none before.
func closeWeave(w *memweave.Weave, err *error) {
	if cerr := w.Close(); cerr != nil && *err == nil {
		*err = cerr
	}
}

// writeJSON writes v to w as indented JSON, leaving <, > and & as they are.
func writeJSON(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(escapeJSONControls(b.Bytes()))
	return err
}

// writeJSONLine writes v to w as one line of JSON, leaving <, > and & as
// they are.
func writeJSONLine(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(escapeJSONControls(b.Bytes()))
	return err
}

// escapeJSONControls writes, in the JSON data, DEL and the C1 controls
// (U+0080 to U+009F), which encoding/json leaves as they are, and the
// bidirectional controls ([ctlesc.IsBidiControl]) as JSON escapes ("\u009b",
// "\u202e"): a terminal that reads U+009B as CSI would otherwise take
// a note's or a settings value's text for commands, and one that orders
// text both ways would reverse the rest of a line. The JSON value is the
// same; outside strings, JSON holds none of them.
func escapeJSONControls(data []byte) []byte {
	var out []byte
	last := 0
	for i := 0; i < len(data); i++ {
		if data[i] != 0x7f && data[i] != 0xc2 && data[i] != 0xe2 {
			continue // no DEL, nor the first byte of a C1 or bidi control
		}
		r, n := utf8.DecodeRune(data[i:])
		if r != 0x7f && !(r >= 0x80 && r < 0xa0) && !ctlesc.IsBidiControl(r) {
			continue
		}
		out = fmt.Appendf(append(out, data[last:i]...), `\u%04x`, r)
		i += n - 1
		last = i + 1
	}
	if out == nil {
		return data
	}
	return append(out, data[last:]...)
}

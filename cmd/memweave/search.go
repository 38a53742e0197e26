package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/internal/ctlesc"
	"github.com/memweave/memweave-go/internal/plural"
	"github.com/memweave/memweave-go/postprocess"
	"github.com/memweave/memweave-go/search"
)

// searchFlags are the flags of the search command.
type searchFlags struct {
	maxResults int
	minScore   float64
	sources    []string
	mode       string
	halfLife   float64
	lambda     float64
	now        string
	explain    bool
	asJSON     bool
	at         string // --at REV: search memory/ as of a git revision
	superseded string
	tags       []string // --tag T, repeatable: notes carrying every one
	expired    bool     // --include-expired
}

func (a *app) searchCommand() *cobra.Command {
	var f searchFlags
	cmd := &cobra.Command{
		Use:   "search QUERY",
		Short: "Search the memories",
		Long: `Search finds the chunks that best match QUERY, by keyword and by vector similarity,
after re-indexing files changed on disk. Several arguments are joined
into one query.

Temporal decay (--decay-half-life) and MMR diversity (--mmr-lambda) are
off unless their flag is given.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("search needs a QUERY argument")
			}
			return nil
		},
		RunE: action(func(cmd *cobra.Command, args []string) (err error) {
			opts, err := f.options(cmd)
			if err != nil {
				return err
			}
			cfg := a.config()
			// The search's freshness check is its first step (--at
			// searches a revision, not the files).
			cfg.ScanAtOpen = f.at == ""
			w, err := a.open(cmd, cfg)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			pre, err := indexWithProgress(cmd.Context(), w, newProgress(os.Stderr))
			if err != nil {
				return err
			}
			search := w.Search
			if f.at != "" {
				search = func(ctx context.Context, q string, o ...memweave.SearchOption) (*memweave.SearchResponse, error) {
					return w.SearchAt(ctx, f.at, q, o...)
				}
			}
			resp, err := search(cmd.Context(), strings.Join(args, " "), opts...)
			if err != nil {
				return queryUsage(err)
			}
			if len(pre) > 0 {
				resp.Warnings = append(pre, resp.Warnings...)
			}
			if f.asJSON {
				return writeJSON(a.raw, searchJSON(resp, f.explain))
			}
			a.warn(resp.Warnings)
			for _, h := range hiddenHints(resp.Hidden, resp.BestFilteredScore) {
				fmt.Fprintln(a.stderr, "memweave: "+h)
			}
			if h := f.decayedHint(cmd, w, resp.Results); h != "" {
				fmt.Fprintln(a.stderr, "memweave: "+h)
			}
			if len(resp.Results) == 0 {
				fmt.Fprintf(a.stderr, "memweave: no results for %q\n", preview(resp.Query, previewRunes))
				return nil
			}
			return printResults(a.stdout, resp.Query, resp.Results, f.explain)
		}),
	}
	fl := cmd.Flags()
	fl.IntVarP(&f.maxResults, "max-results", "n", 6, "number of results `N`")
	fl.Float64Var(&f.minScore, "min-score", 0.35, "drop results scoring below `F`, in [0,1] (the score before decay and front-matter curation: a result may show less)")
	fl.StringArrayVar(&f.sources, "source", nil, "search only this `source` (repeatable)")
	fl.StringVar(&f.mode, "mode", string(memweave.ModeHybrid), "retrieval `mode`: hybrid, keyword or vector")
	fl.Float64Var(&f.halfLife, "decay-half-life", 0, "enable temporal decay of dated files with this half-life in `DAYS` (off unless given; 30 is a month); --min-score applies before decay, so a result may score below it")
	fl.Float64Var(&f.lambda, "mmr-lambda", 0, "enable MMR re-ranking with lambda `L` in [0,1] (1 = relevance only; off unless given; 0.7 is usual)")
	fl.StringVar(&f.now, "now", "", "measure decay from this `YYYY-MM-DD` date instead of today")
	fl.BoolVar(&f.explain, "explain", false, "show how each score came about")
	fl.BoolVar(&f.asJSON, "json", false, "print the response as JSON")
	fl.StringVar(&f.at, "at", "", "search memory/ as of this git `REV` (a commit, branch or tag)")
	fl.StringVar(&f.superseded, "superseded", "mark", "passages a resolution in the files supersedes: `mark`, hide or off")
	fl.StringArrayVar(&f.tags, "tag", nil, "search only notes whose front matter has this `tag` (repeatable: every one)")
	fl.BoolVar(&f.expired, "include-expired", false, "keep notes whose front matter expires date is past")
	return cmd
}

// progressStaleFiles is how many files must need indexing before search
// indexes them first with the index command's progress bar: below it, the
// sync inside the search is quick enough to run silently.
const progressStaleFiles = 200

// indexFirst reports whether search should run an index with a progress
// bar before searching: only on a terminal, and only for a large backlog.
func indexFirst(terminal bool, staleFiles int) bool {
	return terminal && staleFiles > progressStaleFiles
}

// indexWithProgress indexes w with bar, as the index command does, when
// bar is drawn (stderr is a terminal) and many files are stale, and
// returns the run's warnings for the search response. A nil bar costs
// nothing.
func indexWithProgress(ctx context.Context, w *memweave.Weave, bar *progress) ([]memweave.Warning, error) {
	if bar == nil {
		return nil, nil
	}
	st, err := w.Status(ctx)
	if err != nil || !indexFirst(true, st.StaleFiles) {
		return nil, err
	}
	res, err := w.Index(ctx, memweave.Progress(bar.update))
	bar.finish()
	if err != nil {
		return nil, err
	}
	return res.Warnings, nil
}

// supersededFlag checks the --superseded of search and pack and returns
// its option.
func supersededFlag(mode string) (memweave.SearchOption, error) {
	switch mode {
	case "mark", "hide", "off":
		return memweave.Superseded(mode), nil
	}
	return nil, usageErr("invalid --superseded %q: want mark, hide or off", mode)
}

// queryUsage turns the library's error for a blank query or one past
// [memweave.MaxQueryBytes] into a usage error with the library's own
// words; other errors pass through.
func queryUsage(err error) error {
	switch {
	case errors.Is(err, memweave.ErrEmptyQuery):
		return usageErr("%w", memweave.ErrEmptyQuery)
	case errors.Is(err, memweave.ErrQueryTooLong):
		return usageErr("%w", err)
	}
	return err
}

// options validates the flags and turns the ones given into search
// options; flags left unset keep the library's defaults.
func (f *searchFlags) options(cmd *cobra.Command) ([]memweave.SearchOption, error) {
	set := cmd.Flags().Changed
	if err := notEmpty(cmd, "at"); err != nil {
		return nil, err
	}
	if p := history.RevisionProblem(f.at); set("at") && p != "" {
		return nil, usageErr("invalid --at %q: %s", f.at, p)
	}
	var opts []memweave.SearchOption
	if set("max-results") {
		if f.maxResults <= 0 {
			return nil, usageErr("invalid --max-results %d: must be positive", f.maxResults)
		}
		opts = append(opts, memweave.MaxResults(f.maxResults))
	}
	if set("min-score") {
		if err := finite("min-score", f.minScore); err != nil {
			return nil, err
		}
		if f.minScore < 0 || f.minScore > 1 {
			return nil, usageErr("invalid --min-score %g: must be in [0,1]", f.minScore)
		}
		opts = append(opts, memweave.MinScore(f.minScore))
	}
	if len(f.sources) > 0 {
		for _, s := range f.sources {
			if s == "" {
				return nil, usageErr("invalid --source %q: must not be empty", s)
			}
		}
		opts = append(opts, memweave.Sources(f.sources...))
	}
	for _, t := range f.tags {
		if strings.TrimSpace(t) == "" {
			return nil, usageErr("invalid --tag %q: must not be empty", t)
		}
	}
	if len(f.tags) > 0 {
		opts = append(opts, memweave.Tags(f.tags...))
	}
	if f.expired {
		opts = append(opts, memweave.IncludeExpired())
	}
	switch m := memweave.Mode(f.mode); m {
	case memweave.ModeHybrid, memweave.ModeKeyword, memweave.ModeVector:
		opts = append(opts, memweave.SearchMode(m))
	default:
		return nil, usageErr("invalid --mode %q: want hybrid, keyword or vector", f.mode)
	}
	if set("decay-half-life") {
		if err := finite("decay-half-life", f.halfLife); err != nil {
			return nil, err
		}
		if f.halfLife <= 0 {
			return nil, usageErr("invalid --decay-half-life %g: must be a positive number of days", f.halfLife)
		}
		opts = append(opts, memweave.Decay(f.halfLife))
	}
	if set("mmr-lambda") {
		if err := finite("mmr-lambda", f.lambda); err != nil {
			return nil, err
		}
		if f.lambda < 0 || f.lambda > 1 {
			return nil, usageErr("invalid --mmr-lambda %g: must be in [0,1]", f.lambda)
		}
		opts = append(opts, memweave.MMR(f.lambda))
	}
	if set("superseded") {
		opt, err := supersededFlag(f.superseded)
		if err != nil {
			return nil, err
		}
		opts = append(opts, opt)
	}
	if set("now") {
		t, err := time.ParseInLocation(time.DateOnly, f.now, time.UTC)
		if err != nil {
			return nil, usageErr("invalid --now %q: want a date YYYY-MM-DD", f.now)
		}
		opts = append(opts, memweave.Now(t))
	}
	return opts, nil
}

// hiddenHints says what a search's filters left out (h), each with the
// flag that shows it; best is the best score below the threshold, and a
// negative best leaves the threshold's hint out (pack has no --min-score).
func hiddenHints(h memweave.Hidden, best float64) []string {
	var out []string
	// Below a best of 0.001 no threshold but 0 shows it, and that one
	// shows the passages sharing nothing with the query too.
	if show, ok := postprocess.ShowingBest(best); h.BelowThreshold > 0 && ok {
		n := h.BelowThreshold
		out = append(out, fmt.Sprintf("%s below --min-score (best %.3f); --min-score %.3f shows %s",
			plural.Count(n, "more passage"), best, show, plural.Verb(n, "it", "the best")))
	}
	if n := h.Expired; n > 0 {
		out = append(out, fmt.Sprintf("%s of expired notes hidden; --include-expired shows %s", plural.Count(n, "matching passage"), plural.Verb(n, "it", "them")))
	}
	if n := h.Superseded; n > 0 {
		out = append(out, fmt.Sprintf("%s hidden; --superseded mark shows %s", plural.Count(n, "superseded passage"), plural.Verb(n, "it", "them")))
	}
	return out
}

// decayedHint says how many of results decay brought under the minimum
// score the search ran with (the threshold comes before decay, so they
// are shown), or "" when none or decay is off.
func (f *searchFlags) decayedHint(cmd *cobra.Command, w *memweave.Weave, results []memweave.Result) string {
	if f.halfLife <= 0 {
		return ""
	}
	min := f.minScore
	if m := w.Config().MinScore; m != nil && !cmd.Flags().Changed("min-score") {
		min = *m
	}
	n := postprocess.DecayedBelow(results, min)
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%s shown %s below --min-score %.3f after decay, which comes after the threshold",
		plural.Count(n, "result"), plural.Verb(n, "scores", "score"), min)
}

// searchJSON returns resp as search --json prints it: the library's
// wire type, with each result's score breakdown only when explain is set.
func searchJSON(resp *memweave.SearchResponse, explain bool) *memweave.SearchResponse {
	if !explain {
		for i := range resp.Results {
			resp.Results[i].Explain = search.Explain{}
		}
	}
	return resp
}

// previewRunes is the length of the one-line snippet preview.
const previewRunes = 100

// indent lines up preview and explain lines under the path.
const indent = "       "

// printResults prints each result as a header line, "score  path:start-end
// [source]", then a one-line preview of its snippet, centred on the lines
// that match query, and, with explain, the score breakdown.
func printResults(w io.Writer, query string, results []memweave.Result, explain bool) error {
	terms := search.QueryTerms(query)
	var b strings.Builder
	for i, r := range results {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%.3f  %s:%d-%d  [%s]\n", r.Score, r.Path, r.StartLine, r.EndLine, r.Source)
		b.WriteString(indent + preview(search.Snippet(r.Snippet, terms, previewRunes), previewRunes) + "\n")
		if r.SupersededBy != nil {
			fmt.Fprintf(&b, "%ssuperseded by %s\n", indent, keptRef(*r.SupersededBy))
		}
		if explain {
			writeExplain(&b, r.Explain)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// preview flattens s onto one line, escapes its control characters
// (a note's text must not drive the terminal that prints it), and cuts
// it to at most n runes.
func preview(s string, n int) string {
	s = ctlesc.Line(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	// Cut after n-1 runes, then back to the start of the character
	// there, so that no letter loses its accent nor emoji its parts.
	i := 0
	for range n - 1 {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	for i > 0 && !search.CharStart(s, i) {
		i--
	}
	return strings.TrimRight(s[:i], " ") + "…"
}

// writeExplain writes the score breakdown of one result.
func writeExplain(b *strings.Builder, e search.Explain) {
	line := func(label, format string, args ...any) {
		fmt.Fprintf(b, "%s%-8s %s\n", indent, label+":", fmt.Sprintf(format, args...))
	}
	if e.BM25 != nil {
		text := "-"
		if e.TextScore != nil {
			text = fmt.Sprintf("%.3f", *e.TextScore)
		}
		line("keyword", "bm25 %.3f, text score %s", *e.BM25, text)
	} else {
		line("keyword", "no match")
	}
	if e.Cosine != nil {
		line("vector", "cosine %.3f", *e.Cosine)
	} else {
		line("vector", "not scored")
	}
	line("fusion", "%s %.3f, threshold %.2f", e.Fusion, e.Fused, e.Threshold)
	if e.Decay != nil {
		line("decay", "x%.3f (dated %s)", *e.Decay, e.FileDate)
	}
	if e.RankBeforeMMR > 0 {
		line("mmr", "rank %d -> %d", e.RankBeforeMMR, e.RankAfterMMR)
	}
	if e.Superseded != "" {
		line("supersede", "%s", e.Superseded)
	}
	for _, p := range e.Processors {
		line(p.Name, "%.3f -> %.3f, rank %d -> %d", p.ScoreBefore, p.ScoreAfter, p.RankBefore, p.RankAfter)
	}
}

// keptRef names the line a superseded result's resolution keeps,
// "PATH:LINE", or says the line is no longer there (line 0: its text
// was edited, or its note removed).
func keptRef(r memweave.Ref) string {
	if r.StartLine == 0 {
		return r.Path + " (the line kept is no longer there)"
	}
	return fmt.Sprintf("%s:%d", r.Path, r.StartLine)
}

package main

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/warnonce"
	"github.com/memweave/memweave-go/watcher"
)

func (a *app) watchCommand() *cobra.Command {
	var (
		debounce, poll time.Duration
		asJSON         bool
	)
	cmd := &cobra.Command{
		Use:   "watch",
		Short: "Keep the index up to date as files change",
		Long: `Watch re-indexes Markdown files as they are saved, created, renamed or
deleted, until interrupted (Ctrl-C). It prints one line per re-indexed or
removed file on stderr; with --json, one JSON object a line on stdout
instead ({"event": "indexed", "removed" or "warning", "path", "error"}).
When the operating system's file events are
unavailable it falls back to scanning the files every --poll-interval.`,
		Args: noArgs,
		RunE: action(func(cmd *cobra.Command, _ []string) (err error) {
			// An unset flag is zero and means the default; a zero given
			// would silently mean the default too.
			set := cmd.Flags().Changed
			if debounce < 0 || set("debounce") && debounce == 0 {
				return usageErr("invalid --debounce %v: must be positive", debounce)
			}
			if poll < 0 || set("poll-interval") && poll == 0 {
				return usageErr("invalid --poll-interval %v: must be positive", poll)
			}
			// A watcher re-indexes until interrupted: it reads the same
			// index pages again and again, unlike a one-shot command.
			a.longLived = true
			// Its lines are a log: the index is the work.
			outlivePipeReaders()
			w, err := a.openWeave(cmd)
			if err != nil {
				return err
			}
			defer closeWeave(w, &err)
			ctx, cancel := context.WithCancel(cmd.Context())
			defer cancel()
			out := &lockedWriter{w: a.stderr}
			events := &lockedWriter{w: a.raw}
			var lines watchLines
			opts := []memweave.WatchOption{
				memweave.OnChange(func(ev memweave.WatchEvent) {
					line, ok := lines.of(ev, a.clean)
					switch {
					case ok && asJSON:
						events.printJSON(watchEventOf(ev, a.clean))
					case ok:
						out.println(line)
					}
				}),
				memweave.OnState(func(state memweave.WatchState, err error) {
					switch state {
					case memweave.WatchActive:
						out.println("watching " + w.Config().Workspace)
					case memweave.WatchPolling:
						msg := "file events unavailable"
						if err != nil {
							msg += " (" + a.clean(err.Error()) + ")"
						}
						out.println(fmt.Sprintf("memweave: warning: %s; scanning every %v", msg, pollOrDefault(poll)))
					case memweave.WatchFailed:
						cancel() // Close reports the error
					}
				}),
			}
			if debounce > 0 {
				opts = append(opts, memweave.Debounce(debounce))
			}
			if poll > 0 {
				opts = append(opts, memweave.PollInterval(poll))
			}
			if err = w.Watch(ctx, opts...); err != nil {
				return err
			}
			<-ctx.Done()
			return nil
		}),
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print each file indexed or removed, and each warning, as one JSON object a line on stdout")
	cmd.Annotations = map[string]string{jsonLines: "true"}
	cmd.Flags().DurationVar(&debounce, "debounce", 0, "wait this long after the last change before re-indexing (default 1.5s)")
	cmd.Flags().DurationVar(&poll, "poll-interval", 0, "scan period when file events are unavailable (default 5s)")
	return cmd
}

// watchLines turns watch's events into its lines. A failed run reports
// its error for each note, and each retry again: a warning is printed
// once while the failures read alike (but for their numbers: the free
// space a full disk's hold names moves with every tick), until another
// line is.
type watchLines struct {
	failures warnonce.Guard
}

// of returns the line of ev, its error cleaned by clean, and whether to
// print it.
func (l *watchLines) of(ev memweave.WatchEvent, clean func(string) string) (string, bool) {
	switch {
	case ev.Err != nil:
		return "memweave: warning: " + clean(ev.Err.Error()), l.failures.Failed(ev.Err)
	case ev.Removed:
		l.failures.Succeeded()
		return "removed " + ev.Path, true
	}
	l.failures.Succeeded()
	return "indexed " + ev.Path, true
}

// A watchEvent is a line of watch --json.
type watchEvent struct {
	// Event is "indexed", "removed" or "warning".
	Event string `json:"event"`
	// Path is the file's workspace-relative path.
	Path string `json:"path,omitempty"`
	// Error is the warning's text.
	Error string `json:"error,omitempty"`
}

// watchEventOf returns the watchEvent of ev, its error cleaned by clean.
func watchEventOf(ev memweave.WatchEvent, clean func(string) string) watchEvent {
	switch {
	case ev.Err != nil:
		return watchEvent{Event: "warning", Path: ev.Path, Error: clean(ev.Err.Error())}
	case ev.Removed:
		return watchEvent{Event: "removed", Path: ev.Path}
	}
	return watchEvent{Event: "indexed", Path: ev.Path}
}

// pollOrDefault returns the effective poll interval.
func pollOrDefault(d time.Duration) time.Duration {
	if d == 0 {
		return watcher.DefaultPollInterval
	}
	return d
}

// lockedWriter serialises whole lines from the watcher's goroutine and
// the command's.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) println(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintln(l.w, s)
}

// printJSON writes v as one line of JSON.
func (l *lockedWriter) printJSON(v any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	writeJSONLine(l.w, v)
}

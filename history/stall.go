package history

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync/atomic"
	"time"
)

// ErrStalled is wrapped by the error of [Git] when git wrote nothing for
// GitOptions.StallTimeout: a remote that stopped sending mid-transfer.
var ErrStalled = errors.New("history: git made no progress")

// stallWatch stops a git command that writes nothing, on its standard
// output or error, for d: run's goroutine is started by watchStall and
// stopped, and waited for, by stop.
type stallWatch struct {
	d      time.Duration
	start  time.Time
	last   atomic.Int64 // time.Since(start) of the last write, in ns
	fired  atomic.Bool
	cancel context.CancelFunc
	quit   chan struct{}
	done   chan struct{}
}

// watchStall starts watching; cancel stops git when it stalls.
func watchStall(d time.Duration, cancel context.CancelFunc) *stallWatch {
	w := &stallWatch{d: d, start: time.Now(), cancel: cancel, quit: make(chan struct{}), done: make(chan struct{})}
	go w.run()
	return w
}

func (w *stallWatch) run() {
	defer close(w.done)
	t := time.NewTimer(w.d)
	defer t.Stop()
	for {
		select {
		case <-w.quit:
			return
		case <-t.C:
			idle := time.Since(w.start) - time.Duration(w.last.Load())
			if idle >= w.d {
				w.fired.Store(true)
				w.cancel()
				return
			}
			t.Reset(w.d - idle)
		}
	}
}

// stop ends the watch and reports whether it stopped git.
func (w *stallWatch) stop() bool {
	close(w.quit)
	<-w.done
	return w.fired.Load()
}

// wrap returns a writer to dst that marks each write as progress.
func (w *stallWatch) wrap(dst io.Writer) io.Writer { return &progressWriter{w: w, dst: dst} }

type progressWriter struct {
	w   *stallWatch
	dst io.Writer
}

func (p *progressWriter) Write(b []byte) (int, error) {
	if len(b) > 0 {
		p.w.last.Store(int64(time.Since(p.w.start)))
	}
	return p.dst.Write(b)
}

// withoutProgress is git's standard error without its progress lines
// ("Receiving objects: 40% (2/5)", "remote: Counting objects: ...", each
// redrawn after a carriage return), which a command asked for progress
// (--progress) writes beside its messages. Any other text between
// carriage returns stays, the returns with it (escaped when printed): a
// remote's message must not hide behind one.
func withoutProgress(msg string) string {
	var lines []string
	for _, line := range strings.Split(msg, "\n") {
		var kept []string
		for _, part := range strings.Split(line, "\r") {
			l := strings.TrimPrefix(strings.TrimSpace(part), "remote: ")
			if strings.Contains(l, "objects: ") || strings.Contains(l, "deltas: ") || strings.HasPrefix(l, "Total ") || l == "" {
				continue
			}
			kept = append(kept, part)
		}
		if len(kept) > 0 {
			lines = append(lines, strings.Join(kept, "\r"))
		}
	}
	return strings.Join(lines, "\n")
}

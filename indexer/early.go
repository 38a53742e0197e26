package indexer

import (
	"github.com/memweave/memweave-go/workspace"
)

// earlyScan is the workspace scan [Open] starts for the first freshness
// check of an engine opened with [Options.ScanAtOpen], while the index
// opens: in a process that opens, searches once and exits, the scan's
// system calls then run beside the opening's, which uses one core, and
// not beside the search's reads, which use every core.
type earlyScan struct {
	done  chan struct{}
	files []workspace.File
	warns []error
	err   error
}

// startEarlyScan starts the scan of e's workspace the first freshness
// check takes ([Engine.takeEarlyScan]). [Engine.Close] waits for it.
func (e *Engine) startEarlyScan() {
	s := &earlyScan{done: make(chan struct{})}
	e.earlyMu.Lock()
	e.early = s
	e.earlyMu.Unlock()
	e.scans.Go(func() {
		defer close(s.done)
		s.files, s.warns, s.err = e.scan()
	})
}

// takeEarlyScan returns the scan [Open] started, once, or nil: none was
// started, a check took it, or an index run dropped it
// ([Engine.dropEarlyScan]).
func (e *Engine) takeEarlyScan() *earlyScan {
	e.earlyMu.Lock()
	defer e.earlyMu.Unlock()
	s := e.early
	e.early = nil
	return s
}

// dropEarlyScan drops the scan [Open] started: an index run of this
// engine may change the files it saw, so no check may take it after one.
func (e *Engine) dropEarlyScan() { e.takeEarlyScan() }

// scan walks the workspace and its extra paths, as they may be used
// now: the scan of a [Diff].
func (e *Engine) scan() ([]workspace.File, []error, error) {
	extra, dropped := e.extraPaths()
	files, warns, err := e.scanner.Discover(e.opts.Root, extra)
	return files, append(dropped, warns...), err
}

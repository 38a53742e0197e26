package freshness

import "github.com/memweave/memweave-go/watcher"

// Mode returns how a handle's searches find files changed on disk:
// "off" (its searches do not look), "scan" (they stat-scan the
// workspace; reason says why) or "events" (they drain the watcher in
// slot). oneShot is a handle that serves one command; startOnDemand
// starts the handle's watcher when it is due and reports whether one
// runs, and is called only when neither off nor a one-shot handle
// without a running watcher settles the answer.
func Mode(off, oneShot bool, startOnDemand func() bool, slot *watcher.Slot) (mode, reason string) {
	switch {
	case off:
		return "off", ""
	case oneShot && !slot.Running():
		return "scan", "one-shot handle: each command scans once"
	case !startOnDemand():
		return "scan", "no file watcher runs"
	case slot.State() == watcher.Polling:
		reason := "file events unavailable"
		if err := slot.Reason(); err != nil {
			reason += ": " + err.Error()
		}
		return "scan", reason
	}
	return "events", ""
}

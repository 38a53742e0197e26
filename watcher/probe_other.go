//go:build !linux

package watcher

import "errors"

// newProbe has no probe to give off Linux: every Sync waits for its
// barrier's event.
func newProbe(func(name string, created bool) (string, bool)) (probe, error) {
	return nil, errors.New("watcher: no probe on this system")
}

// Package oneshot holds the process-wide settings of a process that opens
// a workspace, reads once and exits: the memweave CLI's read commands and
// memweave-bench's cold search child, which measures them. Keeping them
// here keeps the benchmark's fresh process and the CLI's the same. It is
// internal: the library never changes process-wide settings.
package oneshot

import (
	"os"
	"runtime/debug"
)

// GCPercent is the collector's target of a one-shot read: a search loads
// the index's vector codes and file rows into a heap that starts small,
// and the default target (100) would collect several times while it
// grows, for memory the exit frees anyway. Commands that write or index
// keep the default, which bounds the heap of a long run over a large
// workspace.
const GCPercent = 400

// Start readies the process for a one-shot read: the collector's target
// becomes GCPercent, unless the GOGC environment variable says otherwise,
// and on Linux the heap's next few MiB are advised for transparent huge
// pages (see hugeHeap). Call it once, before the workspace is opened.
func Start() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(GCPercent)
	}
	hugeHeap()
}

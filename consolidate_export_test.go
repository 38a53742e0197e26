package memweave

// SetAfterGroupCheck sets the hook [Weave.ApplyConsolidation] runs
// between checking a group and changing its files, for tests that force
// a write into that window; nil removes it.
func SetAfterGroupCheck(f func(DuplicateGroup)) { afterGroupCheck = f }

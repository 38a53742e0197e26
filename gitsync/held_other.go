//go:build !linux

package gitsync

// heldOpen reports whether a process may have the file at path open.
// Where it cannot tell, it says so: there, git does not die with the
// sync that started it either, so no lock is taken for a killed sync's.
func heldOpen(string) bool { return true }

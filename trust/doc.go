// Package trust decides which of a workspace's settings need the
// approval of this machine's user, and records the approvals.
//
// A workspace's memweave.json travels with its memories, so whoever
// clones a workspace runs with settings a stranger wrote. The settings
// that reach outside memory/ or send data off the machine (an extra
// path outside memory/, in the workspace too, where files git does not
// share would be read; an embedding server; a model
// folder outside the workspace) take effect only once approved here:
// [Needed] names them among the values a settings file supplied,
// [Withhold] leaves the unapproved ones off, and [Blocked] stands for an
// embedder that may not be called yet. Values a program sets itself need
// no approval: setting them is the approval.
//
// Approvals live in the user's configuration folder, which a clone does
// not carry, keyed by the workspace's real path and holding the exact
// values approved: a later change to a value needs a new approval, as
// with git's safe.directory or direnv's allow.
package trust

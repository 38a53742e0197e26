// Package trust records which of a workspace's settings the user of this
// machine approved.
//
// A workspace's memweave.json travels with its memories, so whoever
// clones a workspace runs with settings a stranger wrote. The settings
// that reach outside the workspace or send data off the machine (an
// extra path outside the workspace root, an embedding server, a model
// folder outside the workspace) take effect only once approved here.
// Approvals live in the user's configuration folder, which a clone does
// not carry, keyed by the workspace's real path and holding the exact
// values approved: a later change to a value needs a new approval, as
// with git's safe.directory or direnv's allow.
package trust

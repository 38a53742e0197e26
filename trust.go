package memweave

import (
	"context"

	"github.com/memweave/memweave-go/settings"
	"github.com/memweave/memweave-go/trust"
)

// ErrNotApproved is wrapped by the error of an embedder the settings
// file names but this machine's user has not approved ([ApproveSettings]).
var ErrNotApproved = trust.ErrNotApproved

// Approval is a value of the settings file that takes effect only once
// approved on this machine; see [trust.Item].
type Approval = trust.Item

// ApproveCommand is the command that approves a workspace's settings.
const ApproveCommand = trust.ApproveCommand

// approvals returns the values of c that the settings file filled in
// and that need approval (see [trust.Needed]).
func (c *Config) approvals(filled settings.Filled) []Approval {
	return trust.Needed(c.Workspace, SettingsOf(*c), c.Embedder.Custom != nil, filled)
}

// withoutUnapproved drops the extra paths among ignored from c and
// reports whether the embedder is to be blocked (see [trust.Withhold]).
func (c *Config) withoutUnapproved(ignored []Approval) (blockEmbedder bool) {
	c.ExtraPaths, blockEmbedder = trust.Withhold(c.ExtraPaths, ignored)
	return blockEmbedder
}

// ApprovalsOf returns the values of c that would need approval had they
// come from a settings file: what a program approves on this machine
// for its user when the user set them (the CLI does for its flags).
func ApprovalsOf(c Config) []Approval {
	_ = c.pathDefaults() // an error leaves Workspace as given
	return c.approvals(settings.Everything())
}

// Ignored returns the values of the settings file that this Weave ignores
// because this machine's user has not approved them ([ApproveSettings]).
func (w *Weave) Ignored() []Approval { return append([]Approval(nil), w.ignored...) }

// SettingsApprovals returns the values of the settings file that need
// approval on this machine, and those not approved yet; see [trust.Pending].
func SettingsApprovals(ctx context.Context, workspace string) (all, unapproved []Approval, err error) {
	return trust.Pending(ctx, workspace)
}

// ApproveSettings approves, for this machine's user, the exact values of
// the workspace's settings file that need it, and returns them; see
// [trust.ApproveFile].
func ApproveSettings(ctx context.Context, workspace string) ([]Approval, error) {
	return trust.ApproveFile(ctx, workspace)
}

package memweave

import (
	"context"

	"github.com/memweave/memweave-go/settings"
	"github.com/memweave/memweave-go/trust"
)

// SettingsFile is the name of the workspace's settings file, memweave.json
// beside memory/: what the index is built with and the fusion, shared by
// every program that opens the workspace; see package settings.
const SettingsFile = settings.FileName

// Errors of the settings file.
var (
	// ErrSettingsMismatch is wrapped by the error of [Open] when a Config
	// field disagrees with the settings file, and by the warning (and
	// [Weave.Index] error) about an index of another embedder. The
	// settings change only with [WriteSettings] (`memweave config`).
	ErrSettingsMismatch = settings.ErrMismatch
	// ErrSettingsFile is wrapped by the error of a settings file that is
	// not a regular file inside the workspace, or is too large.
	ErrSettingsFile = settings.ErrRefused
)

// The settings file's types, defined in package settings.
type (
	// Settings are the contents of the [SettingsFile]; a zero field is unset.
	Settings = settings.File
	// EmbedderSettings are the settings of [Config.Embedder] that identify
	// the embedding space; the API key is never among them.
	EmbedderSettings = settings.Embedder
	// FusionSettings are the settings of [Config.Fusion] a workspace may fix.
	FusionSettings = settings.Fusion
	// SettingsFieldError is the error of a value of the settings file out
	// of range: it names the file, the setting and its line.
	SettingsFieldError = settings.FieldError
	// SettingsError is the error of a Config field that disagrees with the
	// settings file. It wraps [ErrSettingsMismatch].
	SettingsError = settings.MismatchError
)

// ReadSettings returns the settings file of the workspace, or nil and no
// error when it has none; see [settings.Read].
func ReadSettings(ctx context.Context, workspace string) (*Settings, error) {
	return settings.Read(ctx, workspace)
}

// WriteSettings replaces the workspace's settings file with s,
// atomically; see [settings.Write]. The next [Weave.Index] re-embeds or
// re-chunks what the new settings change.
func WriteSettings(ctx context.Context, workspace string, s Settings) error {
	return settings.Write(ctx, workspace, s)
}

// SettingsOf returns the settings that record c: the identity of its
// index (embedder, chunking, extra paths) and its fusion when set.
func SettingsOf(c Config) Settings {
	return settings.Of(c.Embedder, c.ChunkTokens, c.ChunkOverlap, c.ExtraPaths, c.Fusion.Method)
}

// applySettings fills the fields of c left unset from s, the settings
// file at path, and reports which it filled; a set field that disagrees
// with s is a [SettingsError] (see [settings.Merge]).
func (c *Config) applySettings(s *Settings, path string) (settings.Filled, error) {
	m, filled, err := settings.Merge(SettingsOf(*c), c.Embedder.Custom != nil, s, path)
	if err != nil {
		return filled, err
	}
	c.useSettings(m)
	return filled, nil
}

// useSettings sets the fields of c that s records: the inverse of
// [SettingsOf].
func (c *Config) useSettings(s Settings) {
	s.Embedder.ApplyTo(&c.Embedder)
	c.ChunkTokens, c.ChunkOverlap, c.ExtraPaths = s.ChunkTokens, s.ChunkOverlap, s.ExtraPaths
	if s.Fusion != nil {
		c.Fusion.Method = s.Fusion.Method
	}
}

// Settings returns the settings that record this Weave's effective
// configuration, as [Weave.Index] writes them to a workspace without a
// settings file.
func (w *Weave) Settings() Settings {
	s := SettingsOf(w.cfg)
	if w.cfg.Embedder.Custom != nil {
		s.Embedder = EmbedderSettings{}
	}
	return s
}

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

// Notices returns what [Open] found that a program should tell its user,
// as it logged them on [Config.Logger]: an index made for another memory
// folder (one copied in with the workspace), whose notes are being
// indexed again.
func (w *Weave) Notices() []string { return append([]string(nil), w.notices...) }

// SettingsApprovals returns the values of the settings file that need
// approval on this machine, and those not approved yet; see [trust.Pending].
func SettingsApprovals(ctx context.Context, workspace string) (all, unapproved []Approval, err error) {
	return trust.Pending(ctx, workspace)
}

// ApproveSettings approves, for this machine's user, the exact values of
// the workspace's settings file that need it, and returns them; when
// 'memweave trust --list' showed them since the last approval, only if
// they are still what it showed; see [trust.ApproveFile].
func ApproveSettings(ctx context.Context, workspace string) ([]Approval, error) {
	return trust.ApproveFile(ctx, workspace, "")
}

package memweave

import (
	"cmp"
	"context"
	"fmt"
	"path/filepath"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/trust"
	wspace "github.com/memweave/memweave-go/workspace"
)

// ErrNotApproved is wrapped by the error of an embedder the workspace's
// settings file names but this machine's user has not approved (see
// [ApproveSettings]).
var ErrNotApproved = trust.ErrNotApproved

// Approval is a value of the workspace's settings file that takes effect
// only once approved on this machine: an extra path outside the
// workspace, an embedding server, a model folder outside the workspace.
type Approval = trust.Item

// ApproveCommand is the command that approves a workspace's settings, as
// messages name it.
const ApproveCommand = "memweave trust"

// approvals returns the values of c that the settings file filled in
// (filled, from [Config.applySettings]) and that need approval: they
// reach outside the workspace or send data off the machine. Values the
// caller set itself need none: setting them is the approval.
func (c *Config) approvals(filled map[string]string) []Approval {
	var out []Approval
	if _, ok := filled["ExtraPaths"]; ok {
		for _, p := range c.ExtraPaths {
			abs := p
			if !filepath.IsAbs(abs) {
				abs = filepath.Join(c.Workspace, p)
			}
			if in, err := wspace.Inside(c.Workspace, abs); err != nil || !in {
				out = append(out, Approval{Setting: "extra_paths", Value: p,
					Why: "outside the workspace: its Markdown files would be indexed and served"})
			}
		}
	}
	e := c.Embedder
	_, provider := filled["Embedder.Provider"]
	_, baseURL := filled["Embedder.BaseURL"]
	_, model := filled["Embedder.Model"]
	switch {
	case e.Custom != nil:
	case e.Provider == "openai" && (baseURL || provider && e.BaseURL == ""):
		url := e.BaseURL
		if url == "" {
			url = embed.DefaultOpenAIBaseURL
		}
		out = append(out, Approval{Setting: "embedder.base_url", Value: url,
			Why: "would receive the text of every note and query, and the API key"})
	case e.Provider == "static" && model && e.Model != "":
		abs, err := filepath.Abs(e.Model)
		if in, ierr := wspace.Inside(c.Workspace, abs); err != nil || ierr != nil || !in {
			out = append(out, Approval{Setting: "embedder.model", Value: e.Model,
				Why: "a model folder outside the workspace would be read"})
		}
	}
	return out
}

// withoutUnapproved turns off the values of c among ignored: it drops the
// extra paths and reports whether the embedder is to be blocked.
func (c *Config) withoutUnapproved(ignored []Approval) (blockEmbedder bool) {
	drop := make(map[string]bool)
	for _, it := range ignored {
		switch it.Setting {
		case "extra_paths":
			drop[it.Value] = true
		default:
			blockEmbedder = true
		}
	}
	if len(drop) > 0 {
		kept := c.ExtraPaths[:0:0]
		for _, p := range c.ExtraPaths {
			if !drop[p] {
				kept = append(kept, p)
			}
		}
		c.ExtraPaths = kept
	}
	return blockEmbedder
}

// blockedEmbedder stands for the embedder c names, which may not be
// called until approved.
func blockedEmbedder(c Config, ignored []Approval) embed.Embedder {
	return &embed.Blocked{
		ID: embed.Identity{Provider: c.Embedder.Provider, Model: c.Embedder.Model, Dims: c.Embedder.Dims},
		Err: fmt.Errorf("memweave: embedder of %s not approved on this machine (%s); approve it with '%s': %w: %w",
			filepath.Join(c.Workspace, SettingsFile), trust.Describe(ignored), ApproveCommand, ErrNotApproved, embed.ErrUnavailable),
	}
}

// ApprovalsOf returns the values of c that would need approval had they
// come from a settings file: what a program approves on this machine
// for its user when the user set them (the CLI does for its flags).
func ApprovalsOf(c Config) []Approval {
	if ws, err := filepath.Abs(cmp.Or(c.Workspace, ".")); err == nil {
		c.Workspace = ws
	}
	all := map[string]string{"ExtraPaths": "extra_paths", "Embedder.Provider": "embedder.provider",
		"Embedder.BaseURL": "embedder.base_url", "Embedder.Model": "embedder.model"}
	return c.approvals(all)
}

// Ignored returns the values of the workspace's settings file that this
// Weave ignores because this machine's user has not approved them; see
// [ApproveSettings]. Empty when there are none.
func (w *Weave) Ignored() []Approval { return append([]Approval(nil), w.ignored...) }

// SettingsApprovals returns the values of the workspace's settings file
// that need approval on this machine, and those of them not approved
// yet.
func SettingsApprovals(ctx context.Context, workspace string) (all, unapproved []Approval, err error) {
	ws, err := filepath.Abs(workspace)
	if err != nil {
		return nil, nil, err
	}
	s, err := ReadSettings(ctx, ws)
	if err != nil || s == nil {
		return nil, nil, err
	}
	c := Config{Workspace: ws}
	filled, err := c.applySettings(s, filepath.Join(ws, SettingsFile))
	if err != nil {
		return nil, nil, err
	}
	all = c.approvals(filled)
	unapproved, err = trust.Unapproved(ws, all)
	return all, unapproved, err
}

// ApproveSettings approves, for this machine's user, the values of the
// workspace's settings file that need it (see [Approval]), and returns
// them. The approval holds these exact values: a later change to one of
// them needs a new approval. Values approved before and no longer in the
// file are forgotten.
func ApproveSettings(ctx context.Context, workspace string) ([]Approval, error) {
	all, _, err := SettingsApprovals(ctx, workspace)
	if err != nil {
		return nil, err
	}
	ws, err := filepath.Abs(workspace)
	if err != nil {
		return nil, err
	}
	if len(all) == 0 {
		return nil, trust.Revoke(ws)
	}
	return all, trust.Approve(ws, all)
}

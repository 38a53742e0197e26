package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/shellquote"
	"github.com/memweave/memweave-go/trust"
)

func (a *app) trustCommand() *cobra.Command {
	var list, revoke, asJSON bool
	var digest string
	cmd := &cobra.Command{
		Use:   "trust",
		Short: "Approve the workspace's settings that reach outside memory/ (extra paths, embedding server)",
		Long: `Trust approves, for you on this machine, the values of the workspace's
memweave.json that reach outside memory/ or send data off the
machine: extra_paths outside memory/ (a folder of the workspace too,
where files git does not share would be read), the embedding server that
would receive every note, every query and the API key, and a static model
folder outside the workspace. Until approved, every command leaves them
off and says so.

A clone carries memweave.json but not the approval: approvals live in
your configuration folder ($XDG_CONFIG_HOME/memweave/trust.json), keyed by
the workspace's path and holding the exact values approved, so a later
change to one of them needs a new approval. Read memweave.json before
approving a workspace someone else wrote.

trust approves only what you were shown: after trust --list, only the
values it listed (their digest is recorded), so a sync or another program
changing memweave.json in between makes trust refuse, naming what the
file asks now. Without a trust --list before it, trust shows the values
and, on a terminal, asks; elsewhere (a script) it approves nothing and
prints their digest. --digest approves the values of the digest trust
--list printed, and nothing else.

With --json, trust and trust --list print one object: workspace,
settings_file, digest (what --digest takes), approved (true when every
value is) and items, each with setting, value, target (where a link
leads, when it leads elsewhere), why and approved.

  memweave -w ~/agent trust --list   # what needs approval, its state, its digest
  memweave -w ~/agent trust          # approve what trust --list showed
  memweave -w ~/agent trust --digest D  # approve the values of digest D only
  memweave -w ~/agent trust --revoke # forget the approvals`,
		Args: noArgs,
		RunE: action(func(cmd *cobra.Command, args []string) error {
			if err := a.checkWorkspace(); err != nil {
				return err
			}
			// An unset variable in trust --digest "$D" must not approve
			// whatever the file says, as no digest would.
			if err := notEmpty(cmd, "digest"); err != nil {
				return err
			}
			if digest != "" && !trust.ValidDigest(digest) {
				return usageErr("invalid --digest %q: want the hex digest trust --list prints", digest)
			}
			ws, err := filepath.Abs(a.workspace)
			if err != nil {
				return err
			}
			switch {
			case revoke:
				if err := trust.Revoke(cmd.Context(), ws); err != nil {
					return err
				}
				fmt.Fprintf(a.stderr, "memweave: approvals of %s forgotten\n", ws)
				return nil
			case list:
				all, unapproved, err := memweave.SettingsApprovals(cmd.Context(), ws)
				if err != nil {
					return err
				}
				d := trust.Digest(all)
				if err := a.printApprovals(ws, d, all, unapproved, asJSON); err != nil {
					return err
				}
				if err := trust.MarkListed(cmd.Context(), ws, d); err != nil {
					fmt.Fprintf(a.stderr, "memweave: could not record what was listed (%v): approve these values only with: %s -w %s --digest %s\n", err, memweave.ApproveCommand, shellquote.Quote(ws), d)
					return nil
				}
				fmt.Fprintf(a.stderr, "memweave: digest %s; '%s' approves these values only (or: %s -w %s --digest %s)\n", d, memweave.ApproveCommand, memweave.ApproveCommand, shellquote.Quote(ws), d)
				return nil
			}
			if digest == "" {
				if digest, err = a.showUnlisted(cmd, ws, asJSON); err != nil {
					return err
				}
			}
			items, err := trust.ApproveFile(cmd.Context(), ws, digest)
			if err != nil {
				return err
			}
			if len(items) == 0 {
				fmt.Fprintf(a.stderr, "memweave: %s needs no approval: nothing in it reaches outside memory/ or sends data off the machine\n", filepath.Join(ws, memweave.SettingsFile))
			}
			return a.printApprovals(ws, trust.Digest(items), items, nil, asJSON)
		}),
	}
	f := cmd.Flags()
	f.BoolVar(&list, "list", false, "list what needs approval and whether it is approved, approving nothing")
	f.BoolVar(&revoke, "revoke", false, "forget the approvals of this workspace")
	f.BoolVar(&asJSON, "json", false, "print as JSON")
	f.StringVar(&digest, "digest", "", "approve only if the values are those of this digest (as trust --list prints it)")
	cmd.MarkFlagsMutuallyExclusive("list", "revoke", "digest")
	return cmd
}

// showUnlisted shows the values of the workspace's settings file that
// wait for approval when no 'trust --list' showed them since the last
// approval, so that 'trust' never approves values nobody saw: on a
// terminal it asks and returns their digest on yes; elsewhere (a script,
// an agent, --json) it fails naming the --digest that approves them. It
// returns "" when a listing was recorded (ApproveFile holds the file to
// it) or nothing waits.
func (a *app) showUnlisted(cmd *cobra.Command, ws string, asJSON bool) (string, error) {
	ctx := cmd.Context()
	if listed, err := trust.Listed(ws); err != nil || listed != "" {
		return "", err
	}
	all, unapproved, err := memweave.SettingsApprovals(ctx, ws)
	if err != nil || len(unapproved) == 0 {
		return "", err
	}
	file, d := filepath.Join(ws, memweave.SettingsFile), trust.Digest(all)
	if err := a.printApprovals(ws, d, all, unapproved, asJSON); err != nil {
		return "", err
	}
	in := cmd.InOrStdin()
	if asJSON || !isTerminal(in) || !isTerminal(a.raw) {
		return "", fmt.Errorf("%s: nothing approved: no '%s --list' showed these values; read them above, then approve them with: %s -w %s --digest %s",
			file, memweave.ApproveCommand, memweave.ApproveCommand, shellquote.Quote(ws), d)
	}
	fmt.Fprintf(a.stderr, "memweave: approve these values of %s on this machine? [y/N] ", file)
	answer, err := readAnswer(ctx, in)
	if err != nil {
		return "", err
	}
	if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
		return "", fmt.Errorf("%s: nothing approved", file)
	}
	return d, nil
}

// readAnswer reads one line, of at most 1 KiB, from in; it gives up when
// ctx is done (Ctrl-C), which a blocked read would not see.
func readAnswer(ctx context.Context, in io.Reader) (string, error) {
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(io.LimitReader(in, 1024)).ReadString('\n')
		line <- s
	}()
	select {
	case s := <-line:
		return s, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// printApprovals prints settings values that need approval, marking
// those among unapproved; with asJSON, one object also naming the
// workspace ws, its settings file and the values' digest (docs/cli.md).
func (a *app) printApprovals(ws, digest string, all, unapproved []memweave.Approval, asJSON bool) error {
	type row struct {
		memweave.Approval
		Approved bool `json:"approved"`
	}
	rows := make([]row, len(all))
	for i, it := range all {
		rows[i] = row{Approval: it, Approved: true}
		for _, u := range unapproved {
			if u.Setting == it.Setting && u.Value == it.Value {
				rows[i].Approved = false
			}
		}
	}
	if asJSON {
		return writeJSON(a.raw, struct {
			Workspace    string `json:"workspace"`
			SettingsFile string `json:"settings_file"`
			Digest       string `json:"digest"`
			Approved     bool   `json:"approved"`
			Items        []row  `json:"items"`
		}{ws, filepath.Join(ws, memweave.SettingsFile), digest, len(unapproved) == 0, rows})
	}
	for _, r := range rows {
		state := "approved"
		if !r.Approved {
			state = "not approved"
		}
		fmt.Fprintf(a.stdout, "%-12s %s: %s\n", state, r.Approval, r.Why)
	}
	return nil
}

// approveFlags approves on this machine the values of the embedder
// flags that need approval (an embedding server, a model folder outside
// the workspace): this user typed them, so a later command without the
// flags may use them from memweave.json. The workspace must exist.
func (a *app) approveFlags(ctx context.Context, cfg memweave.Config) error {
	if a.embedder == "" && a.embeddingURL == "" && a.embeddingModel == "" {
		return nil
	}
	items := memweave.ApprovalsOf(memweave.Config{Workspace: cfg.Workspace, Embedder: cfg.Embedder})
	return trust.Add(ctx, cfg.Workspace, items)
}

// warnIgnored says once what the workspace's settings file asks that
// this machine's user has not approved, and how to approve it.
func (a *app) warnIgnored(w *memweave.Weave) {
	ignored := w.Ignored()
	if len(ignored) == 0 {
		return
	}
	ws := w.Config().Workspace
	// The listing records what it showed, so that the approval after it
	// approves those values only, not what a sync brought meanwhile.
	fmt.Fprintf(a.stderr, "memweave: ignoring settings of %s not approved on this machine: %s. Read them with: %s -w %s --list, then approve them with: %s -w %s\n",
		filepath.Join(ws, memweave.SettingsFile), trust.Describe(ignored), memweave.ApproveCommand, shellquote.Quote(ws), memweave.ApproveCommand, shellquote.Quote(ws))
}

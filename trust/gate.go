package trust

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/settings"
	"github.com/memweave/memweave-go/workspace"
)

// ApproveCommand is the command that approves a workspace's settings, as
// messages name it.
const ApproveCommand = "memweave trust"

// Needed returns the memory folder's approval when it is a link out of
// the workspace ws (see [MemoryLink]), and the values of v, the settings of the workspace ws, that
// the settings file supplied (filled, from [settings.Merge]) and that
// need approval: an extra path outside memory/, an embedding
// server (which would receive every note and query, and the API key), a
// static model folder outside the workspace. Values a program set itself
// need none: setting them is the approval. With customEmbedder the
// program brings its own embedder and none of the embedder settings
// apply. Relative paths resolve against ws, which is absolute.
func Needed(ws string, v settings.File, customEmbedder bool, filled settings.Filled) []Item {
	var out []Item
	if it, ok := MemoryLink(ws); ok {
		out = append(out, it)
	}
	if filled.Has("ExtraPaths") {
		for _, p := range v.ExtraPaths {
			if it, ok := ExtraPath(ws, p); ok {
				out = append(out, it)
			}
		}
	}
	e := v.Embedder
	switch {
	case customEmbedder:
	case e.Provider == "openai" && (filled.Has("Embedder.BaseURL") || filled.Has("Embedder.Provider") && e.BaseURL == ""):
		url := e.BaseURL
		if url == "" {
			url = embed.DefaultOpenAIBaseURL
		}
		out = append(out, Item{Setting: "embedder.base_url", Value: url,
			Why: "would receive the text of every note and query, and the API key"})
	case e.Provider == "static" && filled.Has("Embedder.Model") && e.Model != "":
		dir := ModelFolder(ws, e.Model)
		if in, err := workspace.Inside(ws, dir); err != nil || !in {
			out = append(out, Item{Setting: "embedder.model", Value: e.Model,
				Why: "a model folder outside the workspace would be read"})
		} else if targets := modelLinksOut(ws, dir); targets != "" {
			out = append(out, Item{Setting: "embedder.model", Value: e.Model, Target: targets,
				Why: "the model folder links to files outside the workspace, which would be read"})
		}
	}
	return out
}

// modelFiles are the files a static model folder is read from
// (embed/static's ModelFile, TokenizerFile and ConfigFile).
var modelFiles = []string{"model.safetensors", "tokenizer.json", "config.json"}

// modelLinksOut returns the real paths, joined by ", ", of the files of
// the model folder dir, inside the workspace ws, that are links leading
// out of it, "" when none does. git keeps links, so a clone can bring a
// model folder whose tokenizer.json leads to /dev/zero or to a file of
// this machine's user: the folder is inside the workspace, what is read
// is not.
func modelLinksOut(ws, dir string) string {
	var out []string
	for _, name := range modelFiles {
		p := filepath.Join(dir, name)
		if fi, err := os.Lstat(p); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			continue
		}
		if in, err := workspace.Inside(ws, p); err != nil || !in {
			where := linkTarget(p)
			if where == "" {
				where = p // a link that does not resolve: named as it is
			}
			out = append(out, where)
		}
	}
	return strings.Join(out, ", ")
}

// ModelFolder returns the static model folder that the settings file
// of the workspace ws (absolute) names as model: relative paths resolve
// against ws, as extra paths do, so that every command, whatever folder
// it runs in, reads (and approves) the same folder.
func ModelFolder(ws, model string) string {
	if filepath.IsAbs(model) {
		return model
	}
	return filepath.Join(ws, model)
}

// MemorySetting is the [Item.Setting] of a memory folder that leads out
// of its workspace (see [MemoryLink]).
const MemorySetting = "memory"

// MemoryLink returns the approval the memory folder of the workspace ws
// (absolute) needs, and whether it needs one: when it is a symbolic link,
// or lies under one, leading anywhere but to itself, a real folder
// memory/ of the workspace. git keeps links, so a clone can bring
// memory/ as a link to any folder of this machine, or of the workspace
// (".", .git, docs/, src/), and memweave would then index and serve the
// files there, and write and delete them, as memories. A user who links
// memory/ to a synced folder, or to another folder of the workspace,
// approves it once; the item holds the target, so a link pointed
// elsewhere later needs approval again. A workspace reached through a
// link (-w ~/link-to-ws) needs none: its memory/ is still its own.
func MemoryLink(ws string) (Item, bool) {
	mem := filepath.Join(ws, workspace.MemoryDir)
	in, err := workspace.Inside(ws, mem)
	switch {
	case err != nil:
		return Item{}, false // no memory folder: nothing to approve
	case in && !linkedElsewhere(ws, mem):
		return Item{}, false // the workspace's own folder
	case in:
		return Item{Setting: MemorySetting, Value: workspace.MemoryDir, Target: linkTarget(mem),
			Why: "the memory folder is a link to another folder of the workspace: the workspace's own files there (a README, docs, sources, files git ignores) would be indexed and served, written and deleted as memories"}, true
	}
	return Item{Setting: MemorySetting, Value: workspace.MemoryDir, Target: linkTarget(mem),
		Why: "the memory folder is a link out of the workspace: the files there would be indexed and served, written and deleted"}, true
}

// linkedElsewhere reports whether mem, the memory folder of the
// workspace ws and inside it, resolves to anything but the folder
// memory/ of the workspace's real path: a link (or a path under one) to
// the workspace itself, to a hidden folder of it or to any other folder
// of it, where files that are not memories would be taken for them.
func linkedElsewhere(ws, mem string) bool {
	real, err := filepath.EvalSymlinks(mem)
	if err != nil {
		return false
	}
	root, err := filepath.EvalSymlinks(ws)
	if err != nil {
		return false
	}
	return real != filepath.Join(root, workspace.MemoryDir)
}

// ExtraPath returns the approval the extra path p of the workspace ws
// (absolute) needs, and whether it needs one: when it leads outside the
// workspace's memory folder. Inside the workspace too: a teammate's
// settings file, brought by a clone or a sync, would otherwise read
// this machine's files that git does not share there (an ignored
// folder of keys, say). Relative paths resolve against ws. The item
// holds where p leads when that is elsewhere than it reads (a link), so
// that the approval does not follow the link to a new target; a relative
// p is read from the workspace's real path, so that a workspace reached
// through a link (-w ~/link-to-ws) asks for, and keeps, the approval it
// has by its own path.
func ExtraPath(ws, p string) (Item, bool) {
	abs := p
	if !filepath.IsAbs(abs) {
		if real, err := filepath.EvalSymlinks(ws); err == nil {
			ws = real
		}
		abs = filepath.Join(ws, p)
	}
	if in, err := workspace.Inside(filepath.Join(ws, workspace.MemoryDir), abs); err == nil && in {
		return Item{}, false
	}
	why := "outside the workspace: its Markdown files would be indexed and served"
	if in, err := workspace.Inside(ws, abs); err == nil && in {
		why = "outside memory/: its Markdown files, those git does not share included, would be indexed and served"
	}
	return Item{Setting: "extra_paths", Value: p, Target: linkTarget(abs), Why: why}, true
}

// Pin returns a check for the indexer's Options.ExtraCheck that keeps the
// extra paths of the workspace ws (absolute) whose reach is what it was
// when Pin ran on extra, the paths then in effect (approved, or inside
// the workspace): one that was inside and now leads out (a folder
// replaced by a link after the workspace was opened), or that led out
// and now leads elsewhere, is left out, with an *fs.PathError saying
// so. Approval was decided at Open; a long-lived process must not reach
// further than it did then.
func Pin(ws string, extra []string) func([]string) ([]string, []error) {
	was := make(map[string]Item)
	for _, p := range extra {
		if it, out := ExtraPath(ws, p); out {
			was[p] = it
		}
	}
	return func(paths []string) (kept []string, dropped []error) {
		kept = paths[:0:0]
		for _, p := range paths {
			it, out := ExtraPath(ws, p)
			if before, ok := was[p]; !out || ok && before.key() == it.key() {
				kept = append(kept, p)
				continue
			}
			where := p
			if it.Target != "" {
				where = it.Target
			}
			dropped = append(dropped, &fs.PathError{Op: "extra path", Path: p,
				Err: fmt.Errorf("now leads out of the workspace (to %s), which it did not when the workspace was opened: left out; open it again to be asked for approval (%s): %w", where, ApproveCommand, ErrNotApproved)})
		}
		return kept, dropped
	}
}

// linkTarget returns the real path of abs when it differs from abs
// cleaned (abs is, or goes through, a symbolic link), "" otherwise or
// when abs does not resolve.
func linkTarget(abs string) string {
	real, err := filepath.EvalSymlinks(abs)
	if err != nil || real == filepath.Clean(abs) {
		return ""
	}
	return real
}

// Withhold returns paths without the extra paths among ignored, the
// values not approved, and whether the embedder is to be blocked because
// one of its settings is among them. paths itself is returned when
// nothing is dropped.
func Withhold(paths []string, ignored []Item) (kept []string, blockEmbedder bool) {
	drop := make(map[string]bool)
	for _, it := range ignored {
		switch it.Setting {
		case MemorySetting:
			// Not a setting to leave off: Open refuses the workspace.
		case "extra_paths":
			drop[it.Value] = true
		default:
			blockEmbedder = true
		}
	}
	if len(drop) == 0 {
		return paths, blockEmbedder
	}
	kept = paths[:0:0]
	for _, p := range paths {
		if !drop[p] {
			kept = append(kept, p)
		}
	}
	return kept, blockEmbedder
}

// Blocked stands for the embedder c describes, named by the settings
// file of the workspace ws but not approved (ignored): it has c's
// identity, and every call fails with an error wrapping [ErrNotApproved]
// and [embed.ErrUnavailable] that says what to run.
func Blocked(ws string, c embed.Config, ignored []Item) embed.Embedder {
	id := embed.Identity{Provider: c.Provider, Model: c.Model, Dims: c.Dims}
	if c.Provider == "openai" {
		id.Prefixes = embed.PrefixesOf(c.QueryPrefix, c.DocumentPrefix)
	}
	var own []Item // the embedder's settings among ignored
	for _, it := range ignored {
		if it.Setting != "extra_paths" && it.Setting != MemorySetting {
			own = append(own, it)
		}
	}
	return &embed.Blocked{
		ID: id,
		Err: fmt.Errorf("memweave: embedder of %s not approved on this machine (%s); approve it with '%s': %w: %w",
			filepath.Join(ws, settings.FileName), Describe(own), ApproveCommand, ErrNotApproved, embed.ErrUnavailable),
	}
}

// Pending returns the values of the workspace's settings file that need
// approval on this machine, and those of them not approved yet.
func Pending(ctx context.Context, ws string) (all, unapproved []Item, err error) {
	ws, err = filepath.Abs(ws)
	if err != nil {
		return nil, nil, err
	}
	f, err := settings.Read(ctx, ws)
	if err != nil {
		return nil, nil, err
	}
	var v settings.File
	var filled settings.Filled
	if f != nil {
		if v, filled, err = settings.Merge(settings.File{}, false, f, filepath.Join(ws, settings.FileName)); err != nil {
			return nil, nil, err
		}
	}
	all = Needed(ws, v, false, filled)
	unapproved, err = Unapproved(ws, all)
	return all, unapproved, err
}

// ErrChanged is wrapped by the error of an approval refused because the
// settings file no longer holds the values its user was shown.
var ErrChanged = errors.New("trust: the settings changed since they were shown")

// ApproveFile approves, for this machine's user, the values of the
// workspace's settings file that need it, and returns them. The approval
// holds these exact values: a later change to one of them needs a new
// approval. Values approved before and no longer in the file are
// forgotten.
//
// It approves only what was shown: with digest not "", only when the
// values are those of that [Digest]; without, when a listing was
// recorded since the last approval ([MarkListed]), only when they are
// the values it showed. Otherwise (a sync, another program changed the
// file meanwhile) nothing is approved and the error, wrapping
// [ErrChanged], names what the file asks now.
func ApproveFile(ctx context.Context, ws, digest string) ([]Item, error) {
	all, _, err := Pending(ctx, ws)
	if err != nil {
		return nil, err
	}
	ws, err = filepath.Abs(ws)
	if err != nil {
		return nil, err
	}
	now := Digest(all)
	err = update(ctx, ws, func(rec *record) error {
		shown, by := digest, "given"
		if shown == "" {
			shown, by = rec.Listed, "that '"+ApproveCommand+" --list' showed"
		}
		if shown != "" && !strings.EqualFold(shown, now) {
			asks := Describe(all)
			if asks == "" {
				asks = "nothing that needs approval"
			}
			return fmt.Errorf("%s: its values are not those of the digest %s (%s), now %s: it asks for %s; nothing approved: read it again with '%s --list', then approve: %w",
				filepath.Join(ws, settings.FileName), by, shown, now, asks, ApproveCommand, ErrChanged)
		}
		rec.Items, rec.Listed = slices.Clone(all), ""
		return nil
	})
	if err != nil {
		return nil, err
	}
	return all, nil
}

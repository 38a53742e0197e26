package trust

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/memweave/memweave-go/internal/ctxsleep"
	"github.com/memweave/memweave-go/internal/hexdigits"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// ErrNotApproved is wrapped by errors about a setting that takes effect
// only once approved on this machine.
var ErrNotApproved = errors.New("trust: setting not approved on this machine")

// Item is one setting value that needs approval before it takes effect
// on this machine: an extra path outside memory/, an embedding
// server, a model folder outside the workspace.
type Item struct {
	// Setting is the settings key ("extra_paths", "embedder.base_url").
	Setting string `json:"setting"`
	// Value is the value exactly as approved.
	Value string `json:"value"`
	// Target is, for an extra path that leads elsewhere than it reads
	// (a link, or a path through one), the real path it led to; it is
	// approved with Value, so that a link pointed elsewhere later needs
	// approval again. Empty otherwise.
	Target string `json:"target,omitempty"`
	// Why says what the value would make memweave do; it is shown, not
	// compared.
	Why string `json:"why,omitempty"`
}

// String returns `setting "value"`, followed by ` -> "target"` when the
// value leads elsewhere than it reads.
func (it Item) String() string {
	if it.Target != "" {
		return fmt.Sprintf("%s %q -> %q", it.Setting, it.Value, it.Target)
	}
	return fmt.Sprintf("%s %q", it.Setting, it.Value)
}

// itemKey is what tells approvals apart: two items with the same key
// approve the same value, leading to the same place (Why is shown, not
// compared).
type itemKey struct{ setting, value, target string }

func (it Item) key() itemKey { return itemKey{it.Setting, it.Value, it.Target} }

// keys returns the set of the keys of items: a lookup per item keeps a
// check of thousands of extra paths linear.
func keys(items []Item) map[itemKey]bool {
	set := make(map[itemKey]bool, len(items))
	for _, it := range items {
		set[it.key()] = true
	}
	return set
}

// fileName is the approvals file inside the user's configuration folder.
const fileName = "memweave/trust.json"

// maxFileBytes bounds the approvals file read.
const maxFileBytes = 4 << 20

// record is one workspace's approvals.
type record struct {
	Items    []Item    `json:"items"`
	Approved time.Time `json:"approved,omitzero"`
	// Listed is the [Digest] of the values 'memweave trust --list' last
	// showed for the workspace ([MarkListed]), "" when none since the
	// last approval: [ApproveFile] approves only those values.
	Listed string `json:"listed,omitempty"`
}

// file is the approvals file: records by the workspace's real path.
type file struct {
	Workspaces map[string]record `json:"workspaces"`
}

// Path returns the approvals file: memweave/trust.json in the user's
// configuration folder ($XDG_CONFIG_HOME, else ~/.config on Linux; see
// [os.UserConfigDir]).
func Path() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("trust: %w", err)
	}
	return filepath.Join(dir, filepath.FromSlash(fileName)), nil
}

// key returns the workspace's real absolute path, the key of its record.
func key(ws string) (string, error) {
	abs, err := filepath.Abs(ws)
	if err != nil {
		return "", fmt.Errorf("trust: %w", err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fmt.Errorf("trust: %w", err)
	}
	return real, nil
}

// load reads the approvals file; a missing one holds nothing.
func load(p string) (*file, error) {
	f := &file{Workspaces: map[string]record{}}
	fh, _, err := workspace.OpenRegular(p)
	if errors.Is(err, fs.ErrNotExist) {
		return f, nil
	} else if err != nil {
		return nil, fmt.Errorf("trust: %w", err)
	}
	defer fh.Close()
	data, err := io.ReadAll(io.LimitReader(fh, maxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("trust: %s: %w", p, err)
	}
	if len(data) > maxFileBytes {
		return nil, fmt.Errorf("trust: %s: larger than %d bytes", p, maxFileBytes)
	}
	if err := json.Unmarshal(data, f); err != nil {
		return nil, fmt.Errorf("trust: %s: %w", p, err)
	}
	if f.Workspaces == nil {
		f.Workspaces = map[string]record{}
	}
	return f, nil
}

// Unapproved returns the items of the workspace ws that this machine's
// user has not approved, in the order given. The approvals file is read
// once per call.
func Unapproved(ws string, items []Item) ([]Item, error) {
	if len(items) == 0 {
		return nil, nil
	}
	rec, err := recordOf(ws)
	if err != nil {
		return items, err
	}
	approved := keys(rec.Items)
	var out []Item
	for _, it := range items {
		if !approved[it.key()] {
			out = append(out, it)
		}
	}
	return out, nil
}

// ApprovedSince returns the items of ws, left unapproved when a process
// started, that this machine's user has approved since: the process
// uses them only once restarted. Nil when none, or when the approvals
// file cannot be read.
func ApprovedSince(ws string, ignored []Item) []Item {
	still, err := Unapproved(ws, ignored)
	if err != nil {
		return nil
	}
	var since []Item
	for _, it := range ignored {
		if !slices.Contains(still, it) {
			since = append(since, it)
		}
	}
	return since
}

// recordOf reads the workspace's record from the approvals file.
func recordOf(ws string) (record, error) {
	p, err := Path()
	if err != nil {
		return record{}, err
	}
	k, err := key(ws)
	if err != nil {
		return record{}, err
	}
	f, err := load(p)
	if err != nil {
		return record{}, err
	}
	return f.Workspaces[k], nil
}

// Approve records items as approved for the workspace ws, replacing what
// was approved for it before: a value approved earlier and not among
// items needs approval again.
func Approve(ctx context.Context, ws string, items []Item) error {
	return update(ctx, ws, func(rec *record) error { rec.Items = slices.Clone(items); return nil })
}

// Add approves items for the workspace ws, keeping what was approved for
// it before.
func Add(ctx context.Context, ws string, items []Item) error {
	if len(items) == 0 {
		return nil
	}
	return update(ctx, ws, func(rec *record) error {
		approved := keys(rec.Items)
		for _, it := range items {
			if !approved[it.key()] {
				approved[it.key()] = true
				rec.Items = append(rec.Items, it)
			}
		}
		return nil
	})
}

// Revoke forgets every approval of the workspace ws, and what was
// listed for it.
func Revoke(ctx context.Context, ws string) error {
	return update(ctx, ws, func(rec *record) error { rec.Items, rec.Listed = nil, ""; return nil })
}

// Digest returns a short fingerprint of items, the values that need
// approval, as shown: their settings, values and targets, in order (Why
// is shown, not compared). Two lists with the same digest approve the
// same values.
func Digest(items []Item) string {
	h := sha256.New()
	for _, it := range items {
		fmt.Fprintf(h, "%q %q %q\n", it.Setting, it.Value, it.Target)
	}
	return hex.EncodeToString(h.Sum(nil))[:digestLen]
}

// ValidDigest reports whether d has the form of a [Digest]: 32 hex
// digits, in either case.
func ValidDigest(d string) bool {
	return len(d) == digestLen && hexdigits.Lower(strings.ToLower(d))
}

// digestLen is the length of a [Digest] in hex digits: 128 bits. Whoever
// writes a cloned settings file chooses both the values shown and those
// a sync may bring before the approval, so two lists of one digest must
// be out of reach: at 64 bits, a birthday search finds such a pair in
// about 2^32 hashes.
const digestLen = 32

// MarkListed records, for the workspace ws, the digest of the values a
// listing showed its user ('memweave trust --list'), so that the
// approval that follows ([ApproveFile]) approves those values only, not
// what a sync or another program put in the file since.
func MarkListed(ctx context.Context, ws, digest string) error {
	return update(ctx, ws, func(rec *record) error { rec.Listed = digest; return nil })
}

// Listed returns the digest that a listing recorded for the workspace ws
// ([MarkListed]) since its last approval, "" when none did: then
// [ApproveFile] without a digest would approve values nobody was shown.
func Listed(ws string) (string, error) {
	rec, err := recordOf(ws)
	return rec.Listed, err
}

// update changes the workspace's record and writes the approvals file
// atomically, readable by the user only. It waits for the file's lock
// until ctx is done, calling ctx's notice ([workspace.WithLockNotice])
// once the wait lasts [workspace.LockNoticeDelay].
func update(ctx context.Context, ws string, change func(*record) error) error {
	p, err := Path()
	if err != nil {
		return err
	}
	k, err := key(ws)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	// Two commands approving at once each keep the other's approval.
	lock := workspace.NewLock(p + ".lock")
	stop := workspace.NoticeLockWait(ctx, lock.Path())
	// In turn: a command that lets it go and asks again comes after
	// those waiting ([workspace.LockInTurn]).
	err = workspace.LockInTurn(lock, func(d time.Duration) error { return ctxsleep.Sleep(ctx, d) })
	stop()
	if err != nil {
		return fmt.Errorf("trust: lock %s: %w", lock.Path(), err)
	}
	defer lock.Unlock()
	f, err := load(p)
	if err != nil {
		return err
	}
	rec, had := f.Workspaces[k]
	before, listed := slices.Clone(rec.Items), rec.Listed
	if err := change(&rec); err != nil {
		return err
	}
	if slices.Equal(before, rec.Items) && listed == rec.Listed && (had || len(rec.Items) == 0 && rec.Listed == "") {
		return nil // nothing changes: the file is left as it is
	}
	if len(rec.Items) == 0 && rec.Listed == "" {
		delete(f.Workspaces, k)
	} else {
		if !slices.Equal(before, rec.Items) {
			rec.Approved = time.Now().UTC().Truncate(time.Second)
		}
		f.Workspaces[k] = rec
	}
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	// Temporary files of earlier writes a killed run left: the lock is
	// every writer's, so none is under way.
	if err := memfile.RemoveAtomicLeftovers(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("trust: remove the temporary files of killed writes: %w", err)
	}
	if err := memfile.WriteAtomic(p, append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	return nil
}

// describedItems is how many items [Describe] names.
const describedItems = 8

// Describe returns one line naming what was ignored and why, for the
// message a command prints once: the first 8 items, those that are not
// extra paths (a server, a model folder) first, then how many more
// ('memweave trust --list' shows them all). A settings file of 64 KiB
// can list 6,000 extra paths, each named in every command's notice.
func Describe(items []Item) string {
	items = slices.Clone(items)
	extra := func(it Item) int {
		if it.Setting == "extra_paths" {
			return 1
		}
		return 0
	}
	slices.SortStableFunc(items, func(a, b Item) int { return cmp.Compare(extra(a), extra(b)) })
	parts := make([]string, 0, min(len(items), describedItems)+1)
	for _, it := range items[:min(len(items), describedItems)] {
		part := it.String()
		if it.Why != "" {
			part += " (" + it.Why + ")"
		}
		parts = append(parts, part)
	}
	if rest := len(items) - describedItems; rest > 0 {
		parts = append(parts, fmt.Sprintf("and %d more ('%s --list' shows them all)", rest, ApproveCommand))
	}
	return strings.Join(parts, ", ")
}

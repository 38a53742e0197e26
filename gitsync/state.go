package gitsync

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// state is the per-machine record of the last syncs, in .memweave/: it is
// about this machine, not the shared truth, and is never committed.
type state struct {
	LastSync      time.Time  `json:"last_sync"`
	LastSuccess   time.Time  `json:"last_success"`
	LastError     string     `json:"last_error,omitempty"`
	IndexedCommit string     `json:"indexed_commit,omitempty"`
	LastConflicts []Conflict `json:"last_conflicts,omitempty"`
	// ReplayedHead and ReplayedAs record a replay pushed before its
	// checkout: this machine's branch at ReplayedHead, and the commit
	// on the remote holding its changes ([syncer.pushedReplay]).
	ReplayedHead string `json:"replayed_head,omitempty"`
	ReplayedAs   string `json:"replayed_as,omitempty"`
	// EarlierHead and EarlierAs are an earlier such replay, kept while
	// the push of the one above is not settled.
	EarlierHead string `json:"earlier_replayed_head,omitempty"`
	EarlierAs   string `json:"earlier_replayed_as,omitempty"`
	// LastPush is when this workspace's last push landed, PushRound the
	// length of the round (fetch, replay, push) that made it
	// ([leaveATurn]).
	LastPush  time.Time     `json:"last_push,omitzero"`
	PushRound time.Duration `json:"push_round_ns,omitempty"`
}

func statePath(root string) string { return filepath.Join(root, workspace.IndexDir, stateName) }

// readOwn returns the content of name, one of sync's files under root's
// .memweave folder, at most limit+1 bytes of it. It refuses a link at
// the folder or the name ([workspace.CheckOwnFiles]) and anything but a
// regular file, opened without blocking ([workspace.ReadFile]): a
// FIFO there would hang the read, a link to a device would fill memory,
// and a link elsewhere would read a file sync never wrote.
func readOwn(root, name string, limit int64) ([]byte, error) {
	if err := workspace.CheckOwnFiles(root, name); err != nil {
		return nil, err
	}
	data, _, err := workspace.ReadFile(root, nil, filepath.Join(root, workspace.IndexDir, name), limit)
	return data, err
}

// readState reads the state file; a missing or unreadable one is empty.
func readState(root string) (state, error) {
	var st state
	data, err := readOwn(root, stateName, 1<<20)
	if errors.Is(err, fs.ErrNotExist) {
		return st, nil
	}
	if err != nil {
		return st, err
	}
	if len(data) > 1<<20 || json.Unmarshal(data, &st) != nil {
		return state{}, nil // a per-machine cache: start over
	}
	return st, nil
}

// writeState replaces the state file atomically. It writes nothing
// when .memweave is a link ([workspace.CheckOwnFiles]): the file would
// land wherever the link points.
func writeState(root string, st state) error {
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	if err := workspace.CheckOwnFiles(root); err != nil {
		return fmt.Errorf("gitsync: write state: %w", err)
	}
	p := statePath(root)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("gitsync: write state: %w", err)
	}
	if err := memfile.WriteAtomic(p, data, 0o644); err != nil {
		return fmt.Errorf("gitsync: state: %w", err)
	}
	return nil
}

// Status is a workspace's sync state.
type Status struct {
	// Branch is the local branch; Remote and RemoteBranch are the remote
	// branch sync fetches and pushes (see [Options.Remote]).
	Branch       string `json:"branch"`
	Remote       string `json:"remote"`
	RemoteBranch string `json:"remote_branch"`
	// Head is the branch's commit.
	Head string `json:"head,omitempty"`
	// RemoteTip is the remote's commit as the last fetch saw it.
	RemoteTip string `json:"remote_tip,omitempty"`
	// IndexedCommit is the commit the index reflects: the branch's
	// commit after the last successful sync re-indexed what it brought.
	IndexedCommit string `json:"indexed_commit,omitempty"`
	// Ahead and Behind count the commits of Head not in RemoteTip and of
	// RemoteTip not in Head.
	Ahead  int `json:"ahead"`
	Behind int `json:"behind"`
	// LastSync is when the last sync ran, LastSuccess when one last
	// succeeded, LastError the last one's error ("" when it succeeded).
	LastSync    time.Time `json:"last_sync,omitzero"`
	LastSuccess time.Time `json:"last_success,omitzero"`
	LastError   string    `json:"last_error,omitempty"`
	// Conflicts are the conflict copies under memory/ (see [Conflicts]).
	Conflicts []Conflict `json:"conflicts,omitempty"`
}

// ReadStatus reports the sync state of the workspace at root, without
// any network call. Without git, a repository or the remote, the error
// wraps [ErrNoRepository] or [ErrNoRemote] and says what to run.
func ReadStatus(ctx context.Context, root string, opts Options) (*Status, error) {
	s, err := newSyncer(ctx, root, opts, true)
	if err != nil {
		return nil, err
	}
	st := &Status{Branch: s.branch, Remote: s.remote, RemoteBranch: s.remoteBranch}
	// One git process for the three: each git process is a large share
	// of a fresh status's CPU (docs/performance.md, "Stop 62, perf36").
	ids, err := s.revs(ctx, "HEAD", s.remoteRef(), "refs/remotes/"+s.remote+"/"+s.remoteBranch)
	if err != nil {
		return nil, err
	}
	st.Head, st.RemoteTip = ids[0], cmp.Or(ids[1], ids[2])
	if st.Head != "" && st.RemoteTip != "" {
		out, err := s.git(ctx, nil, "rev-list", "--left-right", "--count", st.Head+"..."+st.RemoteTip)
		if err != nil {
			return nil, fmt.Errorf("gitsync: status: %w", err)
		}
		f := strings.Fields(string(out))
		if len(f) == 2 {
			st.Ahead, _ = strconv.Atoi(f[0])
			st.Behind, _ = strconv.Atoi(f[1])
		}
	} else if st.Head != "" {
		out, _ := s.git(ctx, nil, "rev-list", "--count", st.Head)
		st.Ahead, _ = strconv.Atoi(strings.TrimSpace(string(out)))
	}
	saved, err := readState(root)
	if err != nil {
		return nil, fmt.Errorf("gitsync: status: %w", err)
	}
	st.LastSync, st.LastSuccess, st.LastError, st.IndexedCommit = saved.LastSync, saved.LastSuccess, saved.LastError, saved.IndexedCommit
	if st.Conflicts, err = Conflicts(root); err != nil {
		return nil, err
	}
	return st, nil
}

package gitsync

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/memweave/memweave-go/internal/hexdigits"
)

// upkeepDue reports whether git's own upkeep (git maintenance run
// --auto) may have work after this sync: a git process each sync that
// fetched or committed, which, with git's defaults, only looks at the
// loose objects and packs and finds nothing to do. That look is made
// here, as git makes it (gc --auto's need_to_gc): more loose objects in
// objects/17 (of either object format) than gc.auto/256 (6,700 by default), or more packs than
// gc.autoPackLimit (50; each fetch of sync keeps its pack). A config
// that names a maintenance setting (a strategy, a task, maintenance.auto)
// leaves the decision to git, as does one sync cannot read.
func (s *syncer) upkeepDue(ctx context.Context) bool {
	for k := range s.config {
		if strings.HasPrefix(k, "maintenance.") {
			return true
		}
	}
	auto, packs := int64(6700), int64(50)
	if v := s.config.last("gc.auto"); v != "" {
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil {
			return true
		}
		auto = n
	}
	if auto <= 0 {
		return false // git's gc --auto is off
	}
	if v := s.config.last("gc.autopacklimit"); v != "" {
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil {
			return true
		}
		packs = n
	}
	dirs, err := s.gitPaths(ctx, "objects")
	if err != nil {
		return true
	}
	loose, err := os.ReadDir(filepath.Join(dirs[0], "17"))
	if err != nil && !os.IsNotExist(err) {
		return true
	}
	n := int64(0)
	for _, e := range loose {
		// The rest of an object id: 38 hex digits (SHA-1) or 62 (SHA-256).
		if name := e.Name(); (len(name) == 38 || len(name) == 62) && hexdigits.Lower(name) {
			n++
		}
	}
	if n > (auto+255)/256 {
		return true
	}
	if packs <= 0 {
		return false
	}
	inPack, err := os.ReadDir(filepath.Join(dirs[0], "pack"))
	if err != nil {
		return true
	}
	n = 0
	for _, e := range inPack {
		name := e.Name()
		if strings.HasSuffix(name, ".pack") {
			if _, err := os.Stat(filepath.Join(dirs[0], "pack", strings.TrimSuffix(name, ".pack")+".keep")); err != nil {
				n++
			}
		}
	}
	return n > packs
}

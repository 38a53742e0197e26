#!/usr/bin/env bash
# What a program importing only the core module downloads.
#
#	embed/static/testdata/coreweight/run.sh [REV...]   (default: main HEAD)
#
# For each git revision REV, it publishes the repository's modules at REV
# into a local GOPROXY folder (the core and, where it exists, the static
# module, zipped with golang.org/x/mod/zip as a proxy serves them), then
# makes a fresh module that imports only github.com/memweave/memweave-go,
# and, with an empty module cache, runs go get, go mod tidy, go mod
# download and go build in it. It reports the bytes that came into the
# module cache, whether any model file did, the go.sum line count and
# each downloaded module zip.
#
# The published go.mod files are as a release would tag them: the
# requirement between the core and the static module names the published
# version, and the replace directives that serve a clone are dropped.
# Every other module comes from the local module cache's download folder
# (the same files proxy.golang.org serves), so the run is offline; the
# checksum database is off (GOSUMDB=off), go.sum is still written. It is
# not part of .ci/run: it compiles SQLite through cgo once per revision
# unless the build cache has it, and takes minutes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
revs=("$@")
[ ${#revs[@]} -gt 0 ] || revs=(main HEAD)
work=${COREWEIGHT_WORK:-$(mktemp -d)}
localcache=$(go env GOMODCACHE)/cache/download
core=github.com/memweave/memweave-go
static=$core/embed/static

(cd "$here" && GOFLAGS=-mod=mod GOPROXY="file://$localcache" GOSUMDB=off go build -o "$work/mkproxy" .)

for rev in "${revs[@]}"; do
	commit=$(git -C "$repo" rev-parse "$rev")
	label=$(git -C "$repo" rev-parse --short=12 "$rev")
	when=$(TZ=UTC git -C "$repo" log -1 --date=format-local:%Y%m%d%H%M%S --format=%cd "$commit")
	iso=$(TZ=UTC git -C "$repo" log -1 --date=format-local:%Y-%m-%dT%H:%M:%SZ --format=%cd "$commit")
	ver=v0.0.0-$when-$label
	src=$work/src-$label proxy=$work/proxy-$label
	rm -rf "$src" "$proxy" && mkdir -p "$src" "$proxy"
	git -C "$repo" archive "$commit" | tar -x -C "$src"
	if [ -f "$src/embed/static/go.mod" ]; then
		(cd "$src" && go mod edit -require="$static@$ver" -dropreplace="$static")
		(cd "$src/embed/static" && go mod edit -require="$core@$ver" -dropreplace="$core")
		"$work/mkproxy" -dir "$src/embed/static" -module "$static" -version "$ver" -time "$iso" -proxy "$proxy"
	fi
	"$work/mkproxy" -dir "$src" -module "$core" -version "$ver" -time "$iso" -proxy "$proxy"

	app=$work/app-$label
	rm -rf "$app" && mkdir -p "$app"
	cat >"$app/main.go" <<'GO'
// A program that imports only the core module.
package main

import (
	"context"
	"fmt"
	"os"

	memweave "github.com/memweave/memweave-go"
)

func main() {
	w, err := memweave.Open(context.Background(), memweave.Config{Workspace: os.Args[1]})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer w.Close()
}
GO
	modcache=$work/modcache-$label
	[ -d "$modcache" ] && chmod -R u+w "$modcache" && rm -rf "$modcache"
	(
		cd "$app"
		export GOMODCACHE=$modcache GOPROXY="file://$proxy,file://$localcache" GOSUMDB=off GOFLAGS=-mod=mod GOWORK=off GOTOOLCHAIN=local
		go mod init example.com/app >/dev/null 2>&1
		go get "$core@$ver" 2>"$work/get-$label.log"
		go mod tidy
		go mod download
		go build -trimpath -tags sqlite_fts5 -o /dev/null .
	)
	dl=$modcache/cache/download
	echo "== $rev ($commit), core $ver"
	echo "fetched into the module cache (cache/download): $(du -sb "$dl" | cut -f1) bytes; zips: $(find "$dl" -name '*.zip' -printf '%s\n' | awk '{s+=$1} END {print s+0}') bytes in $(find "$dl" -name '*.zip' | wc -l) modules"
	echo "module cache total (zips + extracted): $(du -sb "$modcache" | cut -f1) bytes"
	echo "model files (*.safetensors, tokenizer.json): $(find "$modcache" \( -name '*.safetensors' -o -name tokenizer.json \) | wc -l)"
	echo "go.sum lines: $(wc -l <"$app/go.sum")"
	echo "static module: go.sum lines $(grep -c "^$static " "$app/go.sum" || true), .mod files fetched $(find "$dl" -path '*embed/static/@v/*.mod' | wc -l), zips fetched $(find "$dl" -path '*embed/static/@v/*.zip' | wc -l)"
	echo "module zips, bytes:"
	find "$dl" -name '*.zip' -printf '%s %P\n' | sort -rn | sed 's#/@v/# #; s#\.zip$##; s#^#  #'
done

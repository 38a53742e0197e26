// Command mkproxy publishes one version of a module from a source folder
// into a GOPROXY folder (the layout "go help goproxy" describes): the zip,
// made with golang.org/x/mod/zip as the go command checks it, the go.mod,
// the .info and the version list. run.sh uses it to measure what a
// program importing only the core module downloads.
//
//	mkproxy -dir SRC -module PATH -version VERSION -time RFC3339 -proxy DIR
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "mkproxy:", err)
		os.Exit(1)
	}
}

func run() error {
	dir := flag.String("dir", "", "the module's source `folder` (holding go.mod)")
	path := flag.String("module", "", "the module `path`")
	version := flag.String("version", "", "the `version` to publish")
	when := flag.String("time", "", "the version's commit `time`, RFC 3339")
	proxy := flag.String("proxy", "", "the GOPROXY `folder`")
	flag.Parse()
	if *dir == "" || *path == "" || *version == "" || *when == "" || *proxy == "" {
		return fmt.Errorf("-dir, -module, -version, -time and -proxy are required")
	}
	mv := module.Version{Path: *path, Version: *version}
	esc, err := module.EscapePath(*path)
	if err != nil {
		return fmt.Errorf("module path %q: %w", *path, err)
	}
	ver, err := module.EscapeVersion(*version)
	if err != nil {
		return fmt.Errorf("version %q: %w", *version, err)
	}
	at := filepath.Join(*proxy, esc, "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(at, ver+".zip"))
	if err != nil {
		return err
	}
	if err := zip.CreateFromDir(f, mv, *dir); err != nil {
		f.Close()
		return fmt.Errorf("zip %s: %w", *dir, err)
	}
	if err := f.Close(); err != nil {
		return err
	}
	gomod, err := os.ReadFile(filepath.Join(*dir, "go.mod"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(at, ver+".mod"), gomod, 0o644); err != nil {
		return err
	}
	info, err := json.Marshal(map[string]string{"Version": *version, "Time": *when})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(at, ver+".info"), info, 0o644); err != nil {
		return err
	}
	list, err := os.OpenFile(filepath.Join(at, "list"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintln(list, *version); err != nil {
		list.Close()
		return err
	}
	return list.Close()
}

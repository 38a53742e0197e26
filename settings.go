package memweave

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/search"
	wspace "github.com/memweave/memweave-go/workspace"
)

// SettingsFile is the name of the workspace's settings file, at its root
// beside memory/. It is plain JSON meant to be committed with the
// memories: it records what the index is built with (the embedder, the
// chunking, the extra paths) and the fusion, so that every command, the
// MCP server, the adapters and [Open] use the same settings without
// repeating them. It never holds an API key.
const SettingsFile = "memweave.json"

// maxSettingsBytes bounds the settings file a workspace may hold.
const maxSettingsBytes = 64 << 10

// ErrSettingsMismatch is wrapped by the error of [Open] when a Config
// field disagrees with the workspace's settings file, and by the warning
// (and [Weave.Index] error) about an index built with another embedder
// than the one configured. The settings change only explicitly, with
// [WriteSettings] (the CLI's `memweave config`), after which the next
// [Weave.Index] re-embeds.
var ErrSettingsMismatch = errors.New("settings disagree")

// Settings are the contents of the workspace's [SettingsFile]. A zero
// field is unset: the Config field or its default applies.
type Settings struct {
	// Embedder is the embedding provider the index is built with.
	Embedder EmbedderSettings `json:"embedder"`
	// ChunkTokens and ChunkOverlap are [Config.ChunkTokens] and
	// [Config.ChunkOverlap].
	ChunkTokens  int  `json:"chunk_tokens,omitempty"`
	ChunkOverlap *int `json:"chunk_overlap,omitempty"`
	// ExtraPaths are [Config.ExtraPaths], relative to the workspace.
	ExtraPaths []string `json:"extra_paths,omitempty"`
	// Fusion is the fusion of keyword and vector scores; unset keeps the
	// default of the memweave that reads it.
	Fusion *FusionSettings `json:"fusion,omitempty"`

	// lines are the lines of the keys of the file read, for errors.
	lines map[string]int
}

// EmbedderSettings are the settings of [Config.Embedder] that identify
// the embedding space; the API key is never among them.
type EmbedderSettings struct {
	Provider       string `json:"provider,omitempty"`
	Model          string `json:"model,omitempty"`
	BaseURL        string `json:"base_url,omitempty"`
	Dims           int    `json:"dims,omitempty"`
	QueryPrefix    string `json:"query_prefix,omitempty"`
	DocumentPrefix string `json:"document_prefix,omitempty"`
}

// FusionSettings are the settings of [Config.Fusion] a workspace may fix:
// the method, one of [search.FusionMethods].
type FusionSettings struct {
	Method search.FusionMethod `json:"method,omitempty"`
}

// ReadSettings returns the settings file of the workspace, or nil and no
// error when it has none. A file that is not valid JSON, or holds an
// unknown field, is an error naming the file and the line; a value out
// of range is a [SettingsFieldError] naming the file, key and line.
//
// The file is read only when it is a regular file of at most 64 KiB: a
// FIFO, a device or a folder in its place is refused at once, without
// waiting in open(2), and so is a symbolic link that leads out of the
// workspace. Each error names the file and wraps [ErrSettingsFile].
func ReadSettings(ctx context.Context, workspace string) (*Settings, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p := filepath.Join(workspace, SettingsFile)
	real, err := settingsTarget(workspace, p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	f, _, err := wspace.OpenRegular(real)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("memweave: settings %s: %w: %w", p, ErrSettingsFile, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSettingsBytes+1))
	if err != nil {
		return nil, fmt.Errorf("memweave: settings %s: %w", p, err)
	}
	if len(data) > maxSettingsBytes {
		return nil, fmt.Errorf("memweave: settings %s: larger than %d bytes: %w", p, maxSettingsBytes, ErrSettingsFile)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s Settings
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("memweave: settings %s:%d: %w", p, lineAt(data, dec.InputOffset(), err), err)
	}
	if dec.More() {
		return nil, fmt.Errorf("memweave: settings %s: more than one JSON value", p)
	}
	s.lines = keyLines(data)
	// A value out of range is the file's error, named by its key and
	// line, whoever reads it (a command whose flags set other fields).
	var c Config
	filled, err := c.applySettings(&s, p)
	if err == nil {
		_, err = c.withDefaults()
	}
	if err != nil {
		return nil, s.fieldError(err, filled, p)
	}
	return &s, nil
}

// ErrSettingsFile is wrapped by the error of a settings file that is
// not a regular file inside the workspace, or is too large.
var ErrSettingsFile = errors.New("settings file refused")

// settingsTarget returns the file the settings path p names: p itself,
// or the target of a symbolic link that stays inside the workspace. A
// link out of the workspace is an error naming p.
func settingsTarget(workspace, p string) (string, error) {
	fi, err := os.Lstat(p)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		return "", fmt.Errorf("memweave: settings %s: %w", p, err)
	}
	if fi.Mode()&fs.ModeSymlink == 0 {
		return p, nil
	}
	real, err := filepath.EvalSymlinks(p)
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("memweave: settings %s: a symbolic link to a missing file: %w", p, ErrSettingsFile)
	} else if err != nil {
		return "", fmt.Errorf("memweave: settings %s: %w", p, err)
	}
	if in, err := wspace.Inside(workspace, real); err != nil || !in {
		return "", fmt.Errorf("memweave: settings %s: a symbolic link to %s, outside the workspace: %w", p, real, ErrSettingsFile)
	}
	return real, nil
}

// keyLines returns the line of every key of the JSON object in data,
// by dotted path ("embedder.dims"), for errors about a value. data has
// decoded into Settings, so it is one object of known, shallow shape.
func keyLines(data []byte) map[string]int {
	lines := make(map[string]int)
	dec := json.NewDecoder(bytes.NewReader(data))
	var walk func(prefix string) bool
	walk = func(prefix string) bool {
		t, err := dec.Token()
		if err != nil {
			return false
		}
		d, ok := t.(json.Delim)
		if !ok {
			return true
		}
		for dec.More() {
			name := prefix
			if d == '{' {
				k, err := dec.Token()
				if err != nil {
					return false
				}
				key, _ := k.(string)
				name = prefix + key
				if _, seen := lines[name]; !seen {
					lines[name] = bytes.Count(data[:dec.InputOffset()], []byte("\n")) + 1
				}
				name += "."
			}
			if !walk(name) {
				return false
			}
		}
		_, err = dec.Token()
		return err == nil
	}
	walk("")
	return lines
}

// SettingsFieldError is the error of a value of the settings file that is out
// of range: it names the file, the setting and its line.
type SettingsFieldError struct {
	// Path is the settings file, Setting its key ("embedder.dims") and
	// Line the key's line, 0 when unknown.
	Path, Setting string
	Line          int
	// Err is what is wrong with the value.
	Err error
}

// Error names the file, line and setting.
func (e *SettingsFieldError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("memweave: settings %s:%d: %s: %v", e.Path, e.Line, e.Setting, e.Err)
	}
	return fmt.Sprintf("memweave: settings %s: %s: %v", e.Path, e.Setting, e.Err)
}

// Unwrap returns the problem.
func (e *SettingsFieldError) Unwrap() error { return e.Err }

// lineAt returns the 1-based line of the JSON error err in data, whose
// decoder stopped at offset.
func lineAt(data []byte, offset int64, err error) int {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		offset = se.Offset
	case errors.As(err, &te):
		offset = te.Offset
	}
	offset = min(max(offset, 0), int64(len(data)))
	return bytes.Count(data[:offset], []byte("\n")) + 1
}

// WriteSettings replaces the workspace's settings file with s,
// atomically. It does not touch the index: the next [Weave.Index]
// re-embeds or re-chunks what the new settings change.
//
// A settings file that is a symbolic link is written through: its
// target is replaced and the link kept. A link out of the workspace,
// and a target that is not a regular file, are refused.
func WriteSettings(ctx context.Context, workspace string, s Settings) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("memweave: settings: %w", err)
	}
	data = append(data, '\n')
	p := filepath.Join(workspace, SettingsFile)
	target, err := settingsTarget(workspace, p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		target = p
	case err != nil:
		return err
	}
	if fi, err := os.Lstat(target); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("memweave: settings %s: not a regular file (%s): %w", p, fi.Mode().Type(), ErrSettingsFile)
	}
	if err := memfile.WriteAtomic(target, data, 0o644); err != nil {
		return fmt.Errorf("memweave: settings: %w", err)
	}
	return nil
}

// SettingsOf returns the settings that record c: the identity of its
// index (embedder, chunking, extra paths) and its fusion when set.
func SettingsOf(c Config) Settings {
	e := c.Embedder
	s := Settings{
		Embedder: EmbedderSettings{Provider: e.Provider, Model: e.Model, BaseURL: e.BaseURL, Dims: e.Dims,
			QueryPrefix: e.QueryPrefix, DocumentPrefix: e.DocumentPrefix},
		ChunkTokens: c.ChunkTokens, ExtraPaths: slices.Clone(c.ExtraPaths),
	}
	if c.ChunkOverlap != nil {
		s.ChunkOverlap = new(*c.ChunkOverlap)
	}
	if f := c.Fusion; f.Method != "" {
		s.Fusion = &FusionSettings{Method: f.Method}
	}
	return s
}

// SettingsError is the error of a Config field that disagrees with the
// workspace's settings file. It wraps [ErrSettingsMismatch].
type SettingsError struct {
	// Field is the Config field ("Embedder.Provider"); Setting the key of
	// the settings file ("embedder.provider").
	Field, Setting string
	// Config and File are the two values.
	Config, File any
	// Path is the settings file.
	Path string
}

// Error names both settings and how to switch.
func (e *SettingsError) Error() string {
	return fmt.Sprintf("memweave: config %s %s disagrees with %s in %s (%s); change the workspace's settings explicitly (memweave config), then index to rebuild what they change",
		e.Field, show(e.Config), e.Setting, e.Path, show(e.File))
}

// Unwrap returns [ErrSettingsMismatch].
func (e *SettingsError) Unwrap() error { return ErrSettingsMismatch }

// show formats a setting's value for an error.
func show(v any) string {
	switch v := v.(type) {
	case string:
		return fmt.Sprintf("%q", v)
	case *int:
		if v == nil {
			return "unset"
		}
		return fmt.Sprint(*v)
	case *float64:
		if v == nil {
			return "unset"
		}
		return fmt.Sprint(*v)
	}
	return fmt.Sprint(v)
}

// applySettings fills the fields of c left unset from s, and reports the
// first set field that disagrees with s. path is the settings file. It
// returns the settings keys of the fields it filled, by Config field.
func (c *Config) applySettings(s *Settings, path string) (filled map[string]string, err error) {
	type field struct {
		name, key   string
		cfg, file   any
		unset, none bool // cfg is unset; file is unset
		fill        func()
	}
	e, fe := &c.Embedder, s.Embedder
	fields := []field{
		{"Embedder.Provider", "embedder.provider", e.Provider, fe.Provider, e.Provider == "", fe.Provider == "", func() { e.Provider = fe.Provider }},
		{"Embedder.Model", "embedder.model", e.Model, fe.Model, e.Model == "", fe.Model == "", func() { e.Model = fe.Model }},
		{"Embedder.BaseURL", "embedder.base_url", e.BaseURL, fe.BaseURL, e.BaseURL == "", fe.BaseURL == "", func() { e.BaseURL = fe.BaseURL }},
		{"Embedder.Dims", "embedder.dims", e.Dims, fe.Dims, e.Dims == 0, fe.Dims == 0, func() { e.Dims = fe.Dims }},
		{"Embedder.QueryPrefix", "embedder.query_prefix", e.QueryPrefix, fe.QueryPrefix, e.QueryPrefix == "", fe.QueryPrefix == "", func() { e.QueryPrefix = fe.QueryPrefix }},
		{"Embedder.DocumentPrefix", "embedder.document_prefix", e.DocumentPrefix, fe.DocumentPrefix, e.DocumentPrefix == "", fe.DocumentPrefix == "", func() { e.DocumentPrefix = fe.DocumentPrefix }},
		{"ChunkTokens", "chunk_tokens", c.ChunkTokens, s.ChunkTokens, c.ChunkTokens == 0, s.ChunkTokens == 0, func() { c.ChunkTokens = s.ChunkTokens }},
		{"ChunkOverlap", "chunk_overlap", c.ChunkOverlap, s.ChunkOverlap, c.ChunkOverlap == nil, s.ChunkOverlap == nil, func() { c.ChunkOverlap = s.ChunkOverlap }},
		{"ExtraPaths", "extra_paths", c.ExtraPaths, s.ExtraPaths, len(c.ExtraPaths) == 0, len(s.ExtraPaths) == 0, func() { c.ExtraPaths = slices.Clone(s.ExtraPaths) }},
	}
	if e.Custom != nil {
		// A custom embedder is the caller's; the file cannot describe it.
		fields = slices.DeleteFunc(fields, func(f field) bool { return strings.HasPrefix(f.name, "Embedder.") })
	}
	if f := s.Fusion; f != nil {
		if err := (search.FusionOptions{Method: f.Method}).Validate(); err != nil {
			return nil, &SettingsFieldError{Path: path, Setting: "fusion.method", Line: s.lines["fusion.method"], Err: err}
		}
		cf := &c.Fusion
		fields = append(fields,
			field{"Fusion.Method", "fusion.method", cf.Method, f.Method, cf.Method == "", f.Method == "", func() { cf.Method = f.Method }})
	}
	// Fields of the index's identity are all recorded by the file, so a
	// Config field it leaves unset disagrees too; the fusion only
	// overrides what the file sets.
	filled = make(map[string]string)
	for _, f := range fields {
		switch {
		case f.none && f.unset:
		case f.none && strings.HasPrefix(f.name, "Fusion."):
		case f.none:
			return nil, &SettingsError{Field: f.name, Setting: f.key, Config: f.cfg, File: "unset", Path: path}
		case f.unset:
			f.fill()
			filled[f.name] = f.key
		case !sameValue(f.cfg, f.file):
			return nil, &SettingsError{Field: f.name, Setting: f.key, Config: f.cfg, File: f.file, Path: path}
		}
	}
	return filled, nil
}

// fieldError turns err, the error of a Config field the settings file s
// at path filled, into a [SettingsFieldError] naming the file, key and
// line; other errors pass through.
func (s *Settings) fieldError(err error, filled map[string]string, path string) error {
	var ce *ConfigError
	if !errors.As(err, &ce) {
		return err
	}
	key, ok := filled[ce.Field]
	if !ok && ce.Field == "Fusion" && s.Fusion != nil {
		key, ok = "fusion", true
	}
	if !ok {
		return err
	}
	return &SettingsFieldError{Path: path, Setting: key, Line: s.lines[key], Err: ce.Err}
}

// sameValue compares two settings, through pointers.
func sameValue(a, b any) bool {
	switch a := a.(type) {
	case *int:
		b := b.(*int)
		return a != nil && b != nil && *a == *b
	case *float64:
		b := b.(*float64)
		return a != nil && b != nil && *a == *b
	}
	return reflect.DeepEqual(a, b)
}

// Validate reports the first invalid setting, as [Open] would.
func (s Settings) Validate() error {
	var c Config
	if _, err := c.applySettings(&s, SettingsFile); err != nil {
		return err
	}
	_, err := c.withDefaults()
	return err
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

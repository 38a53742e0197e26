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

	"github.com/memweave/memweave-go/search"
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

// ErrNoWorkspace is returned by [Open] for a workspace folder without a
// memory/ folder, unless [Config.Create] is set.
var ErrNoWorkspace = errors.New("not a memweave workspace")

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
// unknown field, is an error naming the file and the line.
func ReadSettings(ctx context.Context, workspace string) (*Settings, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p := filepath.Join(workspace, SettingsFile)
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("memweave: settings: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSettingsBytes+1))
	if err != nil {
		return nil, fmt.Errorf("memweave: settings %s: %w", p, err)
	}
	if len(data) > maxSettingsBytes {
		return nil, fmt.Errorf("memweave: settings %s: larger than %d bytes", p, maxSettingsBytes)
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
	return &s, nil
}

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
	tmp, err := os.CreateTemp(workspace, ".memweave-settings-*.tmp")
	if err != nil {
		return fmt.Errorf("memweave: settings: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("memweave: settings %s: %w", p, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("memweave: settings %s: %w", p, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("memweave: settings %s: %w", p, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("memweave: settings %s: %w", p, err)
	}
	if err := os.Rename(tmp.Name(), p); err != nil {
		return fmt.Errorf("memweave: settings %s: %w", p, err)
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
// first set field that disagrees with s. path is the settings file.
func (c *Config) applySettings(s *Settings, path string) error {
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
		fields = fields[6:] // a custom embedder is the caller's; the file cannot describe it
	}
	if f := s.Fusion; f != nil {
		if err := (search.FusionOptions{Method: f.Method}).Validate(); err != nil {
			return fmt.Errorf("memweave: settings %s: fusion.method: %w", path, err)
		}
		cf := &c.Fusion
		fields = append(fields,
			field{"Fusion.Method", "fusion.method", cf.Method, f.Method, cf.Method == "", f.Method == "", func() { cf.Method = f.Method }})
	}
	// Fields of the index's identity are all recorded by the file, so a
	// Config field it leaves unset disagrees too; the fusion only
	// overrides what the file sets.
	identity := len(fields)
	if s.Fusion != nil {
		identity--
	}
	for i, f := range fields {
		switch {
		case f.none && f.unset:
		case f.none && i >= identity:
		case f.none:
			return &SettingsError{Field: f.name, Setting: f.key, Config: f.cfg, File: "unset", Path: path}
		case f.unset:
			f.fill()
		case !sameValue(f.cfg, f.file):
			return &SettingsError{Field: f.name, Setting: f.key, Config: f.cfg, File: f.file, Path: path}
		}
	}
	return nil
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
	if err := c.applySettings(&s, SettingsFile); err != nil {
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

package settings

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embed"
)

// leaves returns, for every leaf value of File's JSON, its dotted key
// and where it lives in f.
func leaves(f *File) map[string]reflect.Value {
	out := make(map[string]reflect.Value)
	var walk func(prefix string, v reflect.Value)
	walk = func(prefix string, v reflect.Value) {
		t := v.Type()
		for i := range t.NumField() {
			sf := t.Field(i)
			tag, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			if !sf.IsExported() || tag == "-" {
				continue
			}
			key, fv := prefix+tag, v.Field(i)
			switch {
			case sf.Type.Kind() == reflect.Struct:
				walk(key+".", fv)
			case sf.Type.Kind() == reflect.Pointer && sf.Type.Elem().Kind() == reflect.Struct:
				fv.Set(reflect.New(sf.Type.Elem()))
				walk(key+".", fv.Elem())
			default:
				out[key] = fv
			}
		}
	}
	walk("", reflect.ValueOf(f).Elem())
	return out
}

// setNonZero gives v a value that is set by the file's rules.
func setNonZero(t *testing.T, v reflect.Value) {
	t.Helper()
	switch v.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Int:
		v.SetInt(7)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		v.Elem().SetInt(7)
	case reflect.Slice:
		v.Set(reflect.Append(reflect.MakeSlice(v.Type(), 0, 1), reflect.ValueOf("x").Convert(v.Type().Elem())))
	default:
		t.Fatalf("no test value for a setting of kind %s", v.Kind())
	}
}

// TestEverySettingIsOneNamedField: each key of the file has exactly one
// entry in the table, and that entry reads that key and no other, so a
// setting added to File without an entry, or an entry reading another's
// value, fails here rather than silently shifting a meaning.
func TestEverySettingIsOneNamedField(t *testing.T) {
	keys := leaves(new(File))
	byKey := make(map[string]field)
	for _, fd := range fields {
		if _, dup := byKey[fd.key]; dup {
			t.Errorf("setting %s has two entries", fd.key)
		}
		byKey[fd.key] = fd
		if _, ok := keys[fd.key]; !ok {
			t.Errorf("entry %s (%s) names no key of File", fd.key, fd.name)
		}
	}
	for key := range keys {
		if _, ok := byKey[key]; !ok {
			t.Errorf("File key %s has no entry in fields", key)
		}
	}
	for key := range keys {
		var f File
		setNonZero(t, leaves(&f)[key])
		if f.Fusion != nil && key != "fusion.method" {
			f.Fusion = nil // leaves made it to reach its fields
		}
		for _, fd := range fields {
			if set := !fd.unset(&f); set != (fd.key == key) {
				t.Errorf("with only %s set, entry %s reads set=%v", key, fd.key, set)
			}
		}
		// Taking it fills exactly its own Config field.
		var got File
		byKey[key].take(&got, &f)
		if !reflect.DeepEqual(byKey[key].value(&got), byKey[key].value(&f)) {
			t.Errorf("take of %s = %v, want %v", key, byKey[key].value(&got), byKey[key].value(&f))
		}
	}
}

func TestMerge(t *testing.T) {
	seven := 7
	file := &File{Embedder: Embedder{Provider: "hash", Dims: 64}, ChunkTokens: 200, Fusion: &Fusion{Method: "blend"}}
	t.Run("fills what the program leaves unset", func(t *testing.T) {
		got, filled, err := Merge(File{}, false, file, "m.json")
		if err != nil {
			t.Fatal(err)
		}
		if got.Embedder.Dims != 64 || got.ChunkTokens != 200 || got.Fusion == nil || got.Fusion.Method != "blend" {
			t.Errorf("Merge = %+v, want the file's values", got)
		}
		for _, name := range []string{"Embedder.Provider", "Embedder.Dims", "ChunkTokens", "Fusion.Method"} {
			if !filled.Has(name) {
				t.Errorf("Filled.Has(%s) = false", name)
			}
		}
		if filled.Has("ChunkOverlap") || filled.Has("Embedder.Model") {
			t.Errorf("Filled has a field the file leaves unset: %v", filled.names)
		}
	})
	t.Run("a set identity value the file lacks disagrees", func(t *testing.T) {
		_, _, err := Merge(File{ChunkOverlap: &seven}, false, file, "m.json")
		var me *MismatchError
		if !errors.As(err, &me) || me.Setting != "chunk_overlap" || me.File != "unset" || !errors.Is(err, ErrMismatch) {
			t.Fatalf("Merge = %v, want a mismatch on chunk_overlap", err)
		}
	})
	t.Run("a different value disagrees", func(t *testing.T) {
		_, _, err := Merge(File{ChunkTokens: 300}, false, file, "m.json")
		var me *MismatchError
		if !errors.As(err, &me) || me.Field != "ChunkTokens" || me.Config != 300 || me.File != 200 {
			t.Fatalf("Merge = %v, want a mismatch on ChunkTokens 300 against 200", err)
		}
	})
	t.Run("the fusion only overrides what the file sets", func(t *testing.T) {
		own := File{Embedder: Embedder{Provider: "hash", Dims: 64}, ChunkTokens: 200, Fusion: &Fusion{Method: "keyword"}}
		got, _, err := Merge(own, false, &File{Embedder: file.Embedder, ChunkTokens: 200}, "m.json")
		if err != nil || got.Fusion.Method != "keyword" {
			t.Fatalf("Merge = %+v, %v; want the program's fusion", got.Fusion, err)
		}
	})
	t.Run("a custom embedder leaves the file's embedder alone", func(t *testing.T) {
		got, filled, err := Merge(File{ChunkTokens: 200}, true, file, "m.json")
		if err != nil || got.Embedder != (Embedder{}) || filled.Has("Embedder.Provider") {
			t.Fatalf("Merge = %+v, %v, %v; want the embedder untouched", got.Embedder, filled.names, err)
		}
	})
	t.Run("an unknown fusion method names its key", func(t *testing.T) {
		_, _, err := Merge(File{}, false, &File{Fusion: &Fusion{Method: "rrf-9"}}, "m.json")
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Setting != "fusion.method" {
			t.Fatalf("Merge = %v, want a FieldError on fusion.method", err)
		}
	})
}

func TestChunking(t *testing.T) {
	for _, c := range []struct {
		tokens      int
		overlap     *int
		wantTokens  int
		wantOverlap int
		wantField   string
	}{
		{0, nil, 400, 80, ""},
		{100, nil, 100, 20, ""},
		{8, nil, 0, 0, "ChunkTokens"},
		{100, new(100), 0, 0, "ChunkOverlap"},
		{100, new(-1), 0, 0, "ChunkOverlap"},
		{100, new(0), 100, 0, ""},
		{100, new(50), 100, 50, ""},
		{100, new(51), 0, 0, "ChunkOverlap"},
		{400, new(399), 0, 0, "ChunkOverlap"},
		{MaxChunkTokens, nil, MaxChunkTokens, 80, ""},
		{MaxChunkTokens + 1, nil, 0, 0, "ChunkTokens"},
		{1_000_000_000, nil, 0, 0, "ChunkTokens"},
	} {
		tokens, overlap, err := Chunking(c.tokens, c.overlap)
		var ce *ConfigError
		switch {
		case c.wantField != "":
			if !errors.As(err, &ce) || ce.Field != c.wantField {
				t.Errorf("Chunking(%d, %v) = %v, want an error on %s", c.tokens, c.overlap, err, c.wantField)
			}
		case err != nil || tokens != c.wantTokens || *overlap != c.wantOverlap:
			t.Errorf("Chunking(%d, %v) = %d, %v, %v; want %d, %d", c.tokens, c.overlap, tokens, overlap, err, c.wantTokens, c.wantOverlap)
		}
	}
}

// TestReadNamesNestedKeyAndLine: a value out of range inside the
// embedder object is named by its dotted key and its own line.
func TestReadNamesNestedKeyAndLine(t *testing.T) {
	ws := t.TempDir()
	data := "{\n  \"chunk_tokens\": 200,\n  \"embedder\": {\n    \"provider\": \"hash\",\n    \"dims\": -4\n  }\n}\n"
	if err := os.WriteFile(filepath.Join(ws, FileName), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Read(context.Background(), ws)
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Setting != "embedder.dims" || fe.Line != 5 {
		t.Fatalf("Read = %v, want a FieldError on embedder.dims at line 5", err)
	}
	if err := (File{Embedder: Embedder{Provider: "openai"}}).Validate(); err == nil {
		t.Fatal("Validate of openai without a model = nil")
	} else if ce := (*ConfigError)(nil); !errors.As(err, &ce) || ce.Field != "Embedder.Model" {
		t.Fatalf("Validate = %v, want a ConfigError on Embedder.Model", err)
	}
}

// TestReadRefusesHugeChunkTokens: a cloned memweave.json's chunk_tokens
// of 10^9 made each section of a note one passage (a 1.4 MB note was one
// result of 24,001 lines, too big for any embedding model); it is an
// error naming the key, its line and the bound.
func TestReadRefusesHugeChunkTokens(t *testing.T) {
	_, _, err := readData(t, "{\n  \"chunk_tokens\": 1000000000\n}\n")
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Setting != "chunk_tokens" || fe.Line != 2 ||
		!strings.Contains(err.Error(), fmt.Sprintf("at most %d", MaxChunkTokens)) {
		t.Fatalf("Read of chunk_tokens 10^9 = %v; want a FieldError on chunk_tokens at line 2 naming at most %d", err, MaxChunkTokens)
	}
}

// TestWriteThenRead: what Write writes, Read returns.
func TestWriteThenRead(t *testing.T) {
	ctx, ws := context.Background(), t.TempDir()
	want := File{Embedder: embedderOf(embed.Config{Provider: "hash", Dims: 64}), ChunkTokens: 200, ExtraPaths: []string{"docs"}}
	if err := Write(ctx, ws, want); err != nil {
		t.Fatal(err)
	}
	got, err := Read(ctx, ws)
	if err != nil || got == nil {
		t.Fatalf("Read = %v, %v", got, err)
	}
	got.lines = nil
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("Read = %+v, want %+v", *got, want)
	}
}

// readData writes data as a workspace's settings file and reads it back,
// returning the file's path with what Read returns.
func readData(t *testing.T, data string) (string, *File, error) {
	t.Helper()
	ws := t.TempDir()
	path := filepath.Join(ws, FileName)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Read(context.Background(), ws)
	return path, s, err
}

// TestReadNamesTheFileForWhatItLeavesOut: a settings file whose value
// needs another it does not hold (openai without a model) is the file's
// error, naming the file and the missing key, not a program's field; a
// command that set nothing itself must not be told to fix a flag.
func TestReadNamesTheFileForWhatItLeavesOut(t *testing.T) {
	data := "{\n  \"embedder\": {\n    \"provider\": \"openai\"\n  }\n}\n"
	path, _, err := readData(t, data)
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Setting != "embedder.model" || fe.Path != path || fe.Line != 2 {
		t.Fatalf("Read = %v, want a FieldError on embedder.model of %s at line 2 (its object's)", err, path)
	}
}

// TestReadRefusesABaseURLThatIsNotHTTP: an embedding server address
// that memweave cannot use (another scheme, no host) is the file's
// error, naming embedder.base_url and its line, when the file is read;
// not an approval to ask for, nor an error about a flag later.
func TestReadRefusesABaseURLThatIsNotHTTP(t *testing.T) {
	for _, u := range []string{"ftp://example.com/v1", "file:///etc/passwd", "unix:///run/x.sock", "http://", "example.com/v1", "javascript:alert(1)", "http://[::1"} {
		t.Run(u, func(t *testing.T) {
			data := fmt.Sprintf("{\n  \"embedder\": {\n    \"provider\": \"openai\",\n    \"model\": \"m\",\n    \"base_url\": %q\n  }\n}\n", u)
			_, _, err := readData(t, data)
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Setting != "embedder.base_url" || fe.Line != 5 || !strings.Contains(err.Error(), "http") {
				t.Fatalf("Read = %v, want a FieldError on embedder.base_url at line 5 asking for an http(s) URL", err)
			}
		})
	}
}

// TestReadRefusesARepeatedKey: a key given twice is refused, naming the
// key and the line of its second occurrence. JSON decoding keeps the
// last value silently, so a reader of the file (who approves what it
// says) would see one embedding server and memweave use another.
func TestReadRefusesARepeatedKey(t *testing.T) {
	for _, c := range []struct {
		data, key string
		line      int
	}{
		{"{\n  \"embedder\": {\n    \"provider\": \"openai\",\n    \"model\": \"m\",\n    \"base_url\": \"http://127.0.0.1:11434/v1\",\n    \"base_url\": \"http://203.0.113.9/v1\"\n  }\n}\n", "embedder.base_url", 6},
		{"{\n  \"chunk_tokens\": 200,\n  \"embedder\": {},\n  \"chunk_tokens\": 300\n}\n", "chunk_tokens", 4},
		{"{\n  \"embedder\": {\n    \"provider\": \"openai\", \"model\": \"m\",\n    \"base_url\": \"http://127.0.0.1:11434/v1\",\n    \"BASE_URL\": \"http://203.0.113.9/v1\"\n  }\n}\n", "embedder.base_url", 5},
		{"{\n  \"extra_paths\": [\"docs\"],\n  \"embedder\": {\"provider\": \"hash\"},\n  \"extra_paths\": [\"../../\"]\n}\n", "extra_paths", 4},
		// Decoding matches keys as Unicode folds them: a long s (U+017F)
		// is an s, a Kelvin sign (U+212A) a k.
		{"{\n  \"embedder\": {\n    \"provider\": \"openai\", \"model\": \"m\",\n    \"base_url\": \"http://127.0.0.1:11434/v1\",\n    \"ba\u017fe_url\": \"http://203.0.113.9/v1\"\n  }\n}\n", "embedder.base_url", 5},
		{"{\n  \"embedder\": {\n    \"provider\": \"openai\", \"model\": \"m\",\n    \"ba\\u017fe_url\": \"http://203.0.113.9/v1\",\n    \"base_url\": \"http://127.0.0.1:11434/v1\"\n  }\n}\n", "embedder.base_url", 5},
		{"{\n  \"chunk_tokens\": 200,\n  \"chun\u212a_tokens\": 300\n}\n", "chunk_tokens", 3},
		{"{\n  \"extra_paths\": [\"docs\"],\n  \"extra_path\u017f\": [\"/\"]\n}\n", "extra_paths", 3},
	} {
		t.Run(c.key, func(t *testing.T) {
			path, s, err := readData(t, c.data)
			want := fmt.Sprintf("%s:%d:", path, c.line)
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), c.key) {
				t.Fatalf("Read = %+v, %v; want an error at %s naming %s given twice", s, err, want, c.key)
			}
		})
	}
}

// TestReadRefusesDimsNoIndexHolds: dimensions past what an index can
// record are the file's error when it is read, naming embedder.dims,
// its line and the limit, not an index error that names neither.
func TestReadRefusesDimsNoIndexHolds(t *testing.T) {
	for _, provider := range []string{"hash", "openai"} {
		t.Run(provider, func(t *testing.T) {
			data := fmt.Sprintf("{\n  \"embedder\": {\n    \"provider\": %q,\n    \"model\": \"m\",\n    \"dims\": 1000000000\n  }\n}\n", provider)
			_, _, err := readData(t, data)
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Setting != "embedder.dims" || fe.Line != 5 || !strings.Contains(err.Error(), fmt.Sprint(embed.MaxDims)) {
				t.Fatalf("Read = %v, want a FieldError on embedder.dims at line 5 naming the limit", err)
			}
		})
	}
}

// TestReadNamesAnUnknownKeyByItsPath: an unknown key, at the top or
// inside an object, is named by its dotted path and line, with the keys
// that object takes, so that a typo ("base_ur") is found at once.
func TestReadNamesAnUnknownKeyByItsPath(t *testing.T) {
	for _, c := range []struct {
		data, key, takes string
		line             int
	}{
		{"{\n  \"embedder\": {\n    \"provider\": \"hash\",\n    \"base_ur\": \"http://x\"\n  }\n}\n", "embedder.base_ur", "base_url", 4},
		{"{\n  \"chunk_tokens\": 200,\n  \"db_path\": \"/tmp/x.db\"\n}\n", "db_path", "extra_paths", 3},
		{"{\n  \"fusion\": {\"method\": \"blend\",\n  \"weight\": 2}\n}\n", "fusion.weight", "method", 3},
	} {
		t.Run(c.key, func(t *testing.T) {
			path, _, err := readData(t, c.data)
			want := fmt.Sprintf("%s:%d:", path, c.line)
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), `"`+c.key+`"`) || !strings.Contains(err.Error(), c.takes) {
				t.Fatalf("Read = %v; want an error at %s naming %q and the keys its object takes (%s among them)", err, want, c.key, c.takes)
			}
		})
	}
}

// TestReadRefusesUserInfoInBaseURL: a base_url with user information
// ("http://localhost:11434@203.0.113.9/v1") reads as one host and sends
// to another, and a committed password is no secret: the file's error
// names embedder.base_url, its line and the host it would reach.
func TestReadRefusesUserInfoInBaseURL(t *testing.T) {
	for _, u := range []string{"http://localhost:11434@203.0.113.9/v1", "https://user:pw9x@203.0.113.9/v1", "http://@203.0.113.9/v1"} {
		t.Run(u, func(t *testing.T) {
			data := fmt.Sprintf("{\n  \"embedder\": {\n    \"provider\": \"openai\",\n    \"model\": \"m\",\n    \"base_url\": %q\n  }\n}\n", u)
			_, _, err := readData(t, data)
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Setting != "embedder.base_url" || fe.Line != 5 || !strings.Contains(err.Error(), "203.0.113.9") || strings.Contains(fe.Err.Error(), "pw9x") {
				t.Fatalf("Read = %v, want a FieldError on embedder.base_url at line 5 naming host 203.0.113.9 (and no password)", err)
			}
		})
	}
}

// TestReadRefusesAHostOfOtherScripts: a base_url whose host is not plain
// ASCII can read as another: "lосаlhоst" with Cyrillic о, с, а is sent
// to the DNS name xn--llhst-4ve1hdx, anyone's to register, while trust
// --list shows "localhost" to the user asked to approve it. The file's
// error names embedder.base_url and its line.
func TestReadRefusesAHostOfOtherScripts(t *testing.T) {
	for _, u := range []string{"http://l\u043e\u0441\u0430lh\u043est:11434/v1", "http://l%D0%BEcalhost:11434/v1", "https://api.openai.co\u1e3f/v1", "http://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54:11434/v1"} {
		t.Run(u, func(t *testing.T) {
			data := fmt.Sprintf("{\n  \"embedder\": {\n    \"provider\": \"openai\",\n    \"model\": \"m\",\n    \"base_url\": %q\n  }\n}\n", u)
			s, _, err := readData(t, data)
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Setting != "embedder.base_url" || fe.Line != 5 || !strings.Contains(err.Error(), "ASCII") {
				t.Fatalf("Read = %+v, %v; want a FieldError on embedder.base_url at line 5 saying the host is not ASCII", s, err)
			}
		})
	}
}

// TestReadTakesAByteOrderMark: editors on Windows save UTF-8 with a
// byte order mark, which JSON parsers may ignore (RFC 8259); the file
// was refused with "invalid character 'ï' looking for beginning of
// value", which names no cause. Its keys keep their lines.
func TestReadTakesAByteOrderMark(t *testing.T) {
	path, s, err := readData(t, "\ufeff{\n  \"chunk_tokens\": 100,\n  \"chunk_tokens\": 200\n}\n")
	if want := path + ":3:"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Read(BOM, a key twice) = %+v, %v; want the repeated key's error at %s", s, err, want)
	}
	_, s, err = readData(t, "\ufeff{\n  \"chunk_tokens\": 100\n}\n")
	if err != nil || s == nil || s.ChunkTokens != 100 {
		t.Errorf("Read(BOM) = %+v, %v; want chunk_tokens 100", s, err)
	}
}

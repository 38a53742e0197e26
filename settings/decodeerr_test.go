package settings

import (
	"errors"
	"strings"
	"testing"
)

// TestReadNamesTheSettingOfAWrongType: a value of the wrong JSON type
// is a FieldError naming the setting by its key, its line and the kind
// of value it takes, in the file's words, not Go's ("Go struct field
// File.chunk_tokens of type int").
func TestReadNamesTheSettingOfAWrongType(t *testing.T) {
	for _, c := range []struct {
		data, key, want string
		line            int
	}{
		{"{\n  \"chunk_tokens\": \"400\"\n}\n", "chunk_tokens", "want a whole number, got string", 2},
		{"{\n  \"chunk_tokens\": 200,\n  \"chunk_overlap\": 4.5\n}\n", "chunk_overlap", "want a whole number, got 4.5", 3},
		{"{\n  \"embedder\": {\n    \"provider\": \"hash\",\n    \"dims\": \"x\"\n  }\n}\n", "embedder.dims", "want a whole number, got string", 4},
		{"{\n  \"embedder\": {\n    \"model\": 3\n  }\n}\n", "embedder.model", "want a string, got number", 3},
		{"{\n\n  \"extra_paths\": \"docs\"\n}\n", "extra_paths", "want a list of strings, got string", 3},
		{"{\n  \"fusion\": \"blend\"\n}\n", "fusion", "want an object, got string", 2},
		{"{\n  \"embedder\": [\"hash\"]\n}\n", "embedder", "want an object, got array", 2},
	} {
		t.Run(c.key, func(t *testing.T) {
			_, _, err := readData(t, c.data)
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Setting != c.key || fe.Line != c.line || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "Go ") {
				t.Fatalf("Read(%q) = %v, want a FieldError on %s at line %d saying %q", c.data, err, c.key, c.line, c.want)
			}
		})
	}
}

// TestReadSaysWhatAFileThatIsNoObjectLacks: an empty file, one holding
// another JSON value than an object, and a syntax error (a comment, a
// trailing comma) each get an error naming the file and saying what it
// takes, and a byte order mark, which editors on Windows write, is read
// past.
func TestReadSaysWhatAFileThatIsNoObjectLacks(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{"", ": empty: want a JSON object of settings, such as {}"},
		{"  \n\t\n", ": empty: want a JSON object of settings, such as {}"},
		{"[]", ":1: want a JSON object of settings, got array"},
		{"\"x\"", ":1: want a JSON object of settings, got string"},
		{"{\n  // the model\n  \"chunk_tokens\": 200\n}\n", ":2: invalid character '/' looking for beginning of object key string (the file is strict JSON: no comments, no trailing commas, numbers in decimal)"},
		{"{\n  \"chunk_tokens\": 200,\n}\n", ":3: after key \"chunk_tokens\": invalid character '}' looking for beginning of object key string (the file is strict JSON: no comments, no trailing commas, numbers in decimal)"},
	} {
		path, _, err := readData(t, c.data)
		if err == nil || err.Error() != "memweave: settings "+path+c.want {
			t.Errorf("Read(%q) = %v, want %q", c.data, err, "memweave: settings "+path+c.want)
		}
	}
	_, s, err := readData(t, "\ufeff{\n  \"chunk_tokens\": 200\n}\n")
	if err != nil || s == nil || s.ChunkTokens != 200 {
		t.Errorf("Read(a byte order mark, then chunk_tokens 200) = %+v, %v, want chunk_tokens 200", s, err)
	}
}

package settings

import (
	"errors"
	"strings"
	"testing"
)

// TestParseRefusesAnEmptyExtraPath: an extra path "" (or null, which
// decodes to "") names the workspace itself, and a cloned file's was
// shown for approval as `extra_paths ""`: whoever approved it could not
// read that every Markdown file of the workspace would be indexed. It is
// refused naming the key and its line; "." names the workspace.
func TestParseRefusesAnEmptyExtraPath(t *testing.T) {
	for _, data := range []string{
		"{\n  \"extra_paths\": [\"docs\", \"\"]\n}\n",
		"{\n  \"extra_paths\": [null]\n}\n",
		"{\n  \"extra_paths\": [\" \"]\n}\n",
	} {
		_, err := Parse([]byte(data), "/ws/memweave.json")
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Setting != "extra_paths" || fe.Line != 2 || !strings.Contains(err.Error(), `"."`) {
			t.Errorf("Parse(%q) = %v, want a FieldError for extra_paths at line 2 naming \".\"", data, err)
		}
	}
	if _, err := Parse([]byte(`{"extra_paths": ["."]}`), "/ws/memweave.json"); err != nil {
		t.Errorf(`Parse of extra_paths ["."] = %v, want it read`, err)
	}
	if err := (File{ExtraPaths: []string{""}}).Validate(); err == nil {
		t.Errorf(`Validate of ExtraPaths [""] = nil, want an error`)
	}
}

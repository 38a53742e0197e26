package settings

import (
	"strings"
	"testing"
)

// TestReadRefusesWhatFollowsTheObject: text after the settings object
// that starts with "}" or "]" was read past (json.Decoder.More is false
// before either), so `{"chunk_tokens": 300}} "extra_paths": ["/etc"]`
// was taken as valid, its tail unread, though the file is not JSON and
// its reader sees settings the program ignores. Anything but white space
// after the object is refused, naming the file and line.
func TestReadRefusesWhatFollowsTheObject(t *testing.T) {
	for _, data := range []string{
		"{\"chunk_tokens\": 300}}",
		"{\"chunk_tokens\": 300}]]]",
		"{\n  \"chunk_tokens\": 300\n}\n}, \"extra_paths\": [\"/etc\"]}\n",
		"{\"chunk_tokens\": 300} {\"chunk_tokens\": 200}",
		"{\"chunk_tokens\": 300}\x00",
	} {
		path, s, err := readData(t, data)
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "after the settings object") {
			t.Errorf("Read(%q) = %+v, %v; want an error naming %s and what follows the object", data, s, err, path)
		}
	}
	if _, s, err := readData(t, "{\"chunk_tokens\": 300}\n\t \r\n"); err != nil || s == nil || s.ChunkTokens != 300 {
		t.Errorf("Read(an object, then white space) = %+v, %v; want chunk_tokens 300", s, err)
	}
}

package memweave

import (
	"reflect"
	"testing"

	"github.com/memweave/memweave-go/search"
)

// TestSettingsRoundTripThroughConfig: every setting the file records
// reaches its Config field and comes back, so a setting added to the
// file without its Config plumbing fails here.
func TestSettingsRoundTripThroughConfig(t *testing.T) {
	want := Settings{
		Embedder: EmbedderSettings{Provider: "openai", Model: "m", BaseURL: "http://x", Dims: 7,
			QueryPrefix: "q: ", DocumentPrefix: "d: "},
		ChunkTokens: 200, ChunkOverlap: new(10), ExtraPaths: []string{"docs"},
		Fusion: &FusionSettings{Method: search.FusionMethod("blend")},
	}
	assertNoZeroLeaf(t, "Settings", reflect.ValueOf(want))
	var c Config
	c.useSettings(want)
	if got := SettingsOf(c); !reflect.DeepEqual(got, want) {
		t.Errorf("SettingsOf(useSettings(%+v)) = %+v", want, got)
	}
}

// assertNoZeroLeaf fails for a zero field of v, so that the literal
// above grows with the settings.
func assertNoZeroLeaf(t *testing.T, name string, v reflect.Value) {
	t.Helper()
	switch {
	case v.Kind() == reflect.Pointer && !v.IsNil() && v.Elem().Kind() == reflect.Struct:
		assertNoZeroLeaf(t, name, v.Elem())
	case v.Kind() == reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				assertNoZeroLeaf(t, name+"."+v.Type().Field(i).Name, v.Field(i))
			}
		}
	case v.IsZero():
		t.Errorf("%s is unset in the test's settings; set it so the round trip covers it", name)
	}
}

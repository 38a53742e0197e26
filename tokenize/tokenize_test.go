package tokenize

import (
	"reflect"
	"testing"
)

func TestWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"Hello, World!", []string{"hello", "world"}},
		{"ZEBRA-COMET-2026 is set", []string{"zebra-comet-2026", "is", "set"}},
		{"upgrade to v1.2.3.", []string{"upgrade", "to", "v1.2.3"}},
		{"see pkg/foo.go and E1234", []string{"see", "pkg/foo.go", "and", "e1234"}},
		{"trailing- dash", []string{"trailing", "dash"}},
		{"café naïve", []string{"café", "naïve"}},
		{"我们使用Valkey", []string{"我", "们", "使", "用", "valkey"}},
	}
	for _, tt := range tests {
		if got := Words(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Words(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestBigrams(t *testing.T) {
	got := Bigrams("我们使用 Valkey 缓存")
	want := []string{"我们", "们使", "使用", "valkey", "缓存"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Bigrams = %q, want %q", got, want)
	}
	if got := Bigrams("猫 dog"); !reflect.DeepEqual(got, []string{"猫", "dog"}) {
		t.Errorf("Bigrams(lone) = %q", got)
	}
}

func TestParts(t *testing.T) {
	if got := Parts("zebra-comet-2026"); !reflect.DeepEqual(got, []string{"zebra", "comet", "2026"}) {
		t.Errorf("Parts = %q", got)
	}
}

package workspace

import (
	"testing"
	"time"
)

func TestIsMarkdown(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"a.md", true},
		{"a.MD", true},
		{"a.Md", true},
		{"a.markdown", true},
		{"a.MarkDown", true},
		{"dir/a.md", true},
		{"a.md.txt", false},
		{"a.mdx", false},
		{"a.txt", false},
		{"md", false},
		{"a.md.", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := IsMarkdown(tt.name); got != tt.want {
			t.Errorf("IsMarkdown(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestIsIgnoredName(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{".git", true},
		{".obsidian", true},
		{".memweave", true},
		{".hidden.md", true},
		{".#lock.md", true},
		{"#auto.md#", true},
		{"draft.md~", true},
		{"a.tmp", true},
		{"a.md.TMP", true},
		{"a.md.swp", true},
		{"a.md.swx", true},
		{"a.md", false},
		{"#tag.md", false},
		{"a#", false},
		{"#", false},
		{"tmp", false},
		{"notes", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := IsIgnoredName(tt.name); got != tt.want {
			t.Errorf("IsIgnoredName(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestSource(t *testing.T) {
	tests := []struct {
		rel  string
		want string
	}{
		{"memory/researcher_agent/x.md", "researcher_agent"},
		{"memory/researcher_agent/deep/x.md", "researcher_agent"},
		{"memory/x.md", SourceMemory},
		{"memory/2026-03-14.md", SourceMemory},
		{"memory//a/x.md", "a"},
		{"memory/../x.md", SourceExternal},
		{"notes/x.md", SourceExternal},
		{"x.md", SourceExternal},
		{"/home/me/notes/x.md", SourceExternal},
		{"memoryx/a.md", SourceExternal},
		{"memory", SourceExternal},
		{"memory/", SourceExternal},
		{"", SourceExternal},
	}
	for _, tt := range tests {
		if got := Source(tt.rel); got != tt.want {
			t.Errorf("Source(%q) = %q, want %q", tt.rel, got, tt.want)
		}
	}
}

func TestInMemory(t *testing.T) {
	tests := []struct {
		rel  string
		want bool
	}{
		{"memory/x.md", true},
		{"memory/a/x.md", true},
		{"./memory/x.md", true},
		{"memory/../x.md", false},
		{"memory", false},
		{"memory/", false},
		{"memoryx/a.md", false},
		{"notes/memory/x.md", false},
		{"/abs/memory/x.md", false},
	}
	for _, tt := range tests {
		if got := InMemory(tt.rel); got != tt.want {
			t.Errorf("InMemory(%q) = %v, want %v", tt.rel, got, tt.want)
		}
	}
}

func TestDateOf(t *testing.T) {
	date := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		rel    string
		want   time.Time
		wantOK bool
	}{
		{"memory/2026-03-14.md", date(2026, 3, 14), true},
		{"memory/journal/2026-03-14.md", date(2026, 3, 14), true},
		{"memory/a/b/c/2024-02-29.markdown", date(2024, 2, 29), true},
		{"memory/2026-03-14.MD", date(2026, 3, 14), true},
		{"memory/2026-12-31.Markdown", date(2026, 12, 31), true},
		{"memory/2026-02-30.md", time.Time{}, false}, // no such day
		{"memory/2025-02-29.md", time.Time{}, false}, // not a leap year
		{"memory/2026-13-01.md", time.Time{}, false},
		{"memory/2026-00-10.md", time.Time{}, false},
		{"memory/2026-3-14.md", time.Time{}, false},
		{"memory/2026-03-14-standup.md", time.Time{}, false},
		{"memory/notes-2026-03-14.md", time.Time{}, false},
		{"memory/2026_03_14.md", time.Time{}, false},
		{"memory/+026-03-14.md", time.Time{}, false},
		{"memory/2026-03-14.txt", time.Time{}, false},
		{"memory/2026-03-14", time.Time{}, false},
		{"memory/2026-03-14/notes.md", time.Time{}, false},
		{"2026-03-14.md", time.Time{}, false},
		{"notes/2026-03-14.md", time.Time{}, false},
		{"/home/me/2026-03-14.md", time.Time{}, false},
		{"memory/stack.md", time.Time{}, false},
	}
	for _, tt := range tests {
		got, ok := DateOf(tt.rel)
		if !got.Equal(tt.want) || ok != tt.wantOK || got.Location() != time.UTC {
			t.Errorf("DateOf(%q) = %v, %v, want %v, %v", tt.rel, got, ok, tt.want, tt.wantOK)
		}
	}
}

package gitsync

import "testing"

func TestFetchedInto(t *testing.T) {
	t.Parallel()
	const ref = "refs/heads/main"
	for spec, want := range map[string]string{
		"+refs/heads/*:refs/remotes/origin/*":      "refs/remotes/origin/main",
		"refs/heads/*:refs/remotes/team/*":         "refs/remotes/team/main",
		"+refs/heads/ma*:refs/remotes/o/x-*":       "refs/remotes/o/x-in",
		"+refs/heads/main:refs/mirror/main":        "refs/mirror/main",
		"main:refs/short/main":                     "refs/short/main",
		"heads/main:refs/short/main":               "refs/short/main",
		"+refs/heads/other:refs/remotes/o/other":   "",
		"+refs/heads/*/x:refs/remotes/o/*/x":       "",
		"^refs/heads/main":                         "",
		"refs/heads/main":                          "",
		"+refs/tags/*:refs/tags/*":                 "",
		"+refs/heads/main/*:refs/remotes/o/deep/*": "",
	} {
		if got := fetchedInto(spec, ref); got != want {
			t.Errorf("fetchedInto(%q, %q) = %q, want %q", spec, ref, got, want)
		}
	}
}

package memfile_test

import (
	"testing"

	"github.com/memweave/memweave-go/memfile"
)

func TestConflictMarkers(t *testing.T) {
	cases := []struct {
		in   string
		want int
	}{
		{"<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> b\n", 1},
		{"# Note\n\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> b\n", 3},
		{"a\r\n<<<<<<< HEAD\r\nx\r\n=======\r\ny\r\n>>>>>>> z\r\n", 2},
		{"x <<<<<<< not at a line start\n>>>>>>> b\n", 0},
		{"<<<<<<< HEAD\nno end marker\n", 0},
		{"`<<<<<<< ` in prose\n", 0},
		{"", 0},
		{"text >>>>>>> b\n<<<<<<< HEAD\n", 0},
	}
	for _, c := range cases {
		if got := memfile.ConflictMarkers([]byte(c.in)); got != c.want {
			t.Errorf("ConflictMarkers(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

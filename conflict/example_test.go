package conflict_test

import (
	"fmt"

	"github.com/memweave/memweave-go/conflict"
)

func ExampleJudge() {
	pairs := [][2]string{
		{"The staging database runs PostgreSQL 15.", "The staging database runs PostgreSQL 16."},
		{"The staging database runs PostgreSQL 15.", "The production database runs PostgreSQL 16."},
		{"The staging database runs PostgreSQL 15.", "The staging database runs PostgreSQL 15.4."},
		{"We use Redis for session caching.", "We no longer use Redis for session caching."},
		{"Signups are open for the beta.", "Signups are closed for the beta."},
		{"We use Go and Python.", "We use Go, Python and Rust."},
	}
	for _, p := range pairs {
		if v, ok := conflict.Judge(p[0], p[1]); ok {
			fmt.Printf("%s: %s\n", v.Kind, v.Reason)
		} else {
			fmt.Println("no conflict")
		}
	}
	// Output:
	// likely: different number: "15" vs "16"
	// no conflict
	// no conflict
	// likely: negation: b says "no longer"
	// likely: antonyms: "open" vs "closed"
	// no conflict
}

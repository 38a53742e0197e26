package memweavetest

import (
	"bytes"
	"strings"
	"sync"
)

// Buffer is a bytes.Buffer safe for concurrent use: a logger's or a
// child process's output that another goroutine writes while the test
// reads it. The zero value is ready to use.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p to the buffer.
func (l *Buffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String returns what was written so far.
func (l *Buffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Count returns how many times s occurs in what was written so far.
func (l *Buffer) Count(s string) int {
	return strings.Count(l.String(), s)
}

package oneshot

import (
	"bufio"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestStartAdvisesTheNextSpans: after Start, a new span of the heap lies
// in memory advised for transparent huge pages (VmFlags "hg" in
// /proc/self/smaps), where the first touch of 2 MiB is one page fault
// instead of 512 (issue 36: every CLI command is a fresh process). The
// flag is the advice itself, set whether or not the kernel then finds a
// free huge page, so the test does not depend on the machine's memory.
//
// Start acts on a fresh process's heap. A second run in one process
// (go test -count=N) finds the spans the first run freed below the
// advised range and allocates there, so each run checks in a child
// process of its own.
func TestStartAdvisesTheNextSpans(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage"); err != nil {
		t.Skip("this kernel has no transparent huge pages")
	}
	if os.Getenv(freshProcessEnv) != "1" {
		inFreshProcess(t)
		return
	}
	// No collection during the test: spans it freed would be reused first.
	t.Setenv("GOGC", "off")
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	Start()
	// A span of its own, larger than the pages a P keeps for small spans.
	span := make([]byte, 1<<20)
	addr := uintptr(unsafe.Pointer(unsafe.SliceData(span)))
	flags, ok := vmFlags(t, addr)
	if !ok {
		t.Fatalf("no mapping holds %#x in /proc/self/smaps", addr)
	}
	if !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("a 1 MiB allocation after Start, at %#x, lies in memory not advised for huge pages: VmFlags %q, want hg", addr, flags)
	}
}

// freshProcessEnv marks the child process inFreshProcess starts.
const freshProcessEnv = "MEMWEAVE_ONESHOT_FRESH_PROCESS"

// inFreshProcess runs the calling test alone in a new process of this test
// binary and reports its failure, or its skip, as the test's own.
func inFreshProcess(t *testing.T) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatalf("find the test binary: %v", err)
	}
	cmd := exec.Command(exe, "-test.run=^"+t.Name()+"$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), freshProcessEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s in a fresh process: %v\n%s", t.Name(), err, out)
	}
	if strings.Contains(string(out), "--- SKIP") {
		t.Skipf("%s in a fresh process skipped:\n%s", t.Name(), out)
	}
}

// TestHugeRange: the advised range runs from the first huge page in
// the block to the end of the heap's growth, the chunk boundary at or
// past the block's start plus the two chunks a block just over one
// chunk takes; a block that began in free memory before the growth
// (1 MiB before a chunk boundary) still has the whole growth advised.
func TestHugeRange(t *testing.T) {
	const chunk = uintptr(0x40400000) // a chunk boundary of the heap (within 32 bits: 386 vets this file too)
	tests := []struct {
		name          string
		start, lo, hi uintptr
	}{
		{"at a chunk boundary", chunk, chunk, chunk + 2*heapChunkBytes},
		{"in free memory before the growth", chunk - 1<<20, chunk, chunk + 2*heapChunkBytes},
		{"a page past a chunk boundary", chunk + 8<<10, chunk + hugePageBytes, chunk + 3*heapChunkBytes},
	}
	for _, tt := range tests {
		if lo, hi := hugeRange(tt.start); lo != tt.lo || hi != tt.hi {
			t.Errorf("%s: hugeRange(%#x) = [%#x, %#x), want [%#x, %#x)", tt.name, tt.start, lo, hi, tt.lo, tt.hi)
		}
	}
}

// vmFlags returns the VmFlags of the mapping in /proc/self/smaps that
// holds addr.
func vmFlags(t testing.TB, addr uintptr) (string, bool) {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no /proc/self/smaps: %v", err)
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if rest, found := strings.CutPrefix(line, "VmFlags:"); found {
			if in {
				return strings.TrimSpace(rest), true
			}
			continue
		}
		// A mapping's first line: "start-end perms offset dev inode path".
		span, _, _ := strings.Cut(line, " ")
		from, to, found := strings.Cut(span, "-")
		if !found {
			continue
		}
		lo, err1 := strconv.ParseUint(from, 16, 64)
		hi, err2 := strconv.ParseUint(to, 16, 64)
		if err1 == nil && err2 == nil {
			in = uint64(addr) >= lo && uint64(addr) < hi
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read /proc/self/smaps: %v", err)
	}
	return "", false
}

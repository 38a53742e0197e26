package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// The fresh CLI process: what an agent that runs `memweave search` or
// `memweave status` once per call pays, as the whole process (exec to
// exit) in wall time and in CPU time (user + system, from the child's
// resource usage, which time spent waiting for a core does not inflate;
// on a shared virtual machine both drift with the host's load, so
// binaries are compared in alternating runs).

// cliBinary returns the memweave CLI to time: --cli when set, else one
// built from this module into tmp (the benchmark may itself be a `go
// run` binary with no CLI beside it).
func (c *speedCommand) cliBinary(ctx context.Context, tmp string) (string, error) {
	if c.cli != "" {
		return c.cli, nil
	}
	out := filepath.Join(tmp, "memweave")
	build := exec.CommandContext(ctx, "go", "build", "-tags", "sqlite_fts5", "-o", out, "github.com/memweave/memweave-go/cmd/memweave")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		return "", fmt.Errorf("build the memweave CLI (or name one with --cli): %w", err)
	}
	return out, nil
}

// cliRun is one timed CLI process.
type cliRun struct {
	wall, cpu time.Duration
}

// runCLI runs bin with args on the workspace dir and returns its wall
// and CPU time. Output is discarded; a failure returns its stderr.
func runCLI(ctx context.Context, bin, dir string, args ...string) (cliRun, error) {
	cmd := exec.CommandContext(ctx, bin, append([]string{"--workspace", dir}, args...)...)
	var stderr limitedBuffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return cliRun{}, fmt.Errorf("%s %v: %w: %s", bin, args, err, stderr.b)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return cliRun{}, errors.New("no resource usage for the CLI process on this system")
	}
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return cliRun{wall: wall, cpu: cpu}, nil
}

// limitedBuffer keeps the first 4 KiB written to it.
type limitedBuffer struct{ b []byte }

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := 4096 - len(l.b); room > 0 {
		l.b = append(l.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// freshCLI times n fresh `memweave search` processes (one default search
// each, the synthetic queries in turn) and n `memweave status`
// processes, alternating, on the workspace dir, and adds their p50 wall
// and CPU times to rep.
func (c *speedCommand) freshCLI(ctx context.Context, dir string, n int, rep object) (object, error) {
	tmp, err := os.MkdirTemp("", "memweave-cli-")
	if err != nil {
		return rep, err
	}
	defer os.RemoveAll(tmp)
	bin, err := c.cliBinary(ctx, tmp)
	if err != nil {
		return rep, err
	}
	var sWall, sCPU, tWall, tCPU []time.Duration
	for i := range n {
		q := memweavetest.SynthQueries[i%len(memweavetest.SynthQueries)]
		r, err := runCLI(ctx, bin, dir, "search", q)
		if err != nil {
			return rep, err
		}
		sWall, sCPU = append(sWall, r.wall), append(sCPU, r.cpu)
		if r, err = runCLI(ctx, bin, dir, "status"); err != nil {
			return rep, err
		}
		tWall, tCPU = append(tWall, r.wall), append(tCPU, r.cpu)
	}
	for _, s := range [][]time.Duration{sWall, sCPU, tWall, tCPU} {
		slices.Sort(s)
	}
	return rep.add("cli_search_p50_ms", ms(pct(sWall, 50))).
		add("cli_search_cpu_p50_ms", ms(pct(sCPU, 50))).
		add("cli_status_p50_ms", ms(pct(tWall, 50))).
		add("cli_status_cpu_p50_ms", ms(pct(tCPU, 50))), nil
}

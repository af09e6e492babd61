// Package baseline runs the recipe engine of a pinned commit beside today's, so the bench's
// "before" columns are measured in the same run without a copy of an old engine in the tree
// (docs/performance.md, "Recipe engine"). Start checks the commit out as a detached git worktree
// under .data/bench-baseline/<commit> (reused when present), builds the harness (harness/main.go
// with wire.go) there against that commit's domain/nutrition, and talks to it over JSON lines.
package baseline

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// The pinned commits: the engine of main before the meal rules became solver constraints (the
// plausibility figures' "before"), and the engine of main before bounded presets, meal profiles
// and checked advice (the availability figures' "before"). Two pins, because each figure's
// baseline is the engine its change replaced.
const (
	PlausibilityPin = "ebe71576d45a696fb7f126a7622965a40d0f8187"
	AvailabilityPin = "ef513146c100bad368cbe83ee34e8b15f7c94dc3"
)

var (
	//go:embed harness/main.go
	harnessMain []byte
	//go:embed wire.go
	harnessWire []byte
)

// UnavailableError says why the pinned engine cannot run here (no git, a tarball, a shallow
// clone without the commit, no Go toolchain); the bench then prints its own figures alone.
type UnavailableError struct{ Why string }

func (e *UnavailableError) Error() string { return "baseline unavailable: " + e.Why }

func unavailable(format string, args ...any) error {
	return &UnavailableError{Why: fmt.Sprintf(format, args...)}
}

// Engine is a running harness of one pinned commit; it serves one case at a time.
type Engine struct {
	// Commit is the pinned commit, abbreviated for printing.
	Commit string
	cmd    *exec.Cmd
	stdin  interface{ Close() error }
	enc    *json.Encoder
	out    *bufio.Scanner
	stderr *bytes.Buffer
}

// Start builds and starts the harness of commit in the repository at root. prices gives the
// engine its commit's own price table (else none). Every reason the baseline cannot run here is
// an *UnavailableError.
func Start(ctx context.Context, root, commit string, prices bool) (*Engine, error) {
	dir, err := checkout(ctx, root, commit)
	if err != nil {
		return nil, err
	}
	bin, err := build(ctx, dir)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, bin, fmt.Sprintf("-prices=%t", prices))
	e := &Engine{Commit: commit[:min(len(commit), 7)], cmd: cmd, stderr: &bytes.Buffer{}}
	cmd.Stderr = e.stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start the baseline harness: %w", err)
	}
	e.stdin, e.enc = in, json.NewEncoder(in)
	e.out = bufio.NewScanner(out)
	e.out.Buffer(make([]byte, 1<<16), 1<<24)
	return e, nil
}

// checkout returns a worktree of commit under root/.data/bench-baseline, adding it when absent.
func checkout(ctx context.Context, root, commit string) (string, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return "", unavailable("git is not installed")
	}
	if out, err := exec.CommandContext(ctx, "git", "-C", root, "rev-parse", "--verify", "--quiet", commit+"^{commit}").Output(); err != nil || len(bytes.TrimSpace(out)) == 0 {
		if exec.CommandContext(ctx, "git", "-C", root, "rev-parse", "--git-dir").Run() != nil {
			return "", unavailable("%s is not a git clone (a tarball?), so commit %.7s cannot be checked out", root, commit)
		}
		return "", unavailable("commit %.7s is not in this clone (a shallow clone? git fetch --unshallow)", commit)
	}
	dir := filepath.Join(root, ".data", "bench-baseline", commit)
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
		return dir, nil
	}
	// -f: a worktree registered here whose directory was deleted is added again.
	if out, err := exec.CommandContext(ctx, "git", "-C", root, "worktree", "add", "--detach", "-f", dir, commit).CombinedOutput(); err != nil {
		return "", unavailable("git worktree add %.7s: %v: %s", commit, err, lastLine(out))
	}
	return dir, nil
}

// build writes the harness into the worktree and builds it there with the worktree's go.mod.
func build(ctx context.Context, dir string) (string, error) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return "", unavailable("no go toolchain on PATH to build the harness")
	}
	src := filepath.Join(dir, "cmd", "bench-baseline-harness")
	if err := os.MkdirAll(src, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(src, "main.go"), harnessMain, 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(src, "wire.go"), wireAsMain(), 0o644); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, ".bench-harness")
	cmd := exec.CommandContext(ctx, goBin, "build", "-tags", "baselineharness", "-o", bin, "./cmd/bench-baseline-harness")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", unavailable("build the harness at %.7s: %v: %s", filepath.Base(dir), err, lastLine(out))
	}
	return bin, nil
}

// wireAsMain is wire.go as the harness's package main compiles it.
func wireAsMain() []byte {
	return packageClause.ReplaceAll(harnessWire, []byte("package main"))
}

var packageClause = regexp.MustCompile(`(?m)^package baseline$`)

// Generate asks the pinned engine for one case.
func (e *Engine) Generate(c Case) (Result, error) {
	if err := e.enc.Encode(c); err != nil {
		return Result{}, fmt.Errorf("baseline %s: send a case: %w (%s)", e.Commit, err, lastLine(e.stderr.Bytes()))
	}
	if !e.out.Scan() {
		err := e.out.Err()
		if err == nil {
			err = errors.New("the harness stopped")
		}
		return Result{}, fmt.Errorf("baseline %s: %w (%s)", e.Commit, err, lastLine(e.stderr.Bytes()))
	}
	var r Result
	if err := json.Unmarshal(e.out.Bytes(), &r); err != nil {
		return Result{}, fmt.Errorf("baseline %s: read a result: %w", e.Commit, err)
	}
	if r.Fail != "" {
		return Result{}, fmt.Errorf("baseline %s: %s", e.Commit, r.Fail)
	}
	return r, nil
}

// Elapsed is the engine's own time for the case.
func (r Result) Elapsed() time.Duration { return time.Duration(r.ElapsedNs) }

// Close ends the harness.
func (e *Engine) Close() error {
	if err := e.stdin.Close(); err != nil {
		return err
	}
	if err := e.cmd.Wait(); err != nil {
		return fmt.Errorf("baseline %s: %w (%s)", e.Commit, err, lastLine(e.stderr.Bytes()))
	}
	return nil
}

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return lines[len(lines)-1]
}

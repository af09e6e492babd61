// Package stripetest runs stripe-mock for tests: installed with `go install` on first use when
// it is missing (so tests work on a fresh machine), started once per test binary on a port the
// system picks, and stopped when the binary's tests end (see Main).
package stripetest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// Version is the stripe-mock release the tests run against.
const Version = "v0.203.0"

var (
	once    sync.Once
	url     string
	cmd     *exec.Cmd
	failure error
)

// Main wraps a package's TestMain so stripe-mock is stopped after the tests.
func Main(m *testing.M) {
	code := m.Run()
	if cmd != nil && cmd.Process != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
	os.Exit(code)
}

// URL returns the base URL of a running stripe-mock, starting it if needed; it fails the test
// when stripe-mock cannot be installed or started.
func URL(t testing.TB) string {
	t.Helper()
	once.Do(func() { url, failure = start() })
	if failure != nil {
		t.Fatalf("stripe-mock: %v", failure)
	}
	return url
}

func binary() (string, error) {
	if p, err := exec.LookPath("stripe-mock"); err == nil {
		return p, nil
	}
	gobin, err := exec.Command("go", "env", "GOBIN").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOBIN: %w", err)
	}
	dir := strings.TrimSpace(string(gobin))
	if dir == "" {
		gopath, err := exec.Command("go", "env", "GOPATH").Output()
		if err != nil {
			return "", fmt.Errorf("go env GOPATH: %w", err)
		}
		dir = filepath.Join(strings.Split(strings.TrimSpace(string(gopath)), string(os.PathListSeparator))[0], "bin")
	}
	p := filepath.Join(dir, "stripe-mock")
	if _, err := os.Stat(p); err == nil {
		return p, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, "go", "install", "github.com/stripe/stripe-mock@"+Version).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go install stripe-mock@%s: %w\n%s", Version, err, out)
	}
	return p, nil
}

var listening = regexp.MustCompile(`Listening for HTTP at address: (\S+)`)

func start() (string, error) {
	bin, err := binary()
	if err != nil {
		return "", err
	}
	cmd = exec.Command(bin, "-http-addr", "127.0.0.1:")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return "", fmt.Errorf("start %s: %w", bin, err)
	}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
				break
			}
		}
		_, _ = io.Copy(io.Discard, stdout)
	}()
	select {
	case addr := <-found:
		if strings.HasPrefix(addr, "[::]") || strings.HasPrefix(addr, ":") {
			addr = "127.0.0.1" + addr[strings.LastIndex(addr, ":"):]
		}
		return "http://" + addr, nil
	case <-time.After(60 * time.Second):
		_ = cmd.Process.Kill()
		return "", fmt.Errorf("%s did not report its address within 60 s", bin)
	}
}

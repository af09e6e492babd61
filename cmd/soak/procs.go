package main

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// proc is one `gamelle serve` process (web or worker), supervised as systemd would: when it
// exits for any reason it is started again after restartDelay, until the soak stops it.
type proc struct {
	name    string
	web     bool
	port    int // HTTP port (web processes)
	metrics int // METRICS_ADDR port
	bin     string
	env     []string
	logPath string

	mu         sync.Mutex
	cmd        *exec.Cmd
	startedAt  time.Time
	killedByUs bool
	stopping   bool
	exited     chan struct{}
	kills      int
	starts     int
	// unexpected lists exits the soak did not cause (time and the log's last lines).
	unexpected []procExit
}

type procExit struct {
	at   time.Time
	err  string
	tail string
}

const restartDelay = time.Second

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func newProc(name string, web bool, bin string, env []string, logDir string) (*proc, error) {
	p := &proc{name: name, web: web, bin: bin, logPath: filepath.Join(logDir, name+".log")}
	var err error
	if p.metrics, err = freePort(); err != nil {
		return nil, err
	}
	if web {
		if p.port, err = freePort(); err != nil {
			return nil, err
		}
	}
	p.env = append(append([]string{}, env...), "METRICS_ADDR=127.0.0.1:"+strconv.Itoa(p.metrics))
	if web {
		p.env = append(p.env, "PORT="+strconv.Itoa(p.port))
	}
	return p, nil
}

func (p *proc) base() string { return "http://127.0.0.1:" + strconv.Itoa(p.port) }

// start launches the process and its supervisor.
func (p *proc) start() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.startLocked()
}

func (p *proc) startLocked() error {
	args := []string{"serve", "--web=false", "--worker=true"}
	if p.web {
		args = []string{"serve", "--web=true", "--worker=false"}
	}
	logf, err := os.OpenFile(p.logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	fmt.Fprintf(logf, "\n=== soak: start %s at %s\n", p.name, time.Now().Format(time.RFC3339Nano))
	cmd := exec.Command(p.bin, args...)
	cmd.Env = p.env
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		logf.Close()
		return fmt.Errorf("start %s: %w", p.name, err)
	}
	p.cmd, p.startedAt, p.killedByUs, p.exited = cmd, time.Now(), false, make(chan struct{})
	p.starts++
	exited := p.exited
	go func() {
		err := cmd.Wait()
		logf.Close()
		close(exited)
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.stopping {
			return
		}
		if !p.killedByUs {
			msg := "exit 0"
			if err != nil {
				msg = err.Error()
			}
			p.unexpected = append(p.unexpected, procExit{at: time.Now(), err: msg, tail: tailFile(p.logPath, 1500)})
		}
		go func() {
			time.Sleep(restartDelay)
			p.mu.Lock()
			defer p.mu.Unlock()
			if !p.stopping && p.cmd == cmd {
				if err := p.startLocked(); err != nil {
					p.unexpected = append(p.unexpected, procExit{at: time.Now(), err: "restart: " + err.Error()})
				}
			}
		}()
	}()
	return nil
}

// kill9 sends SIGKILL to the running process; the supervisor starts it again.
func (p *proc) kill9() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cmd == nil || p.cmd.ProcessState != nil {
		return false
	}
	select {
	case <-p.exited:
		return false
	default:
	}
	p.killedByUs = true
	p.kills++
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	return true
}

// stop ends the process for good: SIGTERM, then SIGKILL after 20 s.
func (p *proc) stop() {
	p.mu.Lock()
	p.stopping = true
	cmd, exited := p.cmd, p.exited
	p.mu.Unlock()
	if cmd == nil {
		return
	}
	select {
	case <-exited:
		return
	default:
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-exited:
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Signal(syscall.SIGKILL)
		<-exited
	}
}

// waitReady waits for /readyz (web) or the metrics listener (worker) to answer.
func (p *proc) waitReady(ctx context.Context, limit time.Duration) error {
	u := "http://127.0.0.1:" + strconv.Itoa(p.metrics) + "/metrics"
	if p.web {
		u = p.base() + "/readyz"
	}
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return fmt.Errorf("%s not ready after %s; log:\n%s", p.name, limit, tailFile(p.logPath, 3000))
}

// procStats is what a process's /metrics says about it.
type procStats struct {
	RSSBytes   float64
	Goroutines float64
	OK         bool
}

func (p *proc) stats(ctx context.Context) procStats {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://127.0.0.1:"+strconv.Itoa(p.metrics)+"/metrics", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return procStats{}
	}
	defer resp.Body.Close()
	var s procStats
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		name, val, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil {
			continue
		}
		switch name {
		case "process_resident_memory_bytes":
			s.RSSBytes, s.OK = v, true
		case "go_goroutines":
			s.Goroutines = v
		}
	}
	return s
}

func (p *proc) snapshot() (kills, starts int, unexpected []procExit, since time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.kills, p.starts, append([]procExit(nil), p.unexpected...), p.startedAt
}

func tailFile(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}

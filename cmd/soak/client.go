package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// webs spreads requests over the web processes, as a load balancer in front of them would: round
// robin, and a request whose connection was refused (the process is down) goes to the next one.
type webs struct {
	bases []string
	next  atomic.Uint32
	rec   *recorder
	// version is the Inertia asset version (the same binary everywhere).
	version string
}

func (ws *webs) pick() int { return int(ws.next.Add(1)) % len(ws.bases) }

// answer is a response read in full.
type answer struct {
	status   int
	location string
	header   http.Header
	body     []byte
}

// call is one request of a simulated person.
type call struct {
	method, path string
	body         any
	rawBody      []byte // sent as is (a webhook's signed bytes)
	inertia      bool   // ask for the page's JSON (X-Inertia)
	header       map[string]string
	// web pins the request to one web process (-1: round robin).
	web int
}

// client is one simulated person's browser: a cookie jar shared by every web process (they share
// sessions through PostgreSQL), never following redirects itself, behind a proxy address of its
// own (TRUSTED_PROXIES=1) so the per-address sign-in limits see distinct people.
type client struct {
	ws   *webs
	jar  *cookiejar.Jar
	http *http.Client
	ip   string
}

func newClient(ws *webs, ip string) *client {
	jar, _ := cookiejar.New(nil)
	return &client{ws: ws, jar: jar, ip: ip, http: &http.Client{
		Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

func (c *client) xsrf() string {
	u, _ := url.Parse(c.ws.bases[0])
	for _, ck := range c.jar.Cookies(u) {
		if ck.Name == "XSRF-TOKEN" {
			v, _ := url.QueryUnescape(ck.Value)
			return v
		}
	}
	return ""
}

func refused(err error) bool {
	return errors.Is(err, syscall.ECONNREFUSED)
}

// do sends one request; a refused connection is tried on the other web processes for up to
// 30 s (a process being restarted), anything else is the answer.
func (c *client) do(ctx context.Context, k call) (answer, error) {
	raw := k.rawBody
	if k.body != nil {
		var err error
		if raw, err = json.Marshal(k.body); err != nil {
			return answer{}, err
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	web := k.web
	for {
		if web < 0 {
			web = c.ws.pick()
		}
		a, err := c.once(ctx, web, k, raw)
		if err == nil || !refused(err) || time.Now().After(deadline) || ctx.Err() != nil {
			return a, err
		}
		c.ws.rec.refused.Add(1)
		web = (web + 1) % len(c.ws.bases)
		select {
		case <-ctx.Done():
			return answer{}, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func (c *client) once(ctx context.Context, web int, k call, raw []byte) (answer, error) {
	var body io.Reader
	if raw != nil {
		body = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, k.method, c.ws.bases[web]+k.path, body)
	if err != nil {
		return answer{}, err
	}
	req.Header.Set("X-Forwarded-For", c.ip)
	if raw != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if k.method != http.MethodGet {
		req.Header.Set("X-XSRF-TOKEN", c.xsrf())
	}
	if k.inertia {
		req.Header.Set("X-Inertia", "true")
		req.Header.Set("X-Inertia-Version", c.ws.version)
		req.Header.Set("X-Requested-With", "XMLHttpRequest")
	}
	for h, v := range k.header {
		req.Header.Set(h, v)
	}
	t0 := time.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		if !refused(err) {
			c.ws.rec.transport(t0, k.method, k.path, err)
		}
		return answer{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	c.ws.rec.add(t0, time.Since(t0), web, k.method, k.path, resp.StatusCode)
	if err != nil {
		return answer{}, err
	}
	return answer{status: resp.StatusCode, location: resp.Header.Get("Location"), header: resp.Header, body: b}, nil
}

// page GETs an Inertia page's JSON and decodes its props into v (nil: read only).
func (c *client) page(ctx context.Context, path string, v any) (answer, error) {
	a, err := c.do(ctx, call{method: http.MethodGet, path: path, inertia: true, web: -1})
	if err != nil {
		return a, err
	}
	if a.status != http.StatusOK {
		return a, fmt.Errorf("GET %s: %d (location %q)", path, a.status, a.location)
	}
	if v == nil {
		return a, nil
	}
	var pg struct {
		Props json.RawMessage `json:"props"`
	}
	if err := json.Unmarshal(a.body, &pg); err != nil {
		return a, fmt.Errorf("GET %s: not an Inertia page: %w", path, err)
	}
	return a, json.Unmarshal(pg.Props, v)
}

// sample is one answered request.
type sample struct {
	at     time.Time
	dur    time.Duration
	web    int
	method string
	path   string
	status int
}

// recorder keeps every answer (status and time) and every transport error that is not a refused
// connection (a connection cut by a killed process or a stopped database).
type recorder struct {
	mu       sync.Mutex
	samples  []sample
	errs     []string
	errCount int
	refused  atomic.Int64
}

func (r *recorder) add(at time.Time, d time.Duration, web int, method, path string, status int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.samples = append(r.samples, sample{at: at, dur: d, web: web, method: method, path: routeOf(path), status: status})
}

func (r *recorder) transport(at time.Time, method, path string, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errCount++
	if len(r.errs) < 20 {
		r.errs = append(r.errs, fmt.Sprintf("%s %s %s: %v", at.Format("15:04:05.000"), method, routeOf(path), err))
	}
}

// routeOf drops ids, secrets and the query from a path so the report names routes, never
// people's addresses or link tokens.
func routeOf(path string) string {
	path, _, _ = strings.Cut(path, "?")
	parts := strings.Split(path, "/")
	for i, p := range parts {
		if len(p) >= 16 || strings.Contains(p, "@") || strings.Contains(p, "%40") {
			parts[i] = "{…}"
		}
	}
	return strings.Join(parts, "/")
}

// want sends k and checks the answer's status is one of statuses.
func (c *client) want(ctx context.Context, k call, what string, statuses ...int) (answer, error) {
	a, err := c.do(ctx, k)
	if err != nil {
		return a, fmt.Errorf("%s: %w", what, err)
	}
	for _, s := range statuses {
		if a.status == s {
			return a, nil
		}
	}
	return a, fmt.Errorf("%s: status %d (location %q)", what, a.status, a.location)
}

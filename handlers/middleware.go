package handlers

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/gamelle/gamelle/internal/config"
)

// securityHeaders sets the browser protections every response carries. The CSP allows only our
// own origin for scripts; styles may be inline because Inertia's progress bar injects a style
// element. In development the Vite dev server (and its inline React refresh preamble) is allowed.
func (s *Core) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		script, connect := "'self'", "'self'"
		if dev := s.devServerURL(); dev != "" {
			ws := strings.Replace(strings.Replace(dev, "https://", "wss://", 1), "http://", "ws://", 1)
			script = "'self' 'unsafe-inline' " + dev
			connect = "'self' " + dev + " " + ws
		}
		h.Set("Content-Security-Policy", strings.Join([]string{
			"default-src 'self'",
			"script-src " + script,
			"style-src 'self' 'unsafe-inline'" + map[bool]string{true: " " + s.devServerURL(), false: ""}[s.devServerURL() != ""],
			"img-src 'self' data:",
			"font-src 'self' data:",
			"media-src 'self'",
			"connect-src " + connect,
			"object-src 'none'",
			"base-uri 'self'",
			"frame-ancestors 'none'",
		}, "; "))
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		if s.cfg.Production() {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

// limitBody refuses declared oversized bodies before reading a byte and caps the others, so a
// slow or huge upload cannot tie up memory.
func (s *Core) limitBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > MaxBodyBytes {
			w.Header().Set("Connection", "close")
			http.Error(w, s.t(r, "error.too_large"), http.StatusRequestEntityTooLarge)
			return
		}
		if r.Body != nil {
			r.Body = http.MaxBytesReader(w, r.Body, MaxBodyBytes)
		}
		next.ServeHTTP(w, r)
	})
}

// logPath is the path as logs may show it: a route with parameters is logged by its pattern
// (/auth/magic-link/{userId}/{otp}), because parameters hold email addresses and link secrets
// that access logs must never keep in clear. A path no route matched (a trailing slash misses
// /auth/otp/{email}) keeps only the segments that are words of our routes, every other one
// shown as {redacted}. Query strings are never logged.
func (s *Core) logPath(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil {
		p := rc.RoutePattern()
		if strings.Contains(p, "{") || strings.HasSuffix(p, "*") {
			return p
		}
		if p == r.URL.Path {
			return p
		}
	}
	segs := strings.Split(r.URL.Path, "/")
	for i, seg := range segs {
		if seg != "" && !s.routeWords[seg] {
			segs[i] = "{redacted}"
		}
	}
	return strings.Join(segs, "/")
}

// requestLog writes one structured line per request.
func (s *Core) requestLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r)
		status := ww.Status()
		if status == 0 {
			status = http.StatusOK
		}
		level := slog.LevelInfo
		if status >= 500 {
			level = slog.LevelError
		}
		s.log.LogAttrs(r.Context(), level, "http",
			slog.String("method", r.Method), slog.String("path", s.logPath(r)), slog.Int("status", status),
			slog.Duration("duration", time.Since(start)), slog.Int("bytes", ww.BytesWritten()),
			slog.String("request_id", middleware.GetReqID(r.Context())))
	})
}

// recoverPanics turns a panic into the server-error page instead of a dropped connection.
func (s *Core) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("panic", "value", fmt.Sprint(v), "stack", string(debug.Stack()),
					"request_id", middleware.GetReqID(r.Context()))
				s.serverError(w, r, errors.New("panic"))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

func (s *Core) devServerURL() string {
	if s.hotFile == "" {
		return ""
	}
	return readHotURL(s.hotFile)
}

// unknownAddress is the client address of a request no trusted proxy vouches for properly (a
// malformed X-Forwarded-For entry where a proxy's should be): all such requests share one
// per-address rate limit, so they cannot buy unlimited password hashing.
const unknownAddress = "unknown"

// clientAddresses replaces r.RemoteAddr by the client's address as the trusted proxies report
// it (see clientAddress), for the rate limits and the logs. Only installed when TRUSTED_PROXIES
// (or TRUST_PROXY_HEADERS) names proxies.
func (s *Core) clientAddresses(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.RemoteAddr = clientAddress(s.cfg.TrustedProxies, r)
		next.ServeHTTP(w, r)
	})
}

// clientAddress is the request's client address. Proxies append to X-Forwarded-For, so only its
// right end is theirs; everything to the left, like True-Client-IP and X-Real-IP (never read),
// is whatever the client sent. With Hops proxies (the connection's peer is the last one), the
// client is the Hops-th entry from the right; with CIDRs, the first address, walking leftwards
// from the peer, outside the proxies' networks. A peer outside them is the client itself.
// Without trusted proxies the peer is the client.
func clientAddress(tp config.TrustedProxies, r *http.Request) string {
	peer, ok := parseAddr(r.RemoteAddr)
	if !tp.Enabled() {
		if !ok {
			return unknownAddress
		}
		return peer.String()
	}
	var chain []string
	for _, h := range r.Header.Values("X-Forwarded-For") {
		for _, e := range strings.Split(h, ",") {
			if e = strings.TrimSpace(e); e != "" {
				chain = append(chain, e)
			}
		}
	}
	if tp.Hops > 0 {
		if len(chain) == 0 {
			if !ok {
				return unknownAddress
			}
			return peer.String()
		}
		// The peer is the hops-th proxy; the entry each proxy appended is the address it saw.
		i := max(len(chain)-tp.Hops, 0)
		a, ok := parseAddr(chain[i])
		if !ok {
			return unknownAddress
		}
		return a.String()
	}
	if !ok {
		return unknownAddress
	}
	addr := peer
	for i := len(chain) - 1; i >= 0 && trusted(tp.CIDRs, addr); i-- {
		if addr, ok = parseAddr(chain[i]); !ok {
			return unknownAddress
		}
	}
	return addr.String()
}

// parseAddr reads an address as X-Forwarded-For and RemoteAddr write it: bare, or with a port
// ("203.0.113.7:443", "[2001:db8::1]:443").
func parseAddr(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap(), true
	}
	if a, err := netip.ParseAddr(strings.Trim(s, "[]")); err == nil {
		return a.Unmap(), true
	}
	return netip.Addr{}, false
}

func trusted(cidrs []netip.Prefix, a netip.Addr) bool {
	for _, p := range cidrs {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

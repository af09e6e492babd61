package handlers

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
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
// that access logs must never keep in clear. Query strings are never logged.
func logPath(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil {
		if p := rc.RoutePattern(); strings.Contains(p, "{") || strings.HasSuffix(p, "*") {
			return p
		}
	}
	return r.URL.Path
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
			slog.String("method", r.Method), slog.String("path", logPath(r)), slog.Int("status", status),
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

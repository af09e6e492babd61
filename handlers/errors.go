package handlers

import (
	"errors"
	"math"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5/middleware"
	inertia "github.com/romsar/gonertia/v3"

	"github.com/gamelle/gamelle/domain/identity"
)

// The one place where failures become pages: every handler reports through these, so a status,
// its page and its translated message are chosen once for the whole app.

// serverError logs err and shows the translated server-error page; internals never reach the
// person.
func (s *Core) serverError(w http.ResponseWriter, r *http.Request, err error) {
	s.log.Error("server error", "err", err, "path", logPath(r), "request_id", middleware.GetReqID(r.Context()))
	if s.inertia == nil || r.Context().Value(localeKey) == nil {
		http.Error(w, s.t(r, "error.server"), http.StatusInternalServerError)
		return
	}
	sw := &statusWriter{ResponseWriter: w, status: http.StatusInternalServerError}
	if rerr := s.inertia.Render(sw, r, "errors/server-error", nil); rerr != nil {
		http.Error(w, s.t(r, "error.server"), http.StatusInternalServerError)
	}
}

func (s *Core) notFound(w http.ResponseWriter, r *http.Request) {
	s.renderStatus(w, r, http.StatusNotFound, "errors/not-found", nil)
}

func (s *Core) methodNotAllowed(w http.ResponseWriter, r *http.Request) {
	http.Error(w, s.t(r, "error.method_not_allowed"), http.StatusMethodNotAllowed)
}

// csrfDenied shows the "page expired" page with status 419, the convention Inertia apps use for
// a stale or missing anti-forgery token. Nothing was changed.
func (s *Core) csrfDenied(w http.ResponseWriter, r *http.Request) {
	s.renderStatus(w, r, 419, "errors/page-expired", inertia.Props{"message": s.t(r, "error.csrf")})
}

// forbidden shows the 403 page.
func (s *Core) forbidden(w http.ResponseWriter, r *http.Request) {
	s.renderStatus(w, r, http.StatusForbidden, "errors/forbidden", nil)
}

// bodyError answers a body that could not be decoded: 413 for an oversized one, otherwise a
// translated form error sent back to the page the form came from.
func (s *Core) bodyError(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, errTooLarge) {
		http.Error(w, s.t(r, "error.too_large"), http.StatusRequestEntityTooLarge)
		return
	}
	s.back(w, r, inertia.ValidationErrors{"form": s.t(r, "error.form.malformed")})
}

// rateLimited takes a token for the client and, when email is a valid address, for that
// account. When either is out it answers 429 with Retry-After and the translated message, and
// returns true. The account key is the normalised address whether or not an account exists, so
// the limit itself reveals nothing.
func (s *Core) rateLimited(w http.ResponseWriter, r *http.Request, email string) bool {
	now := time.Now()
	ip := r.RemoteAddr
	if h, _, err := net.SplitHostPort(ip); err == nil {
		ip = h
	}
	ok, wait := s.limits.ip.allow("ip:"+ip, now)
	if ok {
		if e, err := identity.NormalizeEmail(email); err == nil {
			ok, wait = s.limits.account.allow("acct:"+e, now)
		}
	}
	if ok {
		return false
	}
	secs := int(math.Ceil(wait.Seconds()))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	s.renderStatus(w, r, http.StatusTooManyRequests, "auth/rate-limited", inertia.Props{
		"message":    s.t(r, "error.rate_limited", map[string]any{"Seconds": secs}),
		"retryAfter": secs,
	})
	return true
}

package handlers

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
)

// The offline pages follow the session (docs/pwa.md, "Sessions"): every page response names the
// session it was made for with an opaque tag, and the service worker serves a saved page only
// under the tag the device holds now.
const (
	// sessionTagHeader carries the tag of the live session, or signedOutTag.
	sessionTagHeader = "X-Gamelle-Session"
	// sessionTagCookie holds the same tag on the device, readable by the page and the worker,
	// and lives exactly as long as the session cookie: cleared or expired together.
	sessionTagCookie = "gamelle_session_tag"
	// signedOutTag is the header's value when the request has no live session.
	signedOutTag = "none"
)

// sessionTag is the opaque name of a session row for the device: an HMAC of its id under the
// app key, so it can neither be turned back into the id nor forged.
func (s *Core) sessionTag(sid string) string {
	m := hmac.New(sha256.New, s.cfg.AppKey)
	m.Write([]byte("offline-session-tag\x00" + sid))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:18])
}

// sessionCheck is set by loadUser once it has checked the request's session against the
// database: only then may a response vouch for it.
type sessionCheck struct{ checked bool }

const sessionCheckKey ctxKey = 101

// markSessionChecked records that loadUser decided whether the request's session lives.
func markSessionChecked(ctx context.Context) {
	if c, ok := ctx.Value(sessionCheckKey).(*sessionCheck); ok {
		c.checked = true
	}
}

// tagSession adds the session tag to every page response, as the session stands when the
// response is written (after a sign-in, a sign-out or a remote sign-out found by loadUser), and
// keeps the tag cookie in step. It runs inside the session middleware so the tag is set before
// the session cookie is written.
func (s *Core) tagSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		check := &sessionCheck{}
		r = r.WithContext(context.WithValue(r.Context(), sessionCheckKey, check))
		tw := &sessionTagWriter{ResponseWriter: w, write: func() { s.writeSessionTag(w, r, check) }}
		next.ServeHTTP(tw, r)
		tw.once()
	})
}

// writeSessionTag sets the header and, when it changed, the cookie. A response written before
// loadUser ran (a refused token, a malformed request) says nothing about the session.
func (s *Core) writeSessionTag(w http.ResponseWriter, r *http.Request, check *sessionCheck) {
	if !check.checked {
		return
	}
	ctx := r.Context()
	sid := s.sessions.GetString(ctx, sessionKeyID)
	live := sid != "" && s.sessions.GetString(ctx, sessionKeyUserID) != ""
	tag := signedOutTag
	if live {
		tag = s.sessionTag(sid)
	}
	w.Header().Set(sessionTagHeader, tag)
	old, err := r.Cookie(sessionTagCookie)
	had := err == nil
	switch {
	case live && (!had || old.Value != tag):
		c := &http.Cookie{
			Name: sessionTagCookie, Value: tag, Path: "/", SameSite: http.SameSiteLaxMode,
			Secure: s.cfg.Production(),
		}
		// The session cookie's own rule (scs): persistent only when the person asked to be
		// remembered, then until the session's deadline.
		if s.sessions.GetBool(ctx, "__rememberMe") {
			deadline := s.sessions.Deadline(ctx)
			c.Expires = deadline
			c.MaxAge = int(time.Until(deadline).Seconds()) + 1
		}
		http.SetCookie(w, c)
	case !live && had:
		http.SetCookie(w, &http.Cookie{Name: sessionTagCookie, Path: "/", MaxAge: -1, SameSite: http.SameSiteLaxMode, Secure: s.cfg.Production()})
	}
}

// sessionTagWriter runs write once, just before the status line goes out.
type sessionTagWriter struct {
	http.ResponseWriter
	write func()
	done  bool
}

func (tw *sessionTagWriter) once() {
	if !tw.done {
		tw.done = true
		tw.write()
	}
}

func (tw *sessionTagWriter) WriteHeader(code int) {
	tw.once()
	tw.ResponseWriter.WriteHeader(code)
}

func (tw *sessionTagWriter) Write(b []byte) (int, error) {
	tw.once()
	return tw.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (tw *sessionTagWriter) Unwrap() http.ResponseWriter { return tw.ResponseWriter }

// sessionRoutes registers the cheap question a page asks when it is shown again: does my
// session still live?
func (s *Core) sessionRoutes(r chi.Router) {
	r.Get("/auth/session", s.sessionStatus)
}

// sessionStatus answers whether the request's session lives; the tag itself is in the header
// (tagSession). One query, the one loadUser makes anyway.
func (s *Core) sessionStatus(w http.ResponseWriter, r *http.Request) {
	_, ok := currentUser(r.Context())
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(struct {
		SignedIn bool `json:"signedIn"`
	}{ok})
}

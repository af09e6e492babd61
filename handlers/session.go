package handlers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
)

// Session keys of the signed-in person. The generation is compared with the user's on every
// request, so bumping it (password reset) ends all their sessions at once.
const (
	sessionKeyUserID     = "auth.uid"
	sessionKeyGeneration = "auth.gen"
	sessionKeyNext       = "auth.next"
	sessionKeyRole       = "auth.role"
	// sessionKeyID names the session's user_sessions row (listed on the settings page); a
	// session whose row is gone (signed out from another device) is signed out.
	sessionKeyID = "auth.sid"
)

const userKey ctxKey = 100

// currentUser is the signed-in person of the request, if any.
func currentUser(ctx context.Context) (identityapp.User, bool) {
	u, ok := ctx.Value(userKey).(identityapp.User)
	return u, ok
}

// logIn signs the person in on this browser: a new session token (so a token planted before
// login is worthless), the user id and session generation, a user_sessions row (the settings
// page lists it and can sign it out), a 30-day persistent cookie when remember is set (a
// browser-session cookie otherwise), and a new anti-forgery secret. Every way of signing in
// (password, code, link, social, after a password change) goes through here.
func (s *Core) logIn(w http.ResponseWriter, r *http.Request, userID uuid.UUID, remember bool) error {
	ctx := r.Context()
	u, err := s.users.ByID(ctx, userID)
	if err != nil {
		return fmt.Errorf("log in %s: %w", userID, err)
	}
	if err := s.sessions.RenewToken(ctx); err != nil {
		return fmt.Errorf("log in: renew session: %w", err)
	}
	// The anti-forgery token is now bound to this session's own secret (handed out in this
	// response, so the next POST carries it): a token pair minted elsewhere no longer passes.
	s.csrf.bindToNewSecret(w, r)
	// A browser signing in again (another account, a new password) leaves its old row behind.
	if err := s.endSessionRow(ctx); err != nil {
		return fmt.Errorf("log in: %w", err)
	}
	sid, err := s.users.StartSession(ctx, u.ID, u.SessionGeneration, r.UserAgent(), s.sessions.Deadline(ctx))
	if err != nil {
		return fmt.Errorf("log in: %w", err)
	}
	s.sessions.Put(ctx, sessionKeyID, sid.String())
	s.sessions.Put(ctx, sessionKeyUserID, u.ID.String())
	s.sessions.Put(ctx, sessionKeyGeneration, u.SessionGeneration)
	s.sessions.Put(ctx, sessionKeyRole, string(u.Role))
	s.sessions.RememberMe(ctx, remember)
	return nil
}

// logOut ends the sign-in on this browser, with a new token, and keeps the session itself so a
// flash message can still be shown.
func (s *Core) logOut(r *http.Request) error {
	ctx := r.Context()
	if err := s.endSessionRow(ctx); err != nil {
		return fmt.Errorf("log out: %w", err)
	}
	if err := s.sessions.RenewToken(ctx); err != nil {
		return fmt.Errorf("log out: renew session: %w", err)
	}
	s.sessions.Remove(ctx, sessionKeyID)
	s.sessions.Remove(ctx, sessionKeyUserID)
	s.sessions.Remove(ctx, sessionKeyGeneration)
	s.sessions.Remove(ctx, sessionKeyNext)
	s.sessions.Remove(ctx, sessionKeyRole)
	s.sessions.RememberMe(ctx, false)
	return nil
}

// endSessionRow deletes the user_sessions row this browser's session names, if any.
func (s *Core) endSessionRow(ctx context.Context) error {
	sid, err := uuid.Parse(s.sessions.GetString(ctx, sessionKeyID))
	if err != nil {
		return nil
	}
	return s.users.EndSession(ctx, sid)
}

// loadUser puts the signed-in person in the request context, and their stored language as the
// request's locale (with the device's language cookie set to match, for the frontend). A
// session whose user is gone, whose generation is stale (their sessions were revoked) or whose
// user_sessions row is gone (signed out from the settings page of another device) is signed
// out. One query reads the person and the row.
func (s *Core) loadUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		raw := s.sessions.GetString(ctx, sessionKeyUserID)
		if raw == "" {
			markSessionChecked(ctx)
			next.ServeHTTP(w, r)
			return
		}
		u, live, err := s.sessionUser(ctx, raw, s.sessions.GetString(ctx, sessionKeyID))
		if err != nil {
			s.serverError(w, r, err)
			return
		}
		if live && u.SessionGeneration == s.sessionGeneration(ctx) {
			markSessionChecked(ctx)
			// A signed-in page holds personal data: no browser or proxy may keep a copy (a
			// shared computer's back button, a cache between here and there).
			w.Header().Set("Cache-Control", "no-store")
			// A role changed since the session started (promotion, demotion): new token, so a
			// token captured before the privilege change is worth nothing after it.
			if role := string(u.Role); s.sessions.GetString(ctx, sessionKeyRole) != role {
				if err := s.sessions.RenewToken(ctx); err != nil {
					s.serverError(w, r, fmt.Errorf("renew session after role change: %w", err))
					return
				}
				s.sessions.Put(ctx, sessionKeyRole, role)
			}
			ctx = s.followUserLanguage(ctx, w, r, string(u.Language))
			if c, ok := localeCurrency(r); ok && !u.CurrencyChosen && string(c) != u.Currency {
				// Until the person chooses, their prices follow their browser's region; stored, so
				// the recipes and lists the workers price agree with the shop.
				if _, err := s.users.FollowLocaleCurrency(ctx, u.ID, string(c)); err != nil {
					s.serverError(w, r, err)
					return
				}
				u.Currency = string(c)
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, userKey, u)))
			return
		}
		if err := s.logOut(r); err != nil {
			s.serverError(w, r, err)
			return
		}
		markSessionChecked(ctx)
		next.ServeHTTP(w, r)
	})
}

// sessionUser loads the person a session names and whether the session is still live. live is
// false when it names nobody (an id we did not write, tampered or garbled; an account that no
// longer exists) or when its user_sessions row is gone, expired or from an older generation (a
// session from before that table existed has no row id and is signed out too).
func (s *Core) sessionUser(ctx context.Context, rawUser, rawSession string) (u identityapp.User, live bool, err error) {
	id, err := uuid.Parse(rawUser)
	if err != nil {
		return identityapp.User{}, false, nil
	}
	sid, err := uuid.Parse(rawSession)
	if err != nil {
		return identityapp.User{}, false, nil
	}
	u, live, err = s.users.SessionUser(ctx, id, sid)
	switch {
	case errors.Is(err, identityapp.ErrNotFound):
		return identityapp.User{}, false, nil
	case err != nil:
		return identityapp.User{}, false, fmt.Errorf("load signed-in user: %w", err)
	}
	return u, live, nil
}

// sessionGeneration reads the stored generation, whatever integer type gob gave back.
func (s *Core) sessionGeneration(ctx context.Context) int64 {
	switch v := s.sessions.Get(ctx, sessionKeyGeneration).(type) {
	case int64:
		return v
	case int:
		return int64(v)
	}
	return -1
}

// guardAreas enforces roles on whole path areas, whoever registers the routes in them:
// /dashboard/* needs a signed-in person, /dashboard/admin* an ADMIN. Paths no route matches are
// left to the not-found page.
func (s *Core) guardAreas(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		matched := false
		if rc := chi.RouteContext(r.Context()); rc != nil {
			matched = rc.RoutePattern() != ""
		}
		if matched && (p == "/dashboard" || strings.HasPrefix(p, "/dashboard/")) {
			u, ok := currentUser(r.Context())
			if !ok {
				s.redirectToLogin(w, r)
				return
			}
			if (p == "/dashboard/admin" || strings.HasPrefix(p, "/dashboard/admin/")) && u.Role != identity.RoleAdmin {
				s.forbidden(w, r)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// requireUser lets signed-in people through and sends visitors to the login page, remembering
// where they were going.
func (s *Core) requireUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := currentUser(r.Context()); !ok {
			s.redirectToLogin(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// requireAdmin answers 403 to anyone but an ADMIN (visitors are sent to log in first).
func (s *Core) requireAdmin(next http.Handler) http.Handler {
	return s.requireUser(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, _ := currentUser(r.Context()); u.Role != identity.RoleAdmin {
			s.forbidden(w, r)
			return
		}
		next.ServeHTTP(w, r)
	}))
}

func (s *Core) redirectToLogin(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		s.sessions.Put(r.Context(), sessionKeyNext, r.URL.RequestURI())
	}
	s.inertia.Redirect(w, r, "/auth/login", http.StatusSeeOther)
}

// afterLogin is where a fresh sign-in lands: the page a guard sent them from, the name step for
// a first-time code visitor, or the dashboard.
func (s *Core) afterLogin(r *http.Request, u identityapp.User) string {
	if u.NeedsProfile() {
		return "/auth/otp/steps"
	}
	return s.nextOr(r, "/dashboard/general")
}

// nextOr pops the page the person was going to before signing in (a local path only, never
// another site), or returns fallback.
func (s *Core) nextOr(r *http.Request, fallback string) string {
	if next := s.sessions.PopString(r.Context(), sessionKeyNext); strings.HasPrefix(next, "/") && !strings.HasPrefix(next, "//") {
		return next
	}
	return fallback
}

// authUser is the shared `auth.user` prop.
type authUser struct {
	ID       string        `json:"id"`
	Name     string        `json:"name"`
	Surname  string        `json:"surname"`
	Email    string        `json:"email"`
	Role     identity.Role `json:"role"`
	Balance  int64         `json:"balance"`
	Verified bool          `json:"verified"`
}

// authProp is the signed-in person for the page, or nil for a visitor. The balance is the
// wallet's stream head, so it is current right after a grant or a charge.
func (s *Core) authProp(r *http.Request) authProps {
	u, ok := currentUser(r.Context())
	if !ok {
		return authProps{}
	}
	bal, err := s.users.Balance(r.Context(), u.ID)
	if err != nil {
		s.log.Error("auth prop: balance", "err", err, "user", u.ID)
	}
	return authProps{User: &authUser{
		ID: u.ID.String(), Name: u.Name, Surname: u.Surname, Email: u.Email, Role: u.Role,
		Balance: bal, Verified: u.Verified(),
	}}
}

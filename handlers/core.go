// Package handlers translates HTTP into commands and read models into Inertia pages.
//
// Core is the web layer every area shares: rendering, the translated error pages, sessions and
// the signed-in person, CSRF, locale, rate limits and the shared props. Each product area has a
// small handler type of its own (Identity, MealPreps, Billing, …, one per file) holding Core and
// only the services it uses, and registering its routes. Handlers receive their services;
// cmd/gamelle/wire.go builds them and the router ("Adding an area" in docs/architecture.md).
package handlers

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/alexedwards/scs/pgxstore"
	"github.com/alexedwards/scs/v2"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	inertia "github.com/romsar/gonertia/v3"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/internal/config"
	"github.com/gamelle/gamelle/internal/i18n"
)

// MaxBodyBytes is the largest request body accepted; larger ones get 413 without being read.
const MaxBodyBytes = 1 << 20

// Users is what the web core reads about people: the signed-in person and their session on
// every request, their balance for the shared auth prop, and the user_sessions rows written at
// sign-in and sign-out. *identityapp.Service satisfies it.
type Users interface {
	ByID(ctx context.Context, id uuid.UUID) (identityapp.User, error)
	SessionUser(ctx context.Context, userID, sessionID uuid.UUID) (identityapp.User, bool, error)
	StartSession(ctx context.Context, userID uuid.UUID, generation int64, userAgent string, expires time.Time) (uuid.UUID, error)
	EndSession(ctx context.Context, sessionID uuid.UUID) error
	Balance(ctx context.Context, id uuid.UUID) (int64, error)
	FollowLocaleCurrency(ctx context.Context, id uuid.UUID, currency string) (bool, error)
}

// CoreDeps are what the shared web layer needs from the rest of the process.
type CoreDeps struct {
	Config config.Config
	// Pool stores the sessions and answers the readiness probe.
	Pool   *pgxpool.Pool
	Logger *slog.Logger
	// Translator renders server messages; nil loads the embedded catalogue.
	Translator *i18n.Translator
	// Users loads the signed-in person.
	Users Users
	// Assets is the Vite build output (dist/), with .vite/manifest.json.
	Assets fs.FS
	// Registry receives the HTTP metrics; nil uses a fresh registry with Go and process collectors.
	Registry *prometheus.Registry
	// HotFile, when it exists, holds the Vite dev server URL (make dev writes it).
	HotFile string
	// NoPrerender serves every page for client rendering, ignoring the build's prerendered
	// HTML (GAMELLE_PRERENDER=off; the bench's baseline).
	NoPrerender bool
	// SessionCleanup is how often expired sessions are deleted; 0 disables it (tests).
	SessionCleanup time.Duration
}

// Core is the part of the web layer every area uses. Its methods are the only place where
// errors become pages, where the session is read and written, and where shared props are set.
type Core struct {
	cfg      config.Config
	log      *slog.Logger
	pool     *pgxpool.Pool
	assets   fs.FS
	hotFile  string
	users    Users
	inertia  *inertia.Inertia
	sessions *scs.SessionManager
	tr       *i18n.Translator
	metrics  *httpMetrics
	csrf     *csrfGuard
	// routeWords are the literal path segments of every route (auth, otp, ask-otp…), the only
	// segments the log shows of a path no route matched (NewRouter fills it).
	routeWords map[string]bool
	limits     *authLimits
}

// NewCore builds the shared web layer.
func NewCore(d CoreDeps) (*Core, error) {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.Users == nil {
		return nil, fmt.Errorf("handlers: CoreDeps.Users is required")
	}
	tr := d.Translator
	if tr == nil {
		var err error
		if tr, err = i18n.New(); err != nil {
			return nil, err
		}
	}
	s := &Core{
		cfg: d.Config, log: d.Logger, pool: d.Pool, assets: d.Assets, hotFile: d.HotFile,
		users: d.Users, tr: tr, limits: newAuthLimits(d.Pool),
	}
	s.sessions = newSessions(d)
	s.sessions.ErrorFunc = s.unavailable
	s.csrf = newCSRFGuard(d.Config, s.sessions)
	var err error
	if s.metrics, err = newHTTPMetrics(d.Registry); err != nil {
		return nil, err
	}
	if s.inertia, err = newInertia(d, s.sessions, tr); err != nil {
		return nil, err
	}
	return s, nil
}

func newSessions(d CoreDeps) *scs.SessionManager {
	sm := scs.New()
	sm.Store = pgxstore.NewWithCleanupInterval(d.Pool, d.SessionCleanup)
	sm.Lifetime = 30 * 24 * time.Hour
	// No idle timeout: "remember me" promises 30 days, and the cookie's expiry follows the
	// shorter of the two limits.
	sm.HashTokenInStore = true
	sm.Cookie.HttpOnly = true
	sm.Cookie.SameSite = http.SameSiteLaxMode
	sm.Cookie.Path = "/"
	// The session cookie only lives as long as the browser unless the person asks to be
	// remembered (identity sets RememberMe at login).
	sm.Cookie.Persist = false
	if d.Config.Production() {
		sm.Cookie.Name = "__Host-session"
		sm.Cookie.Secure = true
	} else {
		sm.Cookie.Name = "gamelle_session"
	}
	return sm
}

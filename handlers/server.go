// Package handlers translates HTTP into commands and read models into Inertia pages. It owns the
// router, the middleware chain (request id, logging, recovery, security headers, metrics,
// sessions, CSRF, locale) and one file per product area.
package handlers

import (
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/alexedwards/scs/pgxstore"
	"github.com/alexedwards/scs/v2"
	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	inertia "github.com/romsar/gonertia/v3"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/app/identity/waitlist"
	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/integrations/mail"
	"github.com/gamelle/gamelle/integrations/oauth"
	"github.com/gamelle/gamelle/internal/config"
	"github.com/gamelle/gamelle/internal/i18n"
	"github.com/gamelle/gamelle/jobs"
)

// MaxBodyBytes is the largest request body accepted; larger ones get 413 without being read.
const MaxBodyBytes = 1 << 20

// Deps are what the web layer needs from the rest of the process.
type Deps struct {
	Config config.Config
	Pool   *pgxpool.Pool
	Logger *slog.Logger
	// Assets is the Vite build output (dist/), with .vite/manifest.json.
	Assets fs.FS
	// Registry receives the HTTP metrics; nil uses a fresh registry with Go and process collectors.
	Registry *prometheus.Registry
	// HotFile, when it exists, holds the Vite dev server URL (make dev writes it).
	HotFile string
	// SessionCleanup is how often expired sessions are deleted; 0 disables it (tests).
	SessionCleanup time.Duration
	// Jobs inserts background jobs (emails); nil builds an insert-only River client.
	Jobs *jobs.Client
	// Wallets runs ledger commands; nil builds one over Pool.
	Wallets *ledgerapp.Service
}

// Server is the HTTP side of Gamelle.
type Server struct {
	deps     Deps
	cfg      config.Config
	log      *slog.Logger
	inertia  *inertia.Inertia
	sessions *scs.SessionManager
	tr       *i18n.Translator
	metrics  *httpMetrics
	csrf     *csrfGuard
	router   chi.Router

	waitlist *waitlist.Store
	wallets  *ledgerapp.Service
	accounts *identityapp.Service
	jobs     *jobs.Client
	mailbox  *mail.Mailbox
	limits   *authLimits
	oauth    *oauth.Registry
}

// New builds the server and its routes.
func New(d Deps) (*Server, error) {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	tr, err := i18n.New()
	if err != nil {
		return nil, err
	}
	s := &Server{deps: d, cfg: d.Config, log: d.Logger, tr: tr, waitlist: waitlist.NewStore(d.Pool)}
	if err := s.initIdentity(d); err != nil {
		return nil, err
	}
	if err := s.initSocial(); err != nil {
		return nil, err
	}
	s.sessions = newSessions(d)
	s.csrf = newCSRFGuard(d.Config)
	if s.metrics, err = newHTTPMetrics(d.Registry); err != nil {
		return nil, err
	}
	if s.inertia, err = newInertia(d, s.sessions); err != nil {
		return nil, err
	}
	s.router = s.routes()
	return s, nil
}

// ServeHTTP makes the server an http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.router.ServeHTTP(w, r) }

// Router exposes the chi router, for the route table generator.
func (s *Server) Router() chi.Routes { return s.router }

func newSessions(d Deps) *scs.SessionManager {
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
	sm.ErrorFunc = func(w http.ResponseWriter, r *http.Request, err error) {
		d.Logger.Error("session", "err", err, "request_id", middleware.GetReqID(r.Context()))
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
	}
	return sm
}

package handlers

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// routes wires every path. Pages go through the full chain (session, CSRF, locale, Inertia);
// probes, metrics and static files skip the session so they never touch the session table.
func (s *Server) routes() chi.Router {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, exposeRequestID)
	if s.cfg.TrustProxyHeaders {
		r.Use(middleware.RealIP)
	}
	r.Use(s.requestLog, s.metrics.middleware, s.securityHeaders)
	r.Use(withLocale, s.recoverPanics, s.limitBody, middleware.Compress(5))

	r.Get("/healthz", s.healthz)
	r.Get("/readyz", s.readyz)
	r.Method(http.MethodGet, "/metrics", s.metrics.handler())
	r.Get("/robots.txt", s.robots)
	r.Get("/favicon.ico", s.favicon)
	r.Method(http.MethodGet, "/build/*", s.assets())

	s.csrf.onDeny = s.csrfDenied
	r.Group(func(r chi.Router) {
		r.Use(s.sessions.LoadAndSave, s.inertia.Middleware, errorBags, s.csrf.middleware, s.loadUser, s.guardAreas, s.sharedProps)
		r.NotFound(s.notFound)
		r.MethodNotAllowed(s.methodNotAllowed)

		r.Get("/", s.landing)
		r.Get("/home", s.landing)
		r.Get("/terms", s.terms)
		r.Get("/privacy", s.privacy)
		r.Get("/notFound", s.notFound)
		r.Get("/waitlist", s.waitlistPage)
		r.Post("/waitlist", s.joinWaitlist)
		s.identityRoutes(r)
		s.socialRoutes(r)
		s.onboardingRoutes(r)
	})
	return r
}

// exposeRequestID echoes the request id so a person reporting a problem can quote it.
func exposeRequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Request-Id", middleware.GetReqID(r.Context()))
		next.ServeHTTP(w, r)
	})
}

package handlers

import (
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// Area is a product area's handler type: it registers its page routes on the router it is
// given, which already runs the session, Inertia, CSRF, signed-in person, /dashboard guards and
// shared props.
type Area interface {
	Routes(r chi.Router)
}

// NewRouter wires every path: probes, metrics and static files first (they skip the session so
// they never touch the session table), then each area's pages through the full chain.
func NewRouter(s *Core, areas ...Area) chi.Router {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, exposeRequestID)
	if s.cfg.TrustedProxies.Enabled() {
		// Not chi's RealIP: it believes True-Client-IP, X-Real-IP and the leftmost
		// X-Forwarded-For entry, all written by the client.
		r.Use(s.clientAddresses)
	}
	r.Use(s.requestLog, s.metrics.middleware, s.securityHeaders)
	r.Use(withLocale, s.recoverPanics, s.limitBody, middleware.Compress(5))
	// HEAD answers on every GET route (chi would otherwise answer 405).
	r.Use(middleware.GetHead)

	r.Get("/healthz", s.healthz)
	r.Get("/readyz", s.readyz)
	if s.cfg.MetricsAddr == "" {
		r.Method(http.MethodGet, "/metrics", s.metricsEndpoint())
	}
	r.Get("/robots.txt", s.robots)
	r.Get("/sitemap.xml", s.sitemap)
	r.Get("/favicon.ico", s.favicon)
	r.Get("/og/{file}", s.ogImageFile)
	s.pwaRoutes(r)
	r.Method(http.MethodGet, "/build/*", s.assetFiles())

	s.csrf.onDeny = s.csrfDenied
	r.Group(func(r chi.Router) {
		r.Use(s.pageMiddleware()...)
		r.NotFound(s.notFound)
		r.MethodNotAllowed(s.methodNotAllowed)
		r.Get("/notFound", s.notFound)
		s.sessionRoutes(r)
		for _, a := range areas {
			a.Routes(r)
		}
	})
	s.routeWords = map[string]bool{}
	_ = chi.Walk(r, func(_, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		for _, seg := range strings.Split(route, "/") {
			if seg != "" && !strings.ContainsAny(seg, "{*") {
				s.routeWords[seg] = true
			}
		}
		return nil
	})
	return r
}

// pageMiddleware is the chain every page route runs, in order.
func (s *Core) pageMiddleware() []func(http.Handler) http.Handler {
	return []func(http.Handler) http.Handler{
		s.sessions.LoadAndSave, s.tagSession, s.inertia.Middleware, s.localizeFlashed, errorBags, s.csrf.middleware, s.validInput, s.loadUser, s.guardAreas, s.sharedProps,
	}
}

// exposeRequestID echoes the request id so a person reporting a problem can quote it.
func exposeRequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Request-Id", middleware.GetReqID(r.Context()))
		next.ServeHTTP(w, r)
	})
}

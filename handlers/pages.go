package handlers

import (
	"errors"
	"net/http"

	inertia "github.com/romsar/gonertia/v3"

	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/domain/identity"
)

type packProp struct {
	ID              string  `json:"id"`
	Tokens          int64   `json:"tokens"`
	PriceCents      int64   `json:"priceCents"`
	Currency        string  `json:"currency"`
	Badge           *string `json:"badge"`
	PerTokenCents   float64 `json:"perTokenCents"`
	TokensPerUnit   float64 `json:"tokensPerUnit"`
	DiscountPercent int64   `json:"discountPercent"`
}

func packProps(currency billing.Currency) []packProp {
	offers := billing.Offers(billing.DefaultPacks())
	out := make([]packProp, 0, len(offers))
	for _, o := range offers {
		p := packProp{
			ID: o.ID, Tokens: o.Tokens, PriceCents: o.PriceCents, Currency: string(currency),
			PerTokenCents: o.PerTokenCents, TokensPerUnit: o.TokensPerUnit, DiscountPercent: o.DiscountPercent,
		}
		if o.Badge != billing.BadgeNone {
			b := string(o.Badge)
			p.Badge = &b
		}
		out = append(out, p)
	}
	return out
}

func (s *Server) landing(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, "public/landing", inertia.Props{"packs": packProps(billing.EUR)})
}

func (s *Server) terms(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, "public/terms", nil)
}

func (s *Server) privacy(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, "public/privacy", nil)
}

func (s *Server) waitlistPage(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, "public/waitlist", nil)
}

type waitlistForm struct {
	Email string `json:"email"`
}

func (s *Server) joinWaitlist(w http.ResponseWriter, r *http.Request) {
	var f waitlistForm
	if err := decodeBody(r, &f); err != nil {
		s.bodyError(w, r, err)
		return
	}
	email, err := identity.NormalizeEmail(f.Email)
	switch {
	case errors.Is(err, identity.ErrEmailRequired):
		s.back(w, r, inertia.ValidationErrors{"email": s.t(r, "error.email.required")})
		return
	case err != nil:
		s.back(w, r, inertia.ValidationErrors{"email": s.t(r, "error.email.invalid")})
		return
	}
	if err := s.waitlist.Join(r.Context(), email, localeFrom(r.Context())); err != nil {
		s.serverError(w, r, err)
		return
	}
	s.redirectWithFlash(w, r, "/waitlist", "success", s.t(r, "flash.waitlist.joined"))
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	s.renderStatus(w, r, http.StatusNotFound, "errors/not-found", nil)
}

func (s *Server) methodNotAllowed(w http.ResponseWriter, r *http.Request) {
	http.Error(w, s.t(r, "error.method_not_allowed"), http.StatusMethodNotAllowed)
}

// csrfDenied shows the "page expired" page with status 419, the convention Inertia apps use for
// a stale or missing anti-forgery token. Nothing was changed.
func (s *Server) csrfDenied(w http.ResponseWriter, r *http.Request) {
	s.renderStatus(w, r, 419, "errors/page-expired", inertia.Props{"message": s.t(r, "error.csrf")})
}

// forbidden shows the 403 page.
func (s *Server) forbidden(w http.ResponseWriter, r *http.Request) {
	s.renderStatus(w, r, http.StatusForbidden, "errors/forbidden", nil)
}

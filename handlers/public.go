package handlers

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"
	inertia "github.com/romsar/gonertia/v3"

	"github.com/gamelle/gamelle/app/identity/waitlist"
	"github.com/gamelle/gamelle/handlers/page"

	"github.com/gamelle/gamelle/domain/identity"
)

// Public serves the pages anyone can see: landing, legal pages and the mobile-app waitlist.
type Public struct {
	*Core
	waitlist *waitlist.Store
	packs    PackOffers
}

// NewPublic returns the public pages over the waitlist store and the pack catalogue.
func NewPublic(c *Core, wl *waitlist.Store, packs PackOffers) *Public {
	return &Public{Core: c, waitlist: wl, packs: packs}
}

// Routes registers the public pages.
func (h *Public) Routes(r chi.Router) {
	r.Get("/", h.landing)
	r.Get("/home", h.landing)
	r.Get("/terms", h.terms)
	r.Get("/privacy", h.privacy)
	r.Get("/legal", h.legal)
	r.Get("/waitlist", h.waitlistPage)
	r.Post("/waitlist", h.joinWaitlist)
}

// landing shows the packs on sale from the stored catalogue (the same as /buy-tokens).
func (h *Public) landing(w http.ResponseWriter, r *http.Request) {
	offers, err := h.packs.Offers(r.Context(), currencyOf(r))
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, landingPage.With(landingProps{Packs: tokenPacksOf(offers)}))
}

func (h *Public) terms(w http.ResponseWriter, r *http.Request) {
	h.render(w, r, termsPage.With(page.None{}))
}

// legal is the legal notice (« mentions légales »): publisher, contact and host from configuration.
func (h *Public) legal(w http.ResponseWriter, r *http.Request) {
	h.render(w, r, legalPage.With(page.None{}))
}

func (h *Public) privacy(w http.ResponseWriter, r *http.Request) {
	h.render(w, r, privacyPage.With(page.None{}))
}

func (h *Public) waitlistPage(w http.ResponseWriter, r *http.Request) {
	h.render(w, r, waitlistPage.With(page.None{}))
}

type waitlistForm struct {
	Email string `json:"email"`
}

func (h *Public) joinWaitlist(w http.ResponseWriter, r *http.Request) {
	var f waitlistForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	email, err := identity.NormalizeEmail(f.Email)
	switch {
	case errors.Is(err, identity.ErrEmailRequired):
		h.back(w, r, inertia.ValidationErrors{"email": h.t(r, "error.email.required")})
		return
	case err != nil:
		h.back(w, r, inertia.ValidationErrors{"email": h.t(r, "error.email.invalid")})
		return
	}
	if err := h.waitlist.Join(r.Context(), email, localeFrom(r.Context())); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.redirectWithFlash(w, r, "/waitlist", "success", h.t(r, "flash.waitlist.joined"))
}

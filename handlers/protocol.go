package handlers

import (
	"net/http"

	inertia "github.com/romsar/gonertia/v3"
)

// The Inertia protocol is gonertia's job (page objects, partial reloads, asset versions, 409
// location visits, 302 → 303 after PUT/PATCH/DELETE, and re-flashing flash data and errors when
// it answers 409). What gonertia v3 lacks is kept here; docs/client-contract.md lists who does
// what.

const headerErrorBag = "X-Inertia-Error-Bag"

// errorBags nests validation errors under the bag the visit names in X-Inertia-Error-Bag, so a
// page holding two forms shows each form's errors only under it (Inertia's client reads
// props.errors[bag] for such a visit). It must run after gonertia's middleware, which puts the
// errors flashed by the previous request into the context. The browser keeps the header on the
// redirect that follows a failed form, so the errors land where the form is. gonertia re-flashes
// context errors on every redirect; nesting is skipped when they are already under the bag.
func errorBags(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		bag := r.Header.Get(headerErrorBag)
		if bag == "" || !inertia.IsInertiaRequest(r) {
			next.ServeHTTP(w, r)
			return
		}
		errs := inertia.ValidationErrorsFromContext(r.Context())
		if len(errs) == 0 || inBag(errs, bag) {
			next.ServeHTTP(w, r)
			return
		}
		ctx := inertia.SetValidationErrors(r.Context(), inertia.ValidationErrors{bag: map[string]any(errs)})
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func inBag(errs inertia.ValidationErrors, bag string) bool {
	if len(errs) != 1 {
		return false
	}
	switch errs[bag].(type) {
	case map[string]any, inertia.ValidationErrors:
		return true
	}
	return false
}

// location sends the browser to url with a full page load: 409 with X-Inertia-Location for an
// Inertia visit (the client then sets window.location, which is what an external address such
// as a payment page needs), a 303 redirect otherwise.
func (s *Core) location(w http.ResponseWriter, r *http.Request, url string) {
	s.inertia.Location(w, r, url, http.StatusSeeOther)
}

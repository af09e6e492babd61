package handlers

import (
	"errors"
	"net/http"

	inertia "github.com/romsar/gonertia/v3"

	"github.com/gamelle/gamelle/domain/identity"
)

// identityMessage maps identity's refusal reasons to message keys: the one place where
// domain errors of this area become words. field distinguishes the name fields.
func identityMessage(field string, err error) string {
	switch {
	case errors.Is(err, identity.ErrEmailRequired):
		return "error.email.required"
	case errors.Is(err, identity.ErrEmailInvalid):
		return "error.email.invalid"
	case errors.Is(err, identity.ErrNameRequired):
		return "error." + field + ".required"
	case errors.Is(err, identity.ErrNameTooLong):
		return "error." + field + ".too_long"
	case errors.Is(err, identity.ErrPasswordRequired):
		return "error.password.required"
	case errors.Is(err, identity.ErrPasswordTooShort):
		return "error.password.too_short"
	case errors.Is(err, identity.ErrPasswordTooLong):
		return "error.password.too_long"
	case errors.Is(err, identity.ErrPasswordCommon):
		return "error.password.common"
	case errors.Is(err, identity.ErrPasswordMismatch):
		return "error.password.mismatch"
	case errors.Is(err, identity.ErrCodeExpired):
		return "error.code.expired"
	case errors.Is(err, identity.ErrCodeBurned):
		return "error.code.burned"
	case errors.Is(err, identity.ErrCodeUsed):
		return "error.code.used"
	case errors.Is(err, identity.ErrLinkExpired):
		return "error.link.expired"
	case errors.Is(err, identity.ErrLinkUsed):
		return "error.link.used"
	case errors.Is(err, identity.ErrLinkInvalid):
		return "error.link.invalid"
	}
	return "error.form.malformed"
}

// fieldErrors translates identity.FieldErrors for the page.
func (h *Identity) fieldErrors(r *http.Request, fe identity.FieldErrors) inertia.ValidationErrors {
	out := inertia.ValidationErrors{}
	for field, err := range fe {
		name := field
		if field == "password_confirmation" {
			name = "password"
		}
		out[field] = h.t(r, identityMessage(name, err))
	}
	return out
}

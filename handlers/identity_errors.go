package handlers

import (
	"net/http"
	"strings"

	inertia "github.com/romsar/gonertia/v3"

	"github.com/gamelle/gamelle/domain/fault"
	"github.com/gamelle/gamelle/domain/identity"
)

// identityMessage is the message key of an identity refusal on field: the domain's own
// (fault.Error.Key, docs/architecture.md, "A request, top down"), where a second name field
// (surname) has name errors of its own; a refusal without a key is a malformed form.
func identityMessage(field string, err error) string {
	f := fault.Of(err)
	if f == nil || f.Key == "" {
		return "error.form.malformed"
	}
	if f.Field == "name" {
		return "error." + field + strings.TrimPrefix(f.Key, "error.name")
	}
	return f.Key
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

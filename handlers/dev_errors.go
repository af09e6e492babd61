package handlers

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"
)

// DevErrors shows each error page on demand, through the very functions real failures use, so
// a browser test can open the pages no test can cause on purpose (a 500, a 503) or only at the
// cost of the shared rate limits (a 429). cmd/gamelle only registers it outside production.
type DevErrors struct{ *Core }

// NewDevErrors returns the error-page preview.
func NewDevErrors(c *Core) *DevErrors { return &DevErrors{Core: c} }

// Routes registers /dev/error/{status}.
func (h *DevErrors) Routes(r chi.Router) { r.Get("/dev/error/{status}", h.devError) }

// errDevPreview is what the 500 and 503 previews report; the log line names it.
var errDevPreview = errors.New("error page preview requested on /dev/error")

// devError renders the error page of the status in the address; other statuses are not found.
func (h *DevErrors) devError(w http.ResponseWriter, r *http.Request) {
	switch chi.URLParam(r, "status") {
	case "400":
		h.badRequest(w, r)
	case "403":
		h.forbidden(w, r)
	case "404":
		h.notFound(w, r)
	case "405":
		h.methodNotAllowed(w, r)
	case "419":
		h.csrfDenied(w, r)
	case "429":
		h.tooManyRequests(w, r, 60)
	case "500":
		h.serverError(w, r, errDevPreview)
	case "503":
		h.unavailable(w, r, errDevPreview)
	default:
		h.notFound(w, r)
	}
}

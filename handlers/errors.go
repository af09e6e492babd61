package handlers

import (
	"errors"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5/middleware"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/puddle/v2"
	inertia "github.com/romsar/gonertia/v3"

	"github.com/gamelle/gamelle/domain/fault"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/handlers/page"
	"github.com/gamelle/gamelle/internal/config"
)

// The one place where failures become pages: every handler reports through these, so a status,
// its page and its translated message are chosen once for the whole app.

// serverError logs err and shows the translated server-error page; internals never reach the
// person.
func (s *Core) serverError(w http.ResponseWriter, r *http.Request, err error) {
	if isOutage(err) {
		// Any handler's read can be the first to meet a database that went away (the landing
		// page reads the pack catalogue without touching the session): that is a 503, not a bug.
		s.unavailable(w, r, err)
		return
	}
	if errors.Is(err, eventstore.ErrIdempotencyKeyReused) {
		s.idempotencyKeyReused(w, r)
		return
	}
	s.log.Error("server error", "err", err, "path", s.logPath(r), "request_id", middleware.GetReqID(r.Context()))
	if s.inertia == nil || r.Context().Value(localeKey) == nil {
		http.Error(w, s.t(r, "error.server"), http.StatusInternalServerError)
		return
	}
	sw := &statusWriter{ResponseWriter: w, status: http.StatusInternalServerError}
	v := serverErrorPage.With(statusProps{})
	if rerr := s.inertia.Render(sw, s.withShared(r), v.Component, withRequestID(r, v.Props)); rerr != nil {
		http.Error(w, s.t(r, "error.server"), http.StatusInternalServerError)
	}
}

// unavailable answers when the database cannot be reached (the session layer reports it): the
// translated 503 page with the request id, for full visits and Inertia visits alike. The app
// recovers by itself when PostgreSQL is back.
func (s *Core) unavailable(w http.ResponseWriter, r *http.Request, err error) {
	s.log.Error("service unavailable", "err", err, "path", s.logPath(r), "request_id", middleware.GetReqID(r.Context()))
	w.Header().Set("Retry-After", "5")
	s.renderStatus(w, r, http.StatusServiceUnavailable, unavailablePage.With(statusProps{}))
}

// idempotencyKeyReused answers a form sent again under the key of an earlier, different
// request (its answer was lost, then the form changed): nothing was done. A form from one of our
// pages goes back there with the translated message as an error flash; an Inertia visit with no
// page to go back to gets the translated 422 page (the Inertia client shows any other answer as
// a bare text dialog); any other client gets 422 with the message.
func (s *Core) idempotencyKeyReused(w http.ResponseWriter, r *http.Request) {
	msg := s.t(r, "error.idempotency_reused")
	if back := r.Header.Get("Referer"); back != "" && sameOrigin(r, back) {
		s.redirectWithFlash(w, r, back, "error", msg)
		return
	}
	if r.Header.Get("X-Inertia") != "" && s.inertia != nil && r.Context().Value(localeKey) != nil {
		s.renderStatus(w, r, http.StatusUnprocessableEntity, formResentPage.With(statusProps{}))
		return
	}
	http.Error(w, msg, http.StatusUnprocessableEntity)
}

// isOutage tells whether err means PostgreSQL cannot be reached (closed pool, refused or broken
// connection, server shutting down or starting up) rather than a fault of the request.
func isOutage(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, puddle.ErrClosedPool) {
		return true
	}
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) {
		return true
	}
	var netErr net.Error
	if errors.As(err, &netErr) {
		return true
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		// Class 08: connection exception; 57P01–57P03: admin shutdown, crash shutdown, cannot
		// connect now (starting up or recovering).
		return strings.HasPrefix(pgErr.Code, "08") || pgErr.Code == "57P01" || pgErr.Code == "57P02" || pgErr.Code == "57P03"
	}
	return false
}

// statusProps are what every page rendered with a status other than 200 receives: the request
// id, which error pages show so a person can quote it (renderStatus fills it in).
type statusProps struct {
	RequestID string `json:"requestId"`
}

// withRequestID sets the request id of a status page's props.
func withRequestID(r *http.Request, props inertia.Props) inertia.Props {
	out := inertia.Props{}
	for k, v := range props {
		out[k] = v
	}
	out["requestId"] = middleware.GetReqID(r.Context())
	return out
}

func (s *Core) notFound(w http.ResponseWriter, r *http.Request) {
	s.renderStatus(w, r, http.StatusNotFound, notFoundPage.With(statusProps{}))
}

// methodNotAllowed: a form posted to a GET page goes back with a flash; a GET of a POST-only
// address (a reload after a refused form, a typed URL) shows the 405 page in its layout.
func (s *Core) methodNotAllowed(w http.ResponseWriter, r *http.Request) {
	s.refuse(w, r, http.StatusMethodNotAllowed, methodNotAllowedPage.With(statusProps{}), s.t(r, "error.method_not_allowed"))
}

// csrfDenied refuses a request without a valid anti-forgery token; nothing was changed. A form
// sent from one of our pages goes back there with the message; anything else gets the "page
// expired" page with status 419, the convention Inertia apps use.
func (s *Core) csrfDenied(w http.ResponseWriter, r *http.Request) {
	msg := s.t(r, "error.csrf")
	s.refuse(w, r, 419, pageExpiredPage.With(pageExpiredProps{Message: msg}), msg)
}

// refuse answers a refused request. An unsafe request (a form post) sent from one of our pages
// is redirected back there (303) with message as an error flash, as Inertia expects, so the
// address bar never holds a POST-only address; other requests get the status page.
func (s *Core) refuse(w http.ResponseWriter, r *http.Request, status int, v page.View, message string) {
	if !safeMethod(r.Method) {
		if back := r.Header.Get("Referer"); back != "" && sameOrigin(r, back) {
			s.redirectWithFlash(w, r, back, "error", message)
			return
		}
	}
	s.renderStatus(w, r, status, v)
}

// forbidden shows the 403 page.
func (s *Core) forbidden(w http.ResponseWriter, r *http.Request) {
	s.renderStatus(w, r, http.StatusForbidden, forbiddenPage.With(statusProps{}))
}

// wording is how one form words domain errors its area shares with other forms: per sentinel,
// the form's own field name, key or key arguments where they differ from the domain's
// (fault.Error's Field and Key). Empty parts keep the domain's.
type wording map[error]wordedAs

// wordedAs is one form's wording of one domain error.
type wordedAs struct {
	Field, Key string
	Args       map[string]any
}

// answer is what a command's error becomes: a status and, for a form sent back (303), the
// translation key of each field's message.
type answer struct {
	Status int
	Fields map[string]string
	Args   map[string]any
}

// answerOf is the one mapping from a domain error's kind to an HTTP answer (docs/architecture.md,
// "A request, top down", step 2): not found → 404, forbidden → 403, invalid input and conflicts
// → the form back with the field's message, insufficient tokens → the same plus the page's
// prompt to get tokens ("tokens"), anything else → 500.
func answerOf(err error, words wording) answer {
	f := fault.Of(err)
	if f == nil {
		return answer{Status: http.StatusInternalServerError}
	}
	switch f.Kind {
	case fault.NotFound:
		return answer{Status: http.StatusNotFound}
	case fault.Forbidden:
		return answer{Status: http.StatusForbidden}
	case fault.Invalid, fault.Conflict, fault.InsufficientTokens:
	default:
		return answer{Status: http.StatusInternalServerError}
	}
	field, key := f.Field, f.Key
	var args map[string]any
	for sentinel, w := range words {
		if !errors.Is(err, sentinel) {
			continue
		}
		if w.Field != "" {
			field = w.Field
		}
		if w.Key != "" {
			key = w.Key
		}
		args = w.Args
		break
	}
	fields := map[string]string{field: key}
	if f.Kind == fault.InsufficientTokens {
		fields["tokens"] = key
	}
	return answer{Status: http.StatusSeeOther, Fields: fields, Args: args}
}

// translate gives an answer's field messages in the request's language.
func (s *Core) translate(r *http.Request, a answer) inertia.ValidationErrors {
	errs := inertia.ValidationErrors{}
	for field, key := range a.Fields {
		if a.Args != nil {
			errs[field] = s.t(r, key, a.Args)
		} else {
			errs[field] = s.t(r, key)
		}
	}
	return errs
}

// answerError answers a command's error by its kind (answerOf): the 404 or 403 page, the form
// back with translated field messages, or the server-error page for what is not the person's
// to fix. words is the form's own wording, nil for the domain's.
func (s *Core) answerError(w http.ResponseWriter, r *http.Request, err error, words wording) {
	a := answerOf(err, words)
	switch a.Status {
	case http.StatusNotFound:
		s.notFound(w, r)
	case http.StatusForbidden:
		s.forbidden(w, r)
	case http.StatusSeeOther:
		s.back(w, r, s.translate(r, a))
	default:
		s.serverError(w, r, err)
	}
}

// bodyError answers a body that could not be decoded: 413 for an oversized one, a translated
// field error for a field holding text no one types (textError), otherwise a translated form
// error sent back to the page the form came from.
func (s *Core) bodyError(w http.ResponseWriter, r *http.Request, err error) {
	s.bodyErrorIn(w, r, err, "")
}

// bodyErrorIn is bodyError for a form whose fields the page names with a prefix ("custom." for
// the custom-food form beside the food list).
func (s *Core) bodyErrorIn(w http.ResponseWriter, r *http.Request, err error, prefix string) {
	if errors.Is(err, errTooLarge) {
		http.Error(w, s.t(r, "error.too_large"), http.StatusRequestEntityTooLarge)
		return
	}
	var te *textError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			field = "form"
		}
		s.back(w, r, inertia.ValidationErrors{prefix + field: s.t(r, "error.text.invalid")})
		return
	}
	s.back(w, r, inertia.ValidationErrors{"form": s.t(r, "error.form.malformed")})
}

// isTextError tells whether a decoding error is a field holding refused text, which bodyError
// answers as that field's error (handlers with a message of their own for unreadable forms
// hand these over).
func isTextError(err error) bool {
	var te *textError
	return errors.As(err, &te)
}

// rateLimited takes a token for the client and, when email is a valid address, for that
// account. When either is out it answers 429 with Retry-After and the translated message, and
// returns true. The account key is the normalised address whether or not an account exists, so
// the limit itself reveals nothing.
func (s *Core) rateLimited(w http.ResponseWriter, r *http.Request, email string) bool {
	// One key per client address (an IPv6 one by its prefix); a missing or malformed one shares
	// the "unknown" key, which is limited like any other.
	ok, wait, err := s.limits.ip.allow(r.Context(), "ip:"+addressKey(clientAddress(config.TrustedProxies{}, r), s.cfg.RateLimitIPv6Prefix))
	if err == nil && ok {
		if e, nerr := identity.NormalizeEmail(email); nerr == nil {
			ok, wait, err = s.limits.account.allow(r.Context(), "acct:"+e)
		}
	}
	if err != nil {
		// The limits live in the database: when it fails, so does the request.
		s.serverError(w, r, err)
		return true
	}
	if ok {
		return false
	}
	s.tooManyRequests(w, r, int(math.Ceil(wait.Seconds())))
	return true
}

// tooManyRequests answers 429 with Retry-After and the translated message for a client that
// must wait secs seconds.
func (s *Core) tooManyRequests(w http.ResponseWriter, r *http.Request, secs int) {
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	msg := s.t(r, "error.rate_limited", map[string]any{"Count": secs})
	s.refuse(w, r, http.StatusTooManyRequests, rateLimitedPage.With(rateLimitedProps{Message: msg, RetryAfter: secs}), msg)
}

// badRequest answers a request whose address cannot be read with the translated 400 page (a
// form post goes back with the message).
func (s *Core) badRequest(w http.ResponseWriter, r *http.Request) {
	s.refuse(w, r, http.StatusBadRequest, badRequestPage.With(statusProps{}), s.t(r, "error.form.malformed"))
}

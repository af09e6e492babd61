package handlers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	inertia "github.com/romsar/gonertia/v3"

	"github.com/gamelle/gamelle/domain/text"
	"github.com/gamelle/gamelle/handlers/qs"
)

// errMalformed means the body could not be read as the declared format.
var errMalformed = errors.New("malformed request body")

// errTooLarge means the body passed MaxBodyBytes while being read (no Content-Length given).
var errTooLarge = errors.New("request body too large")

// decodeBody reads a JSON, urlencoded or multipart body into dst (a struct with json tags).
// Inertia sends JSON; classic forms and files arrive as form data.
func decodeBody(r *http.Request, dst any) error {
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch ct {
	case "application/json":
		raw, err := io.ReadAll(r.Body)
		if err != nil {
			return classify(err)
		}
		if !utf8.Valid(raw) {
			return fmt.Errorf("%w: invalid UTF-8", errMalformed)
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		if err := dec.Decode(dst); err != nil {
			return classify(err)
		}
		// One JSON value and nothing after it: `{"a":1} garbage` is not a body we understood.
		if _, err := dec.Token(); !errors.Is(err, io.EOF) {
			return fmt.Errorf("%w: data after the JSON value", errMalformed)
		}
		return checkText(dst)
	case "application/x-www-form-urlencoded", "multipart/form-data":
		// Form keys may describe nested data (`foods[0][code]`, `ids[]`); qs turns them into
		// the same shape a JSON body has, within the docs/product.md §9 limits, so one struct serves both.
		var pairs []qs.Pair
		if ct == "multipart/form-data" {
			if err := r.ParseMultipartForm(MaxBodyBytes); err != nil {
				return classify(err)
			}
			for k, vs := range r.MultipartForm.Value {
				if !validUTF8(append([]string{k}, vs...)...) {
					return fmt.Errorf("%w: invalid UTF-8", errMalformed)
				}
			}
			pairs = qs.Default.FromValues(r.MultipartForm.Value)
		} else {
			// Read raw rather than through ParseForm: the pairs' order decides which ones the
			// parameter limit keeps and how arrays fill, and a map has no order.
			raw, err := io.ReadAll(r.Body)
			if err != nil {
				return classify(err)
			}
			form, err := url.ParseQuery(string(raw))
			if err != nil {
				return fmt.Errorf("%w: %v", errMalformed, err)
			}
			for k, vs := range form {
				if !validUTF8(append([]string{k}, vs...)...) {
					return fmt.Errorf("%w: invalid UTF-8", errMalformed)
				}
			}
			pairs = qs.Default.Split(string(raw))
			// Later r.FormValue calls still see the fields.
			r.PostForm = form
		}
		b, _ := json.Marshal(qs.Default.ParsePairs(pairs))
		if err := json.Unmarshal(b, dst); err != nil {
			return fmt.Errorf("%w: %v", errMalformed, err)
		}
		return checkText(dst)
	case "":
		if r.ContentLength == 0 {
			return nil
		}
	}
	return fmt.Errorf("%w: content type %q", errMalformed, ct)
}

// decodeQuery reads the query string into dst (a struct with json tags), nested keys and arrays
// included (`?ids[]=1&ids[]=2&filter[diet]=vegan`), within the docs/product.md §9 limits.
func decodeQuery(r *http.Request, dst any) error {
	b, _ := json.Marshal(qs.Parse(r.URL.RawQuery))
	if err := json.Unmarshal(b, dst); err != nil {
		return fmt.Errorf("%w: %v", errMalformed, err)
	}
	return checkText(dst)
}

// textError is a decoded field holding text no one types (domain/text): a NUL, a lone
// surrogate (decoded as U+FFFD), a bidirectional override, or zero-width characters only.
type textError struct {
	// Field is the field's path as the form names it ("name", "mealSplit.lunch",
	// "ingredients.0.name").
	Field string
	Err   error
}

func (e *textError) Error() string { return fmt.Sprintf("field %s: %v", e.Field, e.Err) }
func (e *textError) Unwrap() error { return e.Err }

// checkText applies the text rules to every string decoded into dst (struct fields, pointers,
// slices, map keys and values), so every form of the app refuses the same characters without a
// rule per field. Password fields are checked as secrets (control characters only).
func checkText(dst any) error {
	return checkValue(reflect.ValueOf(dst), "")
}

func checkValue(v reflect.Value, path string) error {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return checkValue(v.Elem(), path)
	case reflect.String:
		check := text.Check
		if strings.Contains(strings.ToLower(path), "password") {
			check = text.CheckSecret
		}
		if err := check(v.String()); err != nil {
			return &textError{Field: path, Err: err}
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			sub := path
			if !f.Anonymous || name != "" {
				if name == "" {
					name = f.Name
				}
				sub = joinPath(path, name)
			}
			if err := checkValue(v.Field(i), sub); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			return nil // raw bytes, not text
		}
		for i := 0; i < v.Len(); i++ {
			if err := checkValue(v.Index(i), joinPath(path, strconv.Itoa(i))); err != nil {
				return err
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			sub := joinPath(path, fmt.Sprint(it.Key().Interface()))
			if err := checkValue(it.Key(), path); err != nil {
				return err
			}
			if err := checkValue(it.Value(), sub); err != nil {
				return err
			}
		}
	}
	return nil
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// validUTF8 tells whether every string is valid UTF-8. Go would otherwise carry invalid bytes
// into the database (PostgreSQL stores them as U+FFFD), writing addresses nobody typed.
func validUTF8(ss ...string) bool {
	for _, s := range ss {
		if !utf8.ValidString(s) {
			return false
		}
	}
	return true
}

// validInput refuses a request whose path or query string decodes to invalid UTF-8 or control
// characters with a translated 400 page (a form post goes back with the message), before any handler reads it.
func (s *Core) validInput(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !inputIsValid(r.URL) {
			s.badRequest(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// inputIsValid tells whether a URL's decoded path and query are valid UTF-8 without control
// characters (a NUL would reach PostgreSQL, which refuses it), and the query parses.
func inputIsValid(u *url.URL) bool {
	if !utf8.ValidString(u.Path) || text.CheckSecret(u.Path) != nil {
		return false
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return false
	}
	for k, vs := range q {
		for _, v := range append([]string{k}, vs...) {
			if !utf8.ValidString(v) || text.CheckSecret(v) != nil {
				return false
			}
		}
	}
	return true
}

func classify(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return errTooLarge
	}
	return fmt.Errorf("%w: %v", errMalformed, err)
}

// back redirects to the page the request came from (the Referer when it is on this site, else
// the request's own path), carrying validation errors through the session, as Inertia expects
// for a failed form.
func (s *Core) back(w http.ResponseWriter, r *http.Request, errs inertia.ValidationErrors) {
	ctx := r.Context()
	if len(errs) > 0 {
		ctx = inertia.SetValidationErrors(ctx, errs)
	}
	to := r.Header.Get("Referer")
	if to == "" || !sameOrigin(r, to) {
		to = r.URL.Path
	}
	s.inertia.Redirect(w, r.WithContext(ctx), to, http.StatusSeeOther)
}

// redirectWithFlash redirects after a successful action with a translated flash message.
func (s *Core) redirectWithFlash(w http.ResponseWriter, r *http.Request, to, kind, message string) {
	ctx := inertia.SetFlash(r.Context(), inertia.Flash{kind: message})
	s.inertia.Redirect(w, r.WithContext(ctx), to, http.StatusSeeOther)
}

// backWithErrors sends a failed form back to its page (the referrer, else fallback). Error
// bags of pages with two forms are applied by the errorBags middleware.
func (s *Core) backWithErrors(w http.ResponseWriter, r *http.Request, fallback string, errs inertia.ValidationErrors) {
	if r.Header.Get("Referer") == "" {
		r.Header.Set("Referer", fallback)
	}
	s.back(w, r, errs)
}

// redirectWithErrors is backWithErrors to a given page (used when the form's page is not the
// referrer, e.g. after a code entry on another URL).
func (s *Core) redirectWithErrors(w http.ResponseWriter, r *http.Request, to string, errs inertia.ValidationErrors) {
	ctx := inertia.SetValidationErrors(r.Context(), errs)
	s.inertia.Redirect(w, r.WithContext(ctx), to, http.StatusSeeOther)
}

// maxIdempotencyKey is the longest idempotency key a form may send: the pages make short ones, so
// a longer key is dropped (the command runs once, unkeyed) rather than stored in every event.
const maxIdempotencyKey = 100

// idempotencyKey is a form's idempotency key, or none ("") when it is longer than maxIdempotencyKey.
func idempotencyKey(k string) string {
	if len(k) > maxIdempotencyKey {
		return ""
	}
	return k
}

// pathID is the URL parameter name parsed as a UUID; false when it is not one.
func pathID(r *http.Request, name string) (uuid.UUID, bool) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	return id, err == nil
}

// optionalID parses a body field that may name one item or, empty, all of them (uuid.Nil);
// false when it is set but not a UUID.
func optionalID(s string) (uuid.UUID, bool) {
	if s == "" {
		return uuid.Nil, true
	}
	id, err := uuid.Parse(s)
	return id, err == nil
}

// formID is a form or query value naming one item, parsed as a UUID; false when it has answered
// already: not found for a malformed id, as for an id that names nothing.
func (s *Core) formID(w http.ResponseWriter, r *http.Request, v string) (uuid.UUID, bool) {
	id, err := uuid.Parse(v)
	if err != nil {
		s.notFound(w, r)
		return uuid.Nil, false
	}
	return id, true
}

// bodyAndID decodes the body into dst and parses the id in the field idField points to (a field
// of dst) with formID; false when it has answered already (the body's error, or not found).
func (s *Core) bodyAndID(w http.ResponseWriter, r *http.Request, dst any, idField *string) (uuid.UUID, bool) {
	if err := decodeBody(r, dst); err != nil {
		s.bodyError(w, r, err)
		return uuid.Nil, false
	}
	return s.formID(w, r, *idField)
}

// pathAndBody reads the UUID in the URL parameter name and decodes the body into dst; false
// when it has answered already (not found for a malformed id, the body's error otherwise).
func (s *Core) pathAndBody(w http.ResponseWriter, r *http.Request, name string, dst any) (uuid.UUID, bool) {
	id, ok := pathID(r, name)
	if !ok {
		s.notFound(w, r)
		return uuid.Nil, false
	}
	if err := decodeBody(r, dst); err != nil {
		s.bodyError(w, r, err)
		return uuid.Nil, false
	}
	return id, true
}

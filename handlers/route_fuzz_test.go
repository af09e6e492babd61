package handlers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// badInput is one refused request shape: how it is sent to a route of the security matrix.
type badInput struct {
	name string
	// unsafeOnly: a body case, sent only where the route reads a body (POST, PUT, PATCH, DELETE).
	unsafeOnly bool
	// query: a query string case, which a route reading no body and no query ignores.
	query bool
	// build returns the request for the route key ("METHOD pattern"); ok false skips the route.
	build func(f *matrixFixture, key string, routes []string) (req fuzzRequest, ok bool)
}

// fuzzRequest is what one bad input sends.
type fuzzRequest struct {
	method, path, contentType string
	body                      []byte
}

// fuzzFields are the field names the app's forms read; a bad body sets every one of them, so
// no handler finds a well-formed field among them and each must refuse the request.
var fuzzStringFields = []string{"email", "name", "surname", "password", "password_confirmation", "id", "ids", "recipeId",
	"checkout", "outcome", "packId", "currency", "role", "language", "locale", "token", "code", "otp", "q", "diet",
	"goal", "reason", "answer", "label", "unit", "sessionId", "foods", "meals", "mealSplit", "prices", "products"}

var fuzzNumberFields = []string{"foodCode", "grams", "days", "tokens", "amountCents", "amount", "page", "people",
	"weight", "height", "age", "calories", "servings", "count", "price", "priceCents", "quantity", "ratio"}

// jsonWith is a JSON object setting every field to raw (a JSON text, kept as written so lone
// surrogates and huge numbers reach the decoder untouched).
func jsonWith(stringRaw, numberRaw string) []byte {
	var b strings.Builder
	b.WriteString("{")
	for i, k := range append(slices.Clone(fuzzStringFields), fuzzNumberFields...) {
		if i > 0 {
			b.WriteString(",")
		}
		v := stringRaw
		if i >= len(fuzzStringFields) {
			v = numberRaw
		}
		b.WriteString(`"` + k + `":` + v)
	}
	b.WriteString("}")
	return []byte(b.String())
}

func formWith(value string) []byte {
	var parts []string
	for _, k := range append(slices.Clone(fuzzStringFields), fuzzNumberFields...) {
		parts = append(parts, k+"="+value)
	}
	return []byte(strings.Join(parts, "&"))
}

// bodyCase sends body with contentType on the route's own method and path.
func bodyCase(name, contentType string, body []byte) badInput {
	return badInput{name: name, unsafeOnly: true, build: func(f *matrixFixture, key string, _ []string) (fuzzRequest, bool) {
		method, _, _ := strings.Cut(key, " ")
		return fuzzRequest{method: method, path: f.path(key), contentType: contentType, body: body}, true
	}}
}

// badPathCase replaces the route's parameters (ids, emails, tokens, codes) with id; routes
// without one are skipped.
func badPathCase(name string, id func(f *matrixFixture) string) badInput {
	return badInput{name: name, build: func(f *matrixFixture, key string, _ []string) (fuzzRequest, bool) {
		method, pattern, _ := strings.Cut(key, " ")
		if !strings.Contains(pattern, "{") {
			return fuzzRequest{}, false
		}
		v := id(f)
		p := strings.NewReplacer("{id}", v, "{recipeId}", v, "{userId}", v, "{email}", v, "{token}", v, "{otp}", v).Replace(pattern)
		p = f.path(method + " " + p) // the other parameters as the matrix fills them
		return fuzzRequest{method: method, path: p, contentType: "application/json", body: malformedJSON}, true
	}}
}

// queryCase replaces the route's query string; an unsafe route also gets a malformed body, as a
// bad query must not make a request that changes something.
func queryCase(name, query string) badInput {
	return badInput{name: name, query: true, build: func(f *matrixFixture, key string, _ []string) (fuzzRequest, bool) {
		method, _, _ := strings.Cut(key, " ")
		p, _, _ := strings.Cut(f.path(key), "?")
		r := fuzzRequest{method: method, path: p + "?" + query}
		if unsafeMethod(method) {
			r.contentType, r.body = "application/json", malformedJSON
		}
		return r, true
	}}
}

// readsNoBody are the unsafe routes whose input is their path alone: a body, however bad, is
// not read, so the body cases do not apply (the path cases do).
var readsNoBody = map[string]bool{
	"POST /auth/otp/ask-otp/{email}": true,
	// Signs out the caller's other sessions.
	"POST /dashboard/settings/sessions": true,
}

var malformedJSON = []byte(`{"email":"a@example.test","name":`)

// badInputs is the fixed set every route receives, from every caller.
var badInputs = []badInput{
	bodyCase("malformed JSON", "application/json", malformedJSON),
	bodyCase("JSON array", "application/json", []byte(`[1,2,`)),
	bodyCase("JSON then garbage", "application/json", append(jsonWith(`"x"`, `1`), " garbage"...)),
	bodyCase("malformed form", "application/x-www-form-urlencoded", []byte("name=%zz&id=%&email")),
	bodyCase("multipart without parts", "multipart/form-data; boundary=xyz", []byte("--nope\r\ngarbage")),
	bodyCase("NUL and control characters", "application/json", jsonWith(`"a\u0000b\u0007\u001b"`, `"\u0000"`)),
	bodyCase("NUL in a form", "application/x-www-form-urlencoded", formWith("a%00b%07")),
	bodyCase("bidi override", "application/json", jsonWith(`"abc\u202Edef@example.test"`, `"\u202E1"`)),
	bodyCase("bidi override in a form", "application/x-www-form-urlencoded", formWith("abc%E2%80%AEdef")),
	bodyCase("lone surrogate", "application/json", jsonWith(`"a\ud800b"`, `"\udc00"`)),
	bodyCase("invalid UTF-8", "application/json", jsonWith("\"a\xffb\"", "\"\xfe\"")),
	bodyCase("huge numbers", "application/json", jsonWith(`9223372036854775808`, `9223372036854775808`)),
	bodyCase("1e309", "application/json", jsonWith(`1e309`, `1e309`)),
	bodyCase("wrong types", "application/json", jsonWith(`12`, `"12"`)),
	bodyCase("arrays and objects", "application/json", jsonWith(`["a"]`, `{"x":1}`)),
	// A body the route would accept, declared as what it is not.
	{name: "wrong content type", unsafeOnly: true, build: func(f *matrixFixture, key string, _ []string) (fuzzRequest, bool) {
		method, _, _ := strings.Cut(key, " ")
		return fuzzRequest{method: method, path: f.path(key), contentType: "text/plain", body: must(json.Marshal(f.body(key)))}, true
	}},
	{name: "XML", unsafeOnly: true, build: func(f *matrixFixture, key string, _ []string) (fuzzRequest, bool) {
		method, _, _ := strings.Cut(key, " ")
		return fuzzRequest{method: method, path: f.path(key), contentType: "application/xml", body: []byte(`<a>` + f.mealPrep.String() + `</a>`)}, true
	}},
	bodyCase("2 MB body", "application/json", []byte(`{"name":"`+strings.Repeat("a", 2<<20)+`"}`)),
	// A method the path does not serve.
	{name: "wrong method", build: func(f *matrixFixture, key string, routes []string) (fuzzRequest, bool) {
		_, pattern, _ := strings.Cut(key, " ")
		for _, m := range []string{http.MethodPatch, http.MethodPut, http.MethodDelete, http.MethodPost} {
			if !slices.Contains(routes, m+" "+pattern) {
				return fuzzRequest{method: m, path: f.path(key), contentType: "application/json", body: malformedJSON}, true
			}
		}
		return fuzzRequest{}, false
	}},
	badPathCase("id not a UUID", func(*matrixFixture) string { return "not-a-uuid%00" }),
	badPathCase("unknown id", func(*matrixFixture) string { return uuid.NewSHA1(uuid.NameSpaceURL, []byte("nobody")).String() }),
	badPathCase("bidi override in the path", func(*matrixFixture) string { return "%E2%80%AEx%40example.test" }),
	// The USER's own id where the owner's things are named: another person's, for the owner.
	badPathCase("another person's id", func(f *matrixFixture) string { return f.personID.String() }),
	queryCase("negative and huge query", "page=-1&days=99999&q=%00&checkout=-1&limit=9223372036854775808"),
	queryCase("bidi and control characters in the query", "q=%E2%80%AE%07&days=1e309&page=abc&checkout=%E2%80%AE&ids[]=x&ids[][a]=1"),
}

// settledFingerprint waits for the projections to catch up with the fixture's events (their
// offsets and read models move after the requests that wrote the events have answered), then
// for the tables to hold still. Holding still alone was not enough: the runner reads below the
// cluster's oldest running transaction (docs/eventstore.md), so another package's test holding
// one open kept the fixture's last events back past the 150 ms of stillness, and they landed in
// the middle of the routes' checks (DELETE /account "wrote" once in CI, not when sent again).
func settledFingerprint(t *testing.T, b *bundle) map[string]string {
	t.Helper()
	b.settle(t)
	db := b.db
	last, stable := fingerprint(t, db), 0
	for deadline := time.Now().Add(10 * time.Second); stable < 3; {
		require.True(t, time.Now().Before(deadline), "the projections settle")
		time.Sleep(50 * time.Millisecond)
		next := fingerprint(t, db)
		if maps.Equal(last, next) {
			stable++
		} else {
			stable = 0
		}
		last = next
	}
	return last
}

// TestEveryRouteRefusesBadInput sends every route of the security matrix a fixed set of bad
// inputs (malformed bodies, NUL and control characters, bidi overrides, lone surrogates, huge
// numbers, wrong types and content types, a 2 MB body, wrong methods, bad ids and query strings)
// as a visitor, a USER and the owner (an ADMIN), with the anti-forgery token so each request
// reaches its handler: none answers 5xx, and none writes anything.
func TestEveryRouteRefusesBadInput(t *testing.T) {
	t.Parallel()
	f := newMatrixFixture(t)
	// The sign-in limits would answer 429 before the handlers read the input under test.
	f.admin.srv.limits.ip = newKeyedLimiter(f.admin.db.Pool, time.Microsecond, 1<<30)
	f.admin.srv.limits.account = newKeyedLimiter(f.admin.db.Pool, time.Microsecond, 1<<30)
	routes := routesOf(t, f.admin.srv.router)
	requireMatrixCovers(t, routes, false)

	callers := []struct {
		name string
		b    *bundle
	}{{"visitor", f.visitor}, {"USER", f.person}, {"owner (ADMIN)", f.admin}}
	sent := 0
	// batch sends every bad input to key from every caller; each, when it is given, checks the
	// fingerprint after each request (to name the request that wrote).
	batch := func(key string, each func(what string)) {
		for _, c := range callers {
			if c.b != f.visitor && strings.Contains(key, "/auth/logout") {
				continue // signing out is what it does, input or not
			}
			for _, in := range badInputs {
				method, _, _ := strings.Cut(key, " ")
				if in.unsafeOnly && !unsafeMethod(method) || (in.unsafeOnly || in.query) && readsNoBody[key] {
					continue
				}
				req, ok := in.build(f, key, routes)
				if !ok {
					continue
				}
				h := map[string]string{"X-Inertia": "true", "X-Requested-With": "XMLHttpRequest", "X-Inertia-Version": c.b.version(t),
					"X-XSRF-TOKEN": c.b.xsrf(t)}
				if req.contentType != "" {
					h["Content-Type"] = req.contentType
				}
				var body io.Reader
				if req.body != nil {
					body = bytes.NewReader(req.body)
				}
				resp := c.b.do(t, req.method, req.path, body, h)
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				sent++
				what := fmt.Sprintf("%s %s: %s (%s %s) answered %d", c.name, key, in.name, req.method, req.path, resp.StatusCode)
				require.Less(t, resp.StatusCode, 500, what)
				require.NotEqual(t, 419, resp.StatusCode, "%s: the anti-forgery guard hid the handler", what)
				require.NotEqual(t, http.StatusTooManyRequests, resp.StatusCode, "%s: the limiter hid the handler", what)
				if each != nil {
					each(what)
				}
			}
		}
	}
	before := settledFingerprint(t, f.admin)
	for _, key := range routes {
		batch(key, nil)
		// Still signed in: a caller signed out by a request would test the later routes as a visitor.
		for _, c := range callers[1:] {
			resp := c.b.do(t, http.MethodGet, "/dashboard/account", nil, nil)
			resp.Body.Close()
			require.Equal(t, http.StatusOK, resp.StatusCode, "%s is still signed in after %s", c.name, key)
		}
		after := fingerprint(t, f.admin.db)
		if !maps.Equal(before, after) {
			// Name the request: the batch again, one fingerprint per request.
			before = after
			batch(key, func(what string) {
				after := fingerprint(t, f.admin.db)
				require.Equal(t, before, after, "%s: a refused request wrote nothing", what)
			})
			t.Fatalf("%s: the batch wrote, but not when sent again one request at a time", key)
		}
	}
	t.Logf("%d routes, %d bad inputs, %d requests", len(routes), len(badInputs), sent)
	require.Greater(t, sent, 2000, "every route was tried")
}

// TestEmailInThePathRefusesBidiOverride: an address in the path (the code resend) holding a
// bidirectional override is refused like one in a body, rather than starting an account for it.
func TestEmailInThePathRefusesBidiOverride(t *testing.T) {
	t.Parallel()
	b := setup(t)
	resp, _ := b.inertiaVisit(t, http.MethodPost, "/auth/otp/ask-otp/%E2%80%AEx%40example.test", map[string]any{}, nil)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	require.Equal(t, "/auth/login", resp.Header.Get("Location"), "sent back to sign in")
	var n int
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM users WHERE email LIKE '%x@example.test'`).Scan(&n))
	require.Zero(t, n, "no account for the address")
	resp, _ = b.inertiaVisit(t, http.MethodGet, "/auth/otp/%E2%80%AEx%40example.test", nil, nil)
	require.Less(t, resp.StatusCode, 500)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

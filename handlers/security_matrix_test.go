package handlers

import (
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/app/nutrition/foodstest"
	"github.com/gamelle/gamelle/internal/config"
	"github.com/gamelle/gamelle/internal/pgtest"
)

// who is the least privileged caller a route serves.
type who int

const (
	anyone    who = iota // visitor: no sign-in needed
	userOnly             // a signed-in person (USER or ADMIN)
	ownerOnly            // a signed-in person, and only on what they own (others get 403/404)
	adminOnly            // an ADMIN only
)

func (w who) String() string { return [...]string{"visitor", "USER", "owner", "ADMIN"}[w] }

// routeRule is one row of the security matrix.
type routeRule struct {
	who who
	// csrfExempt: an unsafe route another site must post to (it authenticates its caller
	// itself); every other POST/PUT/PATCH/DELETE requires the anti-forgery token.
	csrfExempt bool
	// signIn names a sign-in way whose rate limit the matrix proves (429 after the configured
	// count); "" for the routes whose limits other tests cover or that have none.
	signIn string
	// devOnly: registered outside production only.
	devOnly bool
}

// securityMatrix is who may call each route of the router, keyed "METHOD pattern". A route
// added without its row, or a row left after its route is gone, fails TestSecurityMatrix.
var securityMatrix = map[string]routeRule{
	// Probes, metrics and static files (outside the session chain).
	"GET /healthz": {}, "GET /readyz": {}, "GET /metrics": {}, "GET /robots.txt": {}, "GET /sitemap.xml": {},
	"GET /favicon.ico": {}, "GET /og/{file}": {}, "GET /build/*": {}, "GET /notFound": {},
	// The installable app's files.
	"GET /manifest.{lang}.webmanifest": {}, "GET /icons/{file}": {}, "GET /apple-touch-icon.png": {}, "GET /sw.js": {},
	// Public pages.
	"GET /": {}, "GET /home": {}, "GET /terms": {}, "GET /privacy": {}, "GET /legal": {},
	"GET /waitlist": {}, "POST /waitlist": {},
	"GET /buy-tokens-na": {}, "GET /buy-tokens-na/continue": {},
	"GET /onboarding": {}, "POST /onboarding": {},
	// Sign-up, sign-in, links.
	"GET /auth": {}, "GET /auth/register": {}, "POST /auth/register": {signIn: "register"},
	"GET /auth/login": {}, "POST /auth/login": {signIn: "password login"}, "POST /auth/email/login": {signIn: "password login (email form)"},
	"GET /auth/logout": {}, "POST /auth/logout": {}, "GET /auth/session": {},
	"GET /auth/verify/{token}": {}, "POST /auth/verify/{token}": {},
	"POST /auth/verify/resend":      {who: userOnly},
	"POST /auth/otp/login":          {signIn: "code and magic link request"},
	"GET /auth/otp/steps":           {who: userOnly},
	"POST /auth/otp/complete":       {who: userOnly},
	"GET /auth/otp/ask-otp/{email}": {}, "POST /auth/otp/ask-otp/{email}": {signIn: "code and magic link resend"},
	"GET /auth/otp/{email}":               {},
	"GET /auth/magic-link/{userId}/{otp}": {}, "POST /auth/magic-link/{userId}/{otp}": {},
	"GET /reset-password/forgotten-password": {}, "POST /reset-password/ask-new-password": {signIn: "password reset request"},
	"GET /reset-password/{email}": {}, "POST /reset-password/reset-password/{email}": {},
	"GET /google/redirect": {}, "GET /google/callback": {}, "GET /apple/redirect": {},
	"POST /apple/callback": {csrfExempt: true},
	// Billing.
	"GET /buy-tokens": {who: userOnly}, "GET /dashboard/products": {who: userOnly},
	"PUT /products": {who: adminOnly}, "DELETE /products": {who: adminOnly},
	"POST /checkout": {who: userOnly}, "POST /stripe/webhook": {csrfExempt: true},
	"GET /stripe/success": {who: ownerOnly}, "GET /stripe/error": {who: userOnly},
	"GET /stripe/test-checkout": {who: ownerOnly}, "POST /stripe/test-checkout": {who: ownerOnly},
	// Account and settings.
	"GET /dashboard/general": {who: userOnly}, "GET /dashboard/account": {who: userOnly},
	"GET /dashboard/language": {who: userOnly}, "POST /dashboard/language": {who: userOnly},
	"GET /account": {who: userOnly}, "POST /account": {who: userOnly}, "DELETE /account": {who: userOnly},
	"POST /account/goals": {who: userOnly}, "POST /account/password": {who: userOnly},
	"POST /account/email":                {who: userOnly},
	"GET /account/email/confirm/{token}": {who: userOnly}, "POST /account/email/confirm/{token}": {who: userOnly},
	"GET /account/preferences/confirm/{token}": {who: userOnly}, "POST /account/preferences/confirm/{token}": {who: userOnly},
	"GET /account/billing": {who: userOnly}, "POST /account/billing": {who: userOnly},
	"GET /account/survey": {who: userOnly}, "POST /account/survey": {who: userOnly}, "POST /account/survey/accept": {who: userOnly},
	"GET /dashboard/settings": {who: userOnly}, "GET /dashboard/settings/export": {who: userOnly},
	"POST /dashboard/settings/sessions": {who: userOnly},
	// The id is one of the caller's own sessions; another's is simply not found among them.
	"DELETE /dashboard/settings/sessions/{id}": {who: userOnly},
	// Meal preps, recipes, shopping lists: the owner's only.
	"POST /mealprep": {who: userOnly}, "DELETE /mealprep": {who: ownerOnly}, "POST /mealprep/duplicate": {who: ownerOnly},
	"GET /mealprep/{id}/food": {who: ownerOnly}, "POST /mealprep/{id}/food": {who: ownerOnly},
	"DELETE /mealprep/{id}/food": {who: ownerOnly}, "POST /mealprep/{id}/food/custom": {who: ownerOnly},
	"GET /mealprep/{id}/food/search": {who: ownerOnly},
	"GET /mealprep/{id}/recipes":     {who: ownerOnly}, "POST /mealprep/{id}/recipes": {who: ownerOnly},
	"PATCH /mealprep/{id}/recipes": {who: ownerOnly}, "DELETE /mealprep/{id}/recipes": {who: ownerOnly},
	"POST /mealprep/{id}/recipes/missing":  {who: ownerOnly},
	"GET /mealprep/{id}/recipe/{recipeId}": {who: ownerOnly},
	"GET /mealprep/{id}/shopping-list":     {who: ownerOnly}, "GET /mealprep/{id}/shopping-list.csv": {who: ownerOnly},
	"POST /mealprep/{id}/shopping-list/ticks": {who: ownerOnly},
	// Batch cooking: the plan and recipe changes are the owner's; the household is
	// each person's own (a member id of another person is simply not among theirs).
	"GET /mealprep/{id}/plan/cook": {who: ownerOnly}, "POST /mealprep/{id}/recipes/keep": {who: ownerOnly},
	"POST /mealprep/{id}/recipes/regenerate": {who: ownerOnly}, "POST /mealprep/{id}/recipe/{recipeId}/swap": {who: ownerOnly},
	"GET /household": {who: userOnly}, "POST /household": {who: userOnly},
	"PATCH /household": {who: userOnly}, "DELETE /household": {who: userOnly},
	// Administration.
	"GET /dashboard/admin": {who: adminOnly}, "GET /dashboard/admin/export.csv": {who: adminOnly},
	"GET /dashboard/admin/users": {who: adminOnly}, "GET /dashboard/admin/users/{userId}": {who: adminOnly},
	"GET /dashboard/admin/users/{userId}/events": {who: adminOnly},
	"PUT /dashboard/admin/users/{userId}/role":   {who: adminOnly}, "POST /dashboard/admin/users/{userId}/tokens": {who: adminOnly},
	"GET /dashboard/admin/stats": {who: adminOnly}, "POST /dashboard/admin/projections/rebuild": {who: adminOnly},
	"GET /dashboard/admin/prices": {who: adminOnly}, "PUT /dashboard/admin/prices": {who: adminOnly},
	// Development helpers.
	"GET /dev/error/{status}": {devOnly: true}, "GET /dev/mailbox": {devOnly: true},
}

func unsafeMethod(m string) bool {
	return m != http.MethodGet && m != http.MethodHead && m != http.MethodOptions
}

// routesOf walks the router: "METHOD pattern" of every route.
func routesOf(t *testing.T, r chi.Router) []string {
	t.Helper()
	var keys []string
	require.NoError(t, chi.Walk(r, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		keys = append(keys, method+" "+route)
		return nil
	}))
	slices.Sort(keys)
	return keys
}

// requireMatrixCovers fails on a route without its row and a row without its route.
func requireMatrixCovers(t *testing.T, routes []string, production bool) {
	t.Helper()
	for _, k := range routes {
		if _, ok := securityMatrix[k]; !ok {
			t.Errorf("route %q has no row in securityMatrix: say who may call it", k)
		}
	}
	for k, rule := range securityMatrix {
		if production && rule.devOnly {
			require.NotContains(t, routes, k, "a development route is served in production")
			continue
		}
		if !slices.Contains(routes, k) {
			t.Errorf("securityMatrix row %q names no route of the router", k)
		}
	}
}

// matrixFixture is one server with an ADMIN who owns a meal prep, a recipe and a checkout, a
// USER who owns nothing, and a visitor.
type matrixFixture struct {
	admin, person, visitor *bundle
	personID, mealPrep     uuid.UUID
	recipe, checkout       uuid.UUID
}

func newMatrixFixture(t *testing.T) *matrixFixture {
	b := mealprepSetup(t, "owner@example.test")
	_, err := b.db.Pool.Exec(t.Context(), `UPDATE users SET role = 'ADMIN' WHERE email = 'owner@example.test'`)
	require.NoError(t, err)
	f := &matrixFixture{admin: b, person: b.other(t, "person@example.test"), visitor: b.other(t, "")}
	f.personID = b.userID(t, "person@example.test")
	f.mealPrep = b.createMealPrep(t, "Semaine")
	food := "/mealprep/" + f.mealPrep.String() + "/food"
	resp, _ := b.send(t, http.MethodPost, food, map[string]any{"foodCode": 36018, "grams": 500}, food)
	requireRedirect(t, resp, food)
	f.recipe = uuid.MustParse(b.generatedRecipe(t, f.mealPrep, "owner@example.test"))
	resp = b.post(t, "/checkout", map[string]any{"packId": "pack-60", "currency": "EUR", "amountCents": 1199, "tokens": 60}, "/buy-tokens")
	require.Equal(t, http.StatusConflict, resp.StatusCode)
	loc, err := url.Parse(resp.Header.Get("X-Inertia-Location"))
	require.NoError(t, err)
	f.checkout, err = uuid.Parse(loc.Query().Get("checkout"))
	require.NoError(t, err)
	return f
}

// path fills a pattern's parameters with the owner's things, so a refusal to another person
// is the ownership check and not a bad id.
func (f *matrixFixture) path(key string) string {
	_, p, _ := strings.Cut(key, " ")
	r := strings.NewReplacer("{id}", f.mealPrep.String(), "{recipeId}", f.recipe.String(), "{userId}", f.personID.String(),
		"{token}", "no-such-token", "{email}", url.PathEscape("someone@example.test"), "{otp}", "000000",
		"{file}", "none.png", "{status}", "404", "*", "none.js")
	p = r.Replace(p)
	switch {
	case strings.HasPrefix(key, "DELETE /dashboard/settings/sessions/"):
		p = "/dashboard/settings/sessions/" + uuid.NewString()
	case strings.HasPrefix(p, "/stripe/"):
		p += "?checkout=" + f.checkout.String()
	case strings.HasSuffix(p, "/search"):
		p += "?q=poulet"
	case strings.HasSuffix(p, "/shopping-list.csv"):
		p += "?days=7"
	}
	return p
}

// body is what an unsafe request sends: the owner's ids where the route reads them from the body.
func (f *matrixFixture) body(key string) map[string]any {
	return map[string]any{"email": "forged@example.test", "name": "Forged", "id": f.mealPrep.String(), "checkout": f.checkout.String(), "outcome": "pay", "recipeId": f.recipe.String()}
}

// call sends the request as b would from the app: an Inertia visit, with the anti-forgery token
// on unsafe methods when withToken.
func (f *matrixFixture) call(t *testing.T, b *bundle, key string, withToken bool) *http.Response {
	t.Helper()
	method, _, _ := strings.Cut(key, " ")
	h := map[string]string{"X-Inertia": "true", "X-Requested-With": "XMLHttpRequest", "X-Inertia-Version": b.version(t)}
	var body io.Reader
	if unsafeMethod(method) {
		body = strings.NewReader(mustJSON(t, f.body(key)))
		h["Content-Type"] = "application/json"
		if withToken {
			h["X-XSRF-TOKEN"] = b.xsrf(t)
		} else {
			b.xsrf(t) // the browser holds the cookie; only the header is missing
		}
	}
	resp := b.do(t, method, f.path(key), body, h)
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

func mustJSON(t *testing.T, v map[string]any) string {
	t.Helper()
	parts := make([]string, 0, len(v))
	for k, val := range v {
		parts = append(parts, fmt.Sprintf("%q:%q", k, val))
	}
	slices.Sort(parts)
	return "{" + strings.Join(parts, ",") + "}"
}

func sentToLogin(resp *http.Response) bool {
	if resp.StatusCode != http.StatusFound && resp.StatusCode != http.StatusSeeOther {
		return false
	}
	loc, err := url.Parse(resp.Header.Get("Location"))
	return err == nil && loc.Path == "/auth/login"
}

// fingerprint is every table's content but the sessions' and the rate limits' (which every
// request, refused or not, may touch), so a refused request that wrote anything shows.
// A session's last_seen_at is left out: any signed-in request records it once a minute
// (identityapp.LastSeenEvery), so a run longer than a minute would see it move whatever the
// request under test did.
//
// Hashing the content is costly (the CIQUAL foods: ~130 ms of PostgreSQL CPU a call, and
// TestEveryRouteRefusesBadInput calls it once per route), so each table's content hash is kept
// beside the identity of its visible row versions (every row's ctid and xmin) and computed again
// only when those moved. Any write makes a new row version (a new xmin at a ctid) or removes one,
// and no later transaction can make a version with the ctid and xmin of one seen before, so equal
// versions mean equal content: the result is the full hash's, always.
func fingerprint(t *testing.T, db *pgtest.DB) map[string]string {
	t.Helper()
	rows, err := db.Pool.Query(t.Context(), `
		SELECT table_name::text, (xpath('/row/v/text()', query_to_xml(format(
			'SELECT md5(coalesce(string_agg(ctid::text || %L || xmin::text, %L ORDER BY ctid), %L)) AS v FROM %I.%I',
			':', ',', '', table_schema, table_name),
			false, true, '')))[1]::text
		FROM information_schema.tables
		WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('sessions', 'rate_limits')`)
	require.NoError(t, err)
	versions := map[string]string{}
	for rows.Next() {
		var name, v string
		require.NoError(t, rows.Scan(&name, &v))
		versions[name] = v
	}
	require.NoError(t, rows.Err())
	require.Greater(t, len(versions), 10, "the fingerprint reads the schema's tables")
	out := map[string]string{}
	var stale []string
	for name, v := range versions {
		if h, ok := contentHashes.Load(db.Name + "\x00" + name + "\x00" + v); ok {
			out[name] = h.(string)
		} else {
			stale = append(stale, name)
		}
	}
	if len(stale) == 0 {
		return out
	}
	// The content and the versions it was read at come from one statement, so they agree.
	rows, err = db.Pool.Query(t.Context(), `
		SELECT name, (xpath('/row/h/text()', x))[1]::text, (xpath('/row/v/text()', x))[1]::text
		FROM (SELECT table_name::text AS name, query_to_xml(format(
			'SELECT md5(coalesce(string_agg((to_jsonb(t) - %L)::text, %L ORDER BY (to_jsonb(t) - %L)::text), %L)) AS h,
				md5(coalesce(string_agg(ctid::text || %L || xmin::text, %L ORDER BY ctid), %L)) AS v FROM %I.%I t',
			'last_seen_at', ',', 'last_seen_at', '', ':', ',', '', table_schema, table_name),
			false, true, '') AS x
		FROM information_schema.tables
		WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name = ANY($1)) AS s`, stale)
	require.NoError(t, err)
	for rows.Next() {
		var name, h, v string
		require.NoError(t, rows.Scan(&name, &h, &v))
		out[name] = h
		contentHashes.Store(db.Name+"\x00"+name+"\x00"+v, h)
	}
	require.NoError(t, rows.Err())
	require.Len(t, out, len(versions), "every table hashed")
	return out
}

// contentHashes maps "database NUL table NUL row versions" to that table's content hash
// (fingerprint).
var contentHashes sync.Map

// TestSecurityMatrix checks every route of the real router against its row: visitors are sent
// to sign in, a USER is refused the ADMIN routes, another person is refused what someone owns,
// and every unsafe method without the anti-forgery token is refused and writes nothing.
func TestSecurityMatrix(t *testing.T) {
	t.Parallel()
	f := newMatrixFixture(t)
	routes := routesOf(t, f.admin.srv.router)
	t.Logf("%d routes, %d rows", len(routes), len(securityMatrix))

	t.Run("EveryRouteHasItsRow", func(t *testing.T) {
		requireMatrixCovers(t, routes, false)
		var exempt []string
		for k, rule := range securityMatrix {
			if rule.csrfExempt {
				exempt = append(exempt, k)
			}
		}
		var declared []string
		for _, p := range csrfExempt {
			declared = append(declared, http.MethodPost+" "+p)
		}
		require.ElementsMatch(t, declared, exempt, "the matrix and the CSRF guard agree on the exempt routes")
	})

	t.Run("VisitorIsSentToSignIn", func(t *testing.T) {
		for _, k := range routes {
			rule := securityMatrix[k]
			resp := f.call(t, f.visitor, k, true)
			if rule.who == anyone {
				// A refused sign-in form goes back to the login page; a page never does.
				require.False(t, strings.HasPrefix(k, "GET ") && sentToLogin(resp), "%s is open to visitors", k)
				require.Less(t, resp.StatusCode, 500, k)
				continue
			}
			ok := sentToLogin(resp) || resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden
			require.True(t, ok, "visitor %s: got %d %s", k, resp.StatusCode, resp.Header.Get("Location"))
		}
	})

	t.Run("UserIsRefusedAdminAndOthersThings", func(t *testing.T) {
		for _, k := range routes {
			rule := securityMatrix[k]
			if rule.who < ownerOnly {
				continue
			}
			resp := f.call(t, f.person, k, true)
			require.Contains(t, []int{http.StatusForbidden, http.StatusNotFound}, resp.StatusCode, "USER %s (%s route)", k, rule.who)
		}
	})

	t.Run("UserIsServedUserRoutes", func(t *testing.T) {
		// The visitor refusals above are about signing in: a USER gets past the guard.
		for _, k := range routes {
			if securityMatrix[k].who != userOnly || !strings.HasPrefix(k, "GET ") {
				continue
			}
			resp := f.call(t, f.person, k, true)
			require.False(t, sentToLogin(resp), "USER %s", k)
			require.NotEqual(t, http.StatusForbidden, resp.StatusCode, "USER %s", k)
			require.Less(t, resp.StatusCode, 500, "USER %s", k)
		}
	})

	t.Run("OwnerAndAdminAreServed", func(t *testing.T) {
		// The refusals above are about who asks: the same GET requests from the owner (an ADMIN)
		// are served.
		for _, k := range routes {
			rule := securityMatrix[k]
			if rule.who < ownerOnly || !strings.HasPrefix(k, "GET ") || k == "GET /stripe/test-checkout" {
				continue
			}
			resp := f.call(t, f.admin, k, true)
			require.Equal(t, http.StatusOK, resp.StatusCode, "owner %s", k)
		}
	})

	t.Run("UnsafeMethodsNeedTheToken", func(t *testing.T) {
		before := settledFingerprint(t, f.admin) // the projections may still be catching up with the fixture
		n := 0
		for _, k := range routes {
			method, _, _ := strings.Cut(k, " ")
			if !unsafeMethod(method) || securityMatrix[k].csrfExempt {
				continue
			}
			n++
			// The owner, an ADMIN, whom every row lets through with the token.
			resp := f.call(t, f.admin, k, false)
			require.Equal(t, 419, resp.StatusCode, "%s without the token", k)
			resp = f.call(t, f.visitor, k, false)
			require.Equal(t, 419, resp.StatusCode, "visitor %s without the token", k)
		}
		require.Greater(t, n, 40, "the unsafe routes were tried")
		require.Equal(t, before, fingerprint(t, f.admin.db), "a refused request wrote nothing")
	})
}

// TestSecurityMatrixSignInRateLimits: every sign-in way answers 429 once an account has used
// its configured count, and once an address has used its own.
func TestSecurityMatrixSignInRateLimits(t *testing.T) {
	t.Parallel()
	// Behind one trusted proxy, so each way can come from its own address.
	b := setupEnv(t, map[string]string{"TRUSTED_PROXIES": "1"})
	limits := b.srv.limits
	ways := 0
	for k, rule := range securityMatrix {
		if rule.signIn == "" {
			continue
		}
		ways++
		method, pattern, _ := strings.Cut(k, " ")
		addr := fmt.Sprintf("203.0.113.%d", ways)
		email := fmt.Sprintf("limited%d@example.test", ways)
		path := strings.ReplaceAll(pattern, "{email}", url.PathEscape(email))
		body := map[string]any{"email": email, "password": "wrong-password-1", "password_confirmation": "wrong-password-1", "name": "A", "surname": "B"}
		first := 0
		for i := 1; i <= limits.account.burst+1 && first == 0; i++ {
			resp, _ := b.inertiaVisit(t, method, path, body, map[string]string{"X-Forwarded-For": addr})
			require.Less(t, resp.StatusCode, 500, "%s (%s) request %d", k, rule.signIn, i)
			if resp.StatusCode == http.StatusTooManyRequests {
				first = i
				require.NotEmpty(t, resp.Header.Get("Retry-After"), k)
			}
		}
		require.Equal(t, limits.account.burst+1, first, "%s (%s): the account limit answers 429 after %d", k, rule.signIn, limits.account.burst)
	}
	require.GreaterOrEqual(t, ways, 5, "password login, code, magic link, reset and register are in the matrix")

	// The per-address limit: many accounts from one address (an invalid address costs only the
	// address's budget).
	start := time.Now()
	first := 0
	for i := 1; i <= limits.ip.burst+5 && first == 0; i++ {
		resp, _ := b.inertiaVisit(t, http.MethodPost, "/auth/otp/login", map[string]any{"email": fmt.Sprintf("not-an-address-%d", i)},
			map[string]string{"X-Forwarded-For": "198.51.100.77"})
		if resp.StatusCode == http.StatusTooManyRequests {
			first = i
		}
	}
	// One more token comes back per interval elapsed meanwhile.
	extra := int(time.Since(start) / limits.ip.every)
	require.GreaterOrEqual(t, first, limits.ip.burst+1, "the address limit lets %d through", limits.ip.burst)
	require.LessOrEqual(t, first, limits.ip.burst+1+extra, "the address limit answers 429 after %d", limits.ip.burst)
}

// TestSecurityMatrixProduction: in production the router serves no development route, the
// session and anti-forgery cookies are Secure and SameSite (the session's HttpOnly too), and
// every kind of response carries the security headers.
func TestSecurityMatrixProduction(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	env := map[string]string{"DATABASE_URL": db.URL, "APP_ENV": "production", "APP_KEY": strings.Repeat("k", 32),
		"DATA_DIR": t.TempDir(), "APP_URL": "https://gamelle.example", "MAIL_DISABLED": "true"}
	cfg, err := config.Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	require.NoError(t, err)
	require.True(t, cfg.Production())
	srv, err := buildServer(cfg, db.Pool)
	require.NoError(t, err)
	requireMatrixCovers(t, routesOf(t, srv.router), true)

	// TLS, as production cookies are Secure and a browser only returns them over https.
	ts := httptest.NewTLSServer(srv)
	t.Cleanup(ts.Close)
	jar, _ := cookiejar.New(nil)
	client := ts.Client()
	client.Jar = jar
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	client.Transport.(*http.Transport).TLSClientConfig = &tls.Config{InsecureSkipVerify: true} //nolint:gosec // the test server's own certificate
	cookies := map[string]*http.Cookie{}
	send := func(method, path, body string, h map[string]string) *http.Response {
		req, err := http.NewRequestWithContext(context.Background(), method, ts.URL+path, strings.NewReader(body))
		require.NoError(t, err)
		for k, v := range h {
			req.Header.Set(k, v)
		}
		resp, err := client.Do(req)
		require.NoError(t, err)
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		for _, c := range resp.Cookies() {
			cookies[c.Name] = c
		}
		// Every response, page or not, carries the browser protections.
		hd := resp.Header
		require.Contains(t, hd.Get("Content-Security-Policy"), "default-src 'self'", "%s %s", method, path)
		require.Contains(t, hd.Get("Content-Security-Policy"), "frame-ancestors 'none'", "%s %s", method, path)
		require.NotContains(t, hd.Get("Content-Security-Policy"), "unsafe-inline' http", "no dev server in production")
		require.Equal(t, "nosniff", hd.Get("X-Content-Type-Options"), "%s %s", method, path)
		require.Equal(t, "DENY", hd.Get("X-Frame-Options"), "%s %s", method, path)
		require.Equal(t, "strict-origin-when-cross-origin", hd.Get("Referrer-Policy"), "%s %s", method, path)
		require.NotEmpty(t, hd.Get("Permissions-Policy"), "%s %s", method, path)
		require.Equal(t, "max-age=31536000; includeSubDomains", hd.Get("Strict-Transport-Security"), "%s %s", method, path)
		return resp
	}
	send("GET", "/", "", nil)
	send("GET", "/healthz", "", nil)
	send("GET", "/build/assets/app-abc123.js", "", nil)
	require.Equal(t, http.StatusNotFound, send("GET", "/dev/mailbox", "", nil).StatusCode, "no mailbox in production")
	send("GET", "/no-such-page", "", nil)
	require.Equal(t, 419, send("POST", "/auth/login", `{}`, map[string]string{"Content-Type": "application/json", "X-Inertia": "true"}).StatusCode)
	xsrf := cookies[xsrfCookieProd]
	require.NotNil(t, xsrf, "the anti-forgery cookie is handed out")
	// A refused sign-in (errors kept in the session) starts the session cookie.
	send("POST", "/auth/login", `{"email":"nobody@example.test","password":"wrong-password-1"}`, map[string]string{
		"Content-Type": "application/json", "X-XSRF-TOKEN": xsrf.Value, "Referer": ts.URL + "/auth/login"})

	session := cookies["__Host-session"]
	require.NotNil(t, session, "the session cookie is set (cookies seen: %v)", slices.Collect(func(yield func(string) bool) {
		for k := range cookies {
			if !yield(k) {
				return
			}
		}
	}))
	require.True(t, session.Secure, "session cookie Secure")
	require.True(t, session.HttpOnly, "session cookie HttpOnly")
	require.Equal(t, http.SameSiteLaxMode, session.SameSite, "session cookie SameSite")
	require.Equal(t, "/", session.Path)
	require.Empty(t, session.Domain, "__Host- cookies carry no Domain")
	require.True(t, xsrf.Secure, "anti-forgery cookie Secure")
	require.NotEqual(t, http.SameSiteNoneMode, xsrf.SameSite, "anti-forgery cookie SameSite")
	require.NotZero(t, xsrf.SameSite, "anti-forgery cookie SameSite is set")
	require.False(t, xsrf.HttpOnly, "the page reads the anti-forgery cookie to echo it")
	_, hasDev := cookies[xsrfCookieDev]
	require.False(t, hasDev, "no development cookie names in production")
}

// TestFingerprintSeesEveryWrite: the cached fingerprint tells what the full hash tells. A write
// committed after a fingerprint shows, even one whose transaction had begun (and written) before
// it; a write put back shows nothing, as the content is the same.
func TestFingerprintSeesEveryWrite(t *testing.T) {
	t.Parallel()
	db := foodstest.New(t)
	ctx := t.Context()
	before := fingerprint(t, db)
	require.Equal(t, before, fingerprint(t, db))

	rename := `UPDATE foods SET name_fr = name_fr || ' (essai)' WHERE code = (SELECT min(code) FROM foods)`
	_, err := db.Pool.Exec(ctx, rename)
	require.NoError(t, err)
	renamed := fingerprint(t, db)
	require.NotEqual(t, before["foods"], renamed["foods"], "a committed update shows")

	_, err = db.Pool.Exec(ctx, `UPDATE foods SET name_fr = left(name_fr, -8) WHERE code = (SELECT min(code) FROM foods)`)
	require.NoError(t, err)
	require.Equal(t, before, fingerprint(t, db), "the same content hashes the same, whatever its row versions")

	tx, err := db.Pool.Begin(ctx)
	require.NoError(t, err)
	defer tx.Rollback(ctx) //nolint:errcheck
	_, err = tx.Exec(ctx, rename)
	require.NoError(t, err)
	require.Equal(t, before, fingerprint(t, db), "an uncommitted write is not seen")
	require.NoError(t, tx.Commit(ctx))
	require.Equal(t, renamed["foods"], fingerprint(t, db)["foods"], "the write of a transaction begun before shows once committed")
}

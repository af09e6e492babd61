package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/stretchr/testify/require"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/integrations/mail"
)

// sentEmails lists the email jobs the server queued, oldest first.
func (b *bundle) sentEmails(t *testing.T, to string, kind mail.Kind) []identityapp.SendEmailArgs {
	t.Helper()
	res, err := b.srv.jobs.JobList(context.Background(), river.NewJobListParams().Kinds(identityapp.SendEmailArgs{}.Kind()).First(1000))
	require.NoError(t, err)
	var out []identityapp.SendEmailArgs
	for _, j := range res.Jobs {
		var a identityapp.SendEmailArgs
		require.NoError(t, json.Unmarshal(j.EncodedArgs, &a))
		a, err = identityapp.OpenEmailArgs(b.srv.cfg.AppKey, a)
		require.NoError(t, err)
		if a.To == to && a.Template == kind {
			out = append(out, a)
		}
	}
	return out
}

func (b *bundle) lastEmail(t *testing.T, to string, kind mail.Kind) identityapp.SendEmailArgs {
	t.Helper()
	all := b.sentEmails(t, to, kind)
	require.NotEmpty(t, all, "no %s email to %s", kind, to)
	return all[len(all)-1]
}

// pathOf strips the app URL from an emailed link.
func pathOf(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	require.NoError(t, err)
	return u.RequestURI()
}

// post submits a form the way Inertia does, from the page at referer.
func (b *bundle) post(t *testing.T, path string, body any, referer string) *http.Response {
	t.Helper()
	h := map[string]string{}
	if referer != "" {
		h["Referer"] = b.ts.URL + referer
	}
	resp, _ := b.inertiaVisit(t, http.MethodPost, path, body, h)
	return resp
}

func (b *bundle) visit(t *testing.T, path string) (*http.Response, pageObject) {
	t.Helper()
	return b.inertiaVisit(t, http.MethodGet, path, nil, nil)
}

func requireRedirect(t *testing.T, resp *http.Response, to string) {
	t.Helper()
	require.Contains(t, []int{http.StatusFound, http.StatusSeeOther}, resp.StatusCode)
	loc, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	require.Equal(t, to, loc.RequestURI())
}

func errorsOf(p pageObject) map[string]any {
	e, _ := p.Props["errors"].(map[string]any)
	return e
}

func authUserOf(t *testing.T, p pageObject) map[string]any {
	t.Helper()
	auth, _ := p.Props["auth"].(map[string]any)
	require.NotNil(t, auth)
	u, _ := auth["user"].(map[string]any)
	return u
}

const goodPassword = "tomate-cerise-42"

func (b *bundle) registerAndVerify(t *testing.T, email string) {
	t.Helper()
	b.registerAndVerifyTo(t, email, "/dashboard/general")
}

// registerAndVerifyTo signs up and opens the verification link, which signs the person in and
// takes them to `to` (where they were going, else the dashboard).
func (b *bundle) registerAndVerifyTo(t *testing.T, email, to string) {
	t.Helper()
	resp := b.post(t, "/auth/register", map[string]any{
		"name": "Alice", "surname": "Martin", "email": email, "password": goodPassword, "password_confirmation": goodPassword,
	}, "/auth/register")
	requireRedirect(t, resp, "/auth/login")
	resp, _ = b.visit(t, pathOf(t, b.lastEmail(t, strings.ToLower(email), mail.KindVerify).Data.Link))
	requireRedirect(t, resp, to)
}

func (b *bundle) sessionCookie(t *testing.T) *http.Cookie {
	t.Helper()
	u, _ := url.Parse(b.ts.URL)
	for _, c := range b.client.Jar.Cookies(u) {
		if c.Name == "gamelle_session" {
			return c
		}
	}
	return nil
}

func TestRegisterVerifyDashboardLogout(t *testing.T) {
	t.Parallel()
	b := setup(t)

	resp, p := b.visit(t, "/auth/register")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "auth/register", p.Component)

	// Bad input: translated errors on every field, nothing written.
	resp = b.post(t, "/auth/register", map[string]any{"name": "", "surname": "M", "email": "nope", "password": "azerty123", "password_confirmation": "azerty123"}, "/auth/register")
	requireRedirect(t, resp, "/auth/register")
	_, p = b.visit(t, "/auth/register")
	errs := errorsOf(p)
	require.Equal(t, "Le prénom est requis.", errs["name"])
	require.Equal(t, "Saisissez une adresse e-mail valide.", errs["email"])
	require.Contains(t, errs["password"], "trop courant")
	require.Empty(t, b.sentEmails(t, "nope", mail.KindVerify))

	resp = b.post(t, "/auth/register", map[string]any{
		"name": "Alice", "surname": "Martin", "email": "Alice@Example.com", "password": goodPassword, "password_confirmation": goodPassword,
	}, "/auth/register")
	requireRedirect(t, resp, "/auth/login")
	_, p = b.visit(t, "/auth/login")
	require.Equal(t, "auth/login", p.Component)
	require.Contains(t, p.Flash["success"], "e-mail de confirmation")
	require.Nil(t, authUserOf(t, p), "registering does not sign in")

	link := b.lastEmail(t, "alice@example.com", mail.KindVerify).Data.Link
	before := b.sessionCookie(t)
	resp, _ = b.visit(t, pathOf(t, link))
	requireRedirect(t, resp, "/dashboard/general")
	after := b.sessionCookie(t)
	require.NotNil(t, after)
	if before != nil {
		require.NotEqual(t, before.Value, after.Value, "session token renewed at sign-in")
	}

	_, p = b.visit(t, "/dashboard/general")
	require.Equal(t, "dashboard/general", p.Component)
	u := authUserOf(t, p)
	require.Equal(t, "Alice", u["name"])
	require.Equal(t, "alice@example.com", u["email"])
	require.Equal(t, "USER", u["role"])
	require.EqualValues(t, 2, u["balance"])
	require.Equal(t, true, u["verified"])

	// Replaying the link grants nothing more.
	resp, _ = b.visit(t, pathOf(t, link))
	requireRedirect(t, resp, "/dashboard/general")
	_, p = b.visit(t, "/dashboard/general")
	require.EqualValues(t, 2, authUserOf(t, p)["balance"])

	// Logout: GET shows a confirmation, POST signs out.
	_, p = b.visit(t, "/auth/logout")
	require.Equal(t, "auth/logout", p.Component)
	resp = b.post(t, "/auth/logout", map[string]any{}, "/dashboard/general")
	requireRedirect(t, resp, "/")
	resp, _ = b.visit(t, "/dashboard/general")
	requireRedirect(t, resp, "/auth/login")

	// A used link signs no one in.
	resp, _ = b.visit(t, pathOf(t, link))
	requireRedirect(t, resp, "/auth/login")
	resp, p = b.visit(t, "/auth/verify/unknown-token")
	require.Equal(t, http.StatusGone, resp.StatusCode)
	require.Equal(t, "auth/link-invalid", p.Component)
	require.Equal(t, "invalid", p.Props["reason"], "an unknown token is not called already used")
}

func TestVerifyLinkTwentyConcurrentClicksGrantOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	resp := b.post(t, "/auth/register", map[string]any{
		"name": "Bob", "surname": "Lee", "email": "bob@example.com", "password": goodPassword, "password_confirmation": goodPassword,
	}, "/auth/register")
	requireRedirect(t, resp, "/auth/login")
	path := pathOf(t, b.lastEmail(t, "bob@example.com", mail.KindVerify).Data.Link)

	var wg sync.WaitGroup
	statuses := make(chan int, 20)
	for range 20 {
		wg.Go(func() {
			req, _ := http.NewRequest(http.MethodGet, b.ts.URL+path, nil)
			r, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
			if err == nil {
				statuses <- r.StatusCode
				r.Body.Close()
			}
		})
	}
	wg.Wait()
	close(statuses)
	n := 0
	for st := range statuses {
		require.Equal(t, http.StatusSeeOther, st)
		n++
	}
	require.Equal(t, 20, n)
	u, err := b.srv.accounts.ByEmail(context.Background(), "bob@example.com")
	require.NoError(t, err)
	bal, err := b.srv.wallets.Balance(context.Background(), u.ID)
	require.NoError(t, err)
	require.EqualValues(t, 2, bal)
	w, err := b.srv.wallets.Wallet(context.Background(), u.ID)
	require.NoError(t, err)
	require.EqualValues(t, 1, w.Version(), "exactly one TokensGranted event")
}

func TestLoginAnswersTheSameForKnownAndUnknownEmails(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "carol@example.com")
	resp := b.post(t, "/auth/logout", map[string]any{}, "/")
	requireRedirect(t, resp, "/")

	try := func(email string) (int, string, map[string]any) {
		resp := b.post(t, "/auth/login", map[string]any{"email": email, "password": "wrong-password-1"}, "/auth/login")
		_, p := b.visit(t, "/auth/login")
		return resp.StatusCode, resp.Header.Get("Location"), errorsOf(p)
	}
	s1, l1, e1 := try("carol@example.com")
	s2, l2, e2 := try("nobody@example.com")
	require.Equal(t, s1, s2)
	require.Equal(t, l1, l2)
	require.Equal(t, e1, e2)
	require.Equal(t, "E-mail ou mot de passe incorrect.", e1["email"])

	// Missing fields.
	b.post(t, "/auth/login", map[string]any{"email": "", "password": ""}, "/auth/login")
	_, p := b.visit(t, "/auth/login")
	require.Equal(t, "Une adresse e-mail est requise.", errorsOf(p)["email"])
	require.Equal(t, "Un mot de passe est requis.", errorsOf(p)["password"])

	// Error bag: a page with two forms gets its errors nested.
	b.inertiaVisit(t, http.MethodPost, "/auth/login", map[string]any{"email": "x", "password": "y"},
		map[string]string{"Referer": b.ts.URL + "/auth/login", "X-Inertia-Error-Bag": "credentials"})
	_, p = b.inertiaVisit(t, http.MethodGet, "/auth/login", nil, map[string]string{"X-Inertia-Error-Bag": "credentials"})
	bag, _ := errorsOf(p)["credentials"].(map[string]any)
	require.Equal(t, "Saisissez une adresse e-mail valide.", bag["email"])

	// Right password, remember me: a persistent cookie; rotated token.
	before := b.sessionCookie(t)
	resp = b.post(t, "/auth/email/login", map[string]any{"email": "Carol@example.com", "password": goodPassword, "remember": true}, "/auth/login")
	requireRedirect(t, resp, "/dashboard/general")
	var setCookie string
	for _, c := range resp.Cookies() {
		if c.Name == "gamelle_session" {
			setCookie = c.Raw
			require.Greater(t, c.MaxAge, 29*24*3600, "remember me: 30 days")
			if before != nil {
				require.NotEqual(t, before.Value, c.Value)
			}
		}
	}
	require.NotEmpty(t, setCookie)
	_, p = b.visit(t, "/dashboard/general")
	require.EqualValues(t, 2, authUserOf(t, p)["balance"])
}

func TestLoginWithoutRememberUsesBrowserSessionCookie(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "dan@example.com")
	b.post(t, "/auth/logout", map[string]any{}, "/")
	resp := b.post(t, "/auth/login", map[string]any{"email": "dan@example.com", "password": goodPassword}, "/auth/login")
	requireRedirect(t, resp, "/dashboard/general")
	for _, c := range resp.Cookies() {
		if c.Name == "gamelle_session" {
			require.Zero(t, c.MaxAge)
			require.True(t, c.Expires.IsZero())
		}
	}
}

func TestDashboardGuards(t *testing.T) {
	t.Parallel()
	b := setup(t)
	resp, _ := b.visit(t, "/dashboard/general")
	requireRedirect(t, resp, "/auth/login")
	resp, _ = b.visit(t, "/dashboard/admin")
	requireRedirect(t, resp, "/auth/login")

	// Verification resumes where the visitor was going: the admin page, refused to a USER.
	b.registerAndVerifyTo(t, "erin@example.com", "/dashboard/admin")
	resp, p := b.visit(t, "/dashboard/admin")
	require.Equal(t, http.StatusForbidden, resp.StatusCode)
	require.Equal(t, "errors/forbidden", p.Component)

	u, err := b.srv.accounts.ByEmail(context.Background(), "erin@example.com")
	require.NoError(t, err)
	require.NoError(t, b.srv.accounts.SetRole(context.Background(), u.ID, identity.RoleAdmin))
	before := b.sessionCookie(t).Value
	resp, p = b.visit(t, "/dashboard/admin")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.NotEqual(t, before, b.sessionCookie(t).Value, "session token renewed at privilege change")
	require.Equal(t, "admin/audit", p.Component)
	require.Equal(t, "ADMIN", authUserOf(t, p)["role"])

	// Signed in: the sign-in pages send to the dashboard; after login the guarded page wins.
	resp, _ = b.visit(t, "/auth/login")
	requireRedirect(t, resp, "/dashboard/general")
}

func TestLoginReturnsToTheGuardedPage(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "fred@example.com")
	b.post(t, "/auth/logout", map[string]any{}, "/")
	resp, _ := b.visit(t, "/dashboard/admin")
	requireRedirect(t, resp, "/auth/login")
	resp = b.post(t, "/auth/login", map[string]any{"email": "fred@example.com", "password": goodPassword}, "/auth/login")
	requireRedirect(t, resp, "/dashboard/admin")
}

func TestOtpLoginFirstVisitorCompletesProfile(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, p := b.visit(t, "/auth")
	require.Equal(t, "auth/index", p.Component)

	resp := b.post(t, "/auth/otp/login", map[string]any{"email": "not-an-email"}, "/auth/login")
	requireRedirect(t, resp, "/auth/login")
	_, p = b.visit(t, "/auth/login")
	require.Equal(t, "Saisissez une adresse e-mail valide.", errorsOf(p)["email"])

	resp = b.post(t, "/auth/otp/login", map[string]any{"email": "Gina@Example.com"}, "/auth/login")
	requireRedirect(t, resp, "/auth/otp/gina@example.com")
	_, p = b.visit(t, "/auth/otp/gina@example.com")
	require.Equal(t, "auth/otp", p.Component)
	require.Equal(t, "gina@example.com", p.Props["email"])
	require.EqualValues(t, 60, p.Props["resendIn"])
	code := b.lastEmail(t, "gina@example.com", mail.KindOTP).Data.Code

	// A GET of the resend address (a link, a prefetch, another site's image) sends nothing, so
	// it leads to the sign-in choices, not to the code page that says a code was just sent.
	resp = b.do(t, "GET", "/auth/otp/ask-otp/gina@example.com", nil, nil)
	resp.Body.Close()
	requireRedirect(t, resp, "/auth")
	resp = b.do(t, "GET", "/auth/otp/ask-otp/stranger@example.com", nil, nil)
	resp.Body.Close()
	require.Empty(t, b.sentEmails(t, "stranger@example.com", mail.KindOTP))

	// Ask again too soon: explained, nothing sent.
	resp = b.post(t, "/auth/otp/ask-otp/gina@example.com", map[string]any{}, "/auth/otp/gina@example.com")
	requireRedirect(t, resp, "/auth/otp/gina@example.com")
	_, p = b.visit(t, "/auth/otp/gina@example.com")
	require.Contains(t, errorsOf(p)["resend"], "secondes")
	require.Len(t, b.sentEmails(t, "gina@example.com", mail.KindOTP), 1)

	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	resp = b.post(t, "/auth/otp/login", map[string]any{"email": "gina@example.com", "code": wrong}, "/auth/otp/gina@example.com")
	requireRedirect(t, resp, "/auth/otp/gina@example.com")
	_, p = b.visit(t, "/auth/otp/gina@example.com")
	require.Equal(t, "Ce code est incorrect. Il vous reste 4 essais.", errorsOf(p)["code"])

	b.post(t, "/auth/otp/login", map[string]any{"email": "gina@example.com", "code": "12"}, "/auth/otp/gina@example.com")
	_, p = b.visit(t, "/auth/otp/gina@example.com")
	require.Equal(t, "Saisissez le code à 6 chiffres reçu par e-mail.", errorsOf(p)["code"])

	resp = b.post(t, "/auth/otp/login", map[string]any{"email": "gina@example.com", "code": code}, "/auth/otp/gina@example.com")
	requireRedirect(t, resp, "/auth/otp/steps")
	_, p = b.visit(t, "/auth/otp/steps")
	require.Equal(t, "auth/otp-steps", p.Component)

	resp = b.post(t, "/auth/otp/complete", map[string]any{"name": "Gina", "surname": ""}, "/auth/otp/steps")
	requireRedirect(t, resp, "/auth/otp/steps")
	_, p = b.visit(t, "/auth/otp/steps")
	require.Equal(t, "Le nom est requis.", errorsOf(p)["surname"])

	resp = b.post(t, "/auth/otp/complete", map[string]any{"name": "Gina", "surname": "Rossi"}, "/auth/otp/steps")
	requireRedirect(t, resp, "/dashboard/general")
	_, p = b.visit(t, "/dashboard/general")
	u := authUserOf(t, p)
	require.Equal(t, "Gina", u["name"])
	require.EqualValues(t, 2, u["balance"])
	require.Equal(t, true, u["verified"])

	// The code is spent.
	b.post(t, "/auth/logout", map[string]any{}, "/")
	b.post(t, "/auth/otp/login", map[string]any{"email": "gina@example.com", "code": code}, "/auth/otp/gina@example.com")
	_, p = b.visit(t, "/auth/otp/gina@example.com")
	require.Contains(t, errorsOf(p)["code"], "déjà été utilisé")
}

func TestOtpUnknownAndKnownEmailsAnswerAlike(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "hana@example.com")
	b.post(t, "/auth/logout", map[string]any{}, "/")
	r1 := b.post(t, "/auth/otp/login", map[string]any{"email": "hana@example.com"}, "/auth/login")
	_, p1 := b.visit(t, r1.Header.Get("Location"))
	r2 := b.post(t, "/auth/otp/login", map[string]any{"email": "zed@example.com"}, "/auth/login")
	_, p2 := b.visit(t, r2.Header.Get("Location"))
	require.Equal(t, r1.StatusCode, r2.StatusCode)
	require.Equal(t, p1.Flash, p2.Flash)
	require.Equal(t, p1.Props["resendIn"], p2.Props["resendIn"])
}

func TestMagicLinkRoute(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.post(t, "/auth/otp/login", map[string]any{"email": "ivy@example.com"}, "/auth/login")
	link := pathOf(t, b.lastEmail(t, "ivy@example.com", mail.KindOTP).Data.Link)
	resp, _ := b.visit(t, link)
	requireRedirect(t, resp, "/auth/otp/steps")
	b.post(t, "/auth/logout", map[string]any{}, "/")

	resp, p := b.visit(t, link)
	require.Equal(t, http.StatusGone, resp.StatusCode)
	require.Equal(t, "auth/link-invalid", p.Component)
	require.Equal(t, "magic", p.Props["kind"])
	resp, _ = b.visit(t, "/auth/magic-link/not-a-uuid/x")
	require.Equal(t, http.StatusGone, resp.StatusCode)
}

func TestResetPasswordRevokesSessions(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "jay@example.com") // signed in on this client

	other := setup(t)
	other.srv, other.ts = b.srv, b.ts // a second browser on the same server
	other.client = newJarClient()

	_, p := other.visit(t, "/reset-password/forgotten-password")
	require.Equal(t, "auth/forgotten-password", p.Component)
	resp := other.post(t, "/reset-password/ask-new-password", map[string]any{"email": "bad"}, "/reset-password/forgotten-password")
	requireRedirect(t, resp, "/reset-password/forgotten-password")
	_, p = other.visit(t, "/reset-password/forgotten-password")
	require.Equal(t, "Saisissez une adresse e-mail valide.", errorsOf(p)["email"])

	resp = other.post(t, "/reset-password/ask-new-password", map[string]any{"email": "JAY@example.com"}, "/reset-password/forgotten-password")
	requireRedirect(t, resp, "/reset-password/forgotten-password")
	link := pathOf(t, b.lastEmail(t, "jay@example.com", mail.KindReset).Data.Link)
	resp, p = other.visit(t, link)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "auth/reset-password", p.Component)
	token := p.Props["token"].(string)

	resp = other.post(t, "/reset-password/reset-password/jay@example.com", map[string]any{"token": token, "password": "nouveau-mot-77", "password_confirmation": "different-88"}, link)
	requireRedirect(t, resp, link)
	_, p = other.visit(t, link)
	require.Equal(t, "La confirmation ne correspond pas au mot de passe.", errorsOf(p)["password_confirmation"])

	resp = other.post(t, "/reset-password/reset-password/jay@example.com", map[string]any{"token": token, "password": "nouveau-mot-77", "password_confirmation": "nouveau-mot-77"}, link)
	requireRedirect(t, resp, "/auth/login")
	_, p = other.visit(t, "/auth/login")
	require.Nil(t, authUserOf(t, p), "no automatic sign-in")

	// The first browser's session is revoked.
	resp, _ = b.visit(t, "/dashboard/general")
	requireRedirect(t, resp, "/auth/login")

	// The link is spent; it explains itself.
	resp, p = other.visit(t, link)
	require.Equal(t, http.StatusGone, resp.StatusCode)
	require.Equal(t, "reset", p.Props["kind"])
	resp = other.post(t, "/auth/login", map[string]any{"email": "jay@example.com", "password": "nouveau-mot-77"}, "/auth/login")
	requireRedirect(t, resp, "/dashboard/general")

	// Unknown address: the same answer.
	r1 := other.post(t, "/reset-password/ask-new-password", map[string]any{"email": "nobody@example.com"}, "/reset-password/forgotten-password")
	require.Equal(t, http.StatusSeeOther, r1.StatusCode)
	require.Equal(t, "/reset-password/forgotten-password", r1.Header.Get("Location"))
}

func TestAuthRoutesRateLimited(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.srv.limits = &authLimits{ip: newKeyedLimiter(b.db.Pool, time.Hour, 100), account: newKeyedLimiter(b.db.Pool, time.Hour, 3)}
	for range 3 {
		resp := b.post(t, "/auth/login", map[string]any{"email": "kim@example.com", "password": "x"}, "/auth/login")
		require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	}
	resp, p := b.inertiaVisit(t, http.MethodPost, "/auth/login", map[string]any{"email": "KIM@example.com", "password": "x"}, nil)
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	require.NotEmpty(t, resp.Header.Get("Retry-After"))
	require.Equal(t, "auth/rate-limited", p.Component)
	require.Contains(t, p.Props["message"], "Trop de tentatives")
	// Another account from the same place still works.
	resp = b.post(t, "/auth/login", map[string]any{"email": "lea@example.com", "password": "x"}, "/auth/login")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)

	b.srv.limits = &authLimits{ip: newKeyedLimiter(b.db.Pool, time.Hour, 1), account: newKeyedLimiter(b.db.Pool, time.Hour, 100)}
	b.post(t, "/auth/otp/login", map[string]any{"email": "a@example.com"}, "/auth/login")
	resp = b.post(t, "/auth/otp/login", map[string]any{"email": "b@example.com"}, "/auth/login")
	// From a page, the refusal goes back there with the message (a reload never re-posts).
	requireRedirect(t, resp, "/auth/login")
	require.NotEmpty(t, resp.Header.Get("Retry-After"), "per IP")
	_, p = b.visit(t, "/auth/login")
	require.Contains(t, p.Props["flash"].(map[string]any)["error"], "Trop de tentatives")

	// Proxy headers are not trusted unless configured, so a client cannot pose as many addresses.
	resp, _ = b.inertiaVisit(t, http.MethodPost, "/auth/otp/login", map[string]any{"email": "c@example.com"},
		map[string]string{"X-Forwarded-For": "203.0.113.7", "X-Real-IP": "203.0.113.8"})
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "spoofed forwarding headers do not reset the limit")
}

func TestDevMailboxPage(t *testing.T) {
	t.Parallel()
	b := setup(t)
	require.NoError(t, b.srv.mailbox.Send(context.Background(), mail.Message{To: "m@example.com", Subject: "Hi", Text: "Open http://localhost:8080/auth/verify/abc now"}))
	_, p := b.visit(t, "/dev/mailbox?to=m@example.com")
	require.Equal(t, "dev/mailbox", p.Component)
	emails := p.Props["emails"].([]any)
	require.Len(t, emails, 1)
	require.Equal(t, []any{"http://localhost:8080/auth/verify/abc"}, emails[0].(map[string]any)["links"])
}

func newJarClient() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// Pre-account hijacking: the right password of an unverified account signs nobody in; the
// verification link goes out again instead.
func TestPasswordLoginBeforeVerificationGivesNoSession(t *testing.T) {
	t.Parallel()
	b := setup(t)
	resp := b.post(t, "/auth/register", map[string]any{
		"name": "Eve", "surname": "Martin", "email": "victim@example.com", "password": goodPassword, "password_confirmation": goodPassword,
	}, "/auth/register")
	requireRedirect(t, resp, "/auth/login")
	resp = b.post(t, "/auth/login", map[string]any{"email": "victim@example.com", "password": goodPassword}, "/auth/login")
	requireRedirect(t, resp, "/auth/login")
	_, p := b.visit(t, "/auth/login")
	require.Contains(t, errorsOf(p)["email"], "Confirmez d’abord votre adresse")
	resp, _ = b.visit(t, "/dashboard/general")
	requireRedirect(t, resp, "/auth/login")
	require.Len(t, b.sentEmails(t, "victim@example.com", mail.KindVerify), 2, "the link was sent again")
}

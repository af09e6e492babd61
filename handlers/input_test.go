package handlers

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// Bad input is refused with a clear answer and nothing is written: invalid UTF-8 in a path, a
// query or a body, and JSON followed by anything.
func TestInvalidInputIsRefusedAndNothingWritten(t *testing.T) {
	t.Parallel()
	b := setup(t)
	users := func() int {
		var n int
		require.NoError(t, b.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM users`).Scan(&n))
		return n
	}
	before := users()
	register := func(body string) *http.Response {
		return b.do(t, "POST", "/auth/register", strings.NewReader(body), map[string]string{
			"Content-Type": "application/json", "X-XSRF-TOKEN": b.xsrf(t), "X-Inertia": "true", "X-Inertia-Version": b.version(t),
			"Referer": b.ts.URL + "/auth/register",
		})
	}
	good := `{"name":"Zoé","surname":"Martin","email":"zoe@example.com","password":"` + goodPassword + `","password_confirmation":"` + goodPassword + `"}`
	for name, body := range map[string]string{
		"invalid UTF-8":    strings.Replace(good, "zoe@", "\xff\xfe@", 1),
		"trailing data":    good + ` {"role":"ADMIN"}`,
		"trailing garbage": good + `garbage`,
	} {
		resp := register(body)
		resp.Body.Close()
		requireRedirect(t, resp, "/auth/register")
		_, p := b.visit(t, "/auth/register")
		require.NotEmpty(t, errorsOf(p)["form"], name)
		require.Equal(t, before, users(), "%s: nothing written", name)
	}
	form := b.do(t, "POST", "/auth/otp/login", strings.NewReader("email=%ff%fe%40example.com"), map[string]string{
		"Content-Type": "application/x-www-form-urlencoded", "X-XSRF-TOKEN": b.xsrf(t), "Referer": b.ts.URL + "/auth/login",
	})
	form.Body.Close()
	requireRedirect(t, form, "/auth/login")
	require.Equal(t, before, users(), "form: nothing written")

	for _, path := range []string{"/dev/mailbox?to=%ff", "/auth/otp/%ff%fe%40example.com", "/reset-password/%ff?token=x"} {
		resp := b.do(t, "GET", path, nil, nil)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, path)
		require.Equal(t, "errors/bad-request", pageFromHTML(t, string(body)).Component, path)
	}
	require.Equal(t, before, users())
}

type fuzzForm struct {
	Email    string            `json:"email"`
	Name     string            `json:"name"`
	Remember bool              `json:"remember"`
	Tags     []string          `json:"tags"`
	Extra    map[string]string `json:"extra"`
}

// FuzzDecodeBody: whatever arrives, decoding either refuses it or yields valid UTF-8 only, and
// never panics. Seeds run in every `go test`; `go test -fuzz=FuzzDecodeBody ./handlers` explores.
func FuzzDecodeBody(f *testing.F) {
	for _, seed := range []struct{ ct, body string }{
		{"application/json", `{"email":"a@example.com","name":"Zoé","remember":true}`},
		{"application/json", "{\"email\":\"\xff@example.com\"}"},
		{"application/json", `{"email":"a@example.com"} {"email":"b"}`},
		{"application/json", `{"tags":["a","b"],"extra":{"k":"v"}}`},
		{"application/x-www-form-urlencoded", "email=a%40example.com&remember=1&tags[]=x&extra[k]=v"},
		{"application/x-www-form-urlencoded", "email=%ff"},
		{"application/x-www-form-urlencoded", "%zz=1"},
		{"text/plain", "hello"},
	} {
		f.Add(seed.ct, seed.body)
	}
	f.Fuzz(func(t *testing.T, ct, body string) {
		r := httptest.NewRequest("POST", "/x", strings.NewReader(body))
		r.Header.Set("Content-Type", ct)
		var dst fuzzForm
		if err := decodeBody(r, &dst); err != nil {
			return
		}
		all := append([]string{dst.Email, dst.Name}, dst.Tags...)
		for k, v := range dst.Extra {
			all = append(all, k, v)
		}
		for _, s := range all {
			if !utf8.ValidString(s) {
				t.Fatalf("decoded invalid UTF-8 %q from %q %q", s, ct, body)
			}
		}
	})
}

// FuzzPageInput: the page chain's input check lets through only paths and queries that decode
// to valid UTF-8, whatever the request line holds.
func FuzzPageInput(f *testing.F) {
	for _, seed := range []string{"/auth/otp/a%40example.com", "/auth/otp/%ff", "/dev/mailbox?to=%ff", "/x?a=%C3%A9", "/x?%zz", "/reset-password/%E2%82"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, target string) {
		u, err := url.ParseRequestURI(target)
		if err != nil || !inputIsValid(u) {
			return
		}
		if !utf8.ValidString(u.Path) {
			t.Fatalf("invalid UTF-8 path %q passed", u.Path)
		}
		for k, vs := range u.Query() {
			for _, v := range append(vs, k) {
				if !utf8.ValidString(v) {
					t.Fatalf("invalid UTF-8 query %q passed", v)
				}
			}
		}
	})
}

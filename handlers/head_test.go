package handlers

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/stretchr/testify/require"
)

// HEAD answers on every GET route of the server (not only the few pages
// TestRefusedFormsGoBackAndHeadWorks names), signed out and signed in, without a body.
func TestHeadAnswersOnEveryGetRoute(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var paths []string
	require.NoError(t, chi.Walk(b.srv.router, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if method == http.MethodGet && !strings.ContainsAny(route, "{*") {
			paths = append(paths, route)
		}
		return nil
	}))
	require.Greater(t, len(paths), 20, "the walk found the server's GET routes")
	head := func(b *bundle, who string) {
		for _, path := range paths {
			resp := b.do(t, http.MethodHead, path, nil, nil)
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			require.NotEqual(t, http.StatusMethodNotAllowed, resp.StatusCode, "%s HEAD %s", who, path)
			require.Less(t, resp.StatusCode, 500, "%s HEAD %s", who, path)
			require.Empty(t, body, "%s HEAD %s", who, path)
		}
	}
	head(b, "signed out")
	head(b.other(t, "head@example.test"), "signed in") // a fresh browser: the signed-out walk left a "next" page

}

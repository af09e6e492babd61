package handlers

import (
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/stretchr/testify/require"
)

// The HTTP tests run wiring, the binary's own composition (WireApp); the checked-in
// route table is generated from cmd/gamelle's router (scripts/check-routes.sh keeps it fresh).
// Comparing the two proves the tests serve every route the binary does, and nothing more.
func TestTestServerServesTheBinarysRoutes(t *testing.T) {
	t.Parallel()
	b := setup(t)
	raw, err := os.ReadFile("../frontend/src/lib/routes.gen.ts")
	require.NoError(t, err)
	var want []string
	for _, m := range regexp.MustCompile(`\{ method: '(\w+)', path: '([^']+)'`).FindAllStringSubmatch(string(raw), -1) {
		want = append(want, m[1]+" "+m[2])
	}
	require.NotEmpty(t, want)

	var got []string
	param := regexp.MustCompile(`\{(\w+):[^}]*\}`)
	require.NoError(t, chi.Walk(b.srv.router, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		switch method {
		case http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		default:
			return nil
		}
		if strings.Contains(route, "*") {
			return nil
		}
		if route = strings.TrimSuffix(route, "/"); route == "" {
			route = "/"
		}
		got = append(got, strings.ToLower(method)+" "+param.ReplaceAllString(route, "{$1}"))
		return nil
	}))
	slices.Sort(want)
	slices.Sort(got)
	require.Equal(t, want, got, "the tests' server must register what the binary registers (wiring)")
}

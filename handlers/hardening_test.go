package handlers

import (
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// Issue 18 item 8: with the database down, the landing page (whose pack catalogue is read from
// PostgreSQL, and which needs no session) answers the translated 503 page, not a 500.
func TestLandingAnswers503WhileDatabaseIsDown(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.srv.pool.Close()
	resp := b.do(t, "GET", "/", nil, map[string]string{"Accept-Language": "en"})
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	require.Equal(t, "5", resp.Header.Get("Retry-After"))
	require.Equal(t, "errors/unavailable", pageFromHTML(t, string(body)).Component)

	resp, p := b.visit(t, "/")
	requireErrorPage(t, resp, p, http.StatusServiceUnavailable, "errors/unavailable")
}

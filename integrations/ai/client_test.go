package ai_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/integrations/ai"
)

// The client is our own (client.go): these pin what the SDK used to do for us.

func TestClientSendsTheKeyAsBearerAndAcceptsABaseWithASlash(t *testing.T) {
	t.Parallel()
	var auth, path, ctype atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth.Store(r.Header.Get("Authorization"))
		path.Store(r.URL.Path)
		ctype.Store(r.Header.Get("Content-Type"))
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, completion(explanation("Vos 2 759 kcal couvrent vos trajets à vélo.")))
	}))
	t.Cleanup(srv.Close)
	ex, err := ai.NewExplainer(ai.Config{BaseURL: srv.URL + "/v1/", APIKey: "sk-test", Model: "test-model",
		Timeout: 5 * time.Second, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, 0)
	require.NoError(t, err)
	_, err = ex.ExplainNeeds(context.Background(), explainRequest(t, "fr"))
	require.NoError(t, err)
	require.Equal(t, "Bearer sk-test", auth.Load())
	require.Equal(t, "/v1/chat/completions", path.Load())
	require.Equal(t, "application/json", ctype.Load())
}

func TestClientRetriesServerErrorsButNotRefusedRequests(t *testing.T) {
	t.Parallel()
	for status, attempts := range map[int]int32{http.StatusInternalServerError: 3, http.StatusBadRequest: 1, http.StatusUnauthorized: 1} {
		srv := newChatServer(t, func(_ int, w http.ResponseWriter) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			_, _ = io.WriteString(w, `{"error":{"message":"no","type":"x"}}`)
		})
		_, err := explainer(t, srv, 5*time.Second, 2).ExplainNeeds(context.Background(), explainRequest(t, "en"))
		require.Error(t, err, "status %d", status)
		require.Equal(t, attempts, srv.attempts.Load(), "status %d", status)
	}
}

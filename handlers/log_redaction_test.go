package handlers

import (
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// lockedBuffer is a log sink the server's goroutines can write to while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// A path that matches no route is logged too, and may hold an e-mail address, a sign-in code
// or a link secret (a trailing slash is enough to miss /auth/otp/{email}): the access log shows
// it with every segment that is not a word of our own routes redacted.
func TestUnmatchedPathsAreLoggedRedacted(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var logs lockedBuffer
	b.srv.log = slog.New(slog.NewTextHandler(&logs, nil))
	for _, p := range []string{
		"/auth/otp/x@example.com/",
		"/auth/otp/alice%40example.com/482913",
		"/auth/magic-link/0190c0de-uuid/S3CRETLINK/",
		"/auth/verify/T0KENVALUE/",
		"/reset-password/bob@example.com/again?token=QT0KEN",
		"/auth/otp/ask-otp/carol@example.com/",
		"/nowhere/731904",
	} {
		resp := b.do(t, http.MethodGet, p, nil, nil)
		resp.Body.Close()
		require.Equal(t, http.StatusNotFound, resp.StatusCode, p)
	}
	out := logs.String()
	for _, leak := range []string{"x@example", "example.com", "alice", "482913", "0190c0de", "S3CRETLINK", "T0KENVALUE", "bob", "QT0KEN", "carol", "731904", "nowhere"} {
		require.NotContains(t, out, leak)
	}
	// Still useful: the route words and where the secrets were.
	require.Contains(t, out, "path=/auth/otp/{redacted}/")
	require.Contains(t, out, "path=/auth/magic-link/{redacted}/{redacted}/")
	require.Contains(t, out, "status=404")
}

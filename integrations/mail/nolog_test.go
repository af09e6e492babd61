package mail

import (
	"bytes"
	"context"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/internal/pgtest"
)

// No log line holds what an email is for: its subject and body carry one-time codes and links.
func TestSendersNeverLogSecrets(t *testing.T) {
	t.Parallel()
	secret := Message{
		To: "a@example.com", Subject: "Your sign-in code: 482913",
		Text: "482913 http://app.test/auth/magic-link/u/s3cr3t", HTML: "<p>482913 s3cr3t</p>",
	}
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, nil))
	require.NoError(t, dropSender{log: log}.Send(context.Background(), secret))
	db := pgtest.New(t)
	require.NoError(t, NewMailbox(db.Pool, log).Send(context.Background(), secret))
	require.Contains(t, buf.String(), "a@example.com", "the logs still say an email went out")
	require.NotContains(t, buf.String(), "482913")
	require.NotContains(t, buf.String(), "s3cr3t")
}

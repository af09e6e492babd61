package mail

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/internal/pgtest"
)

// No log line holds what an email is for (its subject and body carry one-time codes and links)
// nor whom it is for: the recipient is logged as its domain and a short hash,
// by the dev mailbox and by the production sender that drops emails (MAIL_DISABLED=true).
func TestSendersNeverLogSecrets(t *testing.T) {
	t.Parallel()
	secret := Message{
		To: "Alice.Martin@Example.com", Subject: "Your sign-in code: 482913",
		Text: "482913 http://app.test/auth/magic-link/u/s3cr3t", HTML: "<p>482913 s3cr3t</p>",
	}
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, nil))
	require.NoError(t, dropSender{log: log}.Send(context.Background(), secret))
	db := pgtest.New(t)
	require.NoError(t, NewMailbox(db.Pool, log).Send(context.Background(), secret))
	logs := buf.String()
	require.Equal(t, 2, strings.Count(logs, "to.domain=example.com"), "the logs still say an email went out, and where: %s", logs)
	require.Equal(t, 2, strings.Count(logs, "to.hash="+recipientHash("alice.martin@example.com")), "the same person hashes the same: %s", logs)
	require.NotContains(t, strings.ToLower(logs), "alice")
	require.NotContains(t, strings.ToLower(logs), "martin")
	require.NotContains(t, buf.String(), "482913")
	require.NotContains(t, buf.String(), "s3cr3t")
}

func recipientHash(addr string) string {
	sum := sha256.Sum256([]byte(addr))
	return hex.EncodeToString(sum[:4])
}

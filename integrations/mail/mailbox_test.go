package mail_test

import (
	"context"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/integrations/mail"
	"github.com/gamelle/gamelle/internal/pgtest"
)

func TestMailboxKeepsEmails(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	b := mail.NewMailbox(db.Pool, slog.New(slog.DiscardHandler))
	ctx := context.Background()
	require.NoError(t, b.Send(ctx, mail.Message{To: "a@example.com", Subject: "one", Text: "t1", HTML: "<p>1</p>"}))
	require.NoError(t, b.Send(ctx, mail.Message{To: "b@example.com", Subject: "two", Text: "t2"}))
	all, err := b.Recent(ctx, "", 10)
	require.NoError(t, err)
	require.Len(t, all, 2)
	require.Equal(t, "two", all[0].Subject, "newest first")
	only, err := b.Recent(ctx, "a@example.com", 10)
	require.NoError(t, err)
	require.Len(t, only, 1)
	require.Equal(t, "<p>1</p>", only[0].HTML)
}

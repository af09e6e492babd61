package identity_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/integrations/mail"
)

// Proving the address through the emailed link drops a
// password nobody had proven it for, and ends the sessions from before.
func TestMagicLinkDropsUnprovenPassword(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	register(t, b, "owner@example.com") // someone else's password on the owner's address
	before, err := b.svc.ByEmail(ctx, "owner@example.com")
	require.NoError(t, err)

	require.NoError(t, b.svc.RequestOTP(ctx, "owner@example.com", identity.French))
	link := b.lastEmail(t, "owner@example.com", mail.KindOTP).Data.Link
	u, err := b.svc.MagicLink(ctx, before.ID, lastSegment(link))
	require.NoError(t, err)
	require.True(t, u.Verified())
	require.Greater(t, u.SessionGeneration, before.SessionGeneration, "sessions from before end")

	_, err = b.svc.Authenticate(ctx, "owner@example.com", "tomate-cerise-42")
	require.ErrorIs(t, err, identityapp.ErrInvalidCredentials, "the unproven password no longer signs in")
}

// The link's secret is not the typed code and is long enough not to be guessed;
// typing the code into the link's address is refused like any wrong secret.
func TestMagicLinkSecretIsNotTheCode(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	require.NoError(t, b.svc.RequestOTP(ctx, "long@example.com", identity.English))
	sent := b.lastEmail(t, "long@example.com", mail.KindOTP).Data
	secret := lastSegment(sent.Link)
	require.GreaterOrEqual(t, len(secret), 32, "at least 128 bits in a URL-safe encoding")
	require.NotContains(t, secret, sent.Code)

	u0, err := b.svc.ByEmail(ctx, "long@example.com")
	require.NoError(t, err)
	_, err = b.svc.MagicLink(ctx, u0.ID, sent.Code)
	require.ErrorIs(t, err, identity.ErrLinkInvalid)
	u, err := b.svc.MagicLink(ctx, u0.ID, secret)
	require.NoError(t, err)
	require.True(t, u.Verified())
}

package identity_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/integrations/mail"
)

const testPassword = "tomate-cerise-42"

// verified registers email with testPassword and opens its verification link.
func verified(t *testing.T, b *bundle, email string) identityapp.User {
	t.Helper()
	register(t, b, email)
	res, err := b.svc.VerifyEmail(t.Context(), lastSegment(b.lastEmail(t, email, mail.KindVerify).Data.Link))
	require.NoError(t, err)
	return res.User
}

// changeLink asks to move u to newEmail and returns the token of the link sent there.
func changeLink(t *testing.T, b *bundle, u identityapp.User, newEmail string) string {
	t.Helper()
	got, err := b.svc.RequestEmailChange(t.Context(), u.ID, newEmail, testPassword)
	require.NoError(t, err)
	link := b.lastEmail(t, got, mail.KindEmailChange).Data.Link
	require.True(t, strings.HasPrefix(link, "http://app.test/account/email/confirm/"), link)
	return lastSegment(link)
}

func TestEmailChangeHappyPath(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	u := verified(t, b, "alice@example.com")

	var fe identity.FieldErrors
	_, err := b.svc.RequestEmailChange(ctx, u.ID, "alice.new@example.com", "wrong-password")
	require.ErrorAs(t, err, &fe)
	require.ErrorIs(t, fe["currentPassword"], identityapp.ErrPasswordWrong)
	_, err = b.svc.RequestEmailChange(ctx, u.ID, " ALICE@example.com ", testPassword)
	require.ErrorAs(t, err, &fe)
	require.ErrorIs(t, fe["email"], identity.ErrEmailUnchanged, "case-insensitive, like sign-up")
	_, err = b.svc.RequestEmailChange(ctx, u.ID, "alice@", testPassword)
	require.ErrorAs(t, err, &fe)
	require.ErrorIs(t, fe["email"], identity.ErrEmailInvalid)
	_, ok, err := b.svc.PendingEmailChange(ctx, u.ID)
	require.NoError(t, err)
	require.False(t, ok, "refusals leave nothing pending")

	// A sign-in code sent to the current address before the change.
	require.NoError(t, b.svc.RequestOTP(ctx, "alice@example.com", identity.English))
	otpLink := b.lastEmail(t, "alice@example.com", mail.KindOTP).Data.Link

	token := changeLink(t, b, u, " Alice.New@Example.com ")
	notice := b.lastEmail(t, "alice@example.com", mail.KindEmailChangeRequested)
	require.Equal(t, "alice.new@example.com", notice.Data.Email)
	require.Equal(t, "en", notice.Locale, "in the person's language")
	// Nothing changes until the link is opened.
	still, err := b.svc.ByID(ctx, u.ID)
	require.NoError(t, err)
	require.Equal(t, "alice@example.com", still.Email)
	p, ok, err := b.svc.PendingEmailChange(ctx, u.ID)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, "alice.new@example.com", p.Email)
	// The secret is in no job's arguments in clear, and only its hash is stored.
	var inArgs, inTable int
	require.NoError(t, b.db.Pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE args::text LIKE '%' || $1 || '%'`, token).Scan(&inArgs))
	require.NoError(t, b.db.Pool.QueryRow(ctx, `SELECT count(*) FROM email_changes WHERE encode(token_hash, 'escape') LIKE '%' || $1 || '%'`, token).Scan(&inTable))
	require.Zero(t, inArgs)
	require.Zero(t, inTable)

	got, err := b.svc.EmailChangeLink(ctx, u.ID, token)
	require.NoError(t, err)
	require.Equal(t, "alice.new@example.com", got, "looking does not spend the link")

	moved, err := b.svc.ConfirmEmailChange(ctx, u.ID, token)
	require.NoError(t, err)
	require.Equal(t, "alice.new@example.com", moved.Email)
	require.Equal(t, u.SessionGeneration+1, moved.SessionGeneration, "every session is signed out")
	require.Equal(t, "alice.new@example.com", b.lastEmail(t, "alice@example.com", mail.KindEmailChanged).Data.Email)
	_, ok, err = b.svc.PendingEmailChange(ctx, u.ID)
	require.NoError(t, err)
	require.False(t, ok)

	// The new address signs in, the former one does not, nor its sign-in link.
	_, err = b.svc.Authenticate(ctx, "alice.new@example.com", testPassword)
	require.NoError(t, err)
	_, err = b.svc.Authenticate(ctx, "alice@example.com", testPassword)
	require.ErrorIs(t, err, identityapp.ErrInvalidCredentials)
	parts := strings.Split(otpLink, "/")
	_, err = b.svc.MagicLink(ctx, u.ID, parts[len(parts)-1])
	require.ErrorIs(t, err, identity.ErrLinkUsed)

	// The link is single use.
	_, err = b.svc.ConfirmEmailChange(ctx, u.ID, token)
	require.ErrorIs(t, err, identity.ErrLinkUsed)
	_, err = b.svc.ConfirmEmailChange(ctx, u.ID, "forged")
	require.ErrorIs(t, err, identity.ErrLinkInvalid)
}

func TestEmailChangeLinkExpiresAndIsReplacedByANewerRequest(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	u := verified(t, b, "bea@example.com")
	first := changeLink(t, b, u, "bea.one@example.com")
	second := changeLink(t, b, u, "bea.two@example.com")
	_, err := b.svc.ConfirmEmailChange(ctx, u.ID, first)
	require.ErrorIs(t, err, identity.ErrLinkUsed, "a newer request retires the older link")

	b.clock.advance(identity.EmailChangeTTL)
	_, err = b.svc.ConfirmEmailChange(ctx, u.ID, second)
	require.ErrorIs(t, err, identity.ErrLinkExpired)
	_, ok, err := b.svc.PendingEmailChange(ctx, u.ID)
	require.NoError(t, err)
	require.False(t, ok)
	still, err := b.svc.ByID(ctx, u.ID)
	require.NoError(t, err)
	require.Equal(t, "bea@example.com", still.Email)
}

func TestEmailChangeToAnAccountsAddressSendsNoLink(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	u := verified(t, b, "carl@example.com")
	verified(t, b, "dora@example.com")

	got, err := b.svc.RequestEmailChange(ctx, u.ID, "Dora@example.com", testPassword)
	require.NoError(t, err, "the same answer as for a free address")
	require.Equal(t, "dora@example.com", got)
	taken := b.lastEmail(t, "dora@example.com", mail.KindEmailChangeTaken)
	require.Empty(t, taken.Data.Link, "no link")
	for _, e := range b.emails(t) {
		require.False(t, e.To == "dora@example.com" && e.Template == mail.KindEmailChange, "no confirmation link to an account's address")
	}
	require.Equal(t, "dora@example.com", b.lastEmail(t, "carl@example.com", mail.KindEmailChangeRequested).Data.Email)
	p, ok, err := b.svc.PendingEmailChange(ctx, u.ID)
	require.NoError(t, err)
	require.True(t, ok, "the account page shows the same pending change")
	require.Equal(t, "dora@example.com", p.Email)
}

func TestEmailChangeToAnAddressTakenByThen(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	u := verified(t, b, "emil@example.com")
	token := changeLink(t, b, u, "shared@example.com")
	verified(t, b, "shared@example.com")

	_, err := b.svc.EmailChangeLink(ctx, u.ID, token)
	require.ErrorIs(t, err, identityapp.ErrEmailTaken)
	_, err = b.svc.ConfirmEmailChange(ctx, u.ID, token)
	require.ErrorIs(t, err, identityapp.ErrEmailTaken)
	still, err := b.svc.ByID(ctx, u.ID)
	require.NoError(t, err)
	require.Equal(t, "emil@example.com", still.Email)
	require.Equal(t, u.SessionGeneration, still.SessionGeneration, "nobody signed out")
	_, err = b.svc.ConfirmEmailChange(ctx, u.ID, token)
	require.ErrorIs(t, err, identity.ErrLinkUsed, "the link is spent")
}

// An address held by an account nobody proved (a code asked for and never used) is free: the
// link proves it, and the unproven account gives way.
func TestEmailChangeTakesOverAnUnverifiedHolder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	u := verified(t, b, "fay@example.com")
	require.NoError(t, b.svc.RequestOTP(ctx, "work@example.com", identity.French))
	ghost, err := b.svc.ByEmail(ctx, "work@example.com")
	require.NoError(t, err)
	require.False(t, ghost.Verified())

	token := changeLink(t, b, u, "work@example.com")
	moved, err := b.svc.ConfirmEmailChange(ctx, u.ID, token)
	require.NoError(t, err)
	require.Equal(t, "work@example.com", moved.Email)
	_, err = b.svc.ByID(ctx, ghost.ID)
	require.ErrorIs(t, err, identityapp.ErrNotFound)
}

func TestEmailChangeLinkOfAnotherAccountChangesNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	u := verified(t, b, "gus@example.com")
	other := verified(t, b, "hal@example.com")
	token := changeLink(t, b, u, "gus.new@example.com")
	_, err := b.svc.EmailChangeLink(ctx, other.ID, token)
	require.ErrorIs(t, err, identityapp.ErrEmailChangeOtherAccount)
	_, err = b.svc.ConfirmEmailChange(ctx, other.ID, token)
	require.ErrorIs(t, err, identityapp.ErrEmailChangeOtherAccount)
	// The owner still can.
	_, err = b.svc.ConfirmEmailChange(ctx, u.ID, token)
	require.NoError(t, err)
}

// Signing out everywhere (or a new password) cancels a pending change: what the notice to
// the current address tells someone who did not ask for it.
func TestSignOutEverywhereCancelsAPendingEmailChange(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	u := verified(t, b, "ida@example.com")
	token := changeLink(t, b, u, "thief@example.com")
	_, err := b.svc.SignOutEverywhere(ctx, u.ID, uuid.Nil)
	require.NoError(t, err)
	_, ok, err := b.svc.PendingEmailChange(ctx, u.ID)
	require.NoError(t, err)
	require.False(t, ok)
	_, err = b.svc.ConfirmEmailChange(ctx, u.ID, token)
	require.ErrorIs(t, err, identity.ErrLinkUsed)
}

// A password-less account (code or provider sign-in) asks without a password.
func TestPasswordlessEmailChange(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	u, _, err := b.svc.FindOrCreateVerified(ctx, identityapp.ProviderIdentity{Email: "jo@example.com", EmailVerified: true})
	require.NoError(t, err)
	require.False(t, u.HasPassword())
	got, err := b.svc.RequestEmailChange(ctx, u.ID, "jo.new@example.com", "")
	require.NoError(t, err)
	token := lastSegment(b.lastEmail(t, got, mail.KindEmailChange).Data.Link)
	moved, err := b.svc.ConfirmEmailChange(ctx, u.ID, token)
	require.NoError(t, err)
	require.Equal(t, "jo.new@example.com", moved.Email)
	// A provider that vouches for the new address reaches the same account.
	again, created, err := b.svc.FindOrCreateVerified(ctx, identityapp.ProviderIdentity{Email: "jo.new@example.com", EmailVerified: true})
	require.NoError(t, err)
	require.False(t, created)
	require.Equal(t, u.ID, again.ID)
}

// Two accounts asking for the same address open their links at once: one gets it, the other
// is told it is taken, and nothing is half-done.
func TestConcurrentEmailChangesToOneAddressOneWins(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	users := []identityapp.User{verified(t, b, "kim@example.com"), verified(t, b, "lou@example.com")}
	tokens := make([]string, len(users))
	for i, u := range users {
		tokens[i] = changeLink(t, b, u, "prize@example.com")
	}
	errs := make([]error, len(users))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, u := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, errs[i] = b.svc.ConfirmEmailChange(ctx, u.ID, tokens[i])
		}()
	}
	close(start)
	wg.Wait()
	won := 0
	for i, err := range errs {
		if err == nil {
			won++
			continue
		}
		require.ErrorIs(t, err, identityapp.ErrEmailTaken, "user %d", i)
	}
	require.Equal(t, 1, won, "%v", errs)
	holder, err := b.svc.ByEmail(ctx, "prize@example.com")
	require.NoError(t, err)
	for _, u := range users {
		cur, err := b.svc.ByID(ctx, u.ID)
		require.NoError(t, err)
		if cur.ID == holder.ID {
			require.Equal(t, u.SessionGeneration+1, cur.SessionGeneration)
		} else {
			require.Equal(t, u.Email, cur.Email, "the loser keeps its address")
			require.Equal(t, u.SessionGeneration, cur.SessionGeneration, "and its sessions")
		}
	}
}

// The same link opened twice at once changes the address once.
func TestConcurrentClicksOnOneEmailChangeLink(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	u := verified(t, b, "max@example.com")
	token := changeLink(t, b, u, "max.new@example.com")
	errs := make([]error, 4)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Add(1)
		go func() { defer wg.Done(); _, errs[i] = b.svc.ConfirmEmailChange(ctx, u.ID, token) }()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
			continue
		}
		require.ErrorIs(t, err, identity.ErrLinkUsed)
	}
	require.Equal(t, 1, ok)
	cur, err := b.svc.ByID(ctx, u.ID)
	require.NoError(t, err)
	require.Equal(t, u.SessionGeneration+1, cur.SessionGeneration, "one change, one generation step")
	n := 0
	for _, e := range b.emails(t) {
		if e.Template == mail.KindEmailChanged {
			n++
		}
	}
	require.Equal(t, 1, n, "one notice")
}

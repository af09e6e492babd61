package identity_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	identityapp "github.com/gamelle/gamelle/app/identity"
	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/integrations/mail"
	"github.com/gamelle/gamelle/internal/pgtest"
	"github.com/gamelle/gamelle/jobs"
)

// testKey is the APP_KEY of these tests.
var testKey = []byte(strings.Repeat("k", 32))

// clock is a settable time source.
type clock struct{ ns atomic.Int64 }

func (c *clock) now() time.Time          { return time.Unix(0, c.ns.Load()) }
func (c *clock) advance(d time.Duration) { c.ns.Add(int64(d)) }
func newClock() *clock                   { c := &clock{}; c.ns.Store(time.Now().UnixNano()); return c }

type bundle struct {
	db    *pgtest.DB
	svc   *identityapp.Service
	wal   *ledgerapp.Service
	store *eventstore.Store
	jobs  *jobs.Client
	clock *clock
}

func setup(t *testing.T) *bundle {
	t.Helper()
	db := pgtest.New(t)
	store := eventstore.New(db.Pool)
	w := ledgerapp.New(db.Pool, store)
	jc, err := jobs.New(db.Pool, jobs.Config{})
	require.NoError(t, err)
	c := newClock()
	svc := identityapp.New(db.Pool, w, jc, identityapp.Options{
		AdminEmails: []string{"boss@gamelle.test"}, AppURL: "http://app.test", Key: testKey, Now: c.now,
	})
	return &bundle{db: db, svc: svc, wal: w, store: store, jobs: jc, clock: c}
}

// emails lists the queued email jobs, oldest first.
func (b *bundle) emails(t *testing.T) []identityapp.SendEmailArgs {
	t.Helper()
	res, err := b.jobs.JobList(context.Background(), river.NewJobListParams().Kinds(identityapp.SendEmailArgs{}.Kind()).First(1000))
	require.NoError(t, err)
	out := make([]identityapp.SendEmailArgs, 0, len(res.Jobs))
	for _, j := range res.Jobs {
		var a identityapp.SendEmailArgs
		require.NoError(t, json.Unmarshal(j.EncodedArgs, &a))
		a, err = identityapp.OpenEmailArgs(testKey, a)
		require.NoError(t, err)
		out = append(out, a)
	}
	return out
}

func (b *bundle) lastEmail(t *testing.T, to string, kind mail.Kind) identityapp.SendEmailArgs {
	t.Helper()
	all := b.emails(t)
	for i := len(all) - 1; i >= 0; i-- {
		if all[i].To == to && all[i].Template == kind {
			return all[i]
		}
	}
	t.Fatalf("no %s email to %s in %+v", kind, to, all)
	return identityapp.SendEmailArgs{}
}

func (b *bundle) balance(t *testing.T, id uuid.UUID) int64 {
	t.Helper()
	bal, err := b.wal.Balance(context.Background(), id)
	require.NoError(t, err)
	return bal
}

func (b *bundle) grants(t *testing.T, id uuid.UUID) int {
	t.Helper()
	evs, err := b.store.Load(context.Background(), b.db.Pool, ledger.StreamID(id), 1)
	require.NoError(t, err)
	n := 0
	for _, e := range evs {
		if strings.HasPrefix(e.Type, "TokensGranted") {
			n++
		}
	}
	return n
}

func lastSegment(link string) string { return link[strings.LastIndexByte(link, '/')+1:] }

func register(t *testing.T, b *bundle, email string) {
	t.Helper()
	require.NoError(t, b.svc.Register(context.Background(), identityapp.RegisterInput{
		Name: "Alice", Surname: "Martin", Email: email, Password: "tomate-cerise-42", PasswordConfirmation: "tomate-cerise-42", Language: identity.English,
	}))
}

func TestRegisterVerifyGrantsOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	register(t, b, "  Alice@Example.COM ")

	u, err := b.svc.ByEmail(ctx, "alice@example.com")
	require.NoError(t, err)
	require.False(t, u.Verified())
	require.Equal(t, identity.RoleUser, u.Role)
	require.Equal(t, identity.English, u.Language)
	require.True(t, u.HasPassword())

	mailArgs := b.lastEmail(t, "alice@example.com", mail.KindVerify)
	require.Equal(t, "en", mailArgs.Locale)
	require.True(t, strings.HasPrefix(mailArgs.Data.Link, "http://app.test/auth/verify/"), mailArgs.Data.Link)

	res, err := b.svc.VerifyEmail(ctx, lastSegment(mailArgs.Data.Link))
	require.NoError(t, err)
	require.True(t, res.Verified)
	require.True(t, res.User.Verified())
	require.EqualValues(t, 2, b.balance(t, u.ID))

	// Replays: no second grant, "already verified".
	again, err := b.svc.VerifyEmail(ctx, lastSegment(mailArgs.Data.Link))
	require.NoError(t, err)
	require.False(t, again.Verified)
	require.Equal(t, u.ID, again.User.ID)
	require.EqualValues(t, 2, b.balance(t, u.ID))

	// Another path proving the address later (social, code) grants nothing more.
	_, _, err = b.svc.FindOrCreateVerified(ctx, identityapp.ProviderIdentity{EmailVerified: true, Email: "alice@example.com"})
	require.NoError(t, err)
	require.EqualValues(t, 2, b.balance(t, u.ID))
	require.Equal(t, 1, b.grants(t, u.ID))

	_, err = b.svc.VerifyEmail(ctx, "not-a-token")
	require.ErrorIs(t, err, identity.ErrLinkInvalid)
}

func TestVerifyLinkConcurrentClicksGrantOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	register(t, b, "bob@example.com")
	token := lastSegment(b.lastEmail(t, "bob@example.com", mail.KindVerify).Data.Link)

	var wg sync.WaitGroup
	var verified atomic.Int32
	errs := make(chan error, 20)
	for range 20 {
		wg.Go(func() {
			res, err := b.svc.VerifyEmail(ctx, token)
			if err != nil {
				errs <- err
				return
			}
			if res.Verified {
				verified.Add(1)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	u, err := b.svc.ByEmail(ctx, "bob@example.com")
	require.NoError(t, err)
	require.EqualValues(t, 1, verified.Load())
	require.EqualValues(t, 2, b.balance(t, u.ID))
	require.Equal(t, 1, b.grants(t, u.ID))
}

func TestVerifyLinkExpires(t *testing.T) {
	t.Parallel()
	b := setup(t)
	register(t, b, "late@example.com")
	token := lastSegment(b.lastEmail(t, "late@example.com", mail.KindVerify).Data.Link)
	b.clock.advance(identity.VerifyLinkTTL)
	_, err := b.svc.VerifyEmail(context.Background(), token)
	require.ErrorIs(t, err, identity.ErrLinkExpired)
}

func TestRegisterRejectsBadInputAndWritesNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	err := b.svc.Register(ctx, identityapp.RegisterInput{Name: " ", Surname: "", Email: "nope", Password: "password1", PasswordConfirmation: "password1"})
	var fe identity.FieldErrors
	require.ErrorAs(t, err, &fe)
	require.ErrorIs(t, fe["name"], identity.ErrNameRequired)
	require.ErrorIs(t, fe["surname"], identity.ErrNameRequired)
	require.ErrorIs(t, fe["email"], identity.ErrEmailInvalid)
	require.ErrorIs(t, fe["password"], identity.ErrPasswordCommon)

	err = b.svc.Register(ctx, identityapp.RegisterInput{Name: "A", Surname: "B", Email: "a@example.com", Password: "tomate-cerise-42", PasswordConfirmation: "other-thing-99"})
	require.ErrorAs(t, err, &fe)
	require.ErrorIs(t, fe["password_confirmation"], identity.ErrPasswordMismatch)

	_, err = b.svc.ByEmail(ctx, "a@example.com")
	require.ErrorIs(t, err, identityapp.ErrNotFound)
	require.Empty(t, b.emails(t))
}

func TestRegisterKnownEmailSendsAccountExists(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	register(t, b, "carol@example.com")
	before, err := b.svc.ByEmail(ctx, "carol@example.com")
	require.NoError(t, err)
	require.NoError(t, b.svc.Register(ctx, identityapp.RegisterInput{
		Name: "Mallory", Surname: "X", Email: "CAROL@example.com", Password: "another-pass-77", PasswordConfirmation: "another-pass-77",
	}))
	b.lastEmail(t, "carol@example.com", mail.KindAccountExists)
	after, err := b.svc.ByEmail(ctx, "carol@example.com")
	require.NoError(t, err)
	require.Equal(t, before.Name, after.Name, "the existing account is untouched")
	_, err = b.svc.Authenticate(ctx, "carol@example.com", "another-pass-77")
	require.ErrorIs(t, err, identityapp.ErrInvalidCredentials)
}

func TestAdminEmailsPromotedAtSignUp(t *testing.T) {
	t.Parallel()
	b := setup(t)
	register(t, b, "Boss@Gamelle.test")
	u, err := b.svc.ByEmail(context.Background(), "boss@gamelle.test")
	require.NoError(t, err)
	require.Equal(t, identity.RoleAdmin, u.Role)
}

func TestAuthenticate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	register(t, b, "dan@example.com")
	_, err := b.svc.VerifyEmail(ctx, lastSegment(b.lastEmail(t, "dan@example.com", mail.KindVerify).Data.Link))
	require.NoError(t, err)
	u, err := b.svc.Authenticate(ctx, "DAN@example.com ", "tomate-cerise-42")
	require.NoError(t, err)
	require.Equal(t, "dan@example.com", u.Email)
	for _, c := range [][2]string{{"dan@example.com", "wrong-password-1"}, {"nobody@example.com", "tomate-cerise-42"}, {"not an email", "x"}} {
		_, err := b.svc.Authenticate(ctx, c[0], c[1])
		require.ErrorIs(t, err, identityapp.ErrInvalidCredentials, c)
	}
	// A code-only account has no password to match.
	require.NoError(t, b.svc.RequestOTP(ctx, "codeonly@example.com", identity.French))
	_, err = b.svc.Authenticate(ctx, "codeonly@example.com", "")
	require.ErrorIs(t, err, identityapp.ErrInvalidCredentials)
}

func TestOTPFlow(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	require.NoError(t, b.svc.RequestOTP(ctx, "Eve@example.com", identity.English))
	first := b.lastEmail(t, "eve@example.com", mail.KindOTP)
	require.True(t, identity.ValidOTPFormat(first.Data.Code))
	require.Equal(t, "en", first.Locale)

	// Within 60 s: nothing sent.
	err := b.svc.RequestOTP(ctx, "eve@example.com", identity.English)
	var soon *identityapp.ResendTooSoonError
	require.ErrorAs(t, err, &soon)
	require.Equal(t, 60*time.Second, soon.Wait)
	require.Len(t, b.emails(t), 1)
	wait, err := b.svc.OTPResendIn(ctx, "eve@example.com")
	require.NoError(t, err)
	require.Equal(t, 60, wait)

	wrong := "000000"
	if first.Data.Code == wrong {
		wrong = "111111"
	}
	for left := 4; left >= 1; left-- {
		_, err := b.svc.VerifyOTP(ctx, "eve@example.com", wrong)
		var w *identityapp.WrongCodeError
		require.ErrorAs(t, err, &w)
		require.Equal(t, left, w.Left)
		require.ErrorIs(t, err, identity.ErrCodeWrong)
	}
	_, err = b.svc.VerifyOTP(ctx, "eve@example.com", wrong)
	require.ErrorIs(t, err, identity.ErrCodeBurned)
	_, err = b.svc.VerifyOTP(ctx, "eve@example.com", first.Data.Code)
	require.ErrorIs(t, err, identity.ErrCodeBurned, "a burned code stays burned")

	b.clock.advance(61 * time.Second)
	require.NoError(t, b.svc.RequestOTP(ctx, "eve@example.com", identity.English))
	second := b.lastEmail(t, "eve@example.com", mail.KindOTP)
	u, err := b.svc.VerifyOTP(ctx, "eve@example.com", second.Data.Code)
	require.NoError(t, err)
	require.True(t, u.Verified())
	require.True(t, u.NeedsProfile())
	require.EqualValues(t, 2, b.balance(t, u.ID))

	_, err = b.svc.VerifyOTP(ctx, "eve@example.com", second.Data.Code)
	require.ErrorIs(t, err, identity.ErrCodeUsed, "single use")
	// The magic link of a spent code is spent too.
	_, err = b.svc.MagicLink(ctx, u.ID, lastSegment(second.Data.Link))
	require.ErrorIs(t, err, identity.ErrLinkUsed)

	_, err = b.svc.CompleteProfile(ctx, u.ID, "", "Durand")
	var fe identity.FieldErrors
	require.ErrorAs(t, err, &fe)
	u, err = b.svc.CompleteProfile(ctx, u.ID, "Eve", "Durand")
	require.NoError(t, err)
	require.False(t, u.NeedsProfile())

	// Unknown address: same refusal as no code.
	_, err = b.svc.VerifyOTP(ctx, "ghost@example.com", "123456")
	require.ErrorIs(t, err, identity.ErrCodeUsed)
}

func TestOTPExpires(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	require.NoError(t, b.svc.RequestOTP(ctx, "slow@example.com", identity.French))
	code := b.lastEmail(t, "slow@example.com", mail.KindOTP).Data.Code
	b.clock.advance(identity.OTPTTL)
	_, err := b.svc.VerifyOTP(ctx, "slow@example.com", code)
	require.ErrorIs(t, err, identity.ErrCodeExpired)
}

func TestMagicLink(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	require.NoError(t, b.svc.RequestOTP(ctx, "link@example.com", identity.French))
	link := b.lastEmail(t, "link@example.com", mail.KindOTP).Data.Link
	u0, err := b.svc.ByEmail(ctx, "link@example.com")
	require.NoError(t, err)
	require.Contains(t, link, "/auth/magic-link/"+u0.ID.String()+"/")

	// Past the code's 10 minutes, the link still works (15).
	b.clock.advance(14 * time.Minute)
	u, err := b.svc.MagicLink(ctx, u0.ID, lastSegment(link))
	require.NoError(t, err)
	require.True(t, u.Verified())
	require.EqualValues(t, 2, b.balance(t, u.ID))
	_, err = b.svc.MagicLink(ctx, u0.ID, lastSegment(link))
	require.ErrorIs(t, err, identity.ErrLinkUsed)

	b.clock.advance(time.Minute)
	require.NoError(t, b.svc.RequestOTP(ctx, "link@example.com", identity.French))
	link = b.lastEmail(t, "link@example.com", mail.KindOTP).Data.Link
	b.clock.advance(identity.MagicLinkTTL)
	_, err = b.svc.MagicLink(ctx, u0.ID, lastSegment(link))
	require.ErrorIs(t, err, identity.ErrLinkExpired)
	require.EqualValues(t, 2, b.balance(t, u.ID), "still one bonus")
}

func TestBadMagicLinksDoNotBurnTheCode(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	require.NoError(t, b.svc.RequestOTP(ctx, "guessed@example.com", identity.French))
	u0, err := b.svc.ByEmail(ctx, "guessed@example.com")
	require.NoError(t, err)
	for i := range identity.OTPMaxAttempts + 2 {
		_, err := b.svc.MagicLink(ctx, u0.ID, fmt.Sprintf("%06d", i))
		require.ErrorIs(t, err, identity.ErrLinkInvalid)
	}
	code := b.lastEmail(t, "guessed@example.com", mail.KindOTP).Data.Code
	u, err := b.svc.VerifyOTP(ctx, "guessed@example.com", code)
	require.NoError(t, err, "the person's code still works after bad link visits")
	require.True(t, u.Verified())
}

// OWASP pre-account hijacking: an attacker registers the victim's address with their own
// password. They get no usable sign-in before the address is proven; proving it through another
// channel drops their password; proving it ends every earlier session.
func TestPreAccountHijackIsClosed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	register(t, b, "target@example.com")
	u, err := b.svc.Authenticate(ctx, "target@example.com", "tomate-cerise-42")
	require.ErrorIs(t, err, identityapp.ErrNotVerified, "no session for an unverified password account")
	require.False(t, u.Verified())
	_, err = b.svc.Authenticate(ctx, "target@example.com", "wrong-password-9")
	require.ErrorIs(t, err, identityapp.ErrInvalidCredentials, "a wrong password says nothing about verification")

	// The owner proves the address with the sign-up's own link: sessions from before end.
	link := b.lastEmail(t, "target@example.com", mail.KindVerify).Data.Link
	res, err := b.svc.VerifyEmail(ctx, lastSegment(link))
	require.NoError(t, err)
	require.True(t, res.Verified)
	require.Equal(t, u.SessionGeneration+1, res.User.SessionGeneration, "verification ends every other session")
	_, err = b.svc.Authenticate(ctx, "target@example.com", "tomate-cerise-42")
	require.NoError(t, err)
}

func TestCodeSignInDropsUnprovenPassword(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	// Someone registers an address they do not own; the owner then signs in with a code.
	register(t, b, "victim@example.com")
	require.NoError(t, b.svc.RequestOTP(ctx, "victim@example.com", identity.French))
	code := b.lastEmail(t, "victim@example.com", mail.KindOTP).Data.Code
	_, err := b.svc.VerifyOTP(ctx, "victim@example.com", code)
	require.NoError(t, err)
	_, err = b.svc.Authenticate(ctx, "victim@example.com", "tomate-cerise-42")
	require.ErrorIs(t, err, identityapp.ErrInvalidCredentials)
}

func TestPasswordReset(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	register(t, b, "fay@example.com")
	before, err := b.svc.ByEmail(ctx, "fay@example.com")
	require.NoError(t, err)

	require.NoError(t, b.svc.RequestPasswordReset(ctx, "FAY@example.com", identity.French))
	link := b.lastEmail(t, "fay@example.com", mail.KindReset).Data.Link
	u, err := url.Parse(link)
	require.NoError(t, err)
	require.Equal(t, "/reset-password/fay@example.com", u.Path)
	token := u.Query().Get("token")
	require.NoError(t, b.svc.CheckResetLink(ctx, "fay@example.com", token))
	require.ErrorIs(t, b.svc.CheckResetLink(ctx, "other@example.com", token), identity.ErrLinkInvalid)

	err = b.svc.ResetPassword(ctx, "fay@example.com", token, "short", "short")
	var fe identity.FieldErrors
	require.ErrorAs(t, err, &fe)
	require.NoError(t, b.svc.CheckResetLink(ctx, "fay@example.com", token), "a refused form spends nothing")

	require.NoError(t, b.svc.ResetPassword(ctx, "fay@example.com", token, "nouveau-mot-77", "nouveau-mot-77"))
	after, err := b.svc.ByEmail(ctx, "fay@example.com")
	require.NoError(t, err)
	require.Greater(t, after.SessionGeneration, before.SessionGeneration, "sessions revoked")
	_, err = b.svc.Authenticate(ctx, "fay@example.com", "tomate-cerise-42")
	require.ErrorIs(t, err, identityapp.ErrInvalidCredentials)
	_, err = b.svc.Authenticate(ctx, "fay@example.com", "nouveau-mot-77")
	require.NoError(t, err)

	require.ErrorIs(t, b.svc.ResetPassword(ctx, "fay@example.com", token, "encore-autre-88", "encore-autre-88"), identity.ErrLinkUsed)

	// A new request retires older links; links expire after 60 minutes.
	require.NoError(t, b.svc.RequestPasswordReset(ctx, "fay@example.com", identity.French))
	old := b.lastEmail(t, "fay@example.com", mail.KindReset).Data.Link
	b.clock.advance(61 * time.Second)
	require.NoError(t, b.svc.RequestPasswordReset(ctx, "fay@example.com", identity.French))
	oldTok := must(url.Parse(old)).Query().Get("token")
	require.ErrorIs(t, b.svc.CheckResetLink(ctx, "fay@example.com", oldTok), identity.ErrLinkUsed)
	newTok := must(url.Parse(b.lastEmail(t, "fay@example.com", mail.KindReset).Data.Link)).Query().Get("token")
	b.clock.advance(identity.ResetLinkTTL)
	require.ErrorIs(t, b.svc.CheckResetLink(ctx, "fay@example.com", newTok), identity.ErrLinkExpired)

	// Unknown address: an email saying there is no account, same answer.
	require.NoError(t, b.svc.RequestPasswordReset(ctx, "ghost@example.com", identity.English))
	b.lastEmail(t, "ghost@example.com", mail.KindResetUnknown)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestFindOrCreateVerified(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	u, created, err := b.svc.FindOrCreateVerified(ctx, identityapp.ProviderIdentity{EmailVerified: true, Email: "Gus@Example.com", Name: "Gus", Surname: "Lee", Language: identity.English})
	require.NoError(t, err)
	require.True(t, created)
	require.True(t, u.Verified())
	require.Equal(t, "Gus", u.Name)
	require.EqualValues(t, 2, b.balance(t, u.ID))

	again, created, err := b.svc.FindOrCreateVerified(ctx, identityapp.ProviderIdentity{EmailVerified: true, Email: "gus@example.com", Name: "Other"})
	require.NoError(t, err)
	require.False(t, created)
	require.Equal(t, u.ID, again.ID)
	require.Equal(t, "Gus", again.Name, "names only fill an empty profile")
	require.EqualValues(t, 2, b.balance(t, u.ID))

	_, _, err = b.svc.FindOrCreateVerified(ctx, identityapp.ProviderIdentity{EmailVerified: true, Email: "bad"})
	require.ErrorIs(t, err, identity.ErrEmailInvalid)
}

// The service, not its caller, refuses an address the provider did not verify: no account is
// created, and an existing unverified account is neither verified nor returned.
func TestFindOrCreateVerifiedRefusesAnUnverifiedAddress(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	_, _, err := b.svc.FindOrCreateVerified(ctx, identityapp.ProviderIdentity{Email: "nobody@example.com", Name: "No"})
	require.ErrorIs(t, err, identityapp.ErrEmailNotVerified)
	_, err = b.svc.ByEmail(ctx, "nobody@example.com")
	require.ErrorIs(t, err, identityapp.ErrNotFound, "nothing created")

	register(t, b, "victim@example.com")
	u, err := b.svc.ByEmail(ctx, "victim@example.com")
	require.NoError(t, err)
	got, _, err := b.svc.FindOrCreateVerified(ctx, identityapp.ProviderIdentity{Email: "victim@example.com", EmailVerified: false})
	require.ErrorIs(t, err, identityapp.ErrEmailNotVerified)
	require.Equal(t, identityapp.User{}, got, "no account handed out")
	after, err := b.svc.ByEmail(ctx, "victim@example.com")
	require.NoError(t, err)
	require.False(t, after.Verified())
	require.Zero(t, b.balance(t, u.ID), "no bonus")
}

// countingHasher is the production argon2id hasher, counting its calls.
type countingHasher struct{ hashes, verifies atomic.Int64 }

func (c *countingHasher) Hash(password string) (string, error) {
	c.hashes.Add(1)
	return identityapp.Argon2id{}.Hash(password)
}

func (c *countingHasher) Verify(password, encoded string) (bool, error) {
	c.verifies.Add(1)
	return identityapp.Argon2id{}.Verify(password, encoded)
}

// take returns the calls since the last take and starts counting again.
func (c *countingHasher) take() (hashes, verifies int64) {
	return c.hashes.Swap(0), c.verifies.Swap(0)
}

// countingEnqueuer is the real job client, counting the jobs inserted.
type countingEnqueuer struct {
	identityapp.Enqueuer
	inserts atomic.Int64
}

func (c *countingEnqueuer) InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	c.inserts.Add(1)
	return c.Enqueuer.InsertTx(ctx, tx, args, opts)
}

// countingSetup is setup with the hasher and the job client counted.
func countingSetup(t *testing.T) (*bundle, *countingHasher, *countingEnqueuer) {
	t.Helper()
	b := setup(t)
	h, q := &countingHasher{}, &countingEnqueuer{Enqueuer: b.jobs}
	b.svc = identityapp.New(b.db.Pool, b.wal, q, identityapp.Options{
		AdminEmails: []string{"boss@gamelle.test"}, AppURL: "http://app.test", Key: testKey, Now: b.clock.now, Passwords: h,
	})
	return b, h, q
}

// TestLoginDoesTheSameWorkForKnownAndUnknownAddresses: every failed sign-in (a known address
// with a wrong password, verified or not, an account without a password, an unknown or a
// malformed address) runs exactly one argon2id verification and no hashing, so the time it
// takes does not tell who has an account. (The time itself is measured in cmd/bench, identity
// run: a timing ratio in a test is noise under parallel load.)
func TestLoginDoesTheSameWorkForKnownAndUnknownAddresses(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b, h, _ := countingSetup(t)
	register(t, b, "unverified@example.com")
	register(t, b, "known@example.com")
	_, err := b.svc.VerifyEmail(ctx, lastSegment(b.lastEmail(t, "known@example.com", mail.KindVerify).Data.Link))
	require.NoError(t, err)
	_, _, err = b.svc.FindOrCreateVerified(ctx, identityapp.ProviderIdentity{EmailVerified: true, Email: "nopassword@example.com", Name: "Gus", Surname: "Lee"})
	require.NoError(t, err)
	h.take()
	for _, email := range []string{"known@example.com", "unverified@example.com", "nopassword@example.com", "unknown@example.com", "not an address"} {
		_, err := b.svc.Authenticate(ctx, email, "wrong-password-1")
		require.ErrorIs(t, err, identityapp.ErrInvalidCredentials, email)
		hashes, verifies := h.take()
		require.Equal(t, [2]int64{0, 1}, [2]int64{hashes, verifies}, "%s: hashes, verifications", email)
	}
	_, err = b.svc.Authenticate(ctx, "known@example.com", "tomate-cerise-42")
	require.NoError(t, err)
	hashes, verifies := h.take()
	require.Equal(t, [2]int64{0, 1}, [2]int64{hashes, verifies}, "the right password: hashes, verifications")
}

// TestResetDoesTheSameWorkForKnownAndUnknownAddresses: a reset request for a known and for an
// unknown address both succeed, hash nothing and queue exactly one email job of the same kind
// in the request's transaction (the email's content differs, not the work the request does).
func TestResetDoesTheSameWorkForKnownAndUnknownAddresses(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b, h, q := countingSetup(t)
	register(t, b, "known@example.com")
	h.take()
	q.inserts.Store(0)
	for _, c := range []struct {
		email string
		kind  mail.Kind
	}{{"known@example.com", mail.KindReset}, {"unknown@example.com", mail.KindResetUnknown}} {
		before := len(b.emails(t))
		require.NoError(t, b.svc.RequestPasswordReset(ctx, c.email, identity.French), c.email)
		hashes, verifies := h.take()
		require.Equal(t, [2]int64{0, 0}, [2]int64{hashes, verifies}, "%s: hashes, verifications", c.email)
		require.EqualValues(t, 1, q.inserts.Swap(0), "%s: jobs queued", c.email)
		all := b.emails(t)
		require.Len(t, all, before+1, c.email)
		require.Equal(t, c.kind, all[len(all)-1].Template, c.email)
		require.Equal(t, c.email, all[len(all)-1].To)
	}
}

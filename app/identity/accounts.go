// Package identity (the app layer of domain/identity, imported as identityapp) runs identity's
// commands against PostgreSQL: sign-up, password and code sign-in, email verification (with the
// 2-token bonus, once), magic links and password reset.
// The rules live in domain/identity; this package stores state (users, otp_codes, link_tokens,
// the only SQL on those tables) and inserts the email jobs in the same transaction as the
// state change.
//
// Every entry point that takes an email answers the same way, and does the same expensive
// work, whether or not an account exists for it, so responses cannot reveal who has an account.
package identity

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/integrations/mail"
)

// Errors callers branch on.
var (
	ErrNotFound = errors.New("identity: user not found")
	// ErrInvalidCredentials: unknown email, no password on the account, or wrong password.
	ErrInvalidCredentials = errors.New("identity: invalid credentials")
	// ErrNotVerified: the password is right but nobody has proven the address yet. Such an
	// account gets no session (OWASP pre-account hijacking): whoever typed the password may
	// not own the address.
	ErrNotVerified = errors.New("identity: address not verified")
	// ErrAlreadyVerified: a verification link was asked for an address already confirmed;
	// nothing was sent.
	ErrAlreadyVerified = errors.New("identity: address already verified")
)

// ResendTooSoonError says a code was sent less than 60 s ago; nothing was sent.
type ResendTooSoonError struct{ Wait time.Duration }

// Seconds is the wait in whole seconds, rounded up (what a person is told).
func (e *ResendTooSoonError) Seconds() int { return int((e.Wait + time.Second - 1) / time.Second) }

func (e *ResendTooSoonError) Error() string {
	return fmt.Sprintf("identity: code sent recently, wait %s", e.Wait.Round(time.Second))
}

// WrongCodeError is a wrong one-time code with tries left; it unwraps to identity.ErrCodeWrong.
type WrongCodeError struct{ Left int }

func (e *WrongCodeError) Error() string {
	return fmt.Sprintf("identity: wrong code, %d tries left", e.Left)
}

// Unwrap makes errors.Is(err, identity.ErrCodeWrong) true.
func (e *WrongCodeError) Unwrap() error { return identity.ErrCodeWrong }

// User is a person's account as the rest of the application sees it.
type User struct {
	ID                uuid.UUID
	Email             string
	Name              string
	Surname           string
	Role              identity.Role
	VerifiedAt        *time.Time
	SessionGeneration int64
	Language          identity.Language
	// Currency is the person's currency for prices and purchases ("EUR" or "USD").
	Currency string
	// CurrencyChosen is set once the person chose a currency; until then Currency follows the
	// locale of their browser (FollowLocaleCurrency).
	CurrencyChosen bool
	CreatedAt      time.Time

	passwordHash string
}

// Verified reports whether the person proved they own the address.
func (u User) Verified() bool { return u.VerifiedAt != nil }

// HasPassword reports whether credential sign-in is possible for this account.
func (u User) HasPassword() bool { return u.passwordHash != "" }

// NeedsProfile is true for a first-time code visitor who has not given a name yet.
func (u User) NeedsProfile() bool { return u.Name == "" || u.Surname == "" }

// Enqueuer inserts River jobs in a transaction; *jobs.Client satisfies it.
type Enqueuer interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Options configure the service.
type Options struct {
	// AdminEmails (normalised) get the ADMIN role at sign-up.
	AdminEmails []string
	// AppURL prefixes the links in emails.
	AppURL string
	// Key (APP_KEY) keys the hashes of one-time codes, so a database leak does not reveal them.
	Key []byte
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Passwords hashes and verifies passwords; nil is Argon2id. Tests count its calls to prove
	// that known and unknown addresses cost the same work.
	Passwords PasswordHasher
}

// PasswordHasher hashes and verifies passwords.
type PasswordHasher interface {
	// Hash returns the encoded hash of a password.
	Hash(password string) (string, error)
	// Verify tells whether the password matches the encoded hash.
	Verify(password, encoded string) (bool, error)
}

// Argon2id is the production PasswordHasher (domain/identity's argon2id PHC strings).
type Argon2id struct{}

// Hash returns the argon2id PHC string of the password.
func (Argon2id) Hash(password string) (string, error) { return identity.HashPassword(password) }

// Verify checks the password against an argon2id PHC string.
func (Argon2id) Verify(password, encoded string) (bool, error) {
	return identity.VerifyPassword(password, encoded)
}

// Service runs the identity commands. It is safe for concurrent use.
type Service struct {
	pool    *pgxpool.Pool
	wallets *ledgerapp.Service
	jobs    Enqueuer
	opts    Options
	// personal are the areas' exporters and erasers (erase.go).
	personal []PersonalData
}

// New returns the service.
func New(pool *pgxpool.Pool, w *ledgerapp.Service, q Enqueuer, opts Options) *Service {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Passwords == nil {
		opts.Passwords = Argon2id{}
	}
	return &Service{pool: pool, wallets: w, jobs: q, opts: opts}
}

func (s *Service) now() time.Time { return s.opts.Now().UTC().Truncate(time.Microsecond) }

// ByID returns the user, or ErrNotFound.
func (s *Service) ByID(ctx context.Context, id uuid.UUID) (User, error) {
	return userByID(ctx, s.pool, id, false)
}

// ByIDTx is ByID on q, typically the caller's transaction: a transaction that needs the person
// (billing's receipt) reads through its own connection instead of waiting for a second one.
func (s *Service) ByIDTx(ctx context.Context, q eventstore.DBTX, id uuid.UUID) (User, error) {
	return userByID(ctx, q, id, false)
}

// ByEmail returns the user with that (raw) address, or ErrNotFound.
func (s *Service) ByEmail(ctx context.Context, email string) (User, error) {
	e, err := identity.NormalizeEmail(email)
	if err != nil {
		return User{}, ErrNotFound
	}
	return userByEmail(ctx, s.pool, e, false)
}

// Balance is the person's token balance from the wallet's stream head (always current).
func (s *Service) Balance(ctx context.Context, id uuid.UUID) (int64, error) {
	return s.wallets.Balance(ctx, id)
}

func (s *Service) enqueue(ctx context.Context, tx pgx.Tx, kind mail.Kind, to string, lang identity.Language, d mail.Data) error {
	args, err := SealEmailArgs(s.opts.Key, SendEmailArgs{Template: kind, To: to, Locale: string(lang), Data: d})
	if err != nil {
		return err
	}
	if _, err := s.jobs.InsertTx(ctx, tx, args, nil); err != nil {
		return fmt.Errorf("identity: queue %s email: %w", kind, err)
	}
	return nil
}

func (s *Service) link(path string, query url.Values) string {
	u := s.opts.AppURL + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	return u
}

// newSecret is a 256-bit URL-safe random token.
func newSecret() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("identity: random token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// hashToken hashes a high-entropy link token for storage.
func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// hashCode hashes a 6-digit code with the app key and the user id: a million codes are easy to
// try against a bare hash, not against a keyed one.
func (s *Service) hashCode(userID uuid.UUID, code string) []byte {
	m := hmac.New(sha256.New, s.opts.Key)
	m.Write(userID[:])
	m.Write([]byte("|" + code))
	return m.Sum(nil)
}

// markVerifiedTx verifies the user inside tx and, if this call is the one that verified them,
// grants the sign-up bonus in the same transaction. The grant's idempotency key makes it once
// per account whatever path (link, code, social login) and however many concurrent clicks.
//
// dropUnprovenPassword clears the password of an account that was never verified when the
// address is proven another way (code, provider): whoever set that password had not shown they
// own the address, and keeping it would let them into the real owner's account.
func (s *Service) markVerifiedTx(ctx context.Context, tx pgx.Tx, userID uuid.UUID, dropUnprovenPassword bool) (bool, error) {
	did, err := setVerified(ctx, tx, userID, s.now(), dropUnprovenPassword)
	if err != nil || !did {
		return false, err
	}
	if _, err := s.wallets.GrantTx(ctx, tx, ledgerapp.GrantCommand{
		UserID: userID, Amount: ledger.SignupBonus, Reason: ledger.ReasonSignupBonus, Ref: userID.String(),
		CommandMeta: eventstore.CommandMeta{Actor: eventstore.ActorSystem, IdempotencyKey: "signup-bonus:" + userID.String()},
	}); err != nil {
		return false, fmt.Errorf("identity: signup bonus for %s: %w", userID, err)
	}
	return true, nil
}

// inTx runs fn in a transaction, retrying when the wallet append must restart its whole
// transaction (a reordered version conflict; rare). It appends, so it goes through the event
// store's transaction helper, which wakes the projections after the commit.
func (s *Service) inTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	return eventstore.RetryInTx(ctx, s.pool, fn, eventstore.WithMaxAttempts(3))
}

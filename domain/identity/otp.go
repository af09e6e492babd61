package identity

import (
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/gamelle/gamelle/domain/fault"
)

// One-time code and link rules (docs/product.md §10).
const (
	OTPDigits      = 6
	OTPTTL         = 10 * time.Minute
	OTPMaxAttempts = 5
	OTPResendAfter = 60 * time.Second
	MagicLinkTTL   = 15 * time.Minute
	ResetLinkTTL   = 60 * time.Minute
	// VerifyLinkTTL is how long the email-verification link of a credential sign-up works. It is
	// not set by the spec; three days leaves time for a weekend without keeping a live secret
	// in a mailbox for long.
	VerifyLinkTTL = 72 * time.Hour
)

// Why a code or link was refused. They are distinct so each page can explain itself and offer
// the right way forward (ask for a new code, a new link).
var (
	ErrCodeWrong   = errors.New("code wrong")
	ErrCodeExpired = fault.New(fault.Conflict, "code", "error.code.expired", "code expired")
	// ErrCodeBurned: too many wrong tries, the code no longer works even if right.
	ErrCodeBurned = fault.New(fault.Conflict, "code", "error.code.burned", "code burned after too many wrong tries")
	// ErrCodeUsed: no active code (already used, replaced or never sent).
	ErrCodeUsed    = fault.New(fault.Conflict, "code", "error.code.used", "code used or unknown")
	ErrLinkExpired = fault.New(fault.Conflict, "token", "error.link.expired", "link expired")
	ErrLinkUsed    = fault.New(fault.Conflict, "token", "error.link.used", "link already used or replaced")
	// ErrLinkInvalid: no such link (mistyped, truncated, forged). It is not called "used": the
	// person never used it.
	ErrLinkInvalid = fault.New(fault.Invalid, "token", "error.link.invalid", "link invalid")
)

// DeadLink tells whether err is one of the reasons an emailed link no longer (or never) works.
func DeadLink(err error) bool {
	return errors.Is(err, ErrLinkExpired) || errors.Is(err, ErrLinkUsed) || errors.Is(err, ErrLinkInvalid)
}

// NewOTPCode returns a uniformly random 6-digit code, zero-padded.
func NewOTPCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", fmt.Errorf("otp code: %w", err)
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// ValidOTPFormat reports whether s looks like a code (6 ASCII digits), before any lookup.
func ValidOTPFormat(s string) bool {
	if len(s) != OTPDigits {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// OTP is the state of a person's current one-time code and its magic link. The store keeps
// hashes only; the comparison of hashes is the caller's (constant-time) job.
type OTP struct {
	CodeExpiresAt time.Time
	LinkExpiresAt time.Time
	Attempts      int
	SentAt        time.Time
	Used          bool
}

// NewOTP is the state of a code sent at now.
func NewOTP(now time.Time) OTP {
	return OTP{CodeExpiresAt: now.Add(OTPTTL), LinkExpiresAt: now.Add(MagicLinkTTL), SentAt: now}
}

// CheckCode decides a code entry. match says whether the typed code equals the stored one.
// The returned OTP is the state to store (attempts counted, used set on success); the error is
// nil on success.
func (o OTP) CheckCode(now time.Time, match bool) (OTP, error) {
	switch {
	case o.Used:
		return o, ErrCodeUsed
	case o.Attempts >= OTPMaxAttempts:
		return o, ErrCodeBurned
	case !now.Before(o.CodeExpiresAt):
		return o, ErrCodeExpired
	case !match:
		o.Attempts++
		if o.Attempts >= OTPMaxAttempts {
			return o, ErrCodeBurned
		}
		return o, ErrCodeWrong
	}
	o.Used = true
	return o, nil
}

// CheckLink decides a magic-link visit. The link's secret is 256 random bits, separate from the
// typed code: guessing it is hopeless, so a wrong one is only refused (ErrLinkInvalid) and does
// not spend the code's tries, which would let anyone lock the person out by visiting bad links.
func (o OTP) CheckLink(now time.Time, match bool) (OTP, error) {
	switch {
	case !match:
		return o, ErrLinkInvalid
	case o.Used:
		return o, ErrLinkUsed
	case o.Attempts >= OTPMaxAttempts:
		return o, ErrLinkUsed
	case !now.Before(o.LinkExpiresAt):
		return o, ErrLinkExpired
	}
	o.Used = true
	return o, nil
}

// ResendIn is how long the person must wait before another code may be sent; 0 means now.
func (o OTP) ResendIn(now time.Time) time.Duration {
	if o.SentAt.IsZero() {
		return 0
	}
	wait := o.SentAt.Add(OTPResendAfter).Sub(now)
	if wait < 0 {
		return 0
	}
	return wait
}

// LinkToken is a single-use emailed link (verification, password reset).
type LinkToken struct {
	ExpiresAt time.Time
	Used      bool
}

// Check decides a link visit at now.
func (t LinkToken) Check(now time.Time) error {
	switch {
	case t.Used:
		return ErrLinkUsed
	case !now.Before(t.ExpiresAt):
		return ErrLinkExpired
	}
	return nil
}

package identity_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/identity"
)

func TestOTPCode(t *testing.T) {
	t.Parallel()
	for range 200 {
		c, err := identity.NewOTPCode()
		require.NoError(t, err)
		require.True(t, identity.ValidOTPFormat(c), c)
	}
	require.False(t, identity.ValidOTPFormat("12345"))
	require.False(t, identity.ValidOTPFormat("12345a"))
}

func TestOTPRules(t *testing.T) {
	t.Parallel()
	now := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	o := identity.NewOTP(now)

	// Right code within 10 minutes: accepted once.
	used, err := o.CheckCode(now.Add(9*time.Minute), true)
	require.NoError(t, err)
	_, err = used.CheckCode(now.Add(9*time.Minute), true)
	require.ErrorIs(t, err, identity.ErrCodeUsed)

	// Expired at 10 minutes.
	_, err = o.CheckCode(now.Add(10*time.Minute), true)
	require.ErrorIs(t, err, identity.ErrCodeExpired)

	// Five wrong tries burn it; the right code then fails too.
	s := o
	for i := 1; i <= 4; i++ {
		s, err = s.CheckCode(now, false)
		require.ErrorIs(t, err, identity.ErrCodeWrong)
		require.Equal(t, i, s.Attempts)
	}
	s, err = s.CheckCode(now, false)
	require.ErrorIs(t, err, identity.ErrCodeBurned)
	_, err = s.CheckCode(now, true)
	require.ErrorIs(t, err, identity.ErrCodeBurned)

	// Resend cooldown: 60 s.
	require.Equal(t, 60*time.Second, o.ResendIn(now))
	require.Equal(t, 1*time.Second, o.ResendIn(now.Add(59*time.Second)))
	require.Zero(t, o.ResendIn(now.Add(60*time.Second)))
}

func TestMagicLinkRules(t *testing.T) {
	t.Parallel()
	now := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	o := identity.NewOTP(now)
	// The link outlives the code: 15 minutes.
	used, err := o.CheckLink(now.Add(14*time.Minute), true)
	require.NoError(t, err)
	_, err = used.CheckLink(now.Add(14*time.Minute), true)
	require.ErrorIs(t, err, identity.ErrLinkUsed)
	_, err = o.CheckLink(now.Add(15*time.Minute), true)
	require.ErrorIs(t, err, identity.ErrLinkExpired)
	// Wrong links are refused as invalid and leave the code's tries alone (issue: five bad
	// link visits used to lock the person out).
	s := o
	for range identity.OTPMaxAttempts + 1 {
		s, err = s.CheckLink(now, false)
		require.ErrorIs(t, err, identity.ErrLinkInvalid)
	}
	require.Equal(t, o, s)
	_, err = s.CheckCode(now, true)
	require.NoError(t, err)
	// A code burned by wrong typed tries takes its link with it.
	for range identity.OTPMaxAttempts {
		s, _ = s.CheckCode(now, false)
	}
	_, err = s.CheckLink(now, true)
	require.ErrorIs(t, err, identity.ErrLinkUsed)
}

func TestLinkToken(t *testing.T) {
	t.Parallel()
	now := time.Now()
	require.NoError(t, identity.LinkToken{ExpiresAt: now.Add(time.Minute)}.Check(now))
	require.ErrorIs(t, identity.LinkToken{ExpiresAt: now}.Check(now), identity.ErrLinkExpired)
	require.ErrorIs(t, identity.LinkToken{ExpiresAt: now.Add(time.Minute), Used: true}.Check(now), identity.ErrLinkUsed)
}

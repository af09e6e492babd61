package identity

import (
	"errors"
	"time"
)

// EmailChangeTTL is how long the link sent to a new address works. A day leaves time to open
// another mailbox without keeping a live secret in it for long.
const EmailChangeTTL = 24 * time.Hour

// ErrEmailUnchanged: the new address is the account's address already.
var ErrEmailUnchanged = errors.New("new email is the current one")

// NewEmailFor checks the address a person asks to use instead of current (already normalised):
// it returns the new address normalised, the NormalizeEmail error, or ErrEmailUnchanged.
// Addresses compare normalised, so a change of case only is no change (sign-up treats them as
// one address too).
func NewEmailFor(current, raw string) (string, error) {
	e, err := NormalizeEmail(raw)
	if err != nil {
		return "", err
	}
	if e == current {
		return "", ErrEmailUnchanged
	}
	return e, nil
}

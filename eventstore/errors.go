package eventstore

import (
	"errors"
	"fmt"
)

// ErrVersionConflict is matched (errors.Is) by every *VersionConflictError. It means another
// writer appended to the stream first; reload and retry the command.
var ErrVersionConflict = errors.New("eventstore: stream version conflict")

// ErrIdempotencyKeyReused is matched by *IdempotencyKeyReusedError: the key was first used for a
// different request, which is a caller bug, not something to retry.
var ErrIdempotencyKeyReused = errors.New("eventstore: idempotency key reused for a different request")

// ErrInvalidAppend reports an append request that can never succeed (no events, empty type…).
var ErrInvalidAppend = errors.New("eventstore: invalid append")

// VersionConflictError says which stream moved and where it was found.
type VersionConflictError struct {
	StreamID string
	// Expected is the version the caller read; Actual the one found at append time (-1 when the
	// conflict was detected by the unique index, i.e. a concurrent writer committed meanwhile).
	Expected, Actual int64
	// Reordered is true when the stream head was written by a transaction with a newer id than
	// ours: appending would break per-stream order for consumers, so a fresh transaction must retry.
	Reordered bool
}

func (e *VersionConflictError) Error() string {
	if e.Reordered {
		return fmt.Sprintf("eventstore: stream %q head written by a newer transaction; retry in a new transaction", e.StreamID)
	}
	return fmt.Sprintf("eventstore: stream %q at version %d, expected %d", e.StreamID, e.Actual, e.Expected)
}

// Is makes errors.Is(err, ErrVersionConflict) true.
func (e *VersionConflictError) Is(target error) bool { return target == ErrVersionConflict }

// IdempotencyKeyReusedError names the key that was reused.
type IdempotencyKeyReusedError struct {
	Key string
}

func (e *IdempotencyKeyReusedError) Error() string {
	return fmt.Sprintf("eventstore: idempotency key %q was first used for a different request", e.Key)
}

// Is makes errors.Is(err, ErrIdempotencyKeyReused) true.
func (e *IdempotencyKeyReusedError) Is(target error) bool { return target == ErrIdempotencyKeyReused }

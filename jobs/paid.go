package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"
)

// A paid job does work a person paid tokens for (recipe generation, a needs calculation). It
// retries what may pass next time; when retrying cannot help (a permanent error) or the last
// attempt failed, it closes the request and refunds the tokens, and the job completes: the
// person is told and paid back once, instead of River discarding the job silently.

// PermanentError marks a failure that retrying cannot fix.
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

// Permanent marks err as a failure retrying cannot fix.
func Permanent(err error) error { return &PermanentError{Err: err} }

// permanent is what an area's own error type implements to count as permanent while carrying
// its details (meal prep's failure reason).
type permanent interface{ Permanent() bool }

// IsPermanent reports whether err, or an error it wraps, is permanent.
func IsPermanent(err error) bool {
	var pe *PermanentError
	if errors.As(err, &pe) {
		return true
	}
	var p permanent
	return errors.As(err, &p) && p.Permanent()
}

// RefundTimeout bounds closing and refunding a failed paid job. The attempt's context may be
// the one that timed out, so the refund gets its own.
const RefundTimeout = 10 * time.Second

// WorkPaid runs one attempt of a paid job: work, then, when it failed for good (a permanent
// error or the job's last attempt), refund with the failure and complete the job. refund must
// be idempotent: a worker killed after it ran runs it again.
func WorkPaid[T river.JobArgs](ctx context.Context, job *river.Job[T], work func(context.Context) error, refund func(context.Context, error) error) error {
	err := work(ctx)
	if err == nil {
		return nil
	}
	if !IsPermanent(err) && job.Attempt < job.MaxAttempts {
		return err
	}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), RefundTimeout)
	defer cancel()
	if rerr := refund(rctx, err); rerr != nil {
		return fmt.Errorf("%s failed (%v) and could not be refunded: %w", job.Kind, err, rerr)
	}
	return nil
}

// RetrySoon is the retry schedule of jobs a person waits for on a page: attempt n retries
// after n seconds, not River's minutes-long backoff.
func RetrySoon(attempt int) time.Time { return time.Now().Add(time.Duration(attempt) * time.Second) }

// Pause waits d or until ctx ends; browser tests slow workers down with it (config.TestDelays).
func Pause(ctx context.Context, d time.Duration) {
	if d <= 0 {
		return
	}
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

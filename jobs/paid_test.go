package jobs_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/jobs"
)

type paidArgs struct{}

func (paidArgs) Kind() string { return "test_paid" }

// reasonError is an area's own permanent error carrying a detail, as meal prep's does.
type reasonError struct{ reason string }

func (e *reasonError) Error() string   { return e.reason }
func (e *reasonError) Permanent() bool { return true }

func TestWorkPaidRefundsOnceItFailedForGood(t *testing.T) {
	t.Parallel()
	transient := errors.New("engine busy")
	for _, c := range []struct {
		name          string
		attempt       int
		err           error
		wantErr       bool
		wantRefundFor error
	}{
		{name: "success", attempt: 1},
		{name: "transient, attempts left: River retries, no refund", attempt: 1, err: transient, wantErr: true},
		{name: "transient on the last attempt: refund", attempt: 3, err: transient, wantRefundFor: transient},
		{name: "permanent on the first attempt: refund", attempt: 1, err: jobs.Permanent(transient), wantRefundFor: transient},
		{name: "an area's permanent error, wrapped", attempt: 1, err: fmt.Errorf("make: %w", &reasonError{"no foods"}), wantRefundFor: &reasonError{"no foods"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			job := &river.Job[paidArgs]{JobRow: &rivertype.JobRow{Attempt: c.attempt, MaxAttempts: 3, Kind: paidArgs{}.Kind()}}
			var refunded []error
			err := jobs.WorkPaid(t.Context(), job, func(context.Context) error { return c.err },
				func(ctx context.Context, why error) error {
					_, hasDeadline := ctx.Deadline()
					require.True(t, hasDeadline, "the refund has its own bound")
					refunded = append(refunded, why)
					return nil
				})
			if c.wantErr {
				require.ErrorIs(t, err, c.err)
			} else {
				require.NoError(t, err)
			}
			if c.wantRefundFor == nil {
				require.Empty(t, refunded)
				return
			}
			require.Len(t, refunded, 1)
			var re *reasonError
			if errors.As(c.wantRefundFor, &re) {
				var got *reasonError
				require.ErrorAs(t, refunded[0], &got, "the refund sees the area's error and its detail")
				require.Equal(t, re.reason, got.reason)
			} else {
				require.ErrorIs(t, refunded[0], c.wantRefundFor)
			}
		})
	}
}

func TestWorkPaidReportsARefundThatFailed(t *testing.T) {
	t.Parallel()
	job := &river.Job[paidArgs]{JobRow: &rivertype.JobRow{Attempt: 3, MaxAttempts: 3, Kind: paidArgs{}.Kind()}}
	down := errors.New("database down")
	err := jobs.WorkPaid(t.Context(), job, func(context.Context) error { return errors.New("timeout") },
		func(context.Context, error) error { return down })
	require.ErrorIs(t, err, down, "River retries a job whose refund did not happen")
}

package admin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/jobs"
	"github.com/gamelle/gamelle/projections"
	"github.com/gamelle/gamelle/projections/checkouts"
	"github.com/gamelle/gamelle/projections/mealpreps"
	"github.com/gamelle/gamelle/projections/tokenhistory"
)

// StatsDays is the window the statistics cover.
const StatsDays = 30

// ProjectionLag is how far one read model is behind the event log.
type ProjectionLag struct {
	Name     string `json:"name"`
	Position int64  `json:"position"`
	Pending  int64  `json:"pending"`
	Failing  bool   `json:"failing"`
}

// Stats are the admin dashboard's figures over the last StatsDays days.
type Stats struct {
	Since       time.Time               `json:"since"`
	Tokens      []tokenhistory.Day      `json:"tokens"`
	Revenue     []checkouts.Revenue     `json:"revenue"`
	Generation  mealpreps.RequestStats  `json:"generation"`
	NeedsRuns   int64                   `json:"needsCalculations"`
	SignUps     []identityapp.SignupDay `json:"signUps"`
	Projections []ProjectionLag         `json:"projections"`
	Queue       map[string]int64        `json:"queue"`
	Rebuilds    []RebuildStatus         `json:"rebuilds"`
}

// Stats computes the statistics.
func (s *Service) Stats(ctx context.Context) (Stats, error) {
	since := s.now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -(StatsDays - 1))
	st := Stats{Since: since}
	var err error
	if st.Tokens, err = tokenhistory.Daily(ctx, s.pool, since); err != nil {
		return Stats{}, err
	}
	if st.Revenue, err = checkouts.RevenueSince(ctx, s.pool, since); err != nil {
		return Stats{}, err
	}
	if st.Generation, err = mealpreps.GenerationStats(ctx, s.pool, since); err != nil {
		return Stats{}, err
	}
	counts, err := tokenhistory.CountByReason(ctx, s.pool, since)
	if err != nil {
		return Stats{}, err
	}
	st.NeedsRuns = counts["needs_calculation"]
	if st.SignUps, err = s.identity.SignupsPerDay(ctx, since); err != nil {
		return Stats{}, err
	}
	consumers, err := s.store.Consumers(ctx, s.pool)
	if err != nil {
		return Stats{}, err
	}
	failures, err := projections.Failures(ctx, s.pool)
	if err != nil {
		return Stats{}, err
	}
	for _, c := range consumers {
		_, failing := failures[c.Group]
		st.Projections = append(st.Projections, ProjectionLag{Name: c.Group, Position: c.Checkpoint.Position, Pending: c.Pending, Failing: failing})
	}
	if st.Queue, err = jobs.QueueDepth(ctx, s.pool); err != nil {
		return Stats{}, err
	}
	if st.Rebuilds, err = s.Rebuilds(ctx); err != nil {
		return Stats{}, err
	}
	return st, nil
}

// RebuildArgs asks a worker to rebuild one projection from event zero.
type RebuildArgs struct {
	Projection string    `json:"projection"`
	ActionID   uuid.UUID `json:"actionId"`
}

// Kind implements river.JobArgs.
func (RebuildArgs) Kind() string { return "admin_rebuild_projection" }

// InsertOpts implements river.JobArgsWithInsertOpts: a failed rebuild is not retried blindly,
// the admin asks again.
func (RebuildArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 1} }

// RebuildOutput is what a finished rebuild reports (River's recorded output).
type RebuildOutput struct {
	Events    int64   `json:"events"`
	Seconds   float64 `json:"seconds"`
	PerSecond float64 `json:"perSecond"`
}

// RebuildWorker rebuilds a projection while the live runner keeps going (they share the
// checkpoint row, see projections.RebuildAll).
type RebuildWorker struct {
	river.WorkerDefaults[RebuildArgs]
	Pool   *pgxpool.Pool
	Logger *slog.Logger
}

// Timeout implements river.Worker: a rebuild of a large log takes minutes, not the default 30 s.
func (*RebuildWorker) Timeout(*river.Job[RebuildArgs]) time.Duration { return 30 * time.Minute }

// Work implements river.Worker.
func (w *RebuildWorker) Work(ctx context.Context, job *river.Job[RebuildArgs]) error {
	ps, err := projections.ByName(job.Args.Projection)
	if err != nil {
		return river.JobCancel(fmt.Errorf("admin rebuild: %w", err))
	}
	stats, err := projections.Rebuild(ctx, w.Pool, w.Logger, ps[0], 0)
	if err != nil {
		return fmt.Errorf("admin rebuild %s: %w", job.Args.Projection, err)
	}
	return river.RecordOutput(ctx, RebuildOutput{Events: stats.Events, Seconds: stats.Duration.Seconds(), PerSecond: stats.EventsPerSecond()})
}

// RequestRebuild records the admin's request and queues the rebuild in one transaction.
func (s *Service) RequestRebuild(ctx context.Context, by Actor, name string) error {
	if _, err := projections.ByName(name); err != nil || name == "" {
		return &FieldError{"projection", ErrUnknownProjection}
	}
	if s.jobs == nil {
		return errors.New("admin: this process has no job client")
	}
	actionID := uuid.New()
	return eventstore.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.record(ctx, tx, Action{
			ID: actionID, ActorID: &by.ID, Actor: by.Email, Action: ActionRebuildProjection, Detail: name, CreatedAt: s.now().UTC(),
		}); err != nil {
			return err
		}
		if _, err := s.jobs.InsertTx(ctx, tx, RebuildArgs{Projection: name, ActionID: actionID}, nil); err != nil {
			return fmt.Errorf("admin: queue rebuild of %s: %w", name, err)
		}
		return nil
	})
}

// RebuildStatus is a requested rebuild's progress, from its River job.
type RebuildStatus struct {
	Projection string         `json:"projection"`
	State      string         `json:"state"` // available, running, completed, discarded, cancelled…
	Output     *RebuildOutput `json:"output"`
	Error      string         `json:"error"`
	CreatedAt  time.Time      `json:"createdAt"`
	FinishedAt *time.Time     `json:"finishedAt"`
}

// Rebuilds lists the latest rebuild jobs, newest first.
func (s *Service) Rebuilds(ctx context.Context) ([]RebuildStatus, error) {
	if s.jobs == nil {
		return nil, nil
	}
	res, err := s.jobs.JobList(ctx, river.NewJobListParams().Kinds(RebuildArgs{}.Kind()).
		OrderBy(river.JobListOrderByID, river.SortOrderDesc).First(10))
	if err != nil {
		return nil, fmt.Errorf("admin: rebuild jobs: %w", err)
	}
	out := make([]RebuildStatus, 0, len(res.Jobs))
	for _, j := range res.Jobs {
		out = append(out, statusOf(j))
	}
	return out, nil
}

func statusOf(j *rivertype.JobRow) RebuildStatus {
	var args RebuildArgs
	_ = json.Unmarshal(j.EncodedArgs, &args)
	st := RebuildStatus{Projection: args.Projection, State: string(j.State), CreatedAt: j.CreatedAt, FinishedAt: j.FinalizedAt}
	if out := j.Output(); len(out) > 0 {
		var o RebuildOutput
		if json.Unmarshal(out, &o) == nil {
			st.Output = &o
		}
	}
	if n := len(j.Errors); n > 0 {
		st.Error = j.Errors[n-1].Error
	}
	return st
}

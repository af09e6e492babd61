package main

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/pgtest"
	"github.com/gamelle/gamelle/projections"
)

// slowProjection writes through the consumer's transaction for a while on every event and says
// when it has started.
type slowProjection struct{ started chan struct{} }

func (slowProjection) Name() string        { return "slow" }
func (slowProjection) Tables() []string    { return nil }
func (slowProjection) Handles(string) bool { return true }

func (p slowProjection) Apply(ctx context.Context, tx pgx.Tx, _ []eventstore.RecordedEvent) error {
	select {
	case p.started <- struct{}{}:
	default:
	}
	_, err := tx.Exec(ctx, `SELECT pg_sleep(0.05)`)
	return err
}

// Stopping the old design while a handler is writing through the subscriber's transaction
// leaves each connection to one goroutine: no pgx panic, and no data race under -race (the
// notify part of make bench crashed on it).
func TestOldDesignStopsWhileAHandlerWrites(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	ctx := context.Background()
	require.NoError(t, checkpointsAtHead(ctx, db.Pool, []string{"old_slow"}))
	svc := ledgerapp.New(db.Pool, eventstore.New(db.Pool))
	for range 30 {
		_, err := svc.Grant(ctx, ledgerapp.GrantCommand{UserID: uuid.New(), Amount: 1, Reason: ledger.ReasonAdminGrant,
			CommandMeta: eventstore.CommandMeta{Actor: "test"}})
		require.NoError(t, err)
	}
	for round := range 5 {
		p := slowProjection{started: make(chan struct{}, 1)}
		stop, err := startOld(ctx, db.Pool, []projections.Projection{p})
		require.NoError(t, err)
		select {
		case <-p.started:
		case <-time.After(time.Minute):
			stop()
			t.Fatalf("round %d: no event delivered", round)
		}
		stop() // a handler is inside pg_sleep on the subscriber's transaction
	}
}

// Package mealprep (app layer; imported as mealprepapp) runs the meal-prep commands against the
// event store — create, rename, duplicate, delete, foods, recipe generation requests, recipe
// updates — and the River worker that makes the recipes. Rules live in domain/mealprep; this
// package loads, lets the aggregate decide, and appends with the expected version in one
// transaction with whatever must commit with it (the name row, the token charge, the job).
package mealprep

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/fault"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/season"
	"github.com/gamelle/gamelle/eventstore"
)

// JobInserter inserts River jobs inside a transaction (*river.Client[pgx.Tx] does).
type JobInserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// ErrUnknownFood: the food code is neither a CIQUAL food nor one of the person's own.
var ErrUnknownFood = fault.New(fault.Invalid, "foodCode", "mealprep.error.food_unknown", "mealprep: unknown food")

// Service runs meal-prep commands. It is safe for concurrent use.
type Service struct {
	pool   *pgxpool.Pool
	store  *eventstore.Store
	runner *eventstore.Runner[*mealprep.MealPrep, mealprep.Event]
	ledger *ledgerapp.Service
	jobs   JobInserter
	foods  *nutritionapp.Searcher
	// prices prices edited recipes; usdPerEUR converts prices for people who chose dollars.
	prices    *nutrition.PriceTable
	usdPerEUR float64
	// seasons and now: the season preference (season.go); nil: none.
	seasons *season.Calendar
	now     func() time.Time
}

// New returns the service. jobs may be nil for processes that never generate (tools, tests of
// other commands). It prices with the shipped table and the default dollar rate until
// WithPricing says otherwise.
func New(pool *pgxpool.Pool, store *eventstore.Store, ledger *ledgerapp.Service, jobs JobInserter) *Service {
	return &Service{pool: pool, store: store, runner: eventstore.NewRunner(store, prepType), ledger: ledger, jobs: jobs, foods: nutritionapp.NewSearcher(pool),
		prices: ShippedPrices(), usdPerEUR: nutrition.DefaultUSDPerEUR}
}

// WithPricing sets the price table the process shares (admins' overrides applied to it reach
// edited recipes) and the configured dollar rate (USD_PER_EUR; 0 keeps the default). Call it
// before the service is used.
func (s *Service) WithPricing(prices *nutrition.PriceTable, usdPerEUR float64) *Service {
	if prices != nil {
		s.prices = prices
	}
	if usdPerEUR > 0 {
		s.usdPerEUR = usdPerEUR
	}
	return s
}

// ShippedPrices is the shipped price table (data/prices), parsed once; a process that lets
// admins override prices passes its own table to WithPricing.
var ShippedPrices = sync.OnceValue(func() *nutrition.PriceTable {
	t, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	if err != nil {
		panic(fmt.Sprintf("shipped price table: %v", err)) // the embedded file is tested
	}
	return t
})

// Foods is the food searcher the service checks codes with.
func (s *Service) Foods() *nutritionapp.Searcher { return s.foods }

// Result is what a command changed.
type Result struct {
	// Position of the last appended event (0 when nothing changed): WaitFor it before reading
	// the read models.
	Position int64
	// Duplicate: the idempotency key was used before; nothing new happened.
	Duplicate bool
}

// prepType builds meal preps for the command runner: every command replays the stream, whose
// history the runner reads in the same round trip as the stream lock and the head.
var prepType = eventstore.AggregateType[*mealprep.MealPrep, mealprep.Event]{
	Name: "mealprep",
	Decode: func(e eventstore.RecordedEvent) (mealprep.Event, error) {
		return mealprep.Decode(e.Type, e.Payload)
	},
	FromHistory: func(stream string, events []mealprep.Event) (*mealprep.MealPrep, error) {
		id, err := mealprep.IDFromStream(stream)
		if err != nil {
			return nil, err
		}
		return mealprep.FromHistory(id, events), nil
	},
}

// prepCommand is what every meal-prep command carries: who asks, and which meal prep.
type prepCommand struct {
	eventstore.CommandMeta
	Owner      uuid.UUID `json:"owner"`
	MealPrepID uuid.UUID `json:"mealPrepId"`
}

// StreamID implements eventstore.Command.
func (c prepCommand) StreamID() string { return mealprep.StreamID(c.MealPrepID) }

// owned refuses a meal prep that is not the asker's, or no longer exists, as not found: another
// person cannot learn that the id exists.
func (c prepCommand) owned(m *mealprep.MealPrep) error {
	if !m.OwnedBy(c.Owner) {
		return fmt.Errorf("%w: %s", mealprep.ErrNotFound, c.MealPrepID)
	}
	return nil
}

// byOwner is the base of a command the person makes on their meal prep.
func byOwner(owner, id uuid.UUID) prepCommand {
	return prepCommand{CommandMeta: eventstore.CommandMeta{Actor: actor(owner)}, Owner: owner, MealPrepID: id}
}

// run runs cmd and writes what must commit with its events (side: the name row, the charge, the
// job) in one transaction. side runs only when the command appended (not on a duplicate or a
// no-op). A version conflict, including one met by a side write on another stream, decides the
// whole transaction again (eventstore.RetryInTx).
func (s *Service) run(ctx context.Context, cmd eventstore.Command[*mealprep.MealPrep], side func(tx pgx.Tx, res eventstore.AppendResult) error) (eventstore.AppendResult, error) {
	var res eventstore.AppendResult
	err := eventstore.RetryInTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		if res, err = s.runner.RunTx(ctx, tx, cmd); err != nil || side == nil || res.Duplicate || len(res.Events) == 0 {
			return err
		}
		return side(tx, res)
	})
	if err != nil {
		return eventstore.AppendResult{}, fmt.Errorf("mealprep: %w", err)
	}
	return res, nil
}

func actor(u uuid.UUID) string {
	if u == uuid.Nil {
		return "system"
	}
	return "user:" + u.String()
}

// Load replays a meal prep for its owner; another person's or a deleted one is ErrNotFound.
func (s *Service) Load(ctx context.Context, owner, id uuid.UUID) (*mealprep.MealPrep, error) {
	m, err := s.runner.Load(ctx, s.pool, mealprep.StreamID(id))
	if err != nil {
		return nil, fmt.Errorf("mealprep %s: %w", id, err)
	}
	if !m.OwnedBy(owner) {
		return nil, fmt.Errorf("%w: %s", mealprep.ErrNotFound, id)
	}
	return m, nil
}

func setText(ctx context.Context, tx pgx.Tx, subject, owner uuid.UUID, name string) error {
	_, err := tx.Exec(ctx, `INSERT INTO mealprep_texts (subject_id, owner_id, name) VALUES ($1, $2, $3)
		ON CONFLICT (subject_id) DO UPDATE SET name = excluded.name`, subject, owner, name)
	if err != nil {
		return fmt.Errorf("mealprep: store name of %s: %w", subject, err)
	}
	return nil
}

func result(res eventstore.AppendResult) Result {
	return Result{Position: res.LastPosition(), Duplicate: res.Duplicate}
}

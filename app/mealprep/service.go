// Package mealprep (app layer; imported as mealprepapp) runs the meal-prep commands against the
// event store — create, rename, duplicate, delete, foods, recipe generation requests, recipe
// updates — and the River worker that makes the recipes. Rules live in domain/mealprep; this
// package loads, lets the aggregate decide, and appends with the expected version in one
// transaction with whatever must commit with it (the name row, the token charge, the job).
package mealprep

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
)

// JobInserter inserts River jobs inside a transaction (*river.Client[pgx.Tx] does).
type JobInserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// ErrUnknownFood: the food code is neither a CIQUAL food nor one of the person's own.
var ErrUnknownFood = errors.New("mealprep: unknown food")

// Service runs meal-prep commands. It is safe for concurrent use.
type Service struct {
	pool   *pgxpool.Pool
	store  *eventstore.Store
	ledger *ledgerapp.Service
	jobs   JobInserter
	foods  *nutritionapp.Searcher
	// prices prices edited recipes; usdPerEUR converts prices for people who chose dollars.
	prices    *nutrition.PriceTable
	usdPerEUR float64
}

// New returns the service. jobs may be nil for processes that never generate (tools, tests of
// other commands). It prices with the shipped table and the default dollar rate until
// WithPricing says otherwise.
func New(pool *pgxpool.Pool, store *eventstore.Store, ledger *ledgerapp.Service, jobs JobInserter) *Service {
	return &Service{pool: pool, store: store, ledger: ledger, jobs: jobs, foods: nutritionapp.NewSearcher(pool),
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

// command is one run of load → decide → append (→ after) in one transaction.
type command struct {
	id    uuid.UUID
	owner uuid.UUID
	// create: the stream must not exist yet (no owner check).
	create bool
	// key/hash make the command happen once.
	key, hash string
	// decide runs the behaviour; it may write in tx (before the append).
	decide func(ctx context.Context, tx pgx.Tx, m *mealprep.MealPrep) error
	// after runs in tx after the append (e.g. the River job insert).
	after func(ctx context.Context, tx pgx.Tx, res eventstore.AppendResult) error
}

// run executes c in one transaction, deciding again in a fresh transaction on a version
// conflict (eventstore.RetryInTx): c writes beside the append (names, the charge, the job), so
// the whole transaction is what must be retried.
func (s *Service) run(ctx context.Context, c command) (eventstore.AppendResult, error) {
	var res eventstore.AppendResult
	err := eventstore.RetryInTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		res, err = s.attempt(ctx, tx, c)
		return err
	})
	if err != nil {
		return eventstore.AppendResult{}, fmt.Errorf("mealprep %s: %w", c.id, err)
	}
	return res, nil
}

func (s *Service) attempt(ctx context.Context, tx pgx.Tx, c command) (eventstore.AppendResult, error) {
	stream := mealprep.StreamID(c.id)
	ws, err := s.store.ReadForWrite(ctx, tx, stream, eventstore.WriteOptions{Lock: true, IdempotencyKey: c.key, RequestHash: c.hash})
	if err != nil {
		return eventstore.AppendResult{}, fmt.Errorf("mealprep %s: read: %w", c.id, err)
	}
	if ws.Duplicate != nil {
		return *ws.Duplicate, nil
	}
	m, err := s.loadTx(ctx, tx, c.id)
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	if !c.create && !m.OwnedBy(c.owner) {
		return eventstore.AppendResult{}, fmt.Errorf("%w: %s", mealprep.ErrNotFound, c.id)
	}
	if err := c.decide(ctx, tx, m); err != nil {
		return eventstore.AppendResult{}, err
	}
	if len(m.Changes()) == 0 {
		return eventstore.AppendResult{StreamID: stream}, nil
	}
	data := make([]eventstore.EventData, 0, len(m.Changes()))
	for _, e := range m.Changes() {
		d, err := eventstore.NewEvent(e.EventType(), e)
		if err != nil {
			return eventstore.AppendResult{}, err
		}
		data = append(data, d)
	}
	res, err := s.store.Append(ctx, tx, eventstore.AppendRequest{
		StreamID: stream, ExpectedVersion: m.Version(), Events: data,
		Metadata:       eventstore.Metadata{Actor: actor(c.owner)},
		IdempotencyKey: c.key, RequestHash: c.hash,
	})
	if err != nil {
		return eventstore.AppendResult{}, fmt.Errorf("mealprep %s: append: %w", c.id, err)
	}
	if c.after != nil {
		if err := c.after(ctx, tx, res); err != nil {
			return eventstore.AppendResult{}, err
		}
	}
	return res, nil
}

func actor(u uuid.UUID) string {
	if u == uuid.Nil {
		return "system"
	}
	return "user:" + u.String()
}

func hash(parts ...any) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%v\x00", p)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// loadTx replays a meal prep (an unknown id gives a meal prep that does not exist).
func (s *Service) loadTx(ctx context.Context, db eventstore.DBTX, id uuid.UUID) (*mealprep.MealPrep, error) {
	recorded, err := s.store.Load(ctx, db, mealprep.StreamID(id), 1)
	if err != nil {
		return nil, fmt.Errorf("mealprep %s: load: %w", id, err)
	}
	events := make([]mealprep.Event, 0, len(recorded))
	for _, r := range recorded {
		e, err := mealprep.Decode(r.Type, r.Payload)
		if err != nil {
			return nil, fmt.Errorf("mealprep %s version %d: %w", id, r.Version, err)
		}
		events = append(events, e)
	}
	return mealprep.FromHistory(id, events), nil
}

// Load replays a meal prep for its owner; another person's or a deleted one is ErrNotFound.
func (s *Service) Load(ctx context.Context, owner, id uuid.UUID) (*mealprep.MealPrep, error) {
	m, err := s.loadTx(ctx, s.pool, id)
	if err != nil {
		return nil, err
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

// Create starts a meal prep named name for owner and returns its id.
func (s *Service) Create(ctx context.Context, owner uuid.UUID, name string) (uuid.UUID, Result, error) {
	id, err := uuid.NewV7()
	if err != nil {
		return uuid.Nil, Result{}, err
	}
	res, err := s.run(ctx, command{id: id, owner: owner, create: true, decide: func(ctx context.Context, tx pgx.Tx, m *mealprep.MealPrep) error {
		if err := m.Create(owner, name); err != nil {
			return err
		}
		clean, _ := mealprep.CheckName(name)
		return setText(ctx, tx, id, owner, clean)
	}})
	return id, result(res), err
}

// Rename renames a meal prep.
func (s *Service) Rename(ctx context.Context, owner, id uuid.UUID, name string) (Result, error) {
	res, err := s.run(ctx, command{id: id, owner: owner, decide: func(ctx context.Context, tx pgx.Tx, m *mealprep.MealPrep) error {
		if err := m.Rename(name); err != nil {
			return err
		}
		clean, _ := mealprep.CheckName(name)
		return setText(ctx, tx, id, owner, clean)
	}})
	return result(res), err
}

// Duplicate copies a meal prep's foods (not its recipes) into a new one named name.
func (s *Service) Duplicate(ctx context.Context, owner, fromID uuid.UUID, name string) (uuid.UUID, Result, error) {
	src, err := s.Load(ctx, owner, fromID)
	if err != nil {
		return uuid.Nil, Result{}, err
	}
	id, err := uuid.NewV7()
	if err != nil {
		return uuid.Nil, Result{}, err
	}
	clean, err := mealprep.CheckName(name)
	if err != nil {
		return uuid.Nil, Result{}, err
	}
	res, err := s.run(ctx, command{id: id, owner: owner, create: true, decide: func(ctx context.Context, tx pgx.Tx, m *mealprep.MealPrep) error {
		if err := m.DuplicateFrom(src); err != nil {
			return err
		}
		return setText(ctx, tx, id, owner, clean)
	}})
	return id, result(res), err
}

// Delete deletes a meal prep.
func (s *Service) Delete(ctx context.Context, owner, id uuid.UUID) (Result, error) {
	res, err := s.run(ctx, command{id: id, owner: owner, decide: func(_ context.Context, _ pgx.Tx, m *mealprep.MealPrep) error {
		return m.Delete()
	}})
	return result(res), err
}

// SetFood adds a food (CIQUAL or the owner's own) or changes its quantity.
func (s *Service) SetFood(ctx context.Context, owner, id uuid.UUID, code, grams int) (Result, error) {
	res, err := s.run(ctx, command{id: id, owner: owner, decide: func(ctx context.Context, tx pgx.Tx, m *mealprep.MealPrep) error {
		// The rules before the lookup: an out-of-range code is the person's mistake, not a
		// query the food tables' 32-bit codes would fail.
		if err := mealprep.CheckFoodCode(code); err != nil {
			return err
		}
		if err := mealprep.CheckStock(grams); err != nil {
			return err
		}
		known, err := s.foods.ByCodes(ctx, tx, "fr", owner, []int{code})
		if err != nil {
			return err
		}
		if _, ok := known[code]; !ok {
			return fmt.Errorf("%w: %d", ErrUnknownFood, code)
		}
		return m.SetFood(code, grams)
	}})
	return result(res), err
}

// RemoveFood takes a food out.
func (s *Service) RemoveFood(ctx context.Context, owner, id uuid.UUID, code int) (Result, error) {
	res, err := s.run(ctx, command{id: id, owner: owner, decide: func(_ context.Context, _ pgx.Tx, m *mealprep.MealPrep) error {
		return m.RemoveFood(code)
	}})
	return result(res), err
}

// UpdateRecipe renames a recipe, changes its servings or ingredients; nutrition and price are
// recomputed from food data when ingredients change.
func (s *Service) UpdateRecipe(ctx context.Context, owner, id, recipeID uuid.UUID, c mealprep.RecipeChange) (Result, error) {
	res, err := s.run(ctx, command{id: id, owner: owner, decide: func(ctx context.Context, tx pgx.Tx, m *mealprep.MealPrep) error {
		if c.Ingredients != nil {
			if err := mealprep.CheckIngredients(c.Ingredients); err != nil {
				return err
			}
			codes := make([]int, len(c.Ingredients))
			for i, in := range c.Ingredients {
				codes[i] = in.FoodCode
			}
			known, err := s.foods.ByCodes(ctx, tx, "fr", owner, codes)
			if err != nil {
				return err
			}
			foods := make([]FoodData, 0, len(codes))
			for _, code := range codes {
				f, ok := known[code]
				if !ok {
					return fmt.Errorf("%w: %d", ErrUnknownFood, code)
				}
				foods = append(foods, foodData(f))
			}
			// Nutrition is stored for the whole recipe, which servings do not change.
			nums, err := Recompute(foods, c.Ingredients, 1, s.prices)
			if err != nil {
				return err
			}
			c.Nutrition, c.PriceCents = &nums.Nutrition, &nums.PriceCents
			c.HealthScore, c.HealthGrade = nums.HealthScore, nums.HealthGrade
		}
		if err := m.UpdateRecipe(recipeID, c); err != nil {
			return err
		}
		if c.Name != nil {
			clean, _ := mealprep.CheckName(*c.Name)
			return setText(ctx, tx, recipeID, owner, clean)
		}
		return nil
	}})
	return result(res), err
}

// DeleteRecipes deletes one recipe, or all of them when recipeID is uuid.Nil.
func (s *Service) DeleteRecipes(ctx context.Context, owner, id, recipeID uuid.UUID) (Result, error) {
	res, err := s.run(ctx, command{id: id, owner: owner, decide: func(_ context.Context, _ pgx.Tx, m *mealprep.MealPrep) error {
		if recipeID == uuid.Nil {
			return m.DeleteAllRecipes()
		}
		return m.DeleteRecipe(recipeID)
	}})
	return result(res), err
}

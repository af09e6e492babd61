// Package household (app layer; imported as householdapp) runs the household commands — add,
// change, remove a person the owner cooks for — through the event store's command runner, with
// the member's name stored beside the log in the same transaction, and reads the
// household_members read model.
package household

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gamelle/gamelle/domain/batchcook"
	"github.com/gamelle/gamelle/domain/household"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/projections"
	"github.com/gamelle/gamelle/projections/households"
)

var householdType = eventstore.AggregateType[*household.Household, household.Event]{
	Name: "household",
	Decode: func(e eventstore.RecordedEvent) (household.Event, error) {
		return household.Decode(e.Type, e.Payload)
	},
	FromHistory: func(stream string, events []household.Event) (*household.Household, error) {
		owner, err := household.OwnerFromStream(stream)
		if err != nil {
			return nil, err
		}
		return household.FromHistory(owner, events), nil
	},
}

// Service runs household commands. It is safe for concurrent use.
type Service struct {
	pool   *pgxpool.Pool
	runner *eventstore.Runner[*household.Household, household.Event]
}

// New returns the service.
func New(pool *pgxpool.Pool, store *eventstore.Store) *Service {
	return &Service{pool: pool, runner: eventstore.NewRunner(store, householdType)}
}

// Input is a member as the form gives it: the name and either typed goals or the survey's
// answers (nutrition.CalculateNeeds computes the goals), and a meal split.
type Input struct {
	Name   string
	Source household.GoalsSource
	Goals  nutrition.Goals
	Survey nutrition.NeedsInput
	Split  nutrition.MealSplit
	// Allergens are allergen ids the member declares (nutrition.Allergens).
	Allergens []string
}

// member turns the input into a member, computing survey goals with the survey's own rules.
func (in Input) member(id uuid.UUID) (household.Member, error) {
	m := household.Member{ID: id, Source: in.Source, Goals: in.Goals, Split: in.Split}
	allergens, err := nutrition.ParseAllergens(in.Allergens)
	if err != nil {
		return m, err
	}
	if len(allergens) > 0 {
		m.Allergens = allergens
	}
	if in.Source == household.GoalsSurvey {
		n, err := nutrition.CalculateNeeds(in.Survey)
		if err != nil {
			return m, err
		}
		m.Goals = n.Goals()
	}
	return m, m.Check()
}

// actor is the event metadata's actor for the owner.
func actor(owner uuid.UUID) string { return "user:" + owner.String() }

// Result is a command's outcome: WaitForReadModels(Position) before reading the members.
type Result struct{ Position int64 }

// run runs cmd with the name row in one transaction: both or neither.
func (s *Service) run(ctx context.Context, owner, memberID uuid.UUID, name string, cmd eventstore.Command[*household.Household]) (Result, error) {
	var res eventstore.AppendResult
	err := eventstore.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		if res, err = s.runner.RunTx(ctx, tx, cmd); err != nil {
			return err
		}
		if name == "" {
			_, err = tx.Exec(ctx, `DELETE FROM household_names WHERE member_id = $1 AND owner_id = $2`, memberID, owner)
		} else {
			_, err = tx.Exec(ctx, `INSERT INTO household_names (member_id, owner_id, name) VALUES ($1, $2, $3)
				ON CONFLICT (member_id) DO UPDATE SET name = excluded.name`, memberID, owner, name)
		}
		return err
	})
	if err != nil {
		return Result{}, fmt.Errorf("household of %s: %w", owner, err)
	}
	return Result{Position: res.LastPosition()}, nil
}

// WaitForReadModels waits until household_members includes position.
func (s *Service) WaitForReadModels(ctx context.Context, position int64) error {
	if position <= 0 {
		return nil
	}
	return projections.WaitFor(ctx, s.pool, position, households.Name)
}

// MemberView is a member as pages show it.
type MemberView struct {
	ID     uuid.UUID             `json:"id"`
	Name   string                `json:"name"`
	Goals  nutrition.Goals       `json:"goals"`
	Split  nutrition.MealSplit   `json:"split"`
	Source household.GoalsSource `json:"source"`
	// Allergens are the ids the member declares.
	Allergens []nutrition.Allergen `json:"allergens"`
}

// Members lists the owner's household in the order the members were added.
func (s *Service) Members(ctx context.Context, q eventstore.DBTX, owner uuid.UUID) ([]MemberView, error) {
	rows, err := households.OfOwner(ctx, q, owner)
	if err != nil {
		return nil, err
	}
	names := map[uuid.UUID]string{}
	nr, err := q.Query(ctx, `SELECT member_id, name FROM household_names WHERE owner_id = $1`, owner)
	if err != nil {
		return nil, fmt.Errorf("household: names of %s: %w", owner, err)
	}
	for nr.Next() {
		var id uuid.UUID
		var n string
		if err := nr.Scan(&id, &n); err != nil {
			nr.Close()
			return nil, fmt.Errorf("household: names of %s: %w", owner, err)
		}
		names[id] = n
	}
	nr.Close()
	out := make([]MemberView, 0, len(rows))
	for _, r := range rows {
		out = append(out, MemberView{ID: r.ID, Name: names[r.ID], Goals: r.Goals, Split: r.Split, Source: r.Source, Allergens: r.Allergens})
	}
	return out, nil
}

// CookedFor is everyone the owner cooks for: self first (the owner as the plan knows them),
// then the household's members with their goals and meal splits, in the order they were added.
// The batch-cooking plan and the shopping list read this one list, so both cook and buy for
// the same people.
func (s *Service) CookedFor(ctx context.Context, q eventstore.DBTX, self batchcook.Person) ([]batchcook.Person, error) {
	members, err := s.Members(ctx, q, self.ID)
	if err != nil {
		return nil, err
	}
	out := []batchcook.Person{self}
	for _, m := range members {
		out = append(out, batchcook.Person{ID: m.ID, Name: m.Name, Split: m.Split, Daily: nutrition.Macros{
			Kcal: float64(m.Goals.Kcal), ProteinG: float64(m.Goals.ProteinG), FatG: float64(m.Goals.FatG), CarbsG: float64(m.Goals.CarbsG)}})
	}
	return out, nil
}

// Export is the household's section of the person's data export.
func (s *Service) Export(ctx context.Context, q eventstore.DBTX, owner uuid.UUID) (any, error) {
	return s.Members(ctx, q, owner)
}

// EraseOwner deletes the household read model of the person in the account deletion's
// transaction; the names go with the users row (ON DELETE CASCADE) and the events stay under the
// bare owner id, numbers only.
func (s *Service) EraseOwner(ctx context.Context, tx pgx.Tx, owner uuid.UUID) error {
	if _, err := tx.Exec(ctx, `DELETE FROM household_members WHERE owner_id = $1`, owner); err != nil {
		return fmt.Errorf("household: erase %s: %w", owner, err)
	}
	return nil
}

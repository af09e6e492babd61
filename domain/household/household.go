// Package household is the people a person cooks for: one event stream per person
// ("household-<userID>") holding the members they added, each with their own daily goals (typed
// or computed with the survey's rules) and their own meal split. The batch-cooking plan plates
// one pan for all of them.
//
// Events carry ids and numbers only. A member's name is text the person typed: the command
// handler stores it beside the log in a table that goes with the person's account, so erasing
// the person erases the names.
package household

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/eventcodec"
	"github.com/gamelle/gamelle/domain/fault"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/text"
)

// StreamPrefix starts every household stream id.
const StreamPrefix = "household-"

// StreamID is the household stream of a person.
func StreamID(owner uuid.UUID) string { return StreamPrefix + owner.String() }

// OwnerFromStream parses a household stream id back into its owner's id.
func OwnerFromStream(streamID string) (uuid.UUID, error) {
	rest, ok := strings.CutPrefix(streamID, StreamPrefix)
	if !ok {
		return uuid.Nil, fmt.Errorf("household: %q is not a household stream", streamID)
	}
	return uuid.Parse(rest)
}

// MaxMembers is how many people a person may add: with them, a plan cooks for at most 8.
const MaxMembers = 7

// MaxNameRunes bounds a member's name.
const MaxNameRunes = 40

// GoalsSource says how a member's goals were set.
type GoalsSource string

// Sources of goals.
const (
	GoalsManual GoalsSource = "manual"
	GoalsSurvey GoalsSource = "survey"
)

// Errors; handlers map them to translated field errors.
var (
	ErrName          = fault.New(fault.Invalid, "name", "batchcook.error.name", "household: name must be 1 to 40 characters")
	ErrTooManyPeople = fault.New(fault.Conflict, "household", "batchcook.error.people", "household: at most 8 people with you")
	ErrSplit         = fault.New(fault.Invalid, "split", "batchcook.error.split", "household: meal split must be 0 to 100 each, summing to 100")
	ErrMemberUnknown = fault.New(fault.NotFound, "", "", "household: no such member")
	ErrSource        = fault.New(fault.Invalid, "source", "batchcook.error.source", "household: goals are typed or computed")
)

// GoalsError is a refused daily goal, by the form's field name (kcal, proteinG, fatG, carbsG)
// with the survey's reason (nutrition.ErrGoal…).
type GoalsError map[string]error

func (e GoalsError) Error() string {
	keys := make([]string, 0, len(e))
	for k := range e {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return "household: goals refused: " + strings.Join(keys, ", ")
}

// goalFields is the form's order of the goals: the first refused one is the one answered.
var goalFields = []string{"kcal", "proteinG", "fatG", "carbsG"}

// errGoal words a refused goal whose reason carries no fault of its own.
var errGoal = fault.New(fault.Invalid, "", "batchcook.error.goal_macro", "household: goal refused")

// As reads the first refused goal as a fault on that goal's field (errors.As with a
// *fault.Error target), so the handlers answer a GoalsError like any other domain error.
func (e GoalsError) As(target any) bool {
	t, ok := target.(**fault.Error)
	if !ok {
		return false
	}
	for _, f := range goalFields {
		inner, bad := e[f]
		if !bad {
			continue
		}
		fe := fault.Of(inner)
		if fe == nil {
			fe = fault.Of(errGoal)
		}
		*t = fe.At(f)
		return true
	}
	return false
}

// CheckName validates a member's name and returns it trimmed.
func CheckName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" || !utf8.ValidString(name) || utf8.RuneCountInString(name) > MaxNameRunes || text.Check(name) != nil {
		return "", ErrName
	}
	return name, nil
}

// Member is one person of the household.
type Member struct {
	ID     uuid.UUID           `json:"memberID"`
	Goals  nutrition.Goals     `json:"goals"`
	Split  nutrition.MealSplit `json:"split"`
	Source GoalsSource         `json:"source"`
	// Allergens are the ones the member declares (ids, docs/nutrition.md "Allergens"); an
	// event written before they existed decodes as none.
	Allergens []nutrition.Allergen `json:"allergens,omitempty"`
}

// Check validates a member's goals (the survey's bounds, nutrition.Goals.Validate) and split.
func (m Member) Check() error {
	if m.Source != GoalsManual && m.Source != GoalsSurvey {
		return ErrSource
	}
	if errs := m.Goals.Validate(); errs != nil {
		return GoalsError(errs)
	}
	if m.Split.Validate() != nil {
		return ErrSplit
	}
	ids := make([]string, len(m.Allergens))
	for i, a := range m.Allergens {
		ids[i] = string(a)
	}
	if _, err := nutrition.ParseAllergens(ids); err != nil {
		return err
	}
	return nil
}

// Stable event type names.
const (
	TypeMemberAdded   = "HouseholdMemberAdded.v1"
	TypeMemberChanged = "HouseholdMemberChanged.v1"
	TypeMemberRemoved = "HouseholdMemberRemoved.v1"
)

// Event is a household event.
type Event interface{ EventType() string }

// MemberAdded adds a person the owner cooks for (name stored beside the log).
type MemberAdded struct{ Member }

// MemberChanged replaces a member's goals and split (and says the name may have changed).
type MemberChanged struct{ Member }

// MemberRemoved takes a person out of the household.
type MemberRemoved struct {
	ID uuid.UUID `json:"memberID"`
}

// EventType implements Event.
func (MemberAdded) EventType() string { return TypeMemberAdded }

// EventType implements Event.
func (MemberChanged) EventType() string { return TypeMemberChanged }

// EventType implements Event.
func (MemberRemoved) EventType() string { return TypeMemberRemoved }

// IsHouseholdEvent reports whether eventType belongs to a household stream.
func IsHouseholdEvent(t string) bool {
	return t == TypeMemberAdded || t == TypeMemberChanged || t == TypeMemberRemoved
}

// ErrUnknownEventType is returned by Decode for a type this package does not know.
var ErrUnknownEventType = errors.New("household: unknown event type")

// decodeAs decodes payload as a T, one of this package's events.
func decodeAs[T Event](payload []byte) (Event, error) {
	var v T
	err := json.Unmarshal(payload, &v)
	return v, err
}

// codec lists the area's event types, each with the Go type it decodes into.
var codec = eventcodec.New("household", ErrUnknownEventType, map[string]func([]byte) (Event, error){
	TypeMemberAdded:   decodeAs[MemberAdded],
	TypeMemberChanged: decodeAs[MemberChanged],
	TypeMemberRemoved: decodeAs[MemberRemoved],
})

// Decode turns a stored event back into its Go value.
func Decode(eventType string, payload []byte) (Event, error) { return codec.Decode(eventType, payload) }

// Household is the aggregate: the owner's members, in the order they were added.
type Household struct {
	owner   uuid.UUID
	version int64
	members []Member
	changes []Event
}

// FromHistory replays a household's events.
func FromHistory(owner uuid.UUID, events []Event) *Household {
	h := &Household{owner: owner}
	for _, e := range events {
		h.apply(e)
		h.version++
	}
	return h
}

// Owner is the person whose household it is.
func (h *Household) Owner() uuid.UUID { return h.owner }

// Version is the stream version the household was loaded at.
func (h *Household) Version() int64 { return h.version }

// Changes are the events recorded since loading.
func (h *Household) Changes() []Event { return h.changes }

// Members are the household's members, in the order they were added.
func (h *Household) Members() []Member { return slices.Clone(h.members) }

func (h *Household) index(id uuid.UUID) int {
	return slices.IndexFunc(h.members, func(m Member) bool { return m.ID == id })
}

func (h *Household) apply(e Event) {
	switch e := e.(type) {
	case MemberAdded:
		h.members = append(h.members, e.Member)
	case MemberChanged:
		if i := h.index(e.ID); i >= 0 {
			h.members[i] = e.Member
		}
	case MemberRemoved:
		if i := h.index(e.ID); i >= 0 {
			h.members = slices.Delete(h.members, i, i+1)
		}
	}
}

func (h *Household) record(e Event) {
	h.apply(e)
	h.changes = append(h.changes, e)
}

// Add adds a member; name is checked here and stored by the caller.
func (h *Household) Add(m Member, name string) error {
	if _, err := CheckName(name); err != nil {
		return err
	}
	if err := m.Check(); err != nil {
		return err
	}
	if len(h.members) >= MaxMembers {
		return fmt.Errorf("%w: %d members", ErrTooManyPeople, len(h.members))
	}
	if m.ID == uuid.Nil || h.index(m.ID) >= 0 {
		return fmt.Errorf("household: member id missing or reused: %s", m.ID)
	}
	h.record(MemberAdded{m})
	return nil
}

// Change replaces a member's goals and split; name is checked here and stored by the caller.
func (h *Household) Change(m Member, name string) error {
	if h.index(m.ID) < 0 {
		return fmt.Errorf("%w: %s", ErrMemberUnknown, m.ID)
	}
	if _, err := CheckName(name); err != nil {
		return err
	}
	if err := m.Check(); err != nil {
		return err
	}
	h.record(MemberChanged{m})
	return nil
}

// Remove takes a member out.
func (h *Household) Remove(id uuid.UUID) error {
	if h.index(id) < 0 {
		return fmt.Errorf("%w: %s", ErrMemberUnknown, id)
	}
	h.record(MemberRemoved{ID: id})
	return nil
}

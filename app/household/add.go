package household

import (
	"context"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/household"
	"github.com/gamelle/gamelle/eventstore"
)

// addMember is the command that adds a member to the owner's household.
type addMember struct {
	eventstore.CommandMeta
	Owner  uuid.UUID        `json:"owner"`
	Member household.Member `json:"member"`
	Name   string           `json:"-"`
}

func (addMember) CommandName() string                   { return "household.add" }
func (c addMember) StreamID() string                    { return household.StreamID(c.Owner) }
func (c addMember) Decide(h *household.Household) error { return h.Add(c.Member, c.Name) }

// Add adds a person the owner cooks for and returns their id. Refused input (name, goals out of
// the survey's bounds, split, an eighth member) writes nothing.
func (s *Service) Add(ctx context.Context, owner uuid.UUID, in Input) (uuid.UUID, Result, error) {
	id, err := uuid.NewV7()
	if err != nil {
		return uuid.Nil, Result{}, err
	}
	name, err := household.CheckName(in.Name)
	if err != nil {
		return uuid.Nil, Result{}, err
	}
	m, err := in.member(id)
	if err != nil {
		return uuid.Nil, Result{}, err
	}
	res, err := s.run(ctx, owner, id, name, addMember{CommandMeta: eventstore.CommandMeta{Actor: actor(owner)}, Owner: owner, Member: m, Name: name})
	return id, res, err
}

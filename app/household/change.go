package household

import (
	"context"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/household"
	"github.com/gamelle/gamelle/eventstore"
)

// changeMember is the command that replaces a member's name, goals and split.
type changeMember struct {
	eventstore.CommandMeta
	Owner  uuid.UUID        `json:"owner"`
	Member household.Member `json:"member"`
	Name   string           `json:"-"`
}

func (changeMember) CommandName() string                   { return "household.change" }
func (c changeMember) StreamID() string                    { return household.StreamID(c.Owner) }
func (c changeMember) Decide(h *household.Household) error { return h.Change(c.Member, c.Name) }

// Change replaces a member's name, goals and split.
func (s *Service) Change(ctx context.Context, owner, memberID uuid.UUID, in Input) (Result, error) {
	name, err := household.CheckName(in.Name)
	if err != nil {
		return Result{}, err
	}
	m, err := in.member(memberID)
	if err != nil {
		return Result{}, err
	}
	return s.run(ctx, owner, memberID, name, changeMember{CommandMeta: eventstore.CommandMeta{Actor: actor(owner)}, Owner: owner, Member: m, Name: name})
}

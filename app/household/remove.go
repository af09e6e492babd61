package household

import (
	"context"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/household"
	"github.com/gamelle/gamelle/eventstore"
)

// removeMember is the command that takes a member out of the household.
type removeMember struct {
	eventstore.CommandMeta
	Owner    uuid.UUID `json:"owner"`
	MemberID uuid.UUID `json:"memberId"`
}

func (removeMember) CommandName() string                   { return "household.remove" }
func (c removeMember) StreamID() string                    { return household.StreamID(c.Owner) }
func (c removeMember) Decide(h *household.Household) error { return h.Remove(c.MemberID) }

// Remove takes a member out of the household and deletes their name.
func (s *Service) Remove(ctx context.Context, owner, memberID uuid.UUID) (Result, error) {
	return s.run(ctx, owner, memberID, "", removeMember{CommandMeta: eventstore.CommandMeta{Actor: actor(owner)}, Owner: owner, MemberID: memberID})
}

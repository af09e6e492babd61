package admin_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	adminapp "github.com/gamelle/gamelle/app/admin"
	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/eventstore"
)

// The audit names the person behind an actor in the form written today and in the bare id of
// grants recorded before it (docs/events.md, Metadata).
func TestActorNameReadsBothActorForms(t *testing.T) {
	t.Parallel()
	id := uuid.New()
	people := map[uuid.UUID]identityapp.Person{id: {Email: "boss@example.com", Name: "Alice", Surname: "Martin"}}
	require.Equal(t, "Alice Martin <boss@example.com>", adminapp.ActorName(eventstore.UserActor(id), people))
	require.Equal(t, "Alice Martin <boss@example.com>", adminapp.ActorName(id.String(), people))
	require.Equal(t, "system", adminapp.ActorName(eventstore.ActorSystem, people))
}

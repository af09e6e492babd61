package eventstore_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/eventstore"
)

// One form is written ("user:<id>"); the bare id older events hold still names the person, so
// those events need no rewriting.
func TestActorUserReadsTheWrittenFormAndTheOldOne(t *testing.T) {
	t.Parallel()
	id := uuid.New()
	require.Equal(t, "user:"+id.String(), eventstore.UserActor(id))
	for _, actor := range []string{eventstore.UserActor(id), id.String()} {
		got, ok := eventstore.ActorUser(actor)
		require.True(t, ok, actor)
		require.Equal(t, id, got, actor)
	}
	for _, actor := range []string{eventstore.ActorSystem, "stripe", "cli:root", "user:", ""} {
		_, ok := eventstore.ActorUser(actor)
		require.False(t, ok, actor)
	}
}

package mealprep_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/eventstore"
)

// The generate form's idempotency key is recorded with the request's hash: a double-submitted
// form is a duplicate only if both submissions hash alike, whatever request id each call mints
// and whoever's metadata it carries. The hash changes only with the command's name, json tags or
// field types (see app/ledger's TestCommandRequestHashesAreStable).
func TestGenerateRequestHashIsTheFormsNotTheCalls(t *testing.T) {
	t.Parallel()
	owner := uuid.MustParse("0193a1b2-0000-7000-8000-000000000001")
	prep := uuid.MustParse("0193a1b2-0000-7000-8000-000000000002")
	cmd := func(req uuid.UUID, meta eventstore.CommandMeta, count int) mealprepapp.RequestGenerationCommand {
		c := mealprepapp.RequestGenerationCommand{RequestID: req, Category: mealprep.LunchDinner, Count: count}
		c.Owner, c.MealPrepID, c.CommandMeta = owner, prep, meta
		return c
	}
	hash := func(c mealprepapp.RequestGenerationCommand) string {
		h, err := eventstore.RequestHash(c)
		require.NoError(t, err)
		return h
	}
	first := hash(cmd(uuid.New(), eventstore.CommandMeta{Actor: "user:a", IdempotencyKey: "k"}, 2))
	require.Equal(t, "ab268ca1eef033790755644b4ee8e33b", first)
	require.Equal(t, first, hash(cmd(uuid.New(), eventstore.CommandMeta{Actor: "user:b", CorrelationID: "x"}, 2)))
	require.NotEqual(t, first, hash(cmd(uuid.New(), eventstore.CommandMeta{}, 3)))
}

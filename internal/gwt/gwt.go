// Package gwt is the one Given/When/Then harness of the event-sourced aggregates' tests: given
// past events, when a behaviour runs on the aggregate they rebuild, then it recorded exactly
// these new events, or it refused with an error and recorded nothing.
package gwt

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Aggregate is what the harness reads of an aggregate: the events its behaviour recorded.
type Aggregate[E any] interface{ Changes() []E }

// Scenario is the Given part: the past events and how the aggregate is rebuilt from them.
type Scenario[A Aggregate[E], E any] struct {
	t     testing.TB
	from  func(history []E) A
	given []E
}

// Given starts a scenario: from rebuilds the aggregate (its FromHistory) from events.
func Given[A Aggregate[E], E any](t testing.TB, from func(history []E) A, events ...E) Scenario[A, E] {
	t.Helper()
	return Scenario[A, E]{t: t, from: from, given: events}
}

// When runs behaviour on the aggregate rebuilt from the given events.
func (s Scenario[A, E]) When(behaviour func(A) error) Outcome[A, E] {
	a := s.from(s.given)
	return Outcome[A, E]{t: s.t, agg: a, err: behaviour(a)}
}

// Outcome is the Then part.
type Outcome[A Aggregate[E], E any] struct {
	t   testing.TB
	agg A
	err error
}

// Then requires that the behaviour succeeded and recorded exactly events, in order (none when
// events is empty); it returns the aggregate for further checks of its state.
func (o Outcome[A, E]) Then(events ...E) A {
	o.t.Helper()
	require.NoError(o.t, o.err)
	if len(events) == 0 {
		require.Empty(o.t, o.agg.Changes(), "the behaviour records nothing")
	} else {
		require.Equal(o.t, events, o.agg.Changes())
	}
	return o.agg
}

// ThenError requires that the behaviour refused with target and recorded nothing.
func (o Outcome[A, E]) ThenError(target error) {
	o.t.Helper()
	require.ErrorIs(o.t, o.err, target)
	require.Empty(o.t, o.agg.Changes(), "a refused command records nothing")
}

// Aggregate is the aggregate after the behaviour, for checks of its state.
func (o Outcome[A, E]) Aggregate() A { return o.agg }

// Err is the behaviour's error, for checks of its details.
func (o Outcome[A, E]) Err() error { return o.err }

package page

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

type lazyProps struct {
	Eager string               `json:"eager"`
	Rows  Lazy[[]row]          `json:"rows"`
	Count Lazy[int]            `json:"count" inertia:"always"`
	Fails Lazy[[]string]       `json:"fails"`
	Unset Lazy[[]string]       `json:"unset"`
	ByKey Lazy[map[string]int] `json:"byKey"`
}

// A lazy prop is a closure gonertia resolves only when the response carries it; it is computed
// then, not when the page's props are built, and sends empty collections as eager props do.
func TestLazyPropRunsOnlyWhenResolved(t *testing.T) {
	t.Parallel()
	p := Define[lazyProps]("test/lazy")
	var calls int
	v := p.With(lazyProps{
		Eager: "e",
		Rows:  LazyOf(func(context.Context) ([]row, error) { calls++; return []row{{}}, nil }),
		Count: LazyOf(func(context.Context) (int, error) { return 3, nil }),
		Fails: LazyOf(func(context.Context) ([]string, error) { return nil, errors.New("down") }),
	})
	require.Zero(t, calls, "building the props computes no lazy prop")
	resolve := v.Props["rows"].(func(context.Context) (any, error))
	got, err := resolve(t.Context())
	require.NoError(t, err)
	require.Equal(t, []row{{Tags: []string{}}}, got)
	require.Equal(t, 1, calls)
	_, err = v.Props["fails"].(func(context.Context) (any, error))(t.Context())
	require.Error(t, err)
	unset, err := v.Props["unset"].(func(context.Context) (any, error))(t.Context())
	require.NoError(t, err)
	require.Equal(t, []string{}, unset)
	require.Equal(t, "e", v.Props["eager"])
}

// The generated TypeScript type of a lazy prop is its value's: the page cannot tell.
func TestLazyPropHasItsValuesTypeScriptType(t *testing.T) {
	t.Parallel()
	Define[lazyProps]("test/lazy-ts")
	g := Generator()
	ts, err := g.Ref(reflect.TypeFor[lazyProps]())
	require.NoError(t, err)
	decls := g.Declarations()
	require.Equal(t, "LazyProps", ts)
	for _, want := range []string{"rows: Row[]", "count: number", "byKey: Record<string, number>", "eager: string"} {
		require.True(t, strings.Contains(decls, want), "%q in\n%s", want, decls)
	}
}

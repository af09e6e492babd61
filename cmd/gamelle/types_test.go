package main

import (
	"context"
	"os"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/handlers/page"
)

// Every link the server's site configuration names (navigation, dashboard menu) must be a
// route of the real router, without parameters, so no menu entry leads to a 404.
func TestSharedPropsLinkToExistingRoutes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	named, err := sharedPropValues(ctx, reflect.TypeFor[page.RouteName]())
	require.NoError(t, err)
	require.NotEmpty(t, named, "the site configuration names no route: the walk found nothing")
	table, err := routeTable(ctx)
	require.NoError(t, err)
	byName := map[string]routeEntry{}
	for _, e := range table {
		byName[e.Name] = e
	}
	for _, name := range named {
		e, ok := byName[name]
		if !assert(t, ok, "site configuration links to route %q, which the router does not have", name) {
			continue
		}
		assert(t, e.Method == "get" && len(e.Params) == 0, "site configuration links to %q (%s %s): a link needs a GET route without parameters", name, e.Method, e.Path)
	}
}

func assert(t *testing.T, ok bool, format string, args ...any) bool {
	t.Helper()
	if !ok {
		t.Errorf(format, args...)
	}
	return ok
}

// The checked-in props.gen.ts and page-props-check.gen.ts are what the generator writes today
// (scripts/check-types.sh does the same in make lint; this keeps go test honest on its own).
func TestPropsTypesAreUpToDate(t *testing.T) {
	t.Parallel()
	keys, err := serverMessageKeys(context.Background())
	require.NoError(t, err)
	require.Contains(t, keys, "nav.general")
	fresh, err := renderPropsTS(page.Shared(), page.Pages(), page.Answers(), keys, componentExists("../../frontend/src/pages"))
	require.NoError(t, err)
	checkedIn, err := os.ReadFile("../../frontend/src/types/props.gen.ts")
	require.NoError(t, err)
	require.Equal(t, string(checkedIn), fresh,
		"frontend/src/types/props.gen.ts is stale: go run ./cmd/gamelle types --ts -o frontend/src/types/props.gen.ts")

	checkedIn, err = os.ReadFile("../../frontend/src/page-props-check.gen.ts")
	require.NoError(t, err)
	require.Equal(t, string(checkedIn), renderPropsCheckTS(page.Pages(), componentExists("../../frontend/src/pages")),
		"frontend/src/page-props-check.gen.ts is stale: go run ./cmd/gamelle types --ts --check -o frontend/src/page-props-check.gen.ts")
}

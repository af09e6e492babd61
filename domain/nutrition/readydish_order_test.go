package nutrition_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// A ready dish is reheated before its bread is served beside it, as a cook does it: the steps
// said « Servez le pain à côté » before « Réchauffez le chili con carne ».
func TestAReadyDishIsReheatedBeforeItsBreadIsServed(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	req := signedUpRequest(t, nutrition.LunchDinner, nutrition.Macros{Kcal: 500, ProteinG: 30, FatG: 14, CarbsG: 63}, 25111, 20062, 7001, 19593)
	rs, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	steps := rs[0].Steps.FR
	heat := slices.IndexFunc(steps, func(s string) bool { return strings.HasPrefix(s, "Réchauffez le chili con carne") })
	bread := slices.IndexFunc(steps, func(s string) bool { return strings.HasPrefix(s, "Servez le pain") })
	require.True(t, heat >= 0 && bread >= 0, "%q", steps)
	require.Less(t, heat, bread, "%q", steps)
}

package nutrition_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestDiagnoseFewerNamesAKindThatAddsVariety: chicken, rice and olive oil make one lunch plate;
// asked for three, the engine returns one and says which kind of food would make more, in both
// languages; a breakfast is never told to add meat.
func TestDiagnoseFewerNamesAKindThatAddsVariety(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	b := nutrition.NewBuiltin(pt)
	req := nutrition.GenerateRequest{Foods: foodsOf(t, 36018, 9104, 17270), Category: nutrition.LunchDinner,
		Target: nutrition.Macros{Kcal: 650, ProteinG: 45, FatG: 18, CarbsG: 75}, Currency: nutrition.EUR, Count: 3, Seed: 7}
	rs, err := b.Generate(context.Background(), req)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	why := b.DiagnoseFewer(req, len(rs))
	require.Contains(t, why.FR, "ces aliments ne donnent qu’une recette")
	require.Contains(t, why.FR, "ajoutez ")
	require.Contains(t, why.EN, "these foods make only one recipe")
	require.Contains(t, why.EN, "; add ")
	require.Zero(t, b.DiagnoseFewer(req, 3), "nothing to say when every recipe was made")

	breakfast := nutrition.GenerateRequest{Foods: foodsOf(t, 19501, 13005), Category: nutrition.Breakfast,
		Target: nutrition.Macros{Kcal: 450, ProteinG: 25, FatG: 12, CarbsG: 60}, Currency: nutrition.EUR, Count: 4, Seed: 7}
	brs, err := b.Generate(context.Background(), breakfast)
	require.NoError(t, err)
	require.Less(t, len(brs), 4)
	bwhy := b.DiagnoseFewer(breakfast, len(brs))
	require.Contains(t, bwhy.EN, "; add ")
	require.NotContains(t, bwhy.EN, "meat")
	require.NotContains(t, bwhy.FR, "viande")
}

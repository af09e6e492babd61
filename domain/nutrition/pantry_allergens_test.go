package nutrition_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/fault"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestStapleAllergensCoverTheirFood: each staple declares at least what the allergen table finds
// in the CIQUAL food it counts as (the static list may add what a shop's product holds beyond it).
func TestStapleAllergensCoverTheirFood(t *testing.T) {
	t.Parallel()
	cat, _ := shipped(t)
	for _, s := range nutrition.Staples {
		f, ok := cat[s.Code]
		require.True(t, ok, "%s counts as CIQUAL %d, in the table", s.ID, s.Code)
		require.Subset(t, nutrition.StapleAllergens(s.ID), nutrition.AllergensOf(f), "%s (%s)", s.ID, f.Name.FR)
	}
	require.Equal(t, []nutrition.Allergen{nutrition.AllergenCelery, nutrition.AllergenMustard}, nutrition.StapleAllergens("curry_spices"))
	require.Empty(t, nutrition.StapleAllergens("garlic"))
}

func TestSafePantryLeavesOutWhatADeclaredAllergenTouches(t *testing.T) {
	t.Parallel()
	pantry := []string{"onion", "soy_sauce", "mustard", "stock", "garlic", "tahini"}
	require.Equal(t, pantry, nutrition.SafePantry(pantry, nil))
	require.Equal(t, []string{"onion", "mustard", "garlic", "tahini"}, nutrition.SafePantry(pantry, []nutrition.Allergen{nutrition.AllergenGluten}))
	require.Equal(t, []string{"onion", "garlic"}, nutrition.SafePantry(pantry, []nutrition.Allergen{nutrition.AllergenMustard, nutrition.AllergenSesame}))
	require.Equal(t, []string{"onion", "mustard", "garlic"}, nutrition.SafePantry(pantry, []nutrition.Allergen{nutrition.AllergenSoy, nutrition.AllergenSesame}))
}

func TestParsePantryRefusesAnUnknownStapleAsAFieldError(t *testing.T) {
	t.Parallel()
	got, err := nutrition.ParsePantry([]string{"garlic", "onion", "garlic"})
	require.NoError(t, err)
	require.Equal(t, []string{"garlic", "onion"}, got)
	_, err = nutrition.ParsePantry([]string{"garlic", "truffle"})
	require.ErrorIs(t, err, nutrition.ErrUnknownStaple)
	var f *fault.Error
	require.True(t, errors.As(err, &f))
	require.Equal(t, "pantry", f.Field)
}

package mealprep_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/mealprep"
)

func TestCustomFoodValidation(t *testing.T) {
	t.Parallel()
	good := func() mealprep.CustomFood {
		return mealprep.CustomFood{Name: " Granola maison ", Language: "fr", Unit: "g", Kcal: 450, ProteinG: 10, FatG: 18, CarbsG: 60}
	}
	f := good()
	errs, warn := f.Validate()
	require.Empty(t, errs)
	require.False(t, warn, "4×10 + 9×18 + 4×60 = 442 kcal")
	require.Equal(t, "Granola maison", f.Name)

	f = good()
	f.Kcal = 200
	errs, warn = f.Validate()
	require.Empty(t, errs)
	require.True(t, warn, "200 kcal is far from the macros' 442")

	neg, sat := -1.0, 30.0
	for field, change := range map[string]func(*mealprep.CustomFood){
		"name":     func(f *mealprep.CustomFood) { f.Name = "  " },
		"language": func(f *mealprep.CustomFood) { f.Language = "de" },
		"unit":     func(f *mealprep.CustomFood) { f.Unit = "cup" },
		"kcal":     func(f *mealprep.CustomFood) { f.Kcal = 901 },
		"proteinG": func(f *mealprep.CustomFood) { f.ProteinG = -2 },
		"fatG":     func(f *mealprep.CustomFood) { f.FatG = 101 },
		"carbsG":   func(f *mealprep.CustomFood) { f.ProteinG, f.FatG, f.CarbsG = 40, 40, 40 },
		"saltG":    func(f *mealprep.CustomFood) { f.SaltG = &neg },
		"satFatG":  func(f *mealprep.CustomFood) { f.SatFatG = &sat },
	} {
		f := good()
		change(&f)
		errs, _ := f.Validate()
		require.Contains(t, errs, field, field)
	}
}

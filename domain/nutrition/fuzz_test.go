package nutrition_test

import (
	"bytes"
	"context"
	"math"
	"testing"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// FuzzGenerate: whatever the target and the foods' values, the generator answers recipes with
// finite, non-negative numbers in 5 g steps, or *Unsolvable; it never panics.
func FuzzGenerate(f *testing.F) {
	f.Add(600.0, 40.0, 20.0, 60.0, 100.0, 10.0, 5.0, 12.0, 900.0, 0.0, 100.0, 0.0, int64(1), uint8(1))
	f.Add(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, int64(0), uint8(0))
	f.Add(1e6, 1e5, 1e5, 1e5, 1.0, 100.0, 0.0, 0.0, 50.0, 0.0, 0.0, 12.0, int64(-3), uint8(2))
	f.Add(200.0, 200.0, 0.0, 0.0, 52.0, 0.3, 0.2, 14.0, 52.0, 0.3, 0.2, 14.0, int64(9), uint8(1))
	f.Fuzz(func(t *testing.T, kcal, p, fat, carbs, k1, p1, f1, c1, k2, p2, f2, c2 float64, seed int64, cat uint8) {
		food := func(code int, k, p, f, c float64) nutrition.Food {
			return nutrition.Food{Code: code, Group: "fruits, vegetables, legumes and nuts", Subgroup: "vegetables",
				Per100g: nutrition.Nutrients{Kcal: nutrition.Of(k), ProteinG: nutrition.Of(p), FatG: nutrition.Of(f), CarbsG: nutrition.Of(c)}}
		}
		req := nutrition.GenerateRequest{
			Foods:    []nutrition.Food{food(1, k1, p1, f1, c1), food(2, k2, p2, f2, c2)},
			Category: nutrition.Categories[int(cat)%3], Target: nutrition.Macros{Kcal: kcal, ProteinG: p, FatG: fat, CarbsG: carbs},
			Seed: seed, Count: 2, PriceLimit: 3,
		}
		rs, err := nutrition.NewBuiltin(nil).Generate(context.Background(), req)
		if err != nil {
			if _, ok := err.(*nutrition.Unsolvable); !ok {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		for _, r := range rs {
			for _, v := range []float64{r.Achieved.Kcal, r.Achieved.ProteinG, r.Achieved.FatG, r.Achieved.CarbsG} {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("achieved %+v", r.Achieved)
				}
			}
			for _, ing := range r.Ingredients {
				if ing.Grams <= 0 || ing.Grams%5 != 0 {
					t.Fatalf("grams %d", ing.Grams)
				}
			}
		}
	})
}

// FuzzReadCIQUAL and FuzzParsePrices: a bad file is an error, never a panic.
func FuzzReadCIQUAL(f *testing.F) {
	f.Add([]byte("code,name_fr\n1,x\n"))
	f.Add([]byte("code,name_fr,name_en,group_fr,group_en,subgroup_fr,subgroup_en,kcal,protein_g,carbs_g,fat_g,sat_fat_g,mono_fat_g,poly_fat_g,fibre_g,sugars_g,cholesterol_mg,sodium_mg,salt_g,water_g\n1,a,b,c,d,e,f,1,2,3,4,,,,,,,,,\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = nutrition.ReadCIQUAL(bytes.NewReader(b))
		_, _ = nutrition.ParsePrices(bytes.NewReader(b))
	})
}

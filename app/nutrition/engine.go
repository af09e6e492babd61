package nutrition

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// EngineFoods returns the foods with these codes (CIQUAL, or custom foods of owner), keyed by
// code, as the recipe engine takes them: both languages' names, the groups its rules key on,
// unknown values unknown, and water (a cooked grain or pulse is priced and bought dry). It is
// the one conversion from the food tables to the engine.
func (s *Searcher) EngineFoods(ctx context.Context, db interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}, owner uuid.UUID, codes []int) (map[int]nutrition.Food, error) {
	known, err := s.ByCodes(ctx, db, "fr", owner, codes)
	if err != nil {
		return nil, err
	}
	out := make(map[int]nutrition.Food, len(known))
	for code, f := range known {
		n := f.Per100g
		out[code] = nutrition.Food{
			Code: f.Code, Name: nutrition.Text{FR: f.Name, EN: f.NameEN}, Group: f.GroupEN, Subgroup: f.SubgroupEN,
			Per100g: nutrition.Nutrients{
				Kcal: value(n.Kcal), ProteinG: value(n.ProteinG), CarbsG: value(n.CarbsG), FatG: value(n.FatG),
				SatFatG: value(n.SatFatG), FibreG: value(n.FibreG), SugarsG: value(n.SugarsG), SaltG: value(n.SaltG), SodiumMg: value(n.SodiumMg),
				WaterG: value(f.WaterG),
			},
		}
	}
	return out, nil
}

func value(p *float64) nutrition.Value {
	if p == nil {
		return nutrition.Value{}
	}
	return nutrition.Of(*p)
}

package handlers

import (
	"cmp"
	"context"
	"regexp"
	"time"

	"github.com/google/uuid"

	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/season"
)

// Produce in season on the pages: the food search and the recipe mark what is in
// season this month in metropolitan France, and a meal prep without a vegetable is offered the
// month's ones. The month is APP_TODAY's in tests, the real one otherwise.

// maxSeasonalSuggestions bounds the vegetables offered to a meal prep holding none.
const maxSeasonalSuggestions = 8

// seasonalFood is a vegetable in season offered to a meal prep that holds none.
type seasonalFood struct {
	Code int    `json:"code"`
	Name string `json:"name"`
}

func (s *Core) month() time.Month { return s.cfg.Now().Month() }

// inSeason lists the codes among these that are produce in season this month.
func (s *Core) inSeason(codes []int) []int {
	cal, m := nutritionapp.Seasons(), s.month()
	out := []int{}
	for _, c := range codes {
		if cal.InSeason(c, m) {
			out = append(out, c)
		}
	}
	return out
}

// isVegetable is a food the calendar knows as a vegetable or CIQUAL files under vegetables.
func isVegetable(f nutritionapp.Food) bool {
	if p, ok := nutritionapp.Seasons().Of(f.Code); ok {
		return p.Kind == season.Vegetable
	}
	return f.SubgroupEN == "vegetables"
}

var rawName = regexp.MustCompile(`(?i), crue?s?\b|\braw\b`)

// seasonalVegetables are the month's vegetables, one food each (the raw one when CIQUAL has
// it), named in lang; none that holds one of the allergens declared (docs/mealprep.md,
// "Allergens").
func (s *Core) seasonalVegetables(ctx context.Context, foods *nutritionapp.Searcher, lang string, declared []nutrition.Allergen) ([]seasonalFood, error) {
	veg := nutritionapp.Seasons().Vegetables(s.month())
	var codes []int
	for _, p := range veg {
		codes = append(codes, p.Codes...)
	}
	known, err := foods.ByCodes(ctx, s.pool, lang, uuid.Nil, codes)
	if err != nil {
		return nil, err
	}
	out := []seasonalFood{}
	for _, p := range veg {
		pick := 0
		for _, c := range p.Codes {
			f, ok := known[c]
			if !ok {
				continue
			}
			if pick == 0 {
				pick = c
			}
			if rawName.MatchString(f.Name) {
				pick = c
				break
			}
		}
		if pick == 0 {
			continue
		}
		f := known[pick]
		if nutrition.ContainsAny(nutrition.Food{Code: pick, Name: nutrition.Text{FR: f.Name, EN: cmp.Or(f.NameEN, f.Name)}, Group: f.GroupEN, Subgroup: f.SubgroupEN}, declared) {
			continue
		}
		out = append(out, seasonalFood{Code: pick, Name: known[pick].Name})
		if len(out) == maxSeasonalSuggestions {
			break
		}
	}
	return out, nil
}

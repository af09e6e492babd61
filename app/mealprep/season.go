package mealprep

import (
	"time"

	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/season"
)

// WithSeasons makes generation prefer produce in season in the month now gives
// (cfg.Now: APP_TODAY in tests, the real date otherwise). Call it before the service is used.
func (s *Service) WithSeasons(cal *season.Calendar, now func() time.Time) *Service {
	s.seasons, s.now = cal, now
	return s
}

// outOfSeason is the request's produce that is not in season this month (nil without a
// calendar: no preference).
func (s *Service) outOfSeason(foods []nutrition.Food) map[int]bool {
	if s.seasons == nil {
		return nil
	}
	now := time.Now
	if s.now != nil {
		now = s.now
	}
	m := now().Month()
	var out map[int]bool
	for _, f := range foods {
		if s.seasons.OutOfSeason(f.Code, m) {
			if out == nil {
				out = map[int]bool{}
			}
			out[f.Code] = true
		}
	}
	return out
}

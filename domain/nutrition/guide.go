package nutrition

import (
	"math"
	"time"
)

// The needs guide: what the survey's page writes about each number without an AI provider:
// what the activity adds, what the objective changes, each macronutrient's share,
// the protein per kilogram against its floor, the weight change the calories should bring and
// when to take the survey again. The page turns these figures into sentences from templates.

// KcalPerKgBodyWeight is the rule of thumb for the energy of one kilogram of body weight
// gained or lost (about 7,700 kcal, mostly fat).
const KcalPerKgBodyWeight = 7700

// ReferenceProteinPerKg is the adult population reference intake of protein (EFSA: 0.83 g per
// kg of body weight a day), the floor outside recomposition.
const ReferenceProteinPerKg = 0.83

// When to take the survey again: after ReviewAfterWeeks weeks, or once the weight has changed
// by ReviewAfterKg, whichever comes first (the formula's inputs have moved by then).
const (
	ReviewAfterWeeks = 4
	ReviewAfterKg    = 2.0
)

// NeedsGuide are the figures the page explains a needs result with. Energies are kcal a day.
type NeedsGuide struct {
	// ActivityKcal is what the activity factor adds to the basal metabolic rate.
	ActivityKcal int `json:"activityKcal"`
	// BalanceKcal is the daily target minus maintenance: negative is a deficit.
	BalanceKcal int `json:"balanceKcal"`
	// WeeklyChangeKg is the weight change a week of the target should bring, BalanceKcal × 7 ÷
	// KcalPerKgBodyWeight, to the nearest 0.05 kg: negative is a loss.
	WeeklyChangeKg float64 `json:"weeklyChangeKg"`
	// ProteinKcal, FatKcal and CarbsKcal are each macronutrient's energy (4/9/4 kcal per g).
	ProteinKcal int `json:"proteinKcal"`
	FatKcal     int `json:"fatKcal"`
	CarbsKcal   int `json:"carbsKcal"`
	// ProteinPerKg is the protein target per kg of body weight, to 0.1 g.
	ProteinPerKg float64 `json:"proteinPerKg"`
	// ProteinFloorPerKg and ProteinFloorG are the floor that applies: 2 g per kg for
	// recomposition (which raises protein to it), the adult reference otherwise.
	ProteinFloorPerKg float64 `json:"proteinFloorPerKg"`
	ProteinFloorG     int     `json:"proteinFloorG"`
	// KcalPerKg is KcalPerKgBodyWeight, for the page to show the sum.
	KcalPerKg int `json:"kcalPerKg"`
	// ReviewWeeks, ReviewKg and ReviewOn say when to take the survey again; WeeksToReviewKg is
	// how many whole weeks the estimated change takes to reach ReviewKg (0: no change expected).
	ReviewWeeks     int       `json:"reviewWeeks"`
	ReviewKg        float64   `json:"reviewKg"`
	ReviewOn        time.Time `json:"reviewOn"`
	WeeksToReviewKg int       `json:"weeksToReviewKg"`
}

// GuideOf computes the guide of a needs result calculated at the given time.
func GuideOf(n Needs, calculatedAt time.Time) NeedsGuide {
	g := NeedsGuide{
		ActivityKcal: int(math.Round(n.Maintenance - n.BMR)),
		BalanceKcal:  int(math.Round(float64(n.Kcal) - n.Maintenance)),
		KcalPerKg:    KcalPerKgBodyWeight, ReviewWeeks: ReviewAfterWeeks, ReviewKg: ReviewAfterKg,
		ReviewOn: calculatedAt.AddDate(0, 0, 7*ReviewAfterWeeks),
	}
	g.ProteinKcal, g.FatKcal, g.CarbsKcal = shareKcal(n.Kcal, n.ProteinG*KcalPerGProtein, n.FatG*KcalPerGFat, n.CarbsG*KcalPerGCarbs)
	g.WeeklyChangeKg = math.Round(float64(g.BalanceKcal)*7/KcalPerKgBodyWeight*20) / 20
	if g.WeeklyChangeKg == 0 {
		g.WeeklyChangeKg = 0 // no "-0" on the page
	} else {
		g.WeeksToReviewKg = int(math.Ceil(ReviewAfterKg / math.Abs(g.WeeklyChangeKg)))
	}
	if w := n.Input.Body.WeightKg; w > 0 {
		g.ProteinPerKg = math.Round(float64(n.ProteinG)/w*10) / 10
		g.ProteinFloorPerKg = ReferenceProteinPerKg
		if n.Input.Objective == Recomposition {
			g.ProteinFloorPerKg = RecompositionProteinPerKg
		}
		g.ProteinFloorG = int(math.Round(g.ProteinFloorPerKg * w))
	}
	return g
}

// shareKcal splits total among the macronutrients in proportion to their grams' energy, rounded
// by largest remainder so the three figures the page shows add up to the total it shows (whole
// grams alone would leave the sum a few kcal off: 1,860 beside 1,857).
func shareKcal(total, protein, fat, carbs int) (int, int, int) {
	parts := [3]int{protein, fat, carbs}
	sum := protein + fat + carbs
	if sum <= 0 || total <= 0 {
		return protein, fat, carbs
	}
	var out [3]int
	var rest [3]float64
	given := 0
	for i, p := range parts {
		exact := float64(total) * float64(p) / float64(sum)
		out[i] = int(math.Floor(exact))
		rest[i] = exact - float64(out[i])
		given += out[i]
	}
	for ; given < total; given++ {
		best := 0
		for i := range rest {
			if rest[i] > rest[best] {
				best = i
			}
		}
		out[best]++
		rest[best] = -1
	}
	return out[0], out[1], out[2]
}

package before29

import "fmt"

// Nutri-Score, 2023 update of the algorithm for foods (Santé publique France, "Update of the
// Nutri-Score algorithm", scientific committee report of 2022, applicable from 2024): more sugar
// and salt points, the new fibre and protein scales, the red-meat protein cap, a separate
// category for fats, oils, nuts and seeds, and the new grade boundaries. docs/nutrition.md says
// how a recipe's inputs are derived from CIQUAL.

// ScoreKind selects the variant of the algorithm.
type ScoreKind string

// Variants of the food algorithm (beverages are out of scope: recipes are eaten).
const (
	ScoreGeneral ScoreKind = "general"
	ScoreCheese  ScoreKind = "cheese"
	ScoreRedMeat ScoreKind = "red_meat"
	ScoreFats    ScoreKind = "fats"
)

// ErrScoreKindInvalid means the kind is not one of the four variants.
var ErrScoreKindInvalid = fmt.Errorf("nutri-score kind invalid")

// ScoreInput holds the values per 100 g. A value left at 0 earns 0 points.
type ScoreInput struct {
	EnergyKJ   float64   `json:"energyKj"`
	SugarsG    float64   `json:"sugarsG"`
	SatFatG    float64   `json:"satFatG"`
	SaltG      float64   `json:"saltG"`
	FibreG     float64   `json:"fibreG"`
	ProteinG   float64   `json:"proteinG"`
	FVLPercent float64   `json:"fvlPercent"`
	Kind       ScoreKind `json:"kind"`
	// FatG is only read for the fats variant (saturated fat / fat ratio); 0 means the ratio is
	// unknown and earns 0 points.
	FatG float64 `json:"fatG,omitempty"`
}

// HealthScore is a Nutri-Score result with its points, so a page can explain the grade.
type HealthScore struct {
	Grade    string `json:"grade"` // "A".."E"
	Score    int    `json:"score"`
	Negative int    `json:"negativePoints"`
	Positive int    `json:"positivePoints"`
	// ProteinCounted is false when the protein rule left protein points out.
	ProteinCounted bool      `json:"proteinCounted"`
	Kind           ScoreKind `json:"kind"`
	Version        string    `json:"version"` // "2023"
}

// KcalToKJ is the EU 1169/2011 Annex XIV ratio (1 kcal = 4.184 kJ).
const KcalToKJ = 4.184

var (
	energyThresholds   = []float64{335, 670, 1005, 1340, 1675, 2010, 2345, 2680, 3015, 3350}
	sugarsThresholds   = []float64{3.4, 6.8, 10, 14, 17, 20, 24, 27, 31, 34, 37, 41, 44, 48, 51}
	satFatThresholds   = []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	saltThresholds     = []float64{0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.4, 1.6, 1.8, 2, 2.2, 2.4, 2.6, 2.8, 3, 3.2, 3.4, 3.6, 3.8, 4}
	satEnergyThreshold = []float64{120, 240, 360, 480, 600, 720, 840, 960, 1080, 1200}
	satRatioThresholds = []float64{10, 16, 22, 28, 34, 40, 46, 52, 58, 64}
	fibreThresholds    = []float64{3.0, 4.1, 5.2, 6.3, 7.4}
	proteinThresholds  = []float64{2.4, 4.8, 7.2, 9.6, 12, 14, 17}
)

// points counts the thresholds v is strictly above (the "> x" convention of the tables).
func points(v float64, thresholds []float64) int {
	n := 0
	for _, t := range thresholds {
		if v > t {
			n++
		}
	}
	return n
}

// fvlPoints: > 40 % is 1, > 60 % is 2, > 80 % is 5.
func fvlPoints(pct float64) int {
	switch {
	case pct > 80:
		return 5
	case pct > 60:
		return 2
	case pct > 40:
		return 1
	}
	return 0
}

// NutriScore computes the 2023 Nutri-Score of a food.
func NutriScore(in ScoreInput) HealthScore {
	kind := in.Kind
	if kind == "" {
		kind = ScoreGeneral
	}
	var neg int
	if kind == ScoreFats {
		// Energy from saturates (37 kJ/g) and the saturated share of fat replace energy and
		// saturated fat.
		neg += points(in.SatFatG*37, satEnergyThreshold)
		if in.FatG > 0 {
			ratio := in.SatFatG / in.FatG * 100
			for _, t := range satRatioThresholds {
				if ratio >= t { // this table uses ≥
					neg++
				}
			}
		}
	} else {
		neg += points(in.EnergyKJ, energyThresholds) + points(in.SatFatG, satFatThresholds)
	}
	neg += points(in.SugarsG, sugarsThresholds) + points(in.SaltG, saltThresholds)

	protein := points(in.ProteinG, proteinThresholds)
	if kind == ScoreRedMeat && protein > 2 {
		protein = 2
	}
	counted := true
	switch kind {
	case ScoreCheese:
	case ScoreFats:
		counted = neg < 7
	default:
		counted = neg < 11
	}
	pos := points(in.FibreG, fibreThresholds) + fvlPoints(in.FVLPercent)
	if counted {
		pos += protein
	}
	score := neg - pos
	return HealthScore{Grade: grade(score, kind), Score: score, Negative: neg, Positive: pos,
		ProteinCounted: counted, Kind: kind, Version: "2023"}
}

func grade(score int, kind ScoreKind) string {
	a := 0
	if kind == ScoreFats {
		a = -6
	}
	switch {
	case score <= a:
		return "A"
	case score <= 2:
		return "B"
	case score <= 10:
		return "C"
	case score <= 18:
		return "D"
	}
	return "E"
}

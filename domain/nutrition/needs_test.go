package nutrition

import (
	"errors"
	"math"
	"testing"
)

// Worked by hand: 80 kg, 180 cm, 30 years, male → BMR 10·80 + 6.25·180 − 5·30 + 5 = 1780.
// 60 kg, 165 cm, 40 years, female → 600 + 1031.25 − 200 − 161 = 1270.25.
var (
	man   = Body{WeightKg: 80, HeightCm: 180, Age: 30, Sex: Male}
	woman = Body{WeightKg: 60, HeightCm: 165, Age: 40, Sex: Female}
)

func TestBMRMifflinStJeor(t *testing.T) {
	t.Parallel()
	if got := man.BMR(); got != 1780 {
		t.Errorf("man BMR = %v, want 1780", got)
	}
	if got := woman.BMR(); got != 1270.25 {
		t.Errorf("woman BMR = %v, want 1270.25", got)
	}
}

func TestCalculateNeedsEveryActivityLevel(t *testing.T) {
	t.Parallel()
	// Maintenance with the default 25/25/50 split: kcal = BMR × factor.
	cases := []struct {
		level ActivityLevel
		kcal  int // 1780 × factor, rounded
	}{
		{Sedentary, 2136},  // 1780 × 1.2
		{Light, 2448},      // 1780 × 1.375 = 2447.5
		{Moderate, 2759},   // 1780 × 1.55
		{Active, 3071},     // 1780 × 1.725 = 3070.5
		{VeryActive, 3382}, // 1780 × 1.9
	}
	for _, c := range cases {
		n, err := CalculateNeeds(NeedsInput{Body: man, Activity: c.level, Objective: Maintenance, Preset: PresetDefault})
		if err != nil {
			t.Fatalf("%s: %v", c.level, err)
		}
		if n.Kcal != c.kcal {
			t.Errorf("%s: kcal = %d, want %d", c.level, n.Kcal, c.kcal)
		}
	}
}

func TestCalculateNeedsMacroGramsFromPreset(t *testing.T) {
	t.Parallel()
	// 2759 kcal moderate maintenance: 25 % protein → 172.4 g, 25 % fat → 76.6 g, 50 % carbs → 344.9 g.
	n, err := CalculateNeeds(NeedsInput{Body: man, Activity: Moderate, Objective: Maintenance, Preset: PresetDefault})
	if err != nil {
		t.Fatal(err)
	}
	if n.ProteinG != 172 || n.FatG != 77 || n.CarbsG != 345 {
		t.Errorf("grams = %d/%d/%d, want 172/77/345", n.ProteinG, n.FatG, n.CarbsG)
	}
	if n.BMR != 1780 || n.ActivityFactor != 1.55 || n.Maintenance != 2759 {
		t.Errorf("explanation figures = %v × %v = %v", n.BMR, n.ActivityFactor, n.Maintenance)
	}
	// Balanced is 33/33/33 (sum 99): normalised, so the grams still add up to the calories.
	b, err := CalculateNeeds(NeedsInput{Body: man, Activity: Moderate, Objective: Maintenance, Preset: PresetBalanced})
	if err != nil {
		t.Fatal(err)
	}
	if got := b.ProteinG*4 + b.FatG*9 + b.CarbsG*4; math.Abs(float64(got-b.Kcal)) > 10 {
		t.Errorf("balanced macros give %d kcal, target %d", got, b.Kcal)
	}
}

func TestCalculateNeedsObjectives(t *testing.T) {
	t.Parallel()
	// Woman, sedentary: maintenance 1270.25 × 1.2 = 1524.3 kcal.
	cases := []struct {
		objective Objective
		kcal      int
		adj       float64
	}{
		{WeightLoss, 1219, -0.2},    // 1524.3 × 0.8 = 1219.44
		{MuscleGain, 1677, 0.1},     // × 1.1 = 1676.73
		{Recomposition, 1372, -0.1}, // × 0.9 = 1371.87
		{Maintenance, 1524, 0},
	}
	for _, c := range cases {
		n, err := CalculateNeeds(NeedsInput{Body: woman, Activity: Sedentary, Objective: c.objective, Preset: PresetDefault})
		if err != nil {
			t.Fatalf("%s: %v", c.objective, err)
		}
		if n.Kcal != c.kcal || n.ObjectiveAdjustment != c.adj {
			t.Errorf("%s: kcal %d adj %v, want %d %v", c.objective, n.Kcal, n.ObjectiveAdjustment, c.kcal, c.adj)
		}
	}
}

func TestRecompositionRaisesProteinToTwoGramsPerKg(t *testing.T) {
	t.Parallel()
	// Man, moderate, recomposition: 2759 × 0.9 = 2483.1 kcal; 25 % protein = 155.2 g < 160 g
	// (2 g × 80 kg), so protein becomes 160 g and the 19.2 kcal it adds come off fat and carbs
	// in their 1:2 calorie ratio: fat 68.3 g, carbs 307.2 g.
	n, err := CalculateNeeds(NeedsInput{Body: man, Activity: Moderate, Objective: Recomposition, Preset: PresetDefault})
	if err != nil {
		t.Fatal(err)
	}
	if !n.ProteinRaised || n.ProteinG != 160 || n.FatG != 68 || n.CarbsG != 307 || n.Kcal != 2483 {
		t.Errorf("got %+v", n)
	}
	// High protein already exceeds the floor: nothing raised.
	h, err := CalculateNeeds(NeedsInput{Body: man, Activity: Moderate, Objective: Recomposition, Preset: PresetHighProtein})
	if err != nil {
		t.Fatal(err)
	}
	if h.ProteinRaised || h.ProteinG != 248 { // 2483.1 × 0.4 / 4
		t.Errorf("high protein: %+v", h)
	}
}

func TestCalculateNeedsRefusesBadInput(t *testing.T) {
	t.Parallel()
	ok := NeedsInput{Body: man, Activity: Moderate, Objective: Maintenance, Preset: PresetDefault}
	cases := []struct {
		name string
		edit func(*NeedsInput)
		want error
	}{
		{"light weight", func(in *NeedsInput) { in.Body.WeightKg = 19.9 }, ErrWeightOutOfRange},
		{"heavy weight", func(in *NeedsInput) { in.Body.WeightKg = 401 }, ErrWeightOutOfRange},
		{"NaN weight", func(in *NeedsInput) { in.Body.WeightKg = math.NaN() }, ErrWeightOutOfRange},
		{"short", func(in *NeedsInput) { in.Body.HeightCm = 99 }, ErrHeightOutOfRange},
		{"tall", func(in *NeedsInput) { in.Body.HeightCm = 251 }, ErrHeightOutOfRange},
		{"young", func(in *NeedsInput) { in.Body.Age = 13 }, ErrAgeOutOfRange},
		{"old", func(in *NeedsInput) { in.Body.Age = 111 }, ErrAgeOutOfRange},
		{"sex", func(in *NeedsInput) { in.Body.Sex = "x" }, ErrSexInvalid},
		{"activity", func(in *NeedsInput) { in.Activity = "lazy" }, ErrActivityInvalid},
		{"objective", func(in *NeedsInput) { in.Objective = "bulk" }, ErrObjectiveInvalid},
		{"preset", func(in *NeedsInput) { in.Preset = "keto" }, ErrPresetInvalid},
	}
	for _, c := range cases {
		in := ok
		c.edit(&in)
		if _, err := CalculateNeeds(in); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
	// The bounds themselves are accepted.
	edge := ok
	edge.Body = Body{WeightKg: MinWeightKg, HeightCm: MaxHeightCm, Age: MinAge, Sex: Female}
	if _, err := CalculateNeeds(edge); err != nil {
		t.Errorf("bounds refused: %v", err)
	}
}

func TestMealSplitValidate(t *testing.T) {
	t.Parallel()
	if err := DefaultMealSplit.Validate(); err != nil {
		t.Errorf("default split: %v", err)
	}
	for _, m := range []MealSplit{{25, 35, 30, 9}, {101, 0, 0, -1}, {0, 0, 0, 0}, {50, 50, 10, -10}} {
		if err := m.Validate(); !errors.Is(err, ErrMealSplitInvalid) {
			t.Errorf("%+v accepted", m)
		}
	}
}

func TestParsePreferences(t *testing.T) {
	t.Parallel()
	for _, d := range Diets {
		if got, err := ParseDiet(string(d)); err != nil || got != d {
			t.Errorf("diet %s: %v", d, err)
		}
	}
	for _, o := range Objectives {
		if got, err := ParseObjective(string(o)); err != nil || got != o {
			t.Errorf("objective %s: %v", o, err)
		}
	}
	if _, err := ParseDiet("carnivore"); !errors.Is(err, ErrDietInvalid) {
		t.Errorf("unknown diet: %v", err)
	}
}
